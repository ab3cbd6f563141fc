import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../core/logger.js';
import type { Store } from '../storage/store.js';
import type { ApiKeyRecord, KeyKind, Permission } from '../core/types.js';
import type { Actor } from '../core/actor.js';

export const DEFAULT_ORG_ID = 'org_default';
export const ROOT_KEY_FILE = 'root-api-key';
/** Name of the root key that MNEMO_API_KEY (or the generated key file) configures. */
export const ROOT_KEY_NAME = 'root';

/** Keys are stored as their SHA-256: a leaked database does not leak usable keys. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new random key: 240 bits, base64url. Scoped and CLI keys start with "sm_" (what official clients expect). */
export function generateKey(prefix = 'sm_'): string {
  return `${prefix}${randomBytes(30).toString('base64url')}`;
}

/** Characters of a key kept for recognising it in lists and logs: short and fixed, so a key is never half-revealed. */
export const KEY_PREFIX_LENGTH = 7;

export function keyPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX_LENGTH);
}

/**
 * Makes sure the default organisation and the root key exist. The key comes from MNEMO_API_KEY, or is generated
 * once into `<dataDir>/root-api-key` (mode 0600) and printed on that first start only.
 */
export async function ensureRootKey(store: Store, opts: { rootApiKey: string | undefined; dataDir: string | null }, logger: Logger, print: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<void> {
  const now = new Date().toISOString();
  if (!(await store.accounts.getOrganization(DEFAULT_ORG_ID))) {
    await store.accounts.upsertOrganization({ id: DEFAULT_ORG_ID, name: 'Default organization', slug: 'default', createdAt: now });
  }
  let key = opts.rootApiKey;
  if (!key && opts.dataDir) {
    const file = path.join(opts.dataDir, ROOT_KEY_FILE);
    if (fs.existsSync(file)) {
      key = fs.readFileSync(file, 'utf8').trim();
    } else {
      key = generateKey('mnemo_');
      fs.mkdirSync(opts.dataDir, { recursive: true });
      fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
      print(`Generated root API key (stored in ${file}): ${key}`);
    }
  }
  if (!key) return;
  const keyHash = hashKey(key);
  const existing = await store.accounts.findApiKeyByHash(keyHash);
  if (!existing) {
    await store.accounts.insertApiKey(newKeyRecord({ orgId: DEFAULT_ORG_ID, name: ROOT_KEY_NAME, key, kind: 'root', now }));
    logger.info('root API key registered', { prefix: keyPrefix(key) });
  } else if (existing.revokedAt) {
    // An operator rolled back to a key that an earlier rotation retired: the configured key is the root key.
    await store.accounts.updateApiKey(existing.id, { revokedAt: null, enabled: true });
  }
  // Rotation: the configured root key replaces every earlier one. Extra keys for a rollover are created with the
  // admin CLI (`key create --org org_default`), which this never retires.
  for (const k of await store.accounts.listApiKeys(DEFAULT_ORG_ID)) {
    if (k.name === ROOT_KEY_NAME && k.kind === 'root' && k.keyHash !== keyHash && !k.revokedAt) {
      await store.accounts.updateApiKey(k.id, { revokedAt: now });
      logger.warn('previous root API key retired (MNEMO_API_KEY changed)', { prefix: k.prefix });
    }
  }
}

export interface NewKeyOptions {
  orgId: string;
  name: string;
  key: string;
  kind: KeyKind;
  now: string;
  permission?: Permission;
  containerTags?: string[] | null;
  expiresAt?: string | null;
  rateLimitMax?: number | null;
  rateLimitWindowMs?: number | null;
}

/** The stored record of a new key (its hash and a short prefix; the key itself is never stored). */
export function newKeyRecord(o: NewKeyOptions): ApiKeyRecord {
  const keyHash = hashKey(o.key);
  return {
    id: `key_${keyHash.slice(0, 16)}`,
    orgId: o.orgId,
    name: o.name,
    keyHash,
    prefix: keyPrefix(o.key),
    kind: o.kind,
    permission: o.permission ?? 'write',
    containerTags: o.containerTags ?? null,
    expiresAt: o.expiresAt ?? null,
    enabled: true,
    rateLimitMax: o.rateLimitMax ?? null,
    rateLimitWindowMs: o.rateLimitWindowMs ?? null,
    expiryNotices: [],
    createdAt: o.now,
    revokedAt: null,
  };
}

/** What authenticated a caller, for whoAmI and logs. */
export interface Principal {
  kind: 'api-key' | 'oauth';
  /** The key's name, or the OAuth client's. */
  name: string;
}

/** Why a presented key is not accepted, for logs; callers answer 401 whatever the reason. */
export type KeyRejection = 'missing' | 'unknown' | 'revoked' | 'disabled' | 'expired';

/** Resolves a presented key to the caller, or the reason it is refused (unknown, revoked, disabled or expired). */
export async function authenticate(store: Store, key: string | undefined, now = Date.now()): Promise<{ actor: Actor; key: ApiKeyRecord; principal: Principal } | { rejected: KeyRejection }> {
  if (!key || key.length > 512) return { rejected: 'missing' };
  const presented = hashKey(key);
  const record = await store.accounts.findApiKeyByHash(presented);
  // The lookup is by digest; the digests are compared once more in constant time.
  if (!record || !timingSafeEqual(Buffer.from(record.keyHash, 'hex'), Buffer.from(presented, 'hex'))) return { rejected: 'unknown' };
  if (record.revokedAt) return { rejected: 'revoked' };
  if (!record.enabled) return { rejected: 'disabled' };
  if (record.expiresAt && Date.parse(record.expiresAt) <= now) return { rejected: 'expired' };
  return { actor: actorOf(record), key: record, principal: { kind: 'api-key', name: record.name } };
}

/** Verifies OAuth access tokens (services/oauth.ts); absent = API keys only. */
export interface AccessTokenVerifier {
  /** Whether the credential has the shape of an access token (so it is not looked up as an API key). */
  isAccessToken(token: string): boolean;
  verify(token: string): Promise<{ actor: Actor; principal: Principal } | { rejected: KeyRejection }>;
}

/**
 * The authentication service the edges call: credential in, actor out. API keys work everywhere; OAuth access
 * tokens only on the resource they are bound to (audience 'mcp').
 */
export class AuthService {
  constructor(
    private readonly store: Store,
    private readonly tokens?: AccessTokenVerifier,
  ) {}

  async authenticate(key: string | undefined, audience: 'api' | 'mcp' = 'api'): Promise<{ actor: Actor; principal: Principal } | { rejected: KeyRejection }> {
    if (key && this.tokens?.isAccessToken(key)) return audience === 'mcp' ? this.tokens.verify(key) : { rejected: 'unknown' };
    return authenticate(this.store, key);
  }
}

export function actorOf(record: ApiKeyRecord): Actor {
  return {
    orgId: record.orgId,
    keyId: record.id,
    keyKind: record.kind,
    containerTags: record.containerTags,
    permission: record.permission,
    rateLimit: record.rateLimitMax !== null ? { max: record.rateLimitMax, windowMs: record.rateLimitWindowMs ?? 60_000 } : null,
    expiresAt: record.expiresAt,
  };
}
