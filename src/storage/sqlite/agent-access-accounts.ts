import type Database from 'better-sqlite3';
import type { AgentAccessStore, McpSessionRecord, OAuthClientRecord, OAuthCodeRecord, OAuthGrantRecord, OAuthTokenRotation, SignInLinkRecord } from '../accounts.js';

type Row = { data: string };

const parse = <T>(row: Row | undefined): T | null => (row ? (JSON.parse(row.data) as T) : null);

/**
 * AgentAccessStore on the SQLite database: each record as JSON, with the columns it is looked up by beside it.
 * Taking a code or link deletes it in the same statement (DELETE … RETURNING), so it is used once.
 */
export class SqliteAgentAccess implements AgentAccessStore {
  constructor(private readonly db: Database.Database) {}

  async insertOAuthClient(client: OAuthClientRecord): Promise<void> {
    this.db.prepare('INSERT INTO oauth_clients (id, data) VALUES (?, ?)').run(client.id, JSON.stringify(client));
  }

  async getOAuthClient(id: string): Promise<OAuthClientRecord | null> {
    return parse(this.db.prepare('SELECT data FROM oauth_clients WHERE id = ?').get(id) as Row | undefined);
  }

  async insertOAuthCode(code: OAuthCodeRecord): Promise<void> {
    this.db.prepare('INSERT INTO oauth_codes (code_hash, expires_at, data) VALUES (?, ?, ?)').run(code.codeHash, code.expiresAt, JSON.stringify(code));
  }

  async takeOAuthCode(codeHash: string): Promise<OAuthCodeRecord | null> {
    return parse(this.db.prepare('DELETE FROM oauth_codes WHERE code_hash = ? RETURNING data').get(codeHash) as Row | undefined);
  }

  async insertOAuthGrant(g: OAuthGrantRecord): Promise<void> {
    this.db
      .prepare('INSERT INTO oauth_grants (id, org_id, access_hash, refresh_hash, previous_refresh_hash, created_at, data) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(g.id, g.orgId, g.accessHash, g.refreshHash, g.previousRefreshHash, g.createdAt, JSON.stringify(g));
  }

  async getOAuthGrant(id: string, orgId?: string): Promise<OAuthGrantRecord | null> {
    const g = parse<OAuthGrantRecord>(this.db.prepare('SELECT data FROM oauth_grants WHERE id = ?').get(id) as Row | undefined);
    return g && (orgId === undefined || g.orgId === orgId) ? g : null;
  }

  async findGrantByAccessHash(accessHash: string): Promise<OAuthGrantRecord | null> {
    return parse(this.db.prepare('SELECT data FROM oauth_grants WHERE access_hash = ?').get(accessHash) as Row | undefined);
  }

  async findGrantByRefreshHash(refreshHash: string): Promise<OAuthGrantRecord | null> {
    return parse(this.db.prepare('SELECT data FROM oauth_grants WHERE refresh_hash = ? OR previous_refresh_hash = ? LIMIT 1').get(refreshHash, refreshHash) as Row | undefined);
  }

  async rotateOAuthGrant(id: string, fromRefreshHash: string, next: OAuthTokenRotation): Promise<OAuthGrantRecord | null> {
    return this.db.transaction(() => {
      const current = parse<OAuthGrantRecord>(this.db.prepare('SELECT data FROM oauth_grants WHERE id = ? AND refresh_hash = ?').get(id, fromRefreshHash) as Row | undefined);
      if (!current || current.revokedAt) return null;
      const updated: OAuthGrantRecord = { ...current, ...next, previousRefreshHash: fromRefreshHash };
      this.db
        .prepare('UPDATE oauth_grants SET access_hash = ?, refresh_hash = ?, previous_refresh_hash = ?, data = ? WHERE id = ?')
        .run(updated.accessHash, updated.refreshHash, fromRefreshHash, JSON.stringify(updated), id);
      return updated;
    })();
  }

  async listOAuthGrants(orgId: string): Promise<OAuthGrantRecord[]> {
    const rows = this.db.prepare('SELECT data FROM oauth_grants WHERE org_id = ? ORDER BY created_at, id').all(orgId) as Row[];
    return rows.map((r) => JSON.parse(r.data) as OAuthGrantRecord);
  }

  async revokeOAuthGrant(id: string, at: string): Promise<void> {
    this.db.transaction(() => {
      const g = parse<OAuthGrantRecord>(this.db.prepare('SELECT data FROM oauth_grants WHERE id = ?').get(id) as Row | undefined);
      if (!g || g.revokedAt) return;
      this.db.prepare('UPDATE oauth_grants SET data = ? WHERE id = ?').run(JSON.stringify({ ...g, revokedAt: at }), id);
    })();
  }

  async insertSignInLink(link: SignInLinkRecord): Promise<void> {
    this.db.prepare('INSERT INTO oauth_sign_in_links (token_hash, expires_at, data) VALUES (?, ?, ?)').run(link.tokenHash, link.expiresAt, JSON.stringify(link));
  }

  async takeSignInLink(tokenHash: string): Promise<SignInLinkRecord | null> {
    return parse(this.db.prepare('DELETE FROM oauth_sign_in_links WHERE token_hash = ? RETURNING data').get(tokenHash) as Row | undefined);
  }

  async putMcpSession(s: McpSessionRecord): Promise<void> {
    this.db
      .prepare('INSERT INTO mcp_sessions (id, last_seen_at, data) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET last_seen_at = excluded.last_seen_at, data = excluded.data')
      .run(s.id, s.lastSeenAt, JSON.stringify(s));
  }

  async getMcpSession(id: string): Promise<McpSessionRecord | null> {
    return parse(this.db.prepare('SELECT data FROM mcp_sessions WHERE id = ?').get(id) as Row | undefined);
  }

  async touchMcpSession(id: string, at: string): Promise<void> {
    this.db.prepare("UPDATE mcp_sessions SET last_seen_at = ?, data = json_set(data, '$.lastSeenAt', ?) WHERE id = ?").run(at, at, id);
  }

  async deleteMcpSession(id: string): Promise<void> {
    this.db.prepare('DELETE FROM mcp_sessions WHERE id = ?').run(id);
  }
}
