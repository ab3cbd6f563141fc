import type { Filter } from 'mongodb';
import type { Logger } from '../../core/logger.js';
import type { DocumentHead, DocumentRecord } from '../../core/types.js';
import { PENDING_STATUSES } from '../../core/types.js';
import type { BlobStore } from '../blobs.js';
import { removeDocumentBlobs } from '../blobs.js';
import { CUSTOM_ID_MATCH_LIMIT, type DocumentListQuery, type DocumentPatch, type DocumentStore } from '../documents.js';
import { bsonToDocument, bsonToDocumentHead, documentFields, documentToBson, DOCUMENT_HEAD_PROJECTION } from './codec.js';
import type { CustomIdClaims } from './custom-ids.js';
import { compileFilter, filepathQuery } from './filter-query.js';
import type { Collections, DocumentBson } from './schema.js';
import type { MongoSearch } from './search.js';

/** How long a neighbour scan may take before search goes on without that context (neighbourDocuments). */
const NEIGHBOUR_SCAN_MS = 200;

/** MongoDB's "operation exceeded time limit" (code 50, MaxTimeMSExpired). */
function isTimeout(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 50;
}

/**
 * Documents on MongoDB. A customId is unique per tag through claims (custom-ids.ts), taken before a write and
 * released after it; a retag or delete reaches the chunks and tells the search caches (search.ts).
 */
export class MongoDocuments implements DocumentStore {
  constructor(
    private readonly c: Collections,
    private readonly customIds: CustomIdClaims,
    private readonly search: MongoSearch,
    private readonly blobs: BlobStore,
    private readonly logger: Logger,
  ) {}

  async insertDocument(doc: DocumentRecord): Promise<void> {
    const claimed = doc.customId ? await this.customIds.claim(doc.orgId, doc.id, doc.customId, doc.containerTags) : [];
    try {
      await this.c.documents.insertOne(documentToBson(doc));
    } catch (err) {
      await this.customIds.releaseKeys(doc.id, claimed);
      throw err;
    }
  }

  async getDocument(orgId: string, id: string, containerTags?: readonly string[]): Promise<DocumentRecord | null> {
    const query: Filter<DocumentBson> = { orgId: { $eq: orgId }, _id: { $eq: id } };
    if (containerTags) query.containerTags = { $in: [...containerTags] };
    const b = await this.c.documents.findOne(query);
    return b ? bsonToDocument(b) : null;
  }

  async findDocumentsByCustomId(orgId: string, customId: string, containerTags?: readonly string[]): Promise<DocumentRecord[]> {
    const query: Filter<DocumentBson> = { orgId: { $eq: orgId }, customId: { $eq: customId } };
    if (containerTags) query.containerTags = { $in: [...containerTags] };
    const rows = await this.c.documents.find(query).sort({ createdAt: 1, _id: 1 }).limit(CUSTOM_ID_MATCH_LIMIT).toArray();
    return rows.map(bsonToDocument);
  }

  async neighbourDocuments(orgId: string, ids: readonly string[], window: number): Promise<Map<string, { id: string; offset: number }[]>> {
    const out = new Map<string, { id: string; offset: number }[]>();
    const unique = [...new Set(ids)];
    const docs = await this.c.documents.find({ orgId: { $eq: orgId }, _id: { $in: unique } }, { projection: { _id: 1, createdAt: 1, containerTags: 1 } }).toArray();
    const byId = new Map(docs.map((d) => [d._id, d]));
    for (const id of unique) {
      const d = byId.get(id);
      if (!d) {
        out.set(id, []);
        continue;
      }
      // The same tags, exactly (array equality, as SQLite compares the stored tag list), on the org/createdAt index;
      // the scan is bounded in time so a tag with no document near this one costs a bounded read.
      const side = async (dir: 1 | -1) => {
        const later = dir === 1;
        const rows = await this.c.documents
          .find(
            {
              orgId: { $eq: orgId },
              containerTags: { $eq: [...d.containerTags] },
              $or: [{ createdAt: later ? { $gt: d.createdAt } : { $lt: d.createdAt } }, { createdAt: { $eq: d.createdAt }, _id: later ? { $gt: id } : { $lt: id } }],
            } as Filter<DocumentBson>,
            { projection: { _id: 1 }, maxTimeMS: NEIGHBOUR_SCAN_MS },
          )
          .sort({ createdAt: dir, _id: dir })
          .limit(window)
          .toArray()
          .catch((err: unknown) => {
            if (isTimeout(err)) return [];
            throw err;
          });
        return rows.map((r, i) => ({ id: r._id, offset: later ? i + 1 : -(i + 1) }));
      };
      out.set(id, [...(await side(-1)), ...(await side(1))]);
    }
    return out;
  }

