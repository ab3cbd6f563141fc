/** Where a connection stands: syncing normally, or waiting for new credentials (never scheduled then). */
/** needs_setup: authorised, but a scoped drive waits for its selection (the picker) before it syncs. */
export type ConnectionStatus = 'active' | 'syncing' | 'needs_reauth' | 'error' | 'pending_auth' | 'needs_setup';

export type SyncTrigger = 'cron' | 'manual' | 'event';
export type SyncRunStatus = 'running' | 'completed' | 'failed';

/** A connection of an organisation to an outside source (a site, a bucket, a repository). */
export interface ConnectionRecord {
  id: string;
  orgId: string;
  /** Connector name, e.g. "web-crawler". */
  provider: string;
  containerTags: string[];
  /** Most documents the connection may hold (1-10000). */
  documentLimit: number;
  /** Non-secret settings, returned by the API (e.g. startUrl, bucket). */
  metadata: Record<string, string | number | boolean>;
  /** Secret settings (keys, tokens), encrypted (core/secret-box.ts); never returned by the API. */
  credentials: string | null;
  status: ConnectionStatus;
  /** Connector state between syncs (a cursor, links seen); JSON. */
  state: unknown;
  /** Interval between scheduled syncs. */
  syncEveryMs: number;
  /** When the next scheduled sync is due (epoch ms); null = not scheduled (needs_reauth). */
  nextSyncAt: number | null;
  lastSyncAt: string | null;
  /** The last sync's error, null after a clean one. */
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

export type ConnectionPatch = Partial<Pick<ConnectionRecord, 'containerTags' | 'metadata' | 'credentials' | 'status' | 'state' | 'syncEveryMs' | 'nextSyncAt' | 'lastSyncAt' | 'error' | 'updatedAt'>>;

/** One sync of a connection (GET /v3/connections/{id}/sync-runs). */
export interface SyncRunRecord {
  id: string;
  orgId: string;
  connectionId: string;
  triggerType: SyncTrigger;
  status: SyncRunStatus;
  itemsProcessed: number;
  itemsFailed: number;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export type SyncRunPatch = Partial<Pick<SyncRunRecord, 'status' | 'itemsProcessed' | 'itemsFailed' | 'error' | 'finishedAt'>>;

/** What a sync knows about one outside item: the document it became and the version it was made from. */
export interface SyncItemRecord {
  orgId: string;
  connectionId: string;
  /** The connector's stable id of the item (a URL, an object key, a path). */
  externalId: string;
  documentId: string;
  /** ETag, SHA or Last-Modified of the synced version; null = unknown (always re-fetched). */
  version: string | null;
  /** startedAt of the last sync run that listed the item (finishSync deletes the items a complete run did not list). */
  updatedAt: string;
}

export interface ConnectionQuery {
  provider?: string;
  /** Connections carrying any of these tags. */
  containerTags?: readonly string[];
}

/** Connections port: connections, their sync runs and per-item sync state. Everything is addressed within an organisation. */
export interface ConnectionStore {
  insertConnection(conn: ConnectionRecord): Promise<void>;
  getConnection(orgId: string, id: string): Promise<ConnectionRecord | null>;
  /** Connections of the organisation, oldest first. */
  listConnections(orgId: string, query?: ConnectionQuery): Promise<ConnectionRecord[]>;
  updateConnection(orgId: string, id: string, patch: ConnectionPatch): Promise<ConnectionRecord | null>;
  /** Deletes the connection with its runs and item state; false when it did not exist. */
  deleteConnection(orgId: string, id: string): Promise<boolean>;
  /** Connections of a provider in every organisation, oldest first (webhook deliveries, schedule reconciliation). */
  listConnectionsOfProvider(provider: string): Promise<ConnectionRecord[]>;
  /**
   * Connections of any organisation whose nextSyncAt has come (not those needing re-authorisation), oldest due first; each one
   * returned has its nextSyncAt moved to `now + leaseMs` in the same step, so two processes never claim the same.
   */
  claimDueConnections(now: number, leaseMs: number, limit: number): Promise<ConnectionRecord[]>;

  insertSyncRun(run: SyncRunRecord): Promise<void>;
  updateSyncRun(orgId: string, id: string, patch: SyncRunPatch): Promise<SyncRunRecord | null>;
  /** Runs of a connection, newest first. */
  listSyncRuns(orgId: string, connectionId: string, limit: number): Promise<SyncRunRecord[]>;

  /** Every item state of a connection. */
  listSyncItems(orgId: string, connectionId: string): Promise<SyncItemRecord[]>;
  /** Inserts or replaces the state of one item. */
  putSyncItem(item: SyncItemRecord): Promise<void>;
  deleteSyncItem(orgId: string, connectionId: string, externalId: string): Promise<void>;
}
