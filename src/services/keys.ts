import { requireRoot, type Actor } from '../core/actor.js';
import { createError } from '../core/errors.js';
import type { Store } from '../storage/store.js';
import type { ApiKeyRecord, Permission } from '../core/types.js';
import type { OAuthGrantRecord } from '../storage/accounts.js';
import { generateKey, newKeyRecord } from './auth.js';

/** Endpoints a scoped key may call (the reference's list, plus the session that describes it). */
export const SCOPED_KEY_ENDPOINTS = ['/v3/documents', '/v3/memories', '/v4/memories', '/v4/conversations', '/v3/search', '/v4/search', '/v4/profile', '/v3/session'] as const;

export const SCOPED_KEY_DEFAULT_RATE_LIMIT = { max: 500, windowMs: 60_000 } as const;

const DAY_MS = 86_400_000;

export interface ScopedKeyInput {
  containerTag: string;
  name?: string;
  expiresInDays?: number;
  rateLimitMax?: number;
  rateLimitTimeWindow?: number;
}

export interface KeyInput {
  name: string;
  /** Limit the key to these tags (a scoped key); none = a root key of the organisation. */
  containerTags?: string[];
  expiresInDays?: number;
  permission?: Permission;
}

/** What key lists show: never the hash, only the prefix. */
export interface KeyView {
  id: string;
  name: string;
  prefix: string;
  type: 'root' | 'scoped';
  permission: Permission;
  containerTag?: string;
  containerTags: string[] | null;
  createdAt: string;
  expiresAt: string | null;
  enabled: boolean;
  revokedAt: string | null;
  rateLimit: { max: number; windowMs: number } | null;
  /** Expires within the first expiry-notice lead time (default 7 days). */
  expiresSoon: boolean;
  expiryNotices: string[];
  /** Set for an OAuth grant of an MCP client (its tokens act with these tags and permission). */
  oauthClient?: { id: string; name: string };
}

/** API keys of an organisation: scoped keys over HTTP (root keys only), any key from the admin CLI. */
export class KeyService {
  constructor(
    private readonly store: Store,
    /** Lead time of the earliest expiry notice, for the expiresSoon flag. */
    private readonly noticeLeadMs: number = 7 * DAY_MS,
  ) {}

  /** POST /v3/auth/scoped-key: a key limited to one container tag and the content endpoints. */
  async createScopedKey(actor: Actor, input: ScopedKeyInput) {
    requireRoot(actor, 'create API keys');
    const now = new Date();
    const key = generateKey('sm_');
    const record = newKeyRecord({
      orgId: actor.orgId,
      name: input.name ?? `scoped_${input.containerTag}`,
      key,
      kind: 'scoped',
      now: now.toISOString(),
      containerTags: [input.containerTag],
      expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString() : null,
      rateLimitMax: input.rateLimitMax ?? SCOPED_KEY_DEFAULT_RATE_LIMIT.max,
      rateLimitWindowMs: input.rateLimitTimeWindow ?? SCOPED_KEY_DEFAULT_RATE_LIMIT.windowMs,
    });
    await this.store.accounts.insertApiKey(record);
    return {
      key,
      id: record.id,
      name: record.name,
      containerTag: input.containerTag,
      expiresAt: record.expiresAt,
      allowedEndpoints: [...SCOPED_KEY_ENDPOINTS],
    };
  }

  /** A root or scoped key for an organisation (admin CLI); the key is returned once. */
  async createKey(orgId: string, input: KeyInput): Promise<{ key: string; record: ApiKeyRecord }> {
    if (!(await this.store.accounts.getOrganization(orgId))) throw createError('ORGANIZATION_NOT_FOUND', [orgId]);
    const now = new Date();
    const key = generateKey('sm_');
    const scoped = input.containerTags && input.containerTags.length > 0;
    const record = newKeyRecord({
      orgId,
      name: input.name,
      key,
      kind: scoped ? 'scoped' : 'root',
      now: now.toISOString(),
      containerTags: scoped ? [...new Set(input.containerTags)] : null,
      permission: input.permission ?? 'write',
      expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString() : null,
      ...(scoped ? { rateLimitMax: SCOPED_KEY_DEFAULT_RATE_LIMIT.max, rateLimitWindowMs: SCOPED_KEY_DEFAULT_RATE_LIMIT.windowMs } : {}),
    });
    await this.store.accounts.insertApiKey(record);
    return { key, record };
  }

  async list(actor: Actor): Promise<KeyView[]> {
    requireRoot(actor, 'list API keys');
    return this.listForOrg(actor.orgId);
  }

