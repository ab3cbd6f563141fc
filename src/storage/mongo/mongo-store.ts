import { MongoClient } from 'mongodb';
import { silentLogger, type Logger } from '../../core/logger.js';
import type { Store } from '../store.js';
import type { BlobStore } from '../blobs.js';
import type { SecretStore } from '../secrets.js';
import { AtlasIndexes, detectAtlasSearch, type AtlasMode } from './atlas-search.js';
import { MongoAccounts } from './accounts.js';
import { MongoAgentAccess } from './agent-access-accounts.js';
import { MongoChunks } from './chunks.js';
import { MongoConnections } from './connections.js';
import { CustomIdClaims } from './custom-ids.js';
import { MongoDocuments } from './documents.js';
import { GridFsBlobStore } from './gridfs-blobs.js';
import { MongoMemories } from './memories.js';
import { detectRankFusion } from './rank-fusion.js';
import { migrate } from './migrations.js';
import { collectionsOf, type Collections } from './schema.js';
import { MongoSearch } from './search.js';
import { MongoSecretStore } from './secrets.js';
import { MongoSettings } from './settings.js';

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
 * `$rankFusion` on MongoDB 8.0+: opens the client and hands the database to one adapter per port.
 */
export class MongoStore implements Store {
  readonly kind = 'mongodb' as const;
  readonly dbName: string;
  readonly documents: MongoDocuments;
  /** The search index (chunks.ts); its capabilities are set once migrate() detected what the deployment has. */
  readonly chunks: MongoChunks;
  readonly settings: MongoSettings;
  readonly accounts: MongoAccounts;
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
  private readonly logger: Logger;
  private detected = false;

  constructor(private readonly opts: MongoStoreOptions) {
    this.client = new MongoClient(opts.uri, { ignoreUndefined: true, appName: 'mnemo' });
    this.dbName = opts.db;
    this.c = collectionsOf(this.client.db(opts.db));
    this.logger = opts.logger ?? silentLogger;
    this.search = new MongoSearch(this.c);
    this.blobs = new GridFsBlobStore(this.client.db(opts.db));
    this.chunks = new MongoChunks(this.c, this.search);
    this.documents = new MongoDocuments(this.c, new CustomIdClaims(this.c), this.search, this.blobs, this.logger);
    this.settings = new MongoSettings(this.c);
    this.accounts = new MongoAccounts(this.c);
    this.memories = new MongoMemories(this.c, this.search, { logger: this.logger, indexWaitMs: opts.indexWaitMs ?? 600_000 });
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
      this.chunks.capabilities.nativeVectorSearch = true;
      this.chunks.capabilities.nativeKeywordSearch = true;
      this.search.rankFusion = await detectRankFusion(this.client.db(this.dbName), this.c.chunks, this.logger);
      this.chunks.capabilities.nativeRankFusion = this.search.rankFusion;
    }
    this.detected = true;
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  async ping(): Promise<void> {
    await this.client.db(this.dbName).command({ ping: 1 });
  }
}
