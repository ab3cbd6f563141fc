/** Shapes shared by the retrieval-quality benchmark: datasets as documents to add and queries to score. */

export type DatasetName = 'locomo' | 'longmemeval' | 'scifact';

export const DATASET_NAMES: readonly DatasetName[] = ['locomo', 'longmemeval', 'scifact'];

/** One item of POST /v3/documents/batch. */
export interface BenchDocument {
  content: string;
  containerTag: string;
  customId: string;
  title?: string;
  metadata: Record<string, string | number>;
  /** "superrag" skips the memory step: set when no requested mode searches memories. */
  taskType?: 'memory' | 'superrag';
}

export interface BenchQuery {
  id: string;
  q: string;
  containerTag: string;
  category: string;
  /** Relevance grade (> 0) of every relevant unit: a LoCoMo turn, a LongMemEval session, a SciFact abstract. */
  relevant: ReadonlyMap<string, number>;
  /** The expected answer, shown with missed queries. */
  answer?: string;
}

export interface MetricSpec {
  name: string;
  format: 'percent' | 'decimal';
  /** Scores a ranking of slots (metrics.ts: each slot holds the units one result stands for). */
  score(ranking: readonly (readonly string[])[], relevant: ReadonlyMap<string, number>): number;
}

export interface Reference {
  metric: string;
  value: number;
  source: string;
}

export interface QualityDataset {
  name: DatasetName;
  title: string;
  /** Metadata key of a search result that names its unit (turnId, sessionId, docId). */
  unitKey: string;
  /** `limit` of each search (the API allows 100): enough chunks to yield the distinct units the metrics need. */
  requestLimit: number;
  documents: BenchDocument[];
  queries: BenchQuery[];
  metrics: MetricSpec[];
  /** The metric the chart shows and the target applies to. */
  headline: { metric: string; target: number };
  references: Reference[];
  /** Counts of what loading skipped or repaired (questions without evidence, malformed ids, ...). */
  loadStats: Record<string, number>;
  notes: string[];
  /** Whether the memory modes apply (false for SciFact: abstracts, not a person's memories). */
  memoryModes: boolean;
}

/** Evenly spaced deterministic sample of n items (all when n is 0 or at least the length), keeping order. */
export function sample<T>(items: readonly T[], n: number): T[] {
  if (n <= 0 || n >= items.length) return [...items];
  const step = items.length / n;
  return Array.from({ length: n }, (_, i) => items[Math.floor(i * step)]!);
}

/** A container tag or customId made of the characters the API accepts ([A-Za-z0-9_.:-], at most 100). */
export function safeId(s: string): string {
  return s.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 100);
}
