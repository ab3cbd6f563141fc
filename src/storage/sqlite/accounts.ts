import type Database from 'better-sqlite3';
import type { ApiKeyRecord, ContainerTagRecord, OrganizationRecord } from '../../core/types.js';
import type { AccountStore, ApiKeyPatch, ContainerTagPatch, ContainerTagStats } from '../accounts.js';
import { apiKeyToRow, rowToApiKey, rowToContainerTag } from './rows.js';
import { cachedStatement } from './statement-cache.js';

type Row = Record<string, unknown>;

const KEY_PATCH_COLUMNS: Record<keyof ApiKeyPatch, string> = {
  name: 'name',
  enabled: 'enabled',
  revokedAt: 'revoked_at',
  expiresAt: 'expires_at',
  expiryNotices: 'expiry_notices',
};

function encodeKeyPatch(field: keyof ApiKeyPatch, value: unknown): unknown {
  if (field === 'enabled') return value ? 1 : 0;
  if (field === 'expiryNotices') return JSON.stringify(value);
  return value;
}

function rowToOrg(row: Row): OrganizationRecord {
  return { id: row.id as string, name: row.name as string, slug: row.slug as string, createdAt: row.created_at as string };
}

/** AccountStore on the SQLite database of the embedded store. */
export class SqliteAccounts implements AccountStore {
  constructor(private readonly db: Database.Database) {}

  async upsertOrganization(org: OrganizationRecord): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO organizations (id, name, slug, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, slug = excluded.slug`,
      )
      .run(org.id, org.name, org.slug, org.createdAt);
  }

  async getOrganization(orgId: string): Promise<OrganizationRecord | null> {
    const row = this.db.prepare('SELECT * FROM organizations WHERE id = ?').get(orgId) as Row | undefined;
    return row ? rowToOrg(row) : null;
  }

  async listOrganizations(): Promise<OrganizationRecord[]> {
    return (this.db.prepare('SELECT * FROM organizations ORDER BY created_at, id').all() as Row[]).map(rowToOrg);
  }

  async insertApiKey(key: ApiKeyRecord): Promise<void> {
    const row = apiKeyToRow(key);
    const cols = Object.keys(row);
    this.db.prepare(`INSERT INTO api_keys (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')}) ON CONFLICT(key_hash) DO NOTHING`).run(row);
  }

  async findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const row = cachedStatement(this.db, 'SELECT * FROM api_keys WHERE key_hash = ?').get(keyHash) as Row | undefined;
    return row ? rowToApiKey(row) : null;
  }

  async getApiKey(id: string, orgId?: string): Promise<ApiKeyRecord | null> {
    const row = (orgId === undefined ? this.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) : this.db.prepare('SELECT * FROM api_keys WHERE id = ? AND org_id = ?').get(id, orgId)) as Row | undefined;
    return row ? rowToApiKey(row) : null;
  }

  async listApiKeys(orgId: string): Promise<ApiKeyRecord[]> {
    const rows = this.db.prepare('SELECT * FROM api_keys WHERE org_id = ? ORDER BY created_at, id').all(orgId) as Row[];
    return rows.map(rowToApiKey);
  }

  async updateApiKey(id: string, patch: ApiKeyPatch): Promise<ApiKeyRecord | null> {
    const entries = (Object.entries(patch) as [keyof ApiKeyPatch, unknown][]).filter(([k, v]) => v !== undefined && Object.prototype.hasOwnProperty.call(KEY_PATCH_COLUMNS, k));
    if (entries.length > 0) {
      const sets = entries.map(([k]) => `${KEY_PATCH_COLUMNS[k]} = ?`).join(', ');
      this.db.prepare(`UPDATE api_keys SET ${sets} WHERE id = ?`).run(...entries.map(([k, v]) => encodeKeyPatch(k, v)), id);
    }
    return this.getApiKey(id);
  }

  async listKeysExpiringBefore(before: string): Promise<ApiKeyRecord[]> {
    const rows = this.db
      .prepare(
        `SELECT * FROM api_keys WHERE expires_at IS NOT NULL AND expires_at <= ? AND enabled = 1 AND revoked_at IS NULL
         ORDER BY expires_at, id`,
      )
      .all(before) as Row[];
    return rows.map(rowToApiKey);
  }

  async getContainerTag(orgId: string, tag: string): Promise<ContainerTagRecord | null> {
    const row = this.db.prepare('SELECT * FROM container_tags WHERE org_id = ? AND tag = ?').get(orgId, tag) as Row | undefined;
    return row ? rowToContainerTag(row) : null;
  }

  async upsertContainerTag(orgId: string, tag: string, patch: ContainerTagPatch, now: string): Promise<ContainerTagRecord> {
    return this.db.transaction(() => {
      this.db.prepare('INSERT INTO container_tags (org_id, tag, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING').run(orgId, tag, now, now);
      const sets: string[] = ['updated_at = ?'];
      const params: unknown[] = [now];
      if (patch.name !== undefined) {
        sets.push('name = ?');
        params.push(patch.name);
      }
      if (patch.entityContext !== undefined) {
        sets.push('entity_context = ?');
        params.push(patch.entityContext);
      }
      this.db.prepare(`UPDATE container_tags SET ${sets.join(', ')} WHERE org_id = ? AND tag = ?`).run(...params, orgId, tag);
      return rowToContainerTag(this.db.prepare('SELECT * FROM container_tags WHERE org_id = ? AND tag = ?').get(orgId, tag) as Row);
    })();
  }

  async deleteContainerTag(orgId: string, tag: string): Promise<void> {
    this.db.prepare('DELETE FROM container_tags WHERE org_id = ? AND tag = ?').run(orgId, tag);
  }

  async listContainerTags(orgId: string, tags?: readonly string[]): Promise<ContainerTagRecord[]> {
    const rows = (
      tags
        ? this.db.prepare('SELECT * FROM container_tags WHERE org_id = ? AND tag IN (SELECT value FROM json_each(?)) ORDER BY tag').all(orgId, JSON.stringify(tags))
        : this.db.prepare('SELECT * FROM container_tags WHERE org_id = ? ORDER BY tag').all(orgId)
    ) as Row[];
    return rows.map(rowToContainerTag);
  }

  async containerTagStats(orgId: string, tags?: readonly string[]): Promise<ContainerTagStats[]> {
    const scope = tags ? 'AND t.tag IN (SELECT value FROM json_each(?))' : '';
    const rows = this.db
      .prepare(
        `SELECT t.tag AS tag, count(*) AS n, min(d.created_at) AS first, max(d.updated_at) AS last
         FROM document_tags t JOIN documents d ON d.id = t.document_id
         WHERE t.org_id = ? ${scope} GROUP BY t.tag ORDER BY t.tag`,
      )
      .all(...(tags ? [orgId, JSON.stringify(tags)] : [orgId])) as Row[];
    return rows.map((r) => ({
      tag: r.tag as string,
      documentCount: r.n as number,
      firstCreatedAt: r.first as string,
      lastActivityAt: (r.last as string | null) ?? null,
    }));
  }
}
