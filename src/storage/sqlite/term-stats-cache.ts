import type { TermStats } from '../chunks.js';

/** Terms whose document frequencies are kept per organisation (the cache starts over beyond this). */
const TERM_FREQUENCY_CACHE = 50_000;

/** Where the cache reads what it lacks: the organisation's searchable chunk count, and some terms' frequencies. */
export interface TermStatsSource {
  totalChunks(orgId: string): number;
  docFrequencies(orgId: string, terms: readonly string[]): Map<string, number>;
}

/**
 * Keyword statistics per organisation (searchable chunk count, and the document frequencies of the terms asked so
 * far): reading a common term's frequency walks its whole FTS5 doclist (~10 ms a query at 1M chunks; a whole
 * chunk's terms, as the feedback pass asks, ~29 ms), and between writes every query would repeat it. Writes move
 * the cached figures along (update) rather than dropping them, so a service that ingests steadily keeps them warm.
 */
export class TermStatsCache {
  private readonly counts = new Map<string, number>();
  private readonly frequencies = new Map<string, Map<string, number>>();

  constructor(private readonly source: TermStatsSource) {}

  /** The statistics of `terms`, reading only what the cache lacks. */
  get(orgId: string, terms: readonly string[]): TermStats {
    let total = this.counts.get(orgId);
    if (total === undefined) {
      total = this.source.totalChunks(orgId);
      this.counts.set(orgId, total);
    }
    let known = this.frequencies.get(orgId);
    if (!known || known.size > TERM_FREQUENCY_CACHE) {
      known = new Map();
      this.frequencies.set(orgId, known);
    }
    const missing = [...new Set(terms)].filter((t) => !known.has(t));
    if (missing.length > 0) {
      const found = this.source.docFrequencies(orgId, missing);
      for (const t of missing) known.set(t, found.get(t) ?? 0);
    }
    const docFrequencies = new Map<string, number>();
    for (const t of terms) if (known.get(t)) docFrequencies.set(t, known.get(t)!);
    return { totalChunks: total, docFrequencies };
  }

  /**
   * Moves the organisation's cached figures along with a write: `chunks` more searchable chunks (negative: fewer),
   * and the frequency changes `delta` works out for the cached terms (it is given the test of which terms those are).
   */
  update(orgId: string, chunks: number, delta: (cached: (term: string) => boolean) => ReadonlyMap<string, number>): void {
    const total = this.counts.get(orgId);
    if (total !== undefined) this.counts.set(orgId, Math.max(0, total + chunks));
    const known = this.frequencies.get(orgId);
    if (!known || known.size === 0) return;
    // Never below 0: a count can only go negative if another process wrote meanwhile (its writes are not seen here).
    for (const [term, d] of delta((t) => known.has(t))) known.set(term, Math.max(0, (known.get(term) ?? 0) + d));
  }
}
