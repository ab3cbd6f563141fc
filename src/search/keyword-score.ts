/** BM25's inverse document frequency, always positive. */
export function idf(docFrequency: number, totalDocs: number): number {
  return Math.log(1 + (totalDocs - docFrequency + 0.5) / (docFrequency + 0.5));
}

/**
 * Calibrated keyword similarity in [0, 1]: the share of the query's IDF mass that the text contains.
 * A text with every informative query word scores 1; one with only common words scores near 0.
 */
export function keywordCoverage(queryTerms: readonly string[], textTerms: ReadonlySet<string>, weights: ReadonlyMap<string, number>): number {
  let total = 0;
  let matched = 0;
  for (const t of queryTerms) {
    const w = weights.get(t) ?? 0;
    total += w;
    if (textTerms.has(t)) matched += w;
  }
  return total > 0 ? matched / total : 0;
}

/** IDF weight of each query term, from document frequencies in the searched corpus. */
export function termWeights(queryTerms: readonly string[], docFrequencies: ReadonlyMap<string, number>, totalDocs: number): Map<string, number> {
  const n = Math.max(totalDocs, 1);
  const seen = queryTerms.filter((t) => (docFrequencies.get(t) ?? 0) > 0).map((t) => idf(docFrequencies.get(t)!, n));
  // A query word found nowhere in the corpus cannot separate one text from another; it still counts as
  // unmatched, but at half the weight of the rarest word that does occur (its own IDF would dominate).
  const unseen = seen.length > 0 ? Math.max(...seen) / 2 : idf(0, n);
  return new Map(queryTerms.map((t) => [t, (docFrequencies.get(t) ?? 0) > 0 ? idf(docFrequencies.get(t)!, n) : unseen]));
}

/**
 * The query terms to look up in the keyword index: rarest first, adding terms while the rows they match (by
 * document frequency) stay within a budget of 50 rows per wanted candidate or 2% of the corpus, whichever is larger.
 * BM25 is computed for every matching row, so a very common term would cost far more than it adds: keyword
 * similarity is IDF-weighted coverage of every query term, and a candidate's coverage is dominated by the rare
 * ones. Terms the index does not know cost nothing and are kept. A query whose every known term is above the
 * budget on its own looks none of them up (at 1M chunks a single word in 82% of them took ~950 ms in FTS5, one in
 * 8% ~130 ms): its candidates come from the vector side, and every candidate still gets its keyword coverage from
 * its stored terms.
 */
export function selectMatchTerms(queryTerms: readonly string[], stats: { docFrequencies: ReadonlyMap<string, number>; totalChunks: number }, candidates: number): string[] {
  const budget = Math.max(candidates * 50, stats.totalChunks * 0.02);
  const byRarity = [...queryTerms].sort((a, b) => (stats.docFrequencies.get(a) ?? 0) - (stats.docFrequencies.get(b) ?? 0));
  const chosen = new Set<string>();
  let rows = 0;
  for (const t of byRarity) {
    const df = stats.docFrequencies.get(t) ?? 0;
    if (rows + df > budget) break;
    chosen.add(t);
    rows += df;
  }
  return queryTerms.filter((t) => chosen.has(t));
}
