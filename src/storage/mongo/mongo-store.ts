import { MongoClient, type Filter } from 'mongodb';
import { createError } from '../../core/errors.js';
import { silentLogger, type Logger } from '../../core/logger.js';
import type {
  ApiKeyRecord,
  Candidate,
  ChunkEmbedding,
  ChunkRecord,
  DocumentRecord,
  DocumentRef,
  OrganizationRecord,
  SettingsRecord,
} from '../../core/types.js';
import { PENDING_STATUSES } from '../../core/types.js';
import { CUSTOM_ID_MATCH_LIMIT } from '../store.js';
import type { DocumentListQuery, DocumentPatch, HybridCandidates, HybridQuery, KeywordQuery, Store, StoreCapabilities, TermStats, VectorQuery } from '../store.js';
import { AtlasIndexes, detectAtlasSearch, type AtlasMode } from './atlas-search.js';
import { MongoChunks } from './chunks.js';
import { MongoMemories } from './memories.js';
import type { BlobStore } from '../blobs.js';
import { GridFsBlobStore } from './gridfs-blobs.js';
import { removeDocumentBlobs } from '../blobs.js';
import type { SecretStore } from '../secrets.js';
import { MongoSecretStore } from './secrets.js';
import { MongoConnections } from './connections.js';
import { CustomIdClaims } from './custom-ids.js';
import { MongoAccounts } from './accounts.js';
import { MongoAgentAccess } from './agent-access-accounts.js';
import type { ApiKeyPatch, ContainerTagPatch } from '../accounts.js';
import {
  bsonToDocument,
  documentFields,
  documentToBson,
  escapeKey,
  fromOpaque,
  toOpaque,
} from './codec.js';
import { compileFilter, filepathQuery } from './filter-query.js';
import { detectRankFusion } from './rank-fusion.js';
import { collectionsOf, isDuplicateKey, migrate, type Collections, type DocumentBson } from './schema.js';
import { MongoSearch } from './search.js';

export interface MongoStoreOptions {
  uri: string;
  db: string;
  /** auto: use Atlas Search when the deployment has it; on: require it; off: always score in the app. */
  atlasSearch?: AtlasMode;
  logger?: Logger;
  /** How long to wait for a new Atlas index to become queryable. */
  indexWaitMs?: number;
}

/**
 * Store on MongoDB (Atlas, mongod or FerretDB), with Atlas Vector Search and Atlas Search where available, fused by
 * `$rankFusion` on MongoDB 8.0+.
 */
export class MongoStore implements Store {
  readonly kind = 'mongodb' as const;
  readonly capabilities: StoreCapabilities = { nativeVectorSearch: false, nativeKeywordSearch: false, nativeRankFusion: false };
  readonly dbName: string;
  /** The memory port (memories.ts), on the same database; searches the Atlas way once migrate() detected it. */
  readonly memories: MongoMemories;
  /** Uploaded originals in GridFS (gridfs-blobs.ts), on the same database. */
  readonly blobs: BlobStore;
  /** Instance-wide secrets (secrets.ts), so every process of the deployment signs with the same key. */
  readonly secrets: SecretStore;
  /** Connections, sync runs and item state (connections.ts), on the same database. */
  readonly connections: MongoConnections;
  /** OAuth clients, codes, grants, sign-in links and MCP sessions (agent-access-accounts.ts). */
  readonly agentAccess: MongoAgentAccess;
  private readonly client: MongoClient;
  private readonly c: Collections;
  private readonly search: MongoSearch;
  private readonly chunks: MongoChunks;
  private readonly customIds: CustomIdClaims;
  private readonly accounts: MongoAccounts;
  private readonly logger: Logger;
  private detected = false;

  constructor(private readonly opts: MongoStoreOptions) {
    this.client = new MongoClient(opts.uri, { ignoreUndefined: true, appName: 'mnemo' });
    this.dbName = opts.db;
    this.c = collectionsOf(this.client.db(opts.db));
    this.search = new MongoSearch(this.c);
    this.chunks = new MongoChunks(this.c, this.search);
    this.customIds = new CustomIdClaims(this.c);
    this.accounts = new MongoAccounts(this.c);
    this.logger = opts.logger ?? silentLogger;
    this.memories = new MongoMemories(this.c, this.search, { logger: this.logger, indexWaitMs: opts.indexWaitMs ?? 600_000 });
    this.blobs = new GridFsBlobStore(this.client.db(opts.db));
    this.secrets = new MongoSecretStore(this.client.db(opts.db));
    this.connections = new MongoConnections(this.client.db(opts.db));
    this.agentAccess = new MongoAgentAccess(this.client.db(opts.db));
  }

