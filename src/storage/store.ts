import type { AccountStore, AgentAccessStore } from './accounts.js';
import type { BlobStore } from './blobs.js';
import type { ChunkStore } from './chunks.js';
import type { ConnectionStore } from './connections.js';
import type { DocumentStore } from './documents.js';
import type { MemoryStore } from './memories.js';
import type { SecretStore } from './secrets.js';
import type { SettingsStore } from './settings.js';

/**
 * Persistence: one port per domain, all on the same database. Every operation takes the caller's organisation id,
 * and every query is scoped by it: isolation between organisations is structural, not a filter applied to results.
 */
export interface Store {
  readonly kind: 'sqlite' | 'mongodb';
  /** Documents, their tags, customIds, pipeline state and stored files (documents.ts). */
  readonly documents: DocumentStore;
  /** The search index: chunk generations, their embeddings, both retrievers and what runs natively (chunks.ts). */
  readonly chunks: ChunkStore;
  /** Per-organisation settings (settings.ts). */
  readonly settings: SettingsStore;
  /** Organisations, API keys and container-tag spaces (accounts.ts). */
  readonly accounts: AccountStore;
  /** The memory port (memories, their vectors, versions and sources). */
  readonly memories: MemoryStore;
  /** The uploaded originals of documents (a directory for SQLite, GridFS for MongoDB). */
  readonly blobs: BlobStore;
  /** Instance-wide secrets shared by every process (a file in the data directory for SQLite, a document for MongoDB). */
  readonly secrets: SecretStore;
  /** Connector connections, their sync runs and per-item sync state. */
  readonly connections: ConnectionStore;
  /** OAuth clients, codes and grants, consent sign-in links and MCP sessions (accounts.ts). */
  readonly agentAccess: AgentAccessStore;
  /** Creates or upgrades the schema; safe to call on every start. */
  migrate(): Promise<void>;
  /**
   * Loads, in the background, what the first requests after a start would otherwise load (SQLite: the vector indexes
   * that have an image). Never rejects; stores with nothing to load leave it out.
   */
  warmUp?(): Promise<void>;
  close(): Promise<void>;
  /** Throws when the store cannot serve requests. */
  ping(): Promise<void>;
}
