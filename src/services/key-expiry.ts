import { errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { createMailer, type Mailer } from '../providers/mailer.js';
import { startIntervalJob, type IntervalJob } from '../runner/interval-job.js';
import type { Config } from '../core/config.js';
import type { Store } from '../storage/store.js';
import type { ApiKeyRecord } from '../core/types.js';

const DAY_MS = 86_400_000;

export interface KeyExpiryDeps {
  store: Store;
  logger: Logger;
  /** Lead times in days (MNEMO_KEY_EXPIRY_NOTICE_DAYS). */
  noticeDays: readonly number[];
  /** Email notices besides the log line (MNEMO_SMTP_URL); absent = log only. */
  mailer?: Mailer | undefined;
  recipients?: readonly string[];
}

/** One notice sent: the key (never its secret), and the lead times it settled. */
export interface KeyExpiryNotice {
  keyId: string;
  prefix: string;
  name: string;
  orgId: string;
  expiresAt: string;
  /** Lead-time labels recorded on the key by this notice (e.g. ["7d"], or ["7d", "1d"] for a key created 12 h before expiry). */
  leads: string[];
  emailed: boolean;
}

/** How a lead time is recorded in ApiKeyRecord.expiryNotices. */
export function leadLabel(days: number): string {
  return `${days}d`;
}

/** The largest lead time in ms: keys expiring within it count as "expiring soon". */
export function noticeLeadMs(noticeDays: readonly number[]): number {
  return Math.max(0, ...noticeDays) * DAY_MS;
}

/**
 * Sends the expiry notices that are due and records them on the key, so each goes out once whatever process or
 * restart runs the next check. A key that passed several thresholds since the last check (created late, or the
 * service was down) gets one notice, for the nearest. Expired, revoked and disabled keys get none (they answer 401).
 */
export async function checkKeyExpiry(deps: KeyExpiryDeps, now = Date.now()): Promise<KeyExpiryNotice[]> {
  const leads = [...new Set(deps.noticeDays)].sort((a, b) => b - a);
  if (leads.length === 0) return [];
  const keys = await deps.store.accounts.listKeysExpiringBefore(new Date(now + noticeLeadMs(leads)).toISOString());
  const sent: KeyExpiryNotice[] = [];
  for (const key of keys) {
    const remainingMs = Date.parse(key.expiresAt!) - now;
    if (remainingMs <= 0 || key.revokedAt || !key.enabled) continue;
    const due = leads.filter((d) => remainingMs <= d * DAY_MS && !key.expiryNotices.includes(leadLabel(d))).map(leadLabel);
    if (due.length === 0) continue;
    try {
      const emailed = await notify(deps, key, remainingMs);
      await deps.store.accounts.updateApiKey(key.id, { expiryNotices: [...key.expiryNotices, ...due] });
      sent.push({ keyId: key.id, prefix: key.prefix, name: key.name, orgId: key.orgId, expiresAt: key.expiresAt!, leads: due, emailed });
    } catch (err) {
      // Not recorded: the next check tries again.
      deps.logger.error('could not send an API key expiry notice; will retry', { keyId: key.id, error: errorMessage(err) });
    }
  }
  return sent;
}

/** The log line always; the email when a mailer is configured. Names the key by id, name and prefix, never the key. */
async function notify(deps: KeyExpiryDeps, key: ApiKeyRecord, remainingMs: number): Promise<boolean> {
  const org = await deps.store.accounts.getOrganization(key.orgId);
  const inWords = describeRemaining(remainingMs);
  deps.logger.warn('API key expires soon', {
    keyId: key.id,
    prefix: key.prefix,
    name: key.name,
    orgId: key.orgId,
    orgName: org?.name ?? null,
    expiresAt: key.expiresAt,
    expiresIn: inWords,
  });
  if (!deps.mailer || !deps.recipients?.length) return false;
  await deps.mailer.send({
    to: deps.recipients,
    subject: `Mnemo API key "${key.name}" (${key.prefix}...) expires ${inWords}`,
    text: [
      `The API key "${key.name}" of organisation ${org?.name ?? key.orgId} expires ${inWords}, at ${key.expiresAt}.`,
      '',
      `  key id:       ${key.id}`,
      `  prefix:       ${key.prefix}...`,
      `  organisation: ${key.orgId}${org ? ` (${org.name})` : ''}`,
      `  type:         ${key.kind}${key.containerTags ? ` (container tags: ${key.containerTags.join(', ')})` : ''}`,
      `  expires at:   ${key.expiresAt}`,
      '',
      'After that it is refused (401). To replace it, create a new key before then:',
      `  npm run admin -- key create --org ${key.orgId}${key.containerTags ? key.containerTags.map((t) => ` --tag ${t}`).join('') : ''}`,
    ].join('\n'),
  });
  return true;
}

function describeRemaining(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  if (hours < 1) return 'in less than an hour';
  if (hours < 48) return `in ${hours} hour${hours === 1 ? '' : 's'}`;
  return `in ${Math.round(hours / 24)} days`;
}

/**
 * Embedded mode's key-expiry job: checkKeyExpiry on an in-process timer (Temporal mode runs it as a Schedule, see
 * temporal/key-expiry-schedule.ts). The notices sent are recorded in the store, so a restart neither repeats nor
 * skips one.
 */
export function startKeyExpiryTimer(config: Readonly<Config>, deps: { store: Store; logger: Logger }): IntervalJob {
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
