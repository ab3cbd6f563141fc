/** What a POST /v4/search result stands for in a dataset's units (turn, session, abstract): pure, unit-tested. */

/** A /v4/search result as the benchmark reads it: a chunk, or a memory with its source documents. */
export interface SearchResult {
  resultType?: 'chunk' | 'memory';
  similarity: number;
  /** Chunk results: the chunk text and its document's metadata. */
  chunk?: string;
  customId?: string | null;
  metadata: Record<string, unknown> | null;
  /** Memory results: the fact, and (with `include.documents`) the documents it came from. */
  memory?: string;
  documents?: { id: string; metadata: Record<string, unknown> | null }[];
}

/**
 * The units a result maps to: a chunk to its document's unit, a memory to the units of all its source documents
 * (read from their metadata, in source order, each once). Documents without the unit key map to nothing.
 */
export function resultUnits(r: SearchResult, unitKey: string): string[] {
  const metadatas = r.resultType === 'memory' ? (r.documents ?? []).map((d) => d.metadata) : [r.metadata];
  const units = metadatas.map((m) => unitOf(m, unitKey)).filter((u): u is string => u !== null);
  return [...new Set(units)];
}

function unitOf(metadata: Record<string, unknown> | null, key: string): string | null {
  const v = metadata?.[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
}

/** The text of a result, for missed-query reports. */
export function resultText(r: SearchResult): string {
  return r.resultType === 'memory' ? `[memory] ${r.memory ?? ''}` : (r.chunk ?? '');
}

/** Key of a unit within its container tag (LoCoMo turn ids repeat across conversations). */
export const taggedUnit = (tag: string, unit: string) => `${tag} ${unit}`;

/** Share of a query's relevant units found in `covered` (tagged keys); 0 when nothing is relevant. */
export function coveredShare(relevant: Iterable<string>, tag: string, covered: ReadonlySet<string>): number {
  const units = [...relevant];
  return units.length === 0 ? 0 : units.filter((u) => covered.has(taggedUnit(tag, u))).length / units.length;
}
