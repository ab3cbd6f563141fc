import type { MemoryRecord } from '../core/types.js';
import { indexTerms } from '../text/tokenize.js';

/**
 * A memory's index terms (text/tokenize.ts), read once per record: a memories search weighs every candidate's words
 * (memory-search.ts) and its ranking rules compare them pair by pair (memory-ranking.ts). Records are not changed
 * once read and each search reads its own, so nothing is kept beyond the records themselves.
 */
const read = new WeakMap<MemoryRecord, readonly string[]>();

export function memoryTerms(m: MemoryRecord): readonly string[] {
  let terms = read.get(m);
  if (!terms) read.set(m, (terms = indexTerms(m.memory)));
  return terms;
}