  async migrate(): Promise<void> {
    await migrate(this.c);
    await this.connections.ensureIndexes();
    await this.agentAccess.ensureIndexes();
    if (this.detected) return;
    if (await detectAtlasSearch(this.c.chunks, this.opts.atlasSearch ?? 'auto', this.logger)) {
      const atlas = new AtlasIndexes(this.c.chunks, this.logger, this.opts.indexWaitMs ?? 600_000);
      await atlas.ensureKeywordIndex();
      this.search.atlas = atlas;
      this.capabilities.nativeVectorSearch = true;
      this.capabilities.nativeKeywordSearch = true;
      this.search.rankFusion = await detectRankFusion(this.client.db(this.dbName), this.c.chunks, this.logger);
      this.capabilities.nativeRankFusion = this.search.rankFusion;
    }
    this.detected = true;
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  async ping(): Promise<void> {
    await this.client.db(this.dbName).command({ ping: 1 });
  }

  // Accounts port (organisations, keys, spaces): see accounts.ts.
  upsertOrganization(org: OrganizationRecord) { return this.accounts.upsertOrganization(org); }
  getOrganization(orgId: string) { return this.accounts.getOrganization(orgId); }
  listOrganizations() { return this.accounts.listOrganizations(); }
  insertApiKey(key: ApiKeyRecord) { return this.accounts.insertApiKey(key); }
  findApiKeyByHash(keyHash: string) { return this.accounts.findApiKeyByHash(keyHash); }
  getApiKey(id: string, orgId?: string) { return this.accounts.getApiKey(id, orgId); }
  listApiKeys(orgId: string) { return this.accounts.listApiKeys(orgId); }
  updateApiKey(id: string, patch: ApiKeyPatch) { return this.accounts.updateApiKey(id, patch); }
  listKeysExpiringBefore(before: string) { return this.accounts.listKeysExpiringBefore(before); }
  getContainerTag(orgId: string, tag: string) { return this.accounts.getContainerTag(orgId, tag); }
  upsertContainerTag(orgId: string, tag: string, patch: ContainerTagPatch, now: string) { return this.accounts.upsertContainerTag(orgId, tag, patch, now); }
  deleteContainerTag(orgId: string, tag: string) { return this.accounts.deleteContainerTag(orgId, tag); }
  listContainerTags(orgId: string, tags?: readonly string[]) { return this.accounts.listContainerTags(orgId, tags); }
  containerTagStats(orgId: string, tags?: readonly string[]) { return this.accounts.containerTagStats(orgId, tags); }

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

  async getDocumentsByIds(orgId: string, ids: readonly string[]): Promise<DocumentRecord[]> {
    if (ids.length === 0) return [];
    return (await this.c.documents.find({ orgId: { $eq: orgId }, _id: { $in: [...ids] } }).toArray()).map(bsonToDocument);
  }

  async updateDocument(
    orgId: string,
    id: string,
    patch: DocumentPatch,
    options: { expectGeneration?: number } = {},
  ): Promise<DocumentRecord | null> {
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
      await this.c.chunks.updateMany(
        { orgId: { $eq: orgId }, documentId: { $eq: id } },
        { $set: { containerTags: tags, tagCount: tags.length } },
      );
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

  findDocumentsWithStaleEmbeddings(model: string, limit: number): Promise<DocumentRef[]> {
    return this.chunks.staleDocuments(model, limit);
  }

  replaceChunks(ref: DocumentRef, chunks: readonly ChunkRecord[]): Promise<void> {
    return this.chunks.replace(ref, chunks);
  }

  getChunks(orgId: string, documentId: string, generation?: number): Promise<ChunkRecord[]> {
    return this.chunks.list(orgId, documentId, generation);
  }

  scoreChunkVectors(orgId: string, model: string, vector: Float32Array, chunkIds: readonly string[]): Promise<Map<string, number>> {
    return this.chunks.scoreVectors(orgId, model, vector, chunkIds);
  }

  getChunksByIds(orgId: string, chunkIds: readonly string[]): Promise<ChunkRecord[]> {
    return this.chunks.byIds(orgId, chunkIds);
  }

  getChunksMissingEmbedding(ref: DocumentRef, model: string): Promise<ChunkRecord[]> {
    return this.chunks.missingEmbedding(ref, model);
  }

  putEmbeddings(ref: DocumentRef, model: string, embeddings: readonly ChunkEmbedding[]): Promise<void> {
    return this.chunks.putEmbeddings(ref, model, embeddings);
  }

  activateGeneration(ref: DocumentRef): Promise<number> {
    return this.chunks.activate(ref);
  }

  vectorSearch(orgId: string, query: VectorQuery): Promise<Candidate[]> {
    return this.search.vectorSearch(orgId, query);
  }

  keywordSearch(orgId: string, query: KeywordQuery): Promise<Candidate[]> {
    return this.search.keywordSearch(orgId, query);
  }

  hybridCandidates(orgId: string, query: HybridQuery): Promise<HybridCandidates> {
    return this.search.hybridCandidates(orgId, query);
  }

  termStats(orgId: string, terms: readonly string[]): Promise<TermStats> {
    return this.search.termStats(orgId, terms);
  }

  async getSettings(orgId: string): Promise<SettingsRecord> {
    const b = await this.c.settings.findOne({ _id: { $eq: orgId } });
    return b?.data ? (fromOpaque(b.data) as SettingsRecord) : {};
  }

  /** Shallow merge, one `$set` per key, so concurrent updates of different keys never lose each other. */
  async updateSettings(orgId: string, patch: SettingsRecord): Promise<SettingsRecord> {
    const $set: Record<string, unknown> = { updatedAt: new Date().toISOString() };
    const $unset: Record<string, ''> = {};
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) $unset[`data.${escapeKey(key)}`] = '';
      else $set[`data.${escapeKey(key)}`] = toOpaque(value);
    }
    const b = await this.c.settings.findOneAndUpdate(
      { _id: orgId },
      Object.keys($unset).length > 0 ? { $set, $unset } : { $set },
      { upsert: true, returnDocument: 'after' },
    );
    return b?.data ? (fromOpaque(b.data) as SettingsRecord) : {};
  }
}
