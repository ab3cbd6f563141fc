import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from '../../core/logger.js';
import type { Store } from '../store.js';
import type { BlobStore } from '../blobs.js';
import { FsBlobStore } from '../blobs/fs-blob-store.js';
import type { SecretStore } from '../secrets.js';
import { registerFilterFunctions } from './filter-sql.js';
import { migrate } from './migrations.js';
import { SqliteAccounts } from './accounts.js';
import { SqliteAgentAccess } from './agent-access-accounts.js';
import { SqliteChunks } from './chunks.js';
import { SqliteConnections } from './connections.js';
import { SqliteDocuments } from './documents.js';
import { FileSecretStore } from './file-secrets.js';
import { SqliteMemories } from './memories.js';
import { SqliteSettings } from './settings.js';
import { warmSearchPages, type PageWarmUp } from './search-pages.js';

/** Database files smaller than this get no page warm-up: their searches cache what they read within a few searches. */
const PAGE_WARM_UP_MIN_BYTES = 64 << 20;

/**
 * SQLite's page cache of the connection, in KiB (allocated as pages are read, so a small database never fills it).
 * better-sqlite3's default (16 MB) cannot hold the pages a search at 1M chunks keeps going back to: the FTS5 document
 * lengths bm25 reads for every matching row (11 MB) beside the rows and interior pages. A search asked the OS for
 * ~2,300 pages, ~1,250 of them document lengths read again; with 64 MB, ~760 (issue 28, strace counts).
 */
const PAGE_CACHE_KIB = 64 * 1024;

export interface SqliteStoreOptions {
  /** Where uploaded originals go (default: `<directory of the database>/files`, a temporary directory for ':memory:'). */
  blobDir?: string;
  /** See SqliteChunksOptions (chunks.ts). */
  broadScopeMinRows?: number;
  imageMinRows?: number;
  /** Database files smaller than this get no page warm-up at start (default 64 MB); tests lower it. */
  pageWarmUpMinBytes?: number;
  /** Told once when the page warm-up fails (the service serves on without it). */
  logger?: Pick<Logger, 'warn'>;
}

/**
 * Embedded store on one SQLite database (WAL, FTS5) with an in-memory vector index: opens the database and hands it
 * to one adapter per port. Use ':memory:' for tests.
 */
export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  readonly documents: SqliteDocuments;
  /** The search index (chunks.ts): FTS5 keyword tables and the in-memory vector index. */
  readonly chunks: SqliteChunks;
  readonly settings: SqliteSettings;
  readonly accounts: SqliteAccounts;
  readonly memories: SqliteMemories;
  /** Uploaded originals as files: `<directory of the database>/files`, or a temporary directory for ':memory:'. */
  readonly blobs: BlobStore;
  /** Secrets as files next to the database (in memory for ':memory:'). */
  readonly secrets: SecretStore;
  readonly connections: SqliteConnections;
  readonly agentAccess: SqliteAgentAccess;
  private readonly db: Database.Database;
  private readonly tempBlobDir: string | null;
  /** The database file (null for ':memory:'). */
  private readonly file: string | null;
  private readonly pageWarmUpMinBytes: number;
  private pageWarmUp: PageWarmUp | null = null;
  private readonly logger: Pick<Logger, 'warn'> | undefined;
  /** Set when close() starts: a warm-up asked for after that starts no worker. */
  private closing = false;

  constructor(file: string, options: SqliteStoreOptions = {}) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.tempBlobDir = options.blobDir || file !== ':memory:' ? null : path.join(os.tmpdir(), `mnemo-blobs-${randomUUID()}`);
    this.blobs = new FsBlobStore(options.blobDir ?? this.tempBlobDir ?? path.join(path.dirname(file), 'files'));
    this.secrets = new FileSecretStore(file === ':memory:' ? null : path.dirname(file));
    this.file = file === ':memory:' ? null : file;
    this.pageWarmUpMinBytes = options.pageWarmUpMinBytes ?? PAGE_WARM_UP_MIN_BYTES;
    this.logger = options.logger;
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    registerFilterFunctions(this.db);
    this.chunks = new SqliteChunks(this.db, file === ':memory:' ? null : `${file}-vectors`, {
      ...(options.broadScopeMinRows !== undefined ? { broadScopeMinRows: options.broadScopeMinRows } : {}),
      ...(options.imageMinRows !== undefined ? { imageMinRows: options.imageMinRows } : {}),
    });
    this.documents = new SqliteDocuments(this.db, this.chunks, this.blobs);
    this.settings = new SqliteSettings(this.db);
    this.accounts = new SqliteAccounts(this.db);
    this.memories = new SqliteMemories(this.db);
    this.connections = new SqliteConnections(this.db);
    this.agentAccess = new SqliteAgentAccess(this.db);
  }

  async migrate(): Promise<void> {
    migrate(this.db);
  }

  /**
   * Loads the large vector indexes in the background (chunks.ts warmUp), so that the first search does not, and reads
   * the pages searches walk through into the OS cache meanwhile, on a worker thread (search-pages.ts): on a cold cache
   * at 1M chunks that is a fifth of what the first searches read from disk (issue 28). Never rejects.
   */
  async warmUp(): Promise<void> {
    await Promise.all([this.chunks.warmUp(), this.warmPages()]);
  }

  private async warmPages(): Promise<void> {
    if (!this.file || this.pageWarmUp || this.closing || !this.db.open) return;
    const failed = (err: unknown) => this.logger?.warn('page warm-up failed; searches read those pages themselves', { file: this.file, error: String(err) });
    try {
      if (fs.statSync(this.file).size < this.pageWarmUpMinBytes) return;
      this.pageWarmUp = warmSearchPages(this.db, this.file, undefined, failed);
      await this.pageWarmUp.done;
    } catch (err) {
      // A hint for the cache: the searches read what it did not.
      failed(err);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.pageWarmUp?.stop();
    if (this.db.open) await this.chunks.close();
    if (this.db.open) this.db.close();
    if (this.tempBlobDir) fs.rmSync(this.tempBlobDir, { recursive: true, force: true });
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }
}