  async getDocumentsByIds(orgId: string, ids: readonly string[]): Promise<DocumentRecord[]> {
    if (ids.length === 0) return [];
    return (await this.c.documents.find({ orgId: { $eq: orgId }, _id: { $in: [...ids] } }).toArray()).map(bsonToDocument);
  }

  async getDocumentHeads(orgId: string, ids: readonly string[]): Promise<DocumentHead[]> {
    if (ids.length === 0) return [];
    const found = await this.c.documents.find({ orgId: { $eq: orgId }, _id: { $in: [...ids] } }, { projection: DOCUMENT_HEAD_PROJECTION }).toArray();
    return found.map(bsonToDocumentHead);
  }

  async updateDocument(orgId: string, id: string, patch: DocumentPatch, options: { expectGeneration?: number } = {}): Promise<DocumentRecord | null> {
    const $set = documentFields(patch);
    const query: Filter<DocumentBson> = { orgId: { $eq: orgId }, _id: { $eq: id } };
    if (options.expectGeneration !== undefined) query.generation = { $eq: options.expectGeneration };
    if (Object.keys($set).length === 0) {
      const b = await this.c.documents.findOne(query);
      return b ? bsonToDocument(b) : null;
    }
    // A new customId or new tags are claimed before the write and the claims they replace released after it.
    let before: DocumentBson | null = null;
    let claimed: string[] = [];
    const previousFile = patch.file !== undefined ? ((await this.c.documents.findOne(query, { projection: { file: 1 } }))?.file ?? null) : null;
    if (patch.containerTags || patch.customId !== undefined) {
      before = await this.c.documents.findOne(query, { projection: { customId: 1, containerTags: 1 } });
      if (!before) return null;
      const customId = patch.customId !== undefined ? patch.customId : before.customId;
      if (customId) claimed = await this.customIds.claim(orgId, id, customId, patch.containerTags ?? before.containerTags);
    }
    let b: DocumentBson | null;
    try {
      b = await this.c.documents.findOneAndUpdate(query, { $set }, { returnDocument: 'after' });
    } catch (err) {
      await this.customIds.releaseKeys(id, claimed);
      throw err;
    }
    if (!b) {
      await this.customIds.releaseKeys(id, claimed);
      return null;
    }
    if (before) {
      const kept = new Set(this.customIds.keys(orgId, b.customId, b.containerTags));
      const stale = this.customIds.keys(orgId, before.customId, before.containerTags).filter((k) => !kept.has(k));
      await this.customIds.releaseKeys(id, stale);
    }
    if (patch.containerTags) {
      const tags = [...patch.containerTags];
      await this.c.chunks.updateMany({ orgId: { $eq: orgId }, documentId: { $eq: id } }, { $set: { containerTags: tags, tagCount: tags.length } });
      await this.search.afterRetag(orgId, id, tags);
    }
    if (previousFile && previousFile.key !== b.file?.key) {
      await this.blobs.delete(previousFile.key).catch((err: unknown) => this.logger.warn('could not remove a replaced stored file', { err }));
    }
    return bsonToDocument(b);
  }