  /** API keys, then the OAuth grants of MCP clients (listed and revoked like keys). */
  async listForOrg(orgId: string): Promise<KeyView[]> {
    const [keys, grants] = await Promise.all([this.store.accounts.listApiKeys(orgId), this.store.agentAccess.listOAuthGrants(orgId)]);
    return [...keys.map((k) => this.view(k)), ...grants.map((g) => grantView(g))];
  }

  /** Revokes a key of the caller's organisation; it gets 401 from then on. */
  async revoke(actor: Actor, id: string): Promise<void> {
    requireRoot(actor, 'revoke API keys');
    const grant = await this.store.agentAccess.getOAuthGrant(id, actor.orgId);
    if (grant) {
      if (!grant.revokedAt) await this.store.agentAccess.revokeOAuthGrant(id, new Date().toISOString());
      return;
    }
    const key = await this.store.accounts.getApiKey(id, actor.orgId);
    if (!key) throw createError('KEY_NOT_FOUND');
    if (!key.revokedAt) await this.store.accounts.updateApiKey(id, { revokedAt: new Date().toISOString() });
  }

  /** Revokes any key by id (admin CLI). */
  async revokeAny(id: string): Promise<ApiKeyRecord> {
    const key = await this.store.accounts.getApiKey(id);
    if (!key) throw createError('KEY_NOT_FOUND');
    return (await this.store.accounts.updateApiKey(id, { revokedAt: key.revokedAt ?? new Date().toISOString() }))!;
  }

  /** Enables a disabled key or disables an enabled one. */
  async toggle(actor: Actor, id: string): Promise<{ enabled: boolean }> {
    requireRoot(actor, 'change API keys');
    const key = await this.store.accounts.getApiKey(id, actor.orgId);
    if (!key || key.revokedAt) throw createError('KEY_NOT_FOUND');
    const updated = await this.store.accounts.updateApiKey(id, { enabled: !key.enabled });
    return { enabled: updated!.enabled };
  }

  /** GET /v3/session: who the caller is. */
  async session(actor: Actor) {
    const org = await this.store.accounts.getOrganization(actor.orgId);
    const scoped = actor.containerTags !== null;
    return {
      user: { id: actor.keyId },
      org: org ? { id: org.id, name: org.name, slug: org.slug } : { id: actor.orgId, name: null, slug: null },
      role: scoped ? 'member' : 'owner',
      accessType: scoped ? 'restricted' : 'full',
      keyType: actor.keyKind,
      containerTags: actor.containerTags ? actor.containerTags.map((t) => ({ containerTag: t, permission: actor.permission })) : null,
      scope: {
        type: scoped ? 'scoped' : 'full',
        permission: actor.permission,
        ...(actor.containerTags ? { tag: actor.containerTags[0], tags: [...actor.containerTags] } : {}),
        ...(actor.rateLimit ? { rateLimit: { max: actor.rateLimit.max, windowMs: actor.rateLimit.windowMs } } : {}),
        expires: actor.expiresAt,
      },
      ...(scoped ? { allowedEndpoints: [...SCOPED_KEY_ENDPOINTS] } : {}),
    };
  }

  view(k: ApiKeyRecord): KeyView {
    const expiresSoon = k.expiresAt !== null && !k.revokedAt && Date.parse(k.expiresAt) - Date.now() <= this.noticeLeadMs;
    return {
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      type: k.kind,
      permission: k.permission,
      ...(k.containerTags?.length === 1 ? { containerTag: k.containerTags[0] } : {}),
      containerTags: k.containerTags,
      createdAt: k.createdAt,
      expiresAt: k.expiresAt,
      enabled: k.enabled,
      revokedAt: k.revokedAt,
      rateLimit: k.rateLimitMax !== null ? { max: k.rateLimitMax, windowMs: k.rateLimitWindowMs ?? 60_000 } : null,
      expiresSoon,
      expiryNotices: k.expiryNotices,
    };
  }
}

/** An OAuth grant as a key-list entry: its tokens expire with the refresh token, unless revoked first. */
function grantView(g: OAuthGrantRecord): KeyView {
  return {
    id: g.id,
    name: `OAuth: ${g.clientName}`,
    prefix: 'mnemo_a',
    type: g.containerTags ? 'scoped' : 'root',
    permission: g.permission,
    ...(g.containerTags?.length === 1 ? { containerTag: g.containerTags[0] } : {}),
    containerTags: g.containerTags,
    createdAt: g.createdAt,
    expiresAt: g.refreshExpiresAt,
    enabled: g.revokedAt === null,
    revokedAt: g.revokedAt,
    rateLimit: g.rateLimitMax !== null ? { max: g.rateLimitMax, windowMs: g.rateLimitWindowMs ?? 60_000 } : null,
    expiresSoon: false,
    expiryNotices: [],
    oauthClient: { id: g.clientId, name: g.clientName },
  };
}
