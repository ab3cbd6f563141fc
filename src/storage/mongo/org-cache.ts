import type { Collection } from 'mongodb';
import type { Candidate } from '../../core/types.js';
import { DEFAULT_VECTOR_INDEX_OPTIONS, VectorIndex, type IndexedDocument, type IndexedVector, type VectorSearchScope } from '../../vector/vector-index.js';
import type { RevisionBson } from './schema.js';

/**
 * Per-organisation revision counter in MongoDB, bumped after every change to the organisation's searchable chunks.
 * Caches compare it on each read, so a process sees writes made by other processes (API and worker).
 */
export class OrgRevisions {
  constructor(private readonly col: Collection<RevisionBson>) {}

  async current(orgId: string): Promise<number> {
    return (await this.col.findOne({ _id: { $eq: orgId } }))?.rev ?? 0;
  }

  /** Increments the revision and returns the new value. */
  async bump(orgId: string): Promise<number> {
    const doc = await this.col.findOneAndUpdate({ _id: { $eq: orgId } }, { $inc: { rev: 1 } }, { upsert: true, returnDocument: 'after' });
    return doc?.rev ?? 0;
  }
}

export interface VectorData {
  vectors: IndexedVector[];
  documents: IndexedDocument[];
}

/**
 * The shared exact VectorIndex (as in the SQLite store), loaded from MongoDB and valid for one revision of each
 * organisation. Writes made by this process are applied in place when nothing else changed in between.
 */
export class VectorCache {
  private readonly index: VectorIndex;
  private readonly loaded = new Map<string, { model: string; rev: number }>();
  private pending: VectorData | undefined;

  constructor(private readonly load: (orgId: string, model: string) => Promise<VectorData>) {
    // VectorIndex loads synchronously: search() fetches first and hands the data over here.
    // No synchronous read of MongoDB: the index keeps the floats its shortlist is rescored with.
    this.index = new VectorIndex(
      () => {
        const data = this.pending ?? { vectors: [], documents: [] };
        this.pending = undefined;
        return data;
      },
      DEFAULT_VECTOR_INDEX_OPTIONS,
      'retain',
    );
  }

  /** Searches with the cache at revision `rev` (read before calling), reloading the organisation when stale. */
  async search(orgId: string, rev: number, q: VectorSearchScope): Promise<Candidate[]> {
    const cur = this.loaded.get(orgId);
    if (cur && cur.model === q.model && cur.rev === rev) return this.index.search(orgId, q);
    const data = await this.load(orgId, q.model);
    // No await from here on: the index takes `pending` in this same tick.
    this.index.evict(orgId);
    this.pending = data;
    this.loaded.set(orgId, { model: q.model, rev });
    try {
      return this.index.search(orgId, q);
    } finally {
      this.pending = undefined;
    }
  }

  /** Applies this process's own write, which moved the organisation to revision `rev`; otherwise drops the cache. */
  applyLocal(orgId: string, rev: number, change: (index: VectorIndex) => void): void {
    const cur = this.loaded.get(orgId);
    if (cur && cur.rev === rev - 1) {
      change(this.index);
      cur.rev = rev;
    } else {
      this.loaded.delete(orgId);
      this.index.evict(orgId);
    }
  }
}

/** A value computed per organisation and revision (keyword corpus statistics). */
export class RevisionMemo<T> {
  private readonly values = new Map<string, { rev: number; value: T }>();

  async get(orgId: string, rev: number, compute: () => Promise<T>): Promise<T> {
    const hit = this.values.get(orgId);
    if (hit && hit.rev === rev) return hit.value;
    const value = await compute();
    this.values.set(orgId, { rev, value });
    return value;
  }
}
