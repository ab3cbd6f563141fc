import { splitSentences } from '../text/chunking.js';
import { shortPassages } from './short-passages.js';
import { indexTerms, isStopword, term, words } from '../text/tokenize.js';

export interface RerankCandidate {
  id: string;
  text: string;
  /** First-stage (fused, calibrated) similarity. */
  similarity: number;
  /** Raw cosine of the query and the chunk's stored vector; absent without an embedder. */
  cosine?: number;
  /** Calibrated keyword coverage (share of the query's IDF mass the chunk holds). */
  keyword: number;
  /** Keyword coverage over the second pass's expanded terms (feedback.ts); `keyword` where that pass did not run. */
  expanded?: number;
  /** What the query asks of the candidate beyond its words (query-intent.ts), in [0, 1]. */
  intent?: number;
}

/**
 * Weights of the three shortlist-standardised signals: the vector cosine counts 1, keyword coverage
 * KEYWORD_WEIGHT, the lexical second stage (proximity, phrase order, best sentence) LEXICAL_WEIGHT.
 * Chosen on LoCoMo dev and an 800-abstract SciFact slice with bge-small (bench/README.md, "Round 4"): neighbours
 * (keyword 0.8-1.0, lexical 0.3-0.4, window 30-60) all beat plain hybrid on LoCoMo recall@5 and SciFact nDCG@10.
 */
export const KEYWORD_WEIGHT = 0.9;
export const LEXICAL_WEIGHT = 0.3;
/**
 * Round 7 (bench/README.md): the keyword weight is split between the first stage's coverage and the second pass's
 * (the query's terms plus the best hit's rarest, feedback.ts), and the candidate's position in the order the rerank
 * receives counts ORDER_WEIGHT, so the rerank refines the second pass's order rather than undoing it.
 */
export const EXPANDED_SHARE = 0.5;
export const ORDER_WEIGHT = 1;
/** Weight of the intent evidence (speaker named, a time asked for), in standard deviations of the shortlist. */
export const INTENT_WEIGHT = 15;

/**
 * Over long passages (abstracts, documents) the cosine counts 1.5 times: a query term found somewhere in 250 words is
 * weaker evidence than in a chat turn, and the passage's vector carries its subject. Full SciFact (5,183 abstracts,
 * 809 claims) rerank nDCG@10 0.7692 -> 0.7732 (even / odd half of the claims 0.7863 / 0.7520 -> 0.7896 / 0.7567);
 * LoCoMo's turns are short passages, so its rerank is unchanged (bench/quality-rerank-ab.ts, rerank17 report).
 */
export const LONG_PASSAGE_COSINE = 1.5;

export interface RerankWeights {
  cosine: number;
  keyword: number;
  expandedShare: number;
  lexical: number;
  order: number;
  intent: number;
  /** Coverage of the query's terms weighted by their rarity within the shortlist (shortlistRarity). */
  rarity: number;
  /** The same over the candidate's best single sentence. */
  rareSentence: number;
  /** The cosine's weight is multiplied by this over passages longer than a sentence or two (shortPassages). */
  longCosine: number;
}

export const RERANK_WEIGHTS: Readonly<RerankWeights> = {
  cosine: 1,
  keyword: KEYWORD_WEIGHT,
  expandedShare: EXPANDED_SHARE,
  lexical: LEXICAL_WEIGHT,
  order: ORDER_WEIGHT,
  intent: INTENT_WEIGHT,
  rarity: 0,
  rareSentence: 0,
  longCosine: LONG_PASSAGE_COSINE,
};
const PROXIMITY = 0.5;
const PHRASE = 0.25;
const FOCUS = 0.25;

/**
 * Second stage over the first stage's shortlist, with no model inference: a query-adaptive re-fusion.
 *
 * The first stage fuses calibrated scores on an absolute scale: a cosine becomes "standard deviations above an
 * unrelated background" through a logistic curve, so every candidate on the query's subject scores near the top
 * of that curve and the keyword evidence decides their order. Within the shortlist, each signal is instead
 * standardised over the shortlist itself (z-scores: how far a candidate stands above the other candidates of this
 * query), and the candidates are ordered by `z(cosine) + 0.9 z(keyword) + 0.3 z(lexical) + z(position)` (the keyword
 * half first-stage, half second-pass coverage; the position is the candidate's place in the order it arrives in). What each signal
 * weighs therefore depends on the query: the vector's fine differences among on-topic candidates count again
 * (SciFact: hybrid 0.859, vector alone 0.875), and keyword coverage still separates names and dates (LoCoMo).
 * The lexical evidence is how close together the query's terms stand, whether adjacent query terms appear in
 * order, and whether one sentence holds them.
 *
 * The window is re-ordered, not re-scored: the i-th candidate of the new order is given the i-th highest
 * first-stage similarity of the window, so scores stay calibrated (`threshold` keeps as many candidates of the
 * window as without the rerank) and descend. Costs well under a millisecond per candidate.
 */
