import type { Config } from '../core/config.js';
import type { Logger } from '../core/logger.js';
import { ensureRootKey } from '../services/auth.js';
import { noticeLeadMs } from '../services/key-expiry.js';
import { KeyService } from '../services/keys.js';
import { OAuthService } from '../services/oauth.js';
import { OrganizationService } from '../services/organizations.js';
import { openStore } from '../storage/open-store.js';

/**
 * Composition root of the admin CLI, the same in both modes: the services it needs over the server's store, without
 * HTTP, runner or models.
 */
export async function createAdminServices(config: Readonly<Config>, logger: Logger) {
  const store = openStore(config, logger);
  await store.migrate();
  // The default organisation exists as the server makes it, but no root key is registered, generated or retired
  // here: that stays with the server and MNEMO_API_KEY.
  await ensureRootKey(store, { rootApiKey: undefined, dataDir: null }, logger);
  const keys = new KeyService(store, noticeLeadMs(config.keyExpiry.noticeDays));
  return { keys, organizations: new OrganizationService(store, keys), oauth: new OAuthService(store, config.oauth), close: () => store.close() };
}