  async deleteDocuments(orgId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.c.documents.find({ orgId: { $eq: orgId }, _id: { $in: [...ids] } }, { projection: { _id: 1, file: 1 } }).toArray();
    const existing = new Set(rows.map((r) => r._id));
    const found = [...new Set(ids)].filter((id) => existing.has(id));
    if (found.length === 0) return [];
    // Chunks first: an interrupted delete leaves a document without chunks, never searchable orphans.
    await this.c.chunks.deleteMany({ orgId: { $eq: orgId }, documentId: { $in: found } });
    await this.c.documents.deleteMany({ orgId: { $eq: orgId }, _id: { $in: found } });
    await this.customIds.releaseDocuments(orgId, found);
    await this.search.afterDelete(orgId, found);
    const withFiles = rows.map((r) => ({ id: r._id, fileKey: r.file?.key ?? null }));
    await removeDocumentBlobs(this.blobs, orgId, withFiles, (err) => this.logger.warn('could not remove the stored file of a deleted document', { err }));
    return found;
  }

  async findRecentDuplicates(orgId: string, contentHash: string, containerTags: readonly string[], since: string): Promise<DocumentRecord[]> {
    const tags = [...new Set(containerTags)];
    const rows = await this.c.documents
      .find({ orgId: { $eq: orgId }, contentHash: { $eq: contentHash }, createdAt: { $gte: since }, customId: null, containerTags: { $all: tags } } as Filter<DocumentBson>)
      .sort({ createdAt: -1 })
      .limit(20)
      .toArray();
    // $all finds supersets too: only an exact tag set is the same add.
    return rows.map(bsonToDocument).filter((d) => new Set(d.containerTags).size === tags.length);
  }

  async findDocumentIdsByTags(orgId: string, tags: readonly string[], filepath?: string): Promise<string[]> {
    const query: Filter<DocumentBson> = { orgId: { $eq: orgId }, containerTags: { $in: [...tags] } };
    if (filepath) query.filepath = filepathQuery(filepath);
    return (await this.c.documents.find(query, { projection: { _id: 1 } }).toArray()).map((r) => r._id);
  }

  async findDocumentIdsByFilepath(orgId: string, filepath: string): Promise<string[]> {
    const query: Filter<DocumentBson> = { orgId: { $eq: orgId }, filepath: filepathQuery(filepath) };
    return (await this.c.documents.find(query, { projection: { _id: 1 } }).toArray()).map((r) => r._id);
  }

  async listDocuments(orgId: string, q: DocumentListQuery): Promise<{ documents: DocumentRecord[]; total: number }> {
    const parts: Filter<DocumentBson>[] = [{ orgId: { $eq: orgId } }];
    if (q.containerTags && q.containerTags.length > 0) {
      const tags = [...new Set(q.containerTags)];
      parts.push({ containerTags: q.tagOperator === 'AND' ? { $all: tags } : { $in: tags } });
    }
    if (q.statuses && q.statuses.length > 0) parts.push({ status: { $in: [...q.statuses] } });
    if (q.filepath) parts.push({ filepath: filepathQuery(q.filepath) });
    if (q.filters) parts.push(compileFilter(q.filters));
    const query = { $and: parts };
    const dir = q.order === 'asc' ? 1 : -1;
    const [total, rows] = await Promise.all([
      this.c.documents.countDocuments(query),
      q.limit > 0
        ? this.c.documents
            .find(query)
            .sort({ [q.sort === 'updatedAt' ? 'updatedAt' : 'createdAt']: dir, _id: dir })
            .skip(q.offset)
            .limit(q.limit)
            .toArray()
        : [],
    ]);
    return { documents: rows.map(bsonToDocument), total };
  }

  async findDueDocuments(now: number, limit: number, excludeIds: ReadonlySet<string>): Promise<DocumentRecord[]> {
    if (limit <= 0) return [];
    const query: Filter<DocumentBson> = { status: { $in: [...PENDING_STATUSES] }, nextRunAt: { $lte: now } };
    if (excludeIds.size > 0) query._id = { $nin: [...excludeIds] };
    const rows = await this.c.documents.find(query).sort({ nextRunAt: 1, createdAt: 1, _id: 1 }).limit(limit).toArray();
    return rows.map(bsonToDocument);
  }
}
