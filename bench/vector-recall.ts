/**
 * Recall of the in-memory vector index as deployed (int8 rows, binary codes above the scan limit, the shortlist
 * rescored from the stored floats) against an exact float scan computed here, on the vectors of a built benchmark
 * store and real query embeddings, with the queries' own tag scopes.
 */
import Database from 'better-sqlite3';
import type { Embedder } from '../src/providers/embedder.js';
import { blobToVector } from '../src/storage/sqlite/rows.js';
import { dot } from '../src/vector/cosine.js';
import { TopK } from '../src/vector/top-k.js';
import { DEFAULT_VECTOR_INDEX_OPTIONS, VectorIndex, type IndexedVector } from '../src/vector/vector-index.js';
import type { BenchQuery } from './corpus.js';
import { round, summarize } from './lib.js';

export interface RecallResult {
  options: typeof DEFAULT_VECTOR_INDEX_OPTIONS;
  queries: number;
  byLimit: Record<string, { recall: number; minRecall: number; approximateMs: ReturnType<typeof summarize>; exactMs: ReturnType<typeof summarize> }>;
  note: string;
}

export async function measureVectorRecall(dbFile: string, orgId: string, embedder: Embedder, queries: readonly BenchQuery[], limits: readonly number[]): Promise<RecallResult> {
  const db = new Database(dbFile, { readonly: true });
  const floats: IndexedVector[] = (
    db.prepare('SELECT id, document_id, embedding FROM chunks WHERE org_id = ? AND active = 1 AND embedding_model = ?').all(orgId, embedder.id) as {
      id: string;
      document_id: string;
      embedding: Buffer;
    }[]
  ).map((r) => ({ chunkId: r.id, documentId: r.document_id, vector: blobToVector(r.embedding) }));
  const documents = (db.prepare('SELECT id, container_tags FROM documents WHERE org_id = ?').all(orgId) as { id: string; container_tags: string }[]).map((r) => ({
    documentId: r.id,
    containerTags: JSON.parse(r.container_tags) as string[],
  }));
  const tagsOf = new Map(documents.map((d) => [d.documentId, d.containerTags]));
  const byId = new Map(floats.map((v) => [v.chunkId, v.vector]));
  const index = new VectorIndex(
    () => ({ vectors: floats, documents }),
    DEFAULT_VECTOR_INDEX_OPTIONS,
    (_org, _model, ids) => new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : []))),
  );
  /** The exact answer: every float vector of the scope scored. */
  const exactSearch = (vector: Float32Array, limit: number, tag: string | undefined) => {
    const top = new TopK(limit);
    floats.forEach((v, i) => {
      if (tag === undefined || (tagsOf.get(v.documentId) ?? []).includes(tag)) top.push(i, dot(vector, v.vector));
    });
    return top.sorted().map(({ item }) => floats[item]!.chunkId);
  };
  const vectors: Float32Array[] = [];
  for (const q of queries) vectors.push(await embedder.embedQuery(q.q));
  const byLimit: RecallResult['byLimit'] = {};
  for (const limit of limits) {
    let found = 0;
    let total = 0;
    let minRecall = 1;
    const approxMs: number[] = [];
    const exactMs: number[] = [];
    queries.forEach((q, i) => {
      const scope = { vector: vectors[i]!, model: embedder.id, limit, ...(q.containerTag ? { containerTags: [q.containerTag] } : {}) };
      let t0 = performance.now();
      const exact = exactSearch(vectors[i]!, limit, q.containerTag);
      exactMs.push(performance.now() - t0);
      t0 = performance.now();
      const approx = index.search(orgId, scope);
      approxMs.push(performance.now() - t0);
      const want = new Set(exact);
      const hit = approx.filter((c) => want.has(c.chunkId)).length;
      found += hit;
      total += want.size;
      if (want.size > 0) minRecall = Math.min(minRecall, hit / want.size);
    });
    byLimit[String(limit)] = {
      recall: round(found / Math.max(1, total), 4),
      minRecall: round(minRecall, 4),
      approximateMs: summarize(approxMs),
      exactMs: summarize(exactMs),
    };
  }
  db.close();
  return {
    options: DEFAULT_VECTOR_INDEX_OPTIONS,
    queries: queries.length,
    byLimit,
    note: 'recall@limit of the index as deployed (int8, binary codes above exactScanLimit, float rescoring of the shortlist) against an exact float scan of the same scope',
  };
}
