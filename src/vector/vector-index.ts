import { codeWords, encodeSigns, meanVector, queryTables, tableScore, topByScore } from './binary-codes.js';
import { dot } from './cosine.js';
import { TopK } from './top-k.js';
import type { Candidate } from '../core/types.js';

export interface IndexedVector {
  chunkId: string;
  documentId: string;
  vector: Float32Array;
}

export interface IndexedDocument {
  documentId: string;
  containerTags: readonly string[];
}

/** Loads one organisation's searchable vectors for a model, with the tags of their documents. */
export type VectorLoader = (
  orgId: string,
  model: string,
) => { vectors: Iterable<IndexedVector>; documents: Iterable<IndexedDocument> };

export interface VectorSearchScope {
  vector: Float32Array;
  model: string;
  containerTags?: readonly string[];
  /** Restricts the scan to these documents (already scoped by organisation and filters). */
  documentIds?: ReadonlySet<string>;
  limit: number;
}

export interface VectorIndexOptions {
  /** Scans of up to this many rows score every row exactly. */
  exactScanLimit: number;
  /** Larger scans rank rows by binary code first and rescore this many rows per requested result exactly... */
  rescorePerResult: number;
  /** ...but never fewer than this many. */
  minRescore: number;
}

export const DEFAULT_VECTOR_INDEX_OPTIONS: VectorIndexOptions = { exactScanLimit: 20_000, rescorePerResult: 30, minRescore: 3_000 };

interface OrgVectors {
  model: string;
  dims: number;
  data: Float32Array;
  /** Sign codes of (vector - mean), `codeWords(dims)` words per row; filled once the index is large. */
  codes: Uint32Array;
  mean: Float32Array | null;
  /** Live rows when the mean was last computed: codes are recomputed when the index doubles. */
  meanRows: number;
  count: number;
  dead: number;
  chunkIds: string[];
  docIds: string[];
  alive: Uint8Array;
  docRows: Map<string, number[]>;
  docTags: Map<string, readonly string[]>;
  tagRows: Map<string, number[]>;
}

/**
 * In-memory vector index, partitioned by organisation and container tag, for stores without native vector search.
 * A query only ever scans the rows of its own organisation and tags. Scans of up to `exactScanLimit` rows are exact;
 * larger ones rank the rows by binary code (search/binary-codes.ts) and rescore the best `rescorePerResult` per result
 * exactly, which keeps recall against the exact scan near 1 (measured by `npm run bench:search`) at a fraction of
 * the cost.
 */
export class VectorIndex {
  private readonly orgs = new Map<string, OrgVectors>();

  constructor(
    private readonly load: VectorLoader,
    private readonly options: VectorIndexOptions = DEFAULT_VECTOR_INDEX_OPTIONS,
  ) {}

  search(orgId: string, q: VectorSearchScope, mode: { exact?: boolean } = {}): Candidate[] {
    const idx = this.ensure(orgId, q.model);
    if (idx.count === 0 || idx.dims !== q.vector.length) return [];
    const rows = eligibleRows(idx, q);
    const count = rows ? rows.length : idx.count;
    const top = new TopK(q.limit);
    const { data, dims, alive } = idx;
    const rowAt = rows ? (i: number) => rows[i]! : (i: number) => i;
    if (mode.exact || !idx.mean || count <= this.options.exactScanLimit) {
      for (let i = 0; i < count; i++) {
        const row = rowAt(i);
        if (alive[row]) top.push(row, dot(q.vector, data, row * dims));
      }
    } else {
      const tables = queryTables(q.vector, idx.mean);
      const bytes = codeWords(dims) * 4;
      const codeBytes = new Uint8Array(idx.codes.buffer, idx.codes.byteOffset, idx.codes.byteLength);
      const liveRows = new Int32Array(count);
      const approx = new Float32Array(count);
      let live = 0;
      for (let i = 0; i < count; i++) {
        const row = rowAt(i);
        if (!alive[row]) continue;
        liveRows[live] = row;
        approx[live++] = tableScore(tables, codeBytes, row * bytes, bytes);
      }
      const pool = Math.max(this.options.minRescore, q.limit * this.options.rescorePerResult);
      for (const i of topByScore(approx, live, pool)) {
        const row = liveRows[i]!;
        top.push(row, dot(q.vector, data, row * dims));
      }
    }
    return top.sorted().map(({ item, score: s }) => ({
      chunkId: idx.chunkIds[item]!,
      documentId: idx.docIds[item]!,
      score: s,
    }));
  }

  /** Replaces a document's vectors (index step). Ignored when the organisation is not loaded or uses another model. */
  putDocument(orgId: string, model: string, doc: IndexedDocument, vectors: readonly IndexedVector[]): void {
    const idx = this.orgs.get(orgId);
    if (!idx || idx.model !== model) return;
    this.removeRows(idx, doc.documentId);
    idx.docTags.set(doc.documentId, [...doc.containerTags]);
    for (const v of vectors) this.append(idx, v, doc.containerTags);
    this.maybeCompact(orgId, idx);
    this.maybeRequantize(this.orgs.get(orgId)!);
  }

  removeDocument(orgId: string, documentId: string): void {
    const idx = this.orgs.get(orgId);
    if (!idx) return;
    this.removeRows(idx, documentId);
    idx.docTags.delete(documentId);
    this.maybeCompact(orgId, idx);
  }

  /** Moves a document's existing rows to new container tags. */
  retagDocument(orgId: string, documentId: string, tags: readonly string[]): void {
    const idx = this.orgs.get(orgId);
    if (!idx) return;
    const rows = idx.docRows.get(documentId) ?? [];
    const vectors = rows
      .filter((r) => idx.alive[r])
      .map((r) => ({ chunkId: idx.chunkIds[r]!, documentId, vector: idx.data.slice(r * idx.dims, (r + 1) * idx.dims) }));
    this.putDocument(orgId, idx.model, { documentId, containerTags: tags }, vectors);
  }