export function rerank(queryTerms: readonly string[], candidates: readonly RerankCandidate[], weights: Partial<RerankWeights> = {}): Map<string, number> {
  const w = { ...RERANK_WEIGHTS, ...weights };
  const out = new Map<string, number>();
  const prefixes = new Set(queryTerms.map((t) => t.slice(0, 2)));
  const tokenised = candidates.map((c) => splitSentences(c.text).map((s) => termsFor(s, prefixes)));
  const rare = w.rarity !== 0 || w.rareSentence !== 0 ? shortlistRarity(queryTerms, tokenised) : null;
  const zc = standardise(candidates.map((c) => c.cosine ?? 0));
  const cosineWeight = w.cosine * (shortPassages(candidates.map((c) => c.text)) ? 1 : w.longCosine);
  const zk = standardise(candidates.map((c) => c.keyword));
  const zx = standardise(candidates.map((c) => c.expanded ?? c.keyword));
  const zl = standardise(tokenised.map((sentences) => lexicalEvidence(queryTerms, sentences)));
  const zr = rare && w.rarity !== 0 ? standardise(tokenised.map((sentences) => weightedShare(rare, sentences.flat()))) : null;
  const zs = rare && w.rareSentence !== 0 ? standardise(tokenised.map((sentences) => Math.max(0, ...sentences.map((t) => weightedShare(rare, t))))) : null;
  // Candidates arrive best first (the first stage's order): the first gets the highest position score.
  const zp = standardise(candidates.map((_, i) => -i));
  const keyword = (i: number) => w.keyword * ((1 - w.expandedShare) * zk[i]! + w.expandedShare * zx[i]!);
  const order = candidates.map((c, i) => ({
    id: c.id,
    score: cosineWeight * zc[i]! + keyword(i) + w.lexical * zl[i]! + w.order * zp[i]! + w.intent * (c.intent ?? 0) + (zr ? w.rarity * zr[i]! : 0) + (zs ? w.rareSentence * zs[i]! : 0),
    first: c.similarity,
  }));
  order.sort((a, b) => b.score - a.score || b.first - a.first || (a.id < b.id ? -1 : 1));
  const scores = candidates.map((c) => c.similarity).sort((a, b) => b - a);
  order.forEach((o, i) => out.set(o.id, scores[i]!));
  return out;
}

/**
 * Weight of each query term by how few of the shortlist's candidates hold it (log(1 + n / df), 0 for a term none
 * holds): within one query's shortlist a term every candidate holds separates nothing, however rare it is in the
 * corpus.
 */
