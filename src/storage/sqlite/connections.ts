import type Database from 'better-sqlite3';
import type { ConnectionPatch, ConnectionQuery, ConnectionRecord, ConnectionStore, SyncItemRecord, SyncRunPatch, SyncRunRecord } from '../connections.js';

type Row = Record<string, unknown>;

const CONNECTION_COLUMNS: Record<keyof ConnectionRecord, string> = {
  id: 'id',
  orgId: 'org_id',
  provider: 'provider',
  containerTags: 'container_tags',
  documentLimit: 'document_limit',
  metadata: 'metadata',
  credentials: 'credentials',
  status: 'status',
  state: 'state',
  syncEveryMs: 'sync_every_ms',
  nextSyncAt: 'next_sync_at',
  lastSyncAt: 'last_sync_at',
  error: 'error',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};
const JSON_FIELDS = new Set<string>(['containerTags', 'metadata', 'state']);

const RUN_COLUMNS: Record<keyof SyncRunRecord, string> = {
  id: 'id',
  orgId: 'org_id',
  connectionId: 'connection_id',
  triggerType: 'trigger_type',
  status: 'status',
  itemsProcessed: 'items_processed',
  itemsFailed: 'items_failed',
  error: 'error',
  startedAt: 'started_at',
  finishedAt: 'finished_at',
};

function encode(field: string, value: unknown): unknown {
  return JSON_FIELDS.has(field) ? JSON.stringify(value ?? null) : value;
}

function toRow<T extends object>(rec: T, columns: Record<string, string>): Row {
  return Object.fromEntries(Object.entries(rec).map(([k, v]) => [columns[k]!, encode(k, v)]));
}

function fromRow<T>(row: Row, columns: Record<string, string>): T {
  return Object.fromEntries(Object.entries(columns).map(([field, col]) => [field, JSON_FIELDS.has(field) ? JSON.parse(row[col] as string) : row[col]])) as T;
}

const rowToConnection = (row: Row) => fromRow<ConnectionRecord>(row, CONNECTION_COLUMNS);
const rowToRun = (row: Row) => fromRow<SyncRunRecord>(row, RUN_COLUMNS);

function sets(patch: object, columns: Record<string, string>): { sql: string; params: unknown[] } {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  return { sql: entries.map(([k]) => `${columns[k]!} = ?`).join(', '), params: entries.map(([k, v]) => encode(k, v)) };
}

/** ConnectionStore on the SQLite database of the embedded store (tables of migration 8). */
export class SqliteConnections implements ConnectionStore {
  constructor(private readonly db: Database.Database) {}

