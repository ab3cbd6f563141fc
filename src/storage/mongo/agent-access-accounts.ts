import type { Collection, Db } from 'mongodb';
import type { AgentAccessStore, McpSessionRecord, OAuthClientRecord, OAuthCodeRecord, OAuthGrantRecord, OAuthTokenRotation, SignInLinkRecord } from '../accounts.js';

/** A record as JSON (client metadata has keys that clients choose), with the fields it is looked up by. */
interface JsonBson {
  _id: string;
  data: string;
}
interface GrantBson extends JsonBson {
  orgId: string;
  accessHash: string;
  refreshHash: string;
  previousRefreshHash: string | null;
  createdAt: string;
}

const parse = <T>(b: JsonBson | null): T | null => (b ? (JSON.parse(b.data) as T) : null);

/**
 * AgentAccessStore on MongoDB. A code or link is taken by whoever deletes it (deletedCount 1), and a refresh by
 * whoever updates the grant while the presented refresh token is still current: one winner across processes.
 */
export class MongoAgentAccess implements AgentAccessStore {
  private readonly clients: Collection<JsonBson>;
  private readonly codes: Collection<JsonBson>;
  private readonly grants: Collection<GrantBson>;
  private readonly links: Collection<JsonBson>;
  private readonly sessions: Collection<JsonBson>;

  constructor(db: Db) {
    this.clients = db.collection('oauth_clients');
    this.codes = db.collection('oauth_codes');
    this.grants = db.collection('oauth_grants');
    this.links = db.collection('oauth_sign_in_links');
    this.sessions = db.collection('mcp_sessions');
  }

  async ensureIndexes(): Promise<void> {
    // One index per command (FerretDB v1, as in schema.ts).
    await this.grants.createIndexes([{ name: 'oauth_grants_access', key: { accessHash: 1 }, unique: true }]);
    await this.grants.createIndexes([{ name: 'oauth_grants_refresh', key: { refreshHash: 1 }, unique: true }]);
    await this.grants.createIndexes([{ name: 'oauth_grants_previous_refresh', key: { previousRefreshHash: 1 } }]);
    await this.grants.createIndexes([{ name: 'oauth_grants_org', key: { orgId: 1, createdAt: 1 } }]);
  }

  async insertOAuthClient(client: OAuthClientRecord): Promise<void> {
    await this.clients.insertOne({ _id: client.id, data: JSON.stringify(client) });
  }

  async getOAuthClient(id: string): Promise<OAuthClientRecord | null> {
    return parse(await this.clients.findOne({ _id: { $eq: id } }));
  }

  async insertOAuthCode(code: OAuthCodeRecord): Promise<void> {
    await this.codes.insertOne({ _id: code.codeHash, data: JSON.stringify(code) });
  }

  async takeOAuthCode(codeHash: string): Promise<OAuthCodeRecord | null> {
    return this.take<OAuthCodeRecord>(this.codes, codeHash);
  }

  async insertOAuthGrant(g: OAuthGrantRecord): Promise<void> {
    await this.grants.insertOne(this.grantBson(g));
  }

  async getOAuthGrant(id: string, orgId?: string): Promise<OAuthGrantRecord | null> {
    const g = parse<OAuthGrantRecord>(await this.grants.findOne({ _id: { $eq: id } }));
    return g && (orgId === undefined || g.orgId === orgId) ? g : null;
  }

  async findGrantByAccessHash(accessHash: string): Promise<OAuthGrantRecord | null> {
    return parse(await this.grants.findOne({ accessHash: { $eq: accessHash } }));
  }

  async findGrantByRefreshHash(refreshHash: string): Promise<OAuthGrantRecord | null> {
    return parse((await this.grants.findOne({ refreshHash: { $eq: refreshHash } })) ?? (await this.grants.findOne({ previousRefreshHash: { $eq: refreshHash } })));
  }

  async rotateOAuthGrant(id: string, fromRefreshHash: string, next: OAuthTokenRotation): Promise<OAuthGrantRecord | null> {
    const current = parse<OAuthGrantRecord>(await this.grants.findOne({ _id: { $eq: id }, refreshHash: { $eq: fromRefreshHash } }));
    if (!current || current.revokedAt) return null;
    const updated: OAuthGrantRecord = { ...current, ...next, previousRefreshHash: fromRefreshHash };
    const { _id, ...fields } = this.grantBson(updated);
    const res = await this.grants.updateOne({ _id: { $eq: _id }, refreshHash: { $eq: fromRefreshHash } }, { $set: fields });
    return res.matchedCount === 1 ? updated : null;
  }

  async listOAuthGrants(orgId: string): Promise<OAuthGrantRecord[]> {
    const rows = await this.grants
      .find({ orgId: { $eq: orgId } })
      .sort({ createdAt: 1, _id: 1 })
      .toArray();
    return rows.map((b) => JSON.parse(b.data) as OAuthGrantRecord);
  }

  async revokeOAuthGrant(id: string, at: string): Promise<void> {
    const g = await this.getOAuthGrant(id);
    if (!g || g.revokedAt) return;
    await this.grants.updateOne({ _id: { $eq: id } }, { $set: { data: JSON.stringify({ ...g, revokedAt: at }) } });
  }

  async insertSignInLink(link: SignInLinkRecord): Promise<void> {
    await this.links.insertOne({ _id: link.tokenHash, data: JSON.stringify(link) });
  }

  async takeSignInLink(tokenHash: string): Promise<SignInLinkRecord | null> {
    return this.take<SignInLinkRecord>(this.links, tokenHash);
  }

  async putMcpSession(s: McpSessionRecord): Promise<void> {
    await this.sessions.replaceOne({ _id: s.id }, { data: JSON.stringify(s) }, { upsert: true });
  }

  async getMcpSession(id: string): Promise<McpSessionRecord | null> {
    return parse(await this.sessions.findOne({ _id: { $eq: id } }));
  }

  async touchMcpSession(id: string, at: string): Promise<void> {
    const s = await this.getMcpSession(id);
    if (s) await this.sessions.updateOne({ _id: { $eq: id } }, { $set: { data: JSON.stringify({ ...s, lastSeenAt: at }) } });
  }

  async deleteMcpSession(id: string): Promise<void> {
    await this.sessions.deleteOne({ _id: { $eq: id } });
  }

  private async take<T>(c: Collection<JsonBson>, id: string): Promise<T | null> {
    const found = await c.findOne({ _id: { $eq: id } });
    if (!found) return null;
    const { deletedCount } = await c.deleteOne({ _id: { $eq: id } });
    return deletedCount === 1 ? (JSON.parse(found.data) as T) : null;
  }

  private grantBson(g: OAuthGrantRecord): GrantBson {
    return { _id: g.id, orgId: g.orgId, accessHash: g.accessHash, refreshHash: g.refreshHash, previousRefreshHash: g.previousRefreshHash, createdAt: g.createdAt, data: JSON.stringify(g) };
  }
}