export function shortlistRarity(queryTerms: readonly string[], candidates: readonly (readonly (readonly string[])[])[]): Map<string, number> {
  const wanted = new Set(queryTerms);
  const df = new Map<string, number>();
  for (const sentences of candidates) {
    const held = new Set<string>();
    for (const terms of sentences) for (const t of terms) if (wanted.has(t)) held.add(t);
    for (const t of held) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = candidates.length;
  return new Map([...wanted].map((t) => [t, df.get(t) ? Math.log(1 + n / df.get(t)!) : 0]));
}

/** Share of the weighted query terms that `terms` holds. */
function weightedShare(weights: ReadonlyMap<string, number>, terms: readonly string[]): number {
  let total = 0;
  for (const v of weights.values()) total += v;
  if (total <= 0) return 0;
  const held = new Set(terms);
  let got = 0;
  for (const [t, v] of weights) if (held.has(t)) got += v;
  return got / total;
}

/** z-scores of the values over themselves; all 0 when they do not vary. */
export function standardise(values: readonly number[]): number[] {
  if (values.length === 0) return [];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  return sd > 1e-9 ? values.map((v) => (v - mean) / sd) : values.map(() => 0);
}

/** The second-stage evidence of one text, in [0, 1]. The text is tokenised once, sentence by sentence. */
export function secondStage(queryTerms: readonly string[], text: string): number {
  const prefixes = new Set(queryTerms.map((t) => t.slice(0, 2)));
  return lexicalEvidence(
    queryTerms,
    splitSentences(text).map((s) => termsFor(s, prefixes)),
  );
}

function lexicalEvidence(queryTerms: readonly string[], sentences: readonly (readonly string[])[]): number {
  const terms = sentences.flat();
  return PROXIMITY * proximityScore(queryTerms, terms) + PHRASE * phraseScore(queryTerms, terms) + FOCUS * bestSentenceShare(queryTerms, sentences);
}

/**
 * indexTerms(text) as far as the query can tell: a word whose first two letters begin no query term cannot stem to
 * one (Porter2 rewrites endings only), so it stands in the sequence as '' without being stemmed; stopwords are
 * dropped as indexTerms drops them, so distances are the same. Stemming every word of 40 long candidates cost more
 * than the rest of the rerank.
 */
function termsFor(text: string, prefixes: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (isStopword(w)) continue;
    const bare = w.includes("'") ? w.replace(/'/g, '') : w;
    if (!prefixes.has(bare.slice(0, 2))) {
      out.push('');
      continue;
    }
    const t = term(w);
    if (t) out.push(t);
  }
  return out;
}

/** Share of the distinct query terms held by the text's best single sentence. */
export function focusScore(queryTerms: readonly string[], text: string): number {
  return bestSentenceShare(queryTerms, splitSentences(text).map(indexTerms));
}

function bestSentenceShare(queryTerms: readonly string[], sentences: readonly (readonly string[])[]): number {
  const wanted = new Set(queryTerms);
  if (wanted.size === 0) return 0;
  let best = 0;
  for (const terms of sentences) {
    const found = new Set<string>();
    for (const t of terms) if (wanted.has(t)) found.add(t);
    best = Math.max(best, found.size);
  }
  return best / wanted.size;
}

/** Share of query terms found, discounted by how spread out the closest window holding them is. */
export function proximityScore(queryTerms: readonly string[], textTerms: readonly string[]): number {
  const wanted = new Set(queryTerms);
  if (wanted.size === 0) return 0;
  const present = new Set(textTerms.filter((t) => wanted.has(t)));
  if (present.size === 0) return 0;
  // Smallest window containing every present query term (two-pointer sweep).
  const counts = new Map<string, number>();
  let have = 0;
  let best = Infinity;
  let left = 0;
  for (let right = 0; right < textTerms.length; right++) {
    const t = textTerms[right]!;
    if (!present.has(t)) continue;
    counts.set(t, (counts.get(t) ?? 0) + 1);
    if (counts.get(t) === 1) have++;
    while (have === present.size) {
      best = Math.min(best, right - left + 1);
      const l = textTerms[left]!;
      if (present.has(l)) {
        counts.set(l, counts.get(l)! - 1);
        if (counts.get(l) === 0) have--;
      }
      left++;
    }
  }
  const coverage = present.size / wanted.size;
  const compactness = present.size / Math.max(best, present.size);
  return coverage * (0.5 + 0.5 * compactness);
}

/** Share of adjacent query-term pairs that appear adjacent, in order, in the text. */
export function phraseScore(queryTerms: readonly string[], textTerms: readonly string[]): number {
  if (queryTerms.length < 2) return 0;
  const bigrams = new Set<string>();
  for (let i = 1; i < textTerms.length; i++) bigrams.add(`${textTerms[i - 1]} ${textTerms[i]}`);
  let hits = 0;
  for (let i = 1; i < queryTerms.length; i++) if (bigrams.has(`${queryTerms[i - 1]} ${queryTerms[i]}`)) hits++;
  return hits / (queryTerms.length - 1);
}

/**
 * How many of the first stage's best hits keep their place on the rerank's first page. The first stage decides
 * that page with evidence the rerank cannot weigh candidate by candidate: a chat turn beside one of the best hits
 * (turn-context.ts; the reply that answers a question shares no word with it and has a low cosine) and the second
 * pass's words (feedback.ts). Re-scored on its own text, such a candidate drops below the page (LoCoMo dev recall@10
 * 78.3 -> 76.9% with the rerank), while the rerank orders the page better (recall@1 42.3 -> 43.5, recall@5 69.6 ->
 * 70.3). So the rerank decides the order within the first page and below it, not which candidates make the page.
 * 10 is the page a search returns by default; with a page of 8 / 12 / 20 the rerank's LoCoMo recall@10 was 77.3 / 77.8 /
 * 77.4 (bench/README "Round 13").
 */
export const FIRST_PAGE = 10;

/**
 * The reranked hits (best first, similarities descending) with the first stage's first `page` hits in front, in the
 * rerank's order, then the others in the rerank's order. Re-ordered, not re-scored: the i-th hit gets the i-th
 * similarity of `reranked`, so scores stay descending and `threshold` keeps as many hits.
 */
export function keepFirstPage<T extends { id: string; similarity: number }>(firstStage: readonly { id: string }[], reranked: readonly T[], page = FIRST_PAGE): T[] {
  const first = new Set(firstStage.slice(0, page).map((h) => h.id));
  const order = [...reranked.filter((h) => first.has(h.id)), ...reranked.filter((h) => !first.has(h.id))];
  return order.map((h, i) => ({ ...h, similarity: reranked[i]!.similarity }));
}
