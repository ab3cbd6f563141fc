import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger.js';
import type { Store } from '../storage/store.js';
import type { ApiKeyRecord } from '../types.js';

export const DEFAULT_ORG_ID = 'org_default';
export const ROOT_KEY_FILE = 'root-api-key';

/** Keys are stored as their SHA-256: a leaked database does not leak usable keys. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateKey(): string {
  return `mnemo_${randomBytes(24).toString('base64url')}`;
}

/**
 * Makes sure the default organisation and the root key exist. The key comes from MNEMO_API_KEY, or is generated
 * once into `<dataDir>/root-api-key` (mode 0600) and printed on that first start only.
 */
export async function ensureRootKey(
  store: Store,
  opts: { rootApiKey: string | undefined; dataDir: string | null },
  logger: Logger,
  print: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<void> {
  const now = new Date().toISOString();
  if (!(await store.getOrganization(DEFAULT_ORG_ID))) {
    await store.upsertOrganization({ id: DEFAULT_ORG_ID, name: 'Default organization', slug: 'default', createdAt: now });
  }
  let key = opts.rootApiKey;
  if (!key && opts.dataDir) {
    const file = path.join(opts.dataDir, ROOT_KEY_FILE);
    if (fs.existsSync(file)) {
      key = fs.readFileSync(file, 'utf8').trim();
    } else {
      key = generateKey();
      fs.mkdirSync(opts.dataDir, { recursive: true });
      fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
      print(`Generated root API key (stored in ${file}): ${key}`);
    }
  }
  if (!key) return;
  const keyHash = hashKey(key);
  if (!(await store.findApiKeyByHash(keyHash))) {
    await store.insertApiKey({
      id: `key_${keyHash.slice(0, 12)}`,
      orgId: DEFAULT_ORG_ID,
      name: 'root',
      keyHash,
      prefix: key.slice(0, 10),
      containerTags: null,
      createdAt: now,
      revokedAt: null,
    });
    logger.info('root API key registered', { prefix: key.slice(0, 10) });
  }
}

/** Resolves a presented key to its record, or null when unknown or revoked. */
export async function authenticate(store: Store, key: string | undefined): Promise<ApiKeyRecord | null> {
  if (!key || key.length > 512) return null;
  const record = await store.findApiKeyByHash(hashKey(key));
  return record && !record.revokedAt ? record : null;
}
