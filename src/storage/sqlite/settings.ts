import type Database from 'better-sqlite3';
import type { SettingsRecord } from '../../core/types.js';
import type { SettingsStore } from '../settings.js';
import { cachedStatement } from './statement-cache.js';

/** Settings on the embedded store's SQLite database: one JSON object per organisation. */
export class SqliteSettings implements SettingsStore {
  constructor(private readonly db: Database.Database) {}

  async getSettings(orgId: string): Promise<SettingsRecord> {
    const row = cachedStatement(this.db, 'SELECT data FROM settings WHERE org_id = ?').get(orgId) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as SettingsRecord) : {};
  }

  async updateSettings(orgId: string, patch: SettingsRecord): Promise<SettingsRecord> {
    return this.db.transaction(() => {
      const row = this.db.prepare('SELECT data FROM settings WHERE org_id = ?').get(orgId) as { data: string } | undefined;
      const merged = { ...(row ? (JSON.parse(row.data) as SettingsRecord) : {}), ...patch };
      this.db
        .prepare(
          `INSERT INTO settings (org_id, data, updated_at) VALUES (?, ?, ?)
           ON CONFLICT(org_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
        )
        .run(orgId, JSON.stringify(merged), new Date().toISOString());
      return merged;
    })();
  }
}
