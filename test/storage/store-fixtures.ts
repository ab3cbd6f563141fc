/** Record builders and vector helpers for the store contract suite (built through the Store port only). */
import { randomUUID } from 'node:crypto';
import type { Store } from '../../src/storage/store.js';
import type { ChunkRecord, DocumentRecord, DocumentRef, OrganizationRecord } from '../../src/core/types.js';

export const MODEL = 'contract-model';
export const DIMS = 8;

const BASE_MS = Date.parse('2024-01-01T00:00:00.000Z');
let seq = 0;

/** ISO timestamp `minutes` after a fixed base: ordered, distinct, independent of the wall clock. */
export function isoAt(minutes: number): string {
  return new Date(BASE_MS + minutes * 60_000).toISOString();
}

export function makeOrg(name: string): OrganizationRecord {
  const id = `org-${name}-${randomUUID()}`;
  return { id, name: `Org ${name}`, slug: `org-${name}`, createdAt: isoAt(0) };
}

/** A complete document; each call gets a later createdAt/updatedAt than the previous one. */
export function makeDocument(orgId: string, over: Partial<DocumentRecord> = {}): DocumentRecord {
  const n = ++seq;
  const at = isoAt(n);
  return {
    id: randomUUID(),
    orgId,
    customId: null,
    containerTags: ['default'],
    raw: `raw ${n}`,
    content: `content ${n}`,
    contentHash: `hash-${n}`,
    title: null,
    summary: null,
    url: null,
    filepath: null,
    type: 'text',
    metadata: {},
    status: 'done',
    taskType: 'memory',
    forgetAfter: null,
    entityContext: null,
    source: null,
    connectionId: null,
    processingMetadata: null,
    generation: 1,
    attempts: 0,
    nextRunAt: 0,
    tokenCount: null,
    wordCount: null,
    chunkCount: null,
    file: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

export function refOf(doc: Pick<DocumentRecord, 'orgId' | 'id' | 'generation'>, generation = doc.generation): DocumentRef {
  return { orgId: doc.orgId, documentId: doc.id, generation };
}

export function makeChunk(ref: DocumentRef, position: number, text: string, over: Partial<ChunkRecord> = {}): ChunkRecord {
  return {
    id: randomUUID(),
    orgId: ref.orgId,
    documentId: ref.documentId,
    generation: ref.generation,
    position,
    content: text,
    embeddedContent: text,
    tokenCount: text.split(/\s+/).length,
    type: 'text',
    metadata: { position },
    createdAt: isoAt(0),
    ...over,
  };
}

export interface ChunkSpec {
  text: string;
  vector?: Float32Array;
}

/** Runs the storage side of the pipeline for one generation: stage chunks, embed them, activate. */
export async function indexDocument(store: Store, doc: Pick<DocumentRecord, 'orgId' | 'id' | 'generation'>, specs: readonly ChunkSpec[], options: { generation?: number; model?: string } = {}): Promise<ChunkRecord[]> {
  const ref = refOf(doc, options.generation);
  const chunks = specs.map((s, i) => makeChunk(ref, i, s.text));
  await store.chunks.replaceChunks(ref, chunks);
  const embeddings = chunks.flatMap((c, i) => (specs[i]!.vector ? [{ chunkId: c.id, vector: specs[i]!.vector! }] : []));
  if (embeddings.length > 0) await store.chunks.putEmbeddings(ref, options.model ?? MODEL, embeddings);
  await store.chunks.activateGeneration(ref);
  return chunks;
}

/** Inserts a document and indexes one chunk per spec; returns both. */
export async function addIndexed(store: Store, orgId: string, specs: readonly ChunkSpec[], over: Partial<DocumentRecord> = {}): Promise<{ doc: DocumentRecord; chunks: ChunkRecord[] }> {
  const doc = makeDocument(orgId, over);
  await store.documents.insertDocument(doc);
  return { doc, chunks: await indexDocument(store, doc, specs) };
}

/** Deterministic PRNG (mulberry32) so random fixtures are reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function normalized(values: readonly number[]): Float32Array {
  const norm = Math.hypot(...values);
  return Float32Array.from(values, (v) => v / norm);
}

/** Unit vector along one axis. */
export function axis(i: number, dims = DIMS): Float32Array {
  const v = new Float32Array(dims);
  v[i] = 1;
  return v;
}

/** Random unit vector (Gaussian components, so directions are uniform). */
export function randomUnit(rand: () => number, dims = DIMS): Float32Array {
  const values = Array.from({ length: dims }, () => {
    const u = Math.max(rand(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  });
  return normalized(values);
}

/** Cosine of two unit vectors, computed in double precision. */
export function cosineOf(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

export const sortedIds = (items: readonly { id: string }[]): string[] => items.map((x) => x.id).sort();
export const docIdsOf = (hits: readonly { documentId: string }[]): string[] => [...new Set(hits.map((h) => h.documentId))].sort();
export const chunkIdsOf = (hits: readonly { chunkId: string }[]): string[] => hits.map((h) => h.chunkId);
