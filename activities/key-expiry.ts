import type { PipelineDeps } from '../src/pipeline/deps.js';
import { createMailer } from '../src/providers/mailer.js';
import { checkKeyExpiry, type KeyExpiryNotice } from '../src/services/key-expiry.js';

/** The activity of the key-expiry Schedule: the same check the embedded runner's timer runs. */
export function createKeyExpiryActivities(deps: Pick<PipelineDeps, 'store' | 'config' | 'logger'>) {
  return {
    async notifyExpiringKeys(): Promise<KeyExpiryNotice[]> {
      const mailer = createMailer(deps.config.notifications);
      try {
        return await checkKeyExpiry({
          store: deps.store,
          logger: deps.logger,
          noticeDays: deps.config.keyExpiry.noticeDays,
          mailer,
          recipients: deps.config.notifications.recipients,
        });
      } finally {
        mailer?.close();
      }
    },
  };
}

export type KeyExpiryActivities = ReturnType<typeof createKeyExpiryActivities>;