  /** Forgets an organisation's cached vectors (reloaded on next search). */
  evict(orgId?: string): void {
    if (orgId === undefined) this.orgs.clear();
    else this.orgs.delete(orgId);
  }

  /** Number of live vectors cached for an organisation (0 when not loaded). */
  size(orgId: string): number {
    const idx = this.orgs.get(orgId);
    return idx ? idx.count - idx.dead : 0;
  }

  private ensure(orgId: string, model: string): OrgVectors {
    const cached = this.orgs.get(orgId);
    if (cached && cached.model === model) return cached;
    const idx = emptyIndex(model);
    const { vectors, documents } = this.load(orgId, model);
    for (const d of documents) idx.docTags.set(d.documentId, [...d.containerTags]);
    for (const v of vectors) this.append(idx, v, idx.docTags.get(v.documentId) ?? []);
    this.maybeRequantize(idx);
    this.orgs.set(orgId, idx);
    return idx;
  }

  /** Computes the mean and every row's code once the index is large enough to need them, and again when it doubles. */
  private maybeRequantize(idx: OrgVectors): void {
    const live = idx.count - idx.dead;
    if (live <= this.options.exactScanLimit || (idx.mean && live < idx.meanRows * 2)) return;
    const mean = meanVector(idx.data, idx.dims, idx.count, idx.alive);
    const words = codeWords(idx.dims);
    for (let row = 0; row < idx.count; row++) {
      encodeSigns(idx.data.subarray(row * idx.dims, (row + 1) * idx.dims), mean, idx.codes, row * words);
    }
    idx.mean = mean;
    idx.meanRows = live;
  }

  private append(idx: OrgVectors, v: IndexedVector, tags: readonly string[]): void {
    if (idx.dims === 0) idx.dims = v.vector.length;
    if (v.vector.length !== idx.dims) return;
    const words = codeWords(idx.dims);
    if ((idx.count + 1) * idx.dims > idx.data.length) {
      const capacity = Math.max(1024, (idx.count + 1) * 2);
      const grown = new Float32Array(capacity * idx.dims);
      grown.set(idx.data.subarray(0, idx.count * idx.dims));
      idx.data = grown;
      const alive = new Uint8Array(capacity);
      alive.set(idx.alive.subarray(0, idx.count));
      idx.alive = alive;
      const codes = new Uint32Array(capacity * words);
      codes.set(idx.codes.subarray(0, idx.count * words));
      idx.codes = codes;
    }
    const row = idx.count++;
    idx.data.set(v.vector, row * idx.dims);
    if (idx.mean) encodeSigns(v.vector, idx.mean, idx.codes, row * words);
    idx.alive[row] = 1;
    idx.chunkIds[row] = v.chunkId;
    idx.docIds[row] = v.documentId;
    pushTo(idx.docRows, v.documentId, row);
    for (const t of new Set(tags)) pushTo(idx.tagRows, t, row);
  }

  private removeRows(idx: OrgVectors, documentId: string): void {
    for (const row of idx.docRows.get(documentId) ?? []) {
      if (idx.alive[row]) {
        idx.alive[row] = 0;
        idx.dead++;
      }
    }
    idx.docRows.delete(documentId);
  }

  private maybeCompact(orgId: string, idx: OrgVectors): void {
    if (idx.dead < 1024 || idx.dead * 3 < idx.count) return;
    const fresh = emptyIndex(idx.model);
    fresh.docTags = idx.docTags;
    for (let row = 0; row < idx.count; row++) {
      if (!idx.alive[row]) continue;
      const docId = idx.docIds[row]!;
      this.append(
        fresh,
        { chunkId: idx.chunkIds[row]!, documentId: docId, vector: idx.data.subarray(row * idx.dims, (row + 1) * idx.dims) },
        idx.docTags.get(docId) ?? [],
      );
    }
    this.orgs.set(orgId, fresh);
  }
}

function emptyIndex(model: string): OrgVectors {
  return {
    model,
    dims: 0,
    data: new Float32Array(0),
    codes: new Uint32Array(0),
    mean: null,
    meanRows: 0,
    count: 0,
    dead: 0,
    chunkIds: [],
    docIds: [],
    alive: new Uint8Array(0),
    docRows: new Map(),
    docTags: new Map(),
    tagRows: new Map(),
  };
}

/** Rows a query may see (its documents or tags), or null for every row of the organisation. */
function eligibleRows(idx: OrgVectors, q: VectorSearchScope): Int32Array | null {
  const out: number[] = [];
  if (q.documentIds) {
    const allowedTags = q.containerTags ? new Set(q.containerTags) : undefined;
    for (const docId of q.documentIds) {
      if (allowedTags && !(idx.docTags.get(docId) ?? []).some((t) => allowedTags.has(t))) continue;
      for (const row of idx.docRows.get(docId) ?? []) out.push(row);
    }
    return Int32Array.from(out);
  }
  if (!q.containerTags) return null;
  const tags = [...new Set(q.containerTags)];
  if (tags.length === 1) return Int32Array.from(idx.tagRows.get(tags[0]!) ?? []);
  const seen = new Uint8Array(idx.count);
  for (const tag of tags) {
    for (const row of idx.tagRows.get(tag) ?? []) {
      if (seen[row]) continue;
      seen[row] = 1;
      out.push(row);
    }
  }
  return Int32Array.from(out);
}

function pushTo(map: Map<string, number[]>, key: string, row: number): void {
  const list = map.get(key);
  if (list) list.push(row);
  else map.set(key, [row]);
}
