import type { Collection, Document, Filter } from 'mongodb';
import { dot } from '../../src/vector/cosine.js';
import { readVector } from '../../src/storage/mongo/codec.js';
import type { ChunkBson } from '../../src/storage/mongo/schema.js';

/**
 * Answers the store's `$rankFusion` pipeline (atlas-pipelines.ts) from a plain MongoDB-wire server, as Atlas 8.0+
 * would: `$vectorSearch` exactly (dotProduct score (1 + dot) / 2), `$search` with matched-term counts standing in
 * for Lucene scores, reciprocal rank fusion with k = 60, and the documented score details
 * (https://www.mongodb.com/docs/manual/reference/operator/aggregation/rankFusion/, "scoreDetails").
 * Only the stages the store sends are understood.
 */
export async function emulateRankFusion(chunks: Collection<ChunkBson>, pipeline: Document[]): Promise<Document[]> {
  const [{ $rankFusion: fusion }, { $limit: limit }] = pipeline as [{ $rankFusion: Document }, { $limit: number }];
  const { vector: vectorPipeline, keyword: keywordPipeline } = fusion.input.pipelines as Record<string, Document[]>;
  const ranked = new Map<string, Array<{ rank: number; value: number }>>();
  const outputs: Record<string, { doc: ChunkBson; value: number }[]> = {
    vector: await vectorSearch(chunks, vectorPipeline![0]!.$vectorSearch as Document),
    keyword: await keywordSearch(chunks, keywordPipeline![0]!.$search as Document, keywordPipeline![1]!.$limit as number),
  };
  const docs = new Map<string, ChunkBson>();
  const names = Object.keys(outputs);
  names.forEach((name, p) =>
    outputs[name]!.forEach(({ doc, value }, i) => {
      docs.set(doc._id, doc);
      const slots = ranked.get(doc._id) ?? names.map(() => ({ rank: 0, value: 0 }));
      slots[p] = { rank: i + 1, value };
      ranked.set(doc._id, slots);
    }),
  );
  const weights = fusion.combination.weights as Record<string, number>;
  const rows = [...ranked].map(([id, slots]) => {
    const rrf = slots.reduce((sum, s, p) => sum + (s.rank > 0 ? weights[names[p]!]! / (60 + s.rank) : 0), 0);
    const details = slots.map((s, p) => ({
      inputPipelineName: names[p],
      rank: s.rank > 0 ? s.rank : 'N/A',
      weight: weights[names[p]!],
      ...(s.rank > 0 ? { value: s.value } : {}),
      details: [],
    }));
    const doc = docs.get(id)!;
    return {
      _id: id,
      documentId: doc.documentId,
      termText: doc.termText,
      tagCount: doc.tagCount,
      scoreDetails: { value: rrf, description: 'value output by reciprocal rank fusion algorithm, ...', details },
    };
  });
  rows.sort((a, b) => b.scoreDetails.value - a.scoreDetails.value || (a._id < b._id ? -1 : 1));
  return rows.slice(0, limit);
}

async function vectorSearch(chunks: Collection<ChunkBson>, stage: Document): Promise<{ doc: ChunkBson; value: number }[]> {
  // The pre-filter is plain MQL ($and of $eq / $in).
  const rows = await chunks.find(stage.filter as Filter<ChunkBson>).toArray();
  const query = Float32Array.from(stage.queryVector as number[]);
  return rows
    .flatMap((doc) => {
      const v = readVector(doc.embedding);
      return v && v.length === query.length ? [{ doc, value: (1 + dot(query, v)) / 2 }] : [];
    })
    .sort((a, b) => b.value - a.value || (a.doc._id < b.doc._id ? -1 : 1))
    .slice(0, stage.limit as number);
}

async function keywordSearch(chunks: Collection<ChunkBson>, stage: Document, limit: number): Promise<{ doc: ChunkBson; value: number }[]> {
  const { filter, should } = stage.compound as { filter: Document[]; should: [{ text: { query: string[] } }] };
  const terms = should[0].text.query;
  const parts = filter.map((f) => (f.equals ? { [f.equals.path as string]: f.equals.value as unknown } : { [f.in.path as string]: { $in: f.in.value as unknown[] } }));
  const rows = await chunks.find({ $and: [...parts, { terms: { $in: terms } }] } as Filter<ChunkBson>).toArray();
  return rows
    .map((doc) => ({ doc, value: terms.filter((t) => doc.terms.includes(t)).length }))
    .sort((a, b) => b.value - a.value || (a.doc._id < b.doc._id ? -1 : 1))
    .slice(0, limit);
}