  async insertConnection(conn: ConnectionRecord): Promise<void> {
    const row = toRow(conn, CONNECTION_COLUMNS);
    const cols = Object.keys(row);
    this.db.prepare(`INSERT INTO connections (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
  }

  async getConnection(orgId: string, id: string): Promise<ConnectionRecord | null> {
    const row = this.db.prepare('SELECT * FROM connections WHERE org_id = ? AND id = ?').get(orgId, id) as Row | undefined;
    return row ? rowToConnection(row) : null;
  }

  async listConnections(orgId: string, query: ConnectionQuery = {}): Promise<ConnectionRecord[]> {
    const where = ['org_id = ?'];
    const params: unknown[] = [orgId];
    if (query.provider) {
      where.push('provider = ?');
      params.push(query.provider);
    }
    if (query.containerTags && query.containerTags.length > 0) {
      where.push(`EXISTS (SELECT 1 FROM json_each(connections.container_tags) WHERE value IN (${query.containerTags.map(() => '?').join(', ')}))`);
      params.push(...query.containerTags);
    }
    const rows = this.db.prepare(`SELECT * FROM connections WHERE ${where.join(' AND ')} ORDER BY created_at, id`).all(...params) as Row[];
    return rows.map(rowToConnection);
  }

  async updateConnection(orgId: string, id: string, patch: ConnectionPatch): Promise<ConnectionRecord | null> {
    const { sql, params } = sets(patch, CONNECTION_COLUMNS);
    if (sql) this.db.prepare(`UPDATE connections SET ${sql} WHERE org_id = ? AND id = ?`).run(...params, orgId, id);
    return this.getConnection(orgId, id);
  }

  async deleteConnection(orgId: string, id: string): Promise<boolean> {
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM connection_items WHERE org_id = ? AND connection_id = ?').run(orgId, id);
      this.db.prepare('DELETE FROM connection_sync_runs WHERE org_id = ? AND connection_id = ?').run(orgId, id);
      return this.db.prepare('DELETE FROM connections WHERE org_id = ? AND id = ?').run(orgId, id).changes > 0;
    })();
  }

  async listConnectionsOfProvider(provider: string): Promise<ConnectionRecord[]> {
    const rows = this.db.prepare('SELECT * FROM connections WHERE provider = ? ORDER BY created_at, id').all(provider) as Row[];
    return rows.map(rowToConnection);
  }

  async claimDueConnections(now: number, leaseMs: number, limit: number): Promise<ConnectionRecord[]> {
    return this.db.transaction(() => {
      const rows = this.db.prepare(`SELECT * FROM connections WHERE status != 'needs_reauth' AND next_sync_at IS NOT NULL AND next_sync_at <= ? ORDER BY next_sync_at, id LIMIT ?`).all(now, limit) as Row[];
      const claim = this.db.prepare('UPDATE connections SET next_sync_at = ? WHERE id = ?');
      for (const r of rows) claim.run(now + leaseMs, r.id);
      return rows.map((r) => ({ ...rowToConnection(r), nextSyncAt: now + leaseMs }));
    })();
  }

  async insertSyncRun(run: SyncRunRecord): Promise<void> {
    const row = toRow(run, RUN_COLUMNS);
    const cols = Object.keys(row);
    this.db.prepare(`INSERT INTO connection_sync_runs (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
  }

  async updateSyncRun(orgId: string, id: string, patch: SyncRunPatch): Promise<SyncRunRecord | null> {
    const { sql, params } = sets(patch, RUN_COLUMNS);
    if (sql) this.db.prepare(`UPDATE connection_sync_runs SET ${sql} WHERE org_id = ? AND id = ?`).run(...params, orgId, id);
    const row = this.db.prepare('SELECT * FROM connection_sync_runs WHERE org_id = ? AND id = ?').get(orgId, id) as Row | undefined;
    return row ? rowToRun(row) : null;
  }

  async listSyncRuns(orgId: string, connectionId: string, limit: number): Promise<SyncRunRecord[]> {
    const rows = this.db.prepare('SELECT * FROM connection_sync_runs WHERE org_id = ? AND connection_id = ? ORDER BY started_at DESC, rowid DESC LIMIT ?').all(orgId, connectionId, limit) as Row[];
    return rows.map(rowToRun);
  }

  async listSyncItems(orgId: string, connectionId: string): Promise<SyncItemRecord[]> {
    const rows = this.db.prepare('SELECT * FROM connection_items WHERE org_id = ? AND connection_id = ? ORDER BY external_id').all(orgId, connectionId) as Row[];
    return rows.map((r) => ({
      orgId: r.org_id as string,
      connectionId: r.connection_id as string,
      externalId: r.external_id as string,
      documentId: r.document_id as string,
      version: (r.version as string | null) ?? null,
      updatedAt: r.updated_at as string,
    }));
  }

  async putSyncItem(item: SyncItemRecord): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO connection_items (org_id, connection_id, external_id, document_id, version, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(org_id, connection_id, external_id) DO UPDATE SET document_id = excluded.document_id, version = excluded.version, updated_at = excluded.updated_at`,
      )
      .run(item.orgId, item.connectionId, item.externalId, item.documentId, item.version, item.updatedAt);
  }

  async deleteSyncItem(orgId: string, connectionId: string, externalId: string): Promise<void> {
    this.db.prepare('DELETE FROM connection_items WHERE org_id = ? AND connection_id = ? AND external_id = ?').run(orgId, connectionId, externalId);
  }
}
