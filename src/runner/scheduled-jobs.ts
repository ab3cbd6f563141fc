import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { createMailer } from '../providers/mailer.js';
import { checkKeyExpiry } from '../services/key-expiry.js';
import type { Store } from '../storage/store.js';
import { startIntervalJob, type IntervalJob } from './interval-job.js';

/**
 * The periodic jobs (today: API key expiry notices). Embedded mode runs them on a timer in this process; Temporal
 * mode as Schedules, created by the processes that serve the API (the workers run them). Their state is in the store,
 * so a restart neither repeats nor skips a notice.
 */
export async function startScheduledJobs(config: Readonly<Config>, deps: { store: Store; logger: Logger }): Promise<IntervalJob | undefined> {
  if (config.temporal.address) {
    if (config.role === 'worker') return undefined;
    const { startKeyExpirySchedule } = await import('../temporal/key-expiry-schedule.js');
    return startKeyExpirySchedule(config, deps.logger);
  }
  const mailer = createMailer(config.notifications);
  const job = startIntervalJob(
    'key expiry notices',
    () =>
      checkKeyExpiry({
        store: deps.store,
        logger: deps.logger,
        noticeDays: config.keyExpiry.noticeDays,
        mailer,
        recipients: config.notifications.recipients,
      }),
    { everyMs: config.keyExpiry.checkEveryMs, logger: deps.logger },
  );
  return {
    async stop() {
      await job.stop();
      mailer?.close();
    },
  };
}
