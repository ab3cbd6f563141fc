import { dot } from '../search/cosine.js';
import { TopK } from '../search/top-k.js';
import type { Candidate } from '../types.js';

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

interface OrgVectors {
  model: string;
  dims: number;
  data: Float32Array;
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
 * Exact in-memory vector index, partitioned by organisation and container tag, for stores without native
 * vector search. A query only ever scans the rows of its own organisation and tags.
 */
export class VectorIndex {
  private readonly orgs = new Map<string, OrgVectors>();

  constructor(private readonly load: VectorLoader) {}

  search(orgId: string, q: VectorSearchScope): Candidate[] {
    const idx = this.ensure(orgId, q.model);
    if (idx.count === 0 || idx.dims !== q.vector.length) return [];
    const top = new TopK(q.limit);
    const { data, dims, alive } = idx;
    const score = (row: number) => {
      if (alive[row]) top.push(row, dot(q.vector, data, row * dims));
    };
    if (q.documentIds) {
      const allowedTags = q.containerTags ? new Set(q.containerTags) : undefined;
      for (const docId of q.documentIds) {
        if (allowedTags && !(idx.docTags.get(docId) ?? []).some((t) => allowedTags.has(t))) continue;
        for (const row of idx.docRows.get(docId) ?? []) score(row);
      }
    } else if (q.containerTags) {
      const tags = [...new Set(q.containerTags)];
      const seen = tags.length > 1 ? new Uint8Array(idx.count) : undefined;
      for (const tag of tags) {
        for (const row of idx.tagRows.get(tag) ?? []) {
          if (seen) {
            if (seen[row]) continue;
            seen[row] = 1;
          }
          score(row);
        }
      }
    } else {
      for (let row = 0; row < idx.count; row++) score(row);
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
    this.orgs.set(orgId, idx);
    return idx;
  }

  private append(idx: OrgVectors, v: IndexedVector, tags: readonly string[]): void {
    if (idx.dims === 0) idx.dims = v.vector.length;
    if (v.vector.length !== idx.dims) return;
    if ((idx.count + 1) * idx.dims > idx.data.length) {
      const grown = new Float32Array(Math.max(1024, (idx.count + 1) * 2) * idx.dims);
      grown.set(idx.data.subarray(0, idx.count * idx.dims));
      idx.data = grown;
      const alive = new Uint8Array(grown.length / idx.dims);
      alive.set(idx.alive.subarray(0, idx.count));
      idx.alive = alive;
    }
    const row = idx.count++;
    idx.data.set(v.vector, row * idx.dims);
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

function pushTo(map: Map<string, number[]>, key: string, row: number): void {
  const list = map.get(key);
  if (list) list.push(row);
  else map.set(key, [row]);
}
