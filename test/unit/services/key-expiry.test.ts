import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/core/config.js';
import { createLogger } from '../../../src/core/logger.js';
import type { Mailer, MailMessage } from '../../../src/providers/mailer.js';
import { newKeyRecord } from '../../../src/services/auth.js';
import { checkKeyExpiry, noticeLeadMs, type KeyExpiryDeps } from '../../../src/services/key-expiry.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';

const DAY = 86_400_000;
const T0 = Date.parse('2030-01-01T00:00:00.000Z');
const ORG = 'org_acme';

describe('checkKeyExpiry (fake clock)', () => {
  let store: SqliteStore;
  let logs: Array<Record<string, unknown>>;
  let mails: MailMessage[];
  let deps: KeyExpiryDeps;

  async function addKey(name: string, expiresAt: number | null, patch: { revoked?: boolean; disabled?: boolean } = {}) {
    const key = `sm_secret_${name}_0123456789abcdef`;
    const record = newKeyRecord({ orgId: ORG, name, key, kind: 'scoped', now: new Date(T0).toISOString(), containerTags: ['t'], expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString() });
    await store.accounts.insertApiKey(record);
    if (patch.revoked) await store.accounts.updateApiKey(record.id, { revokedAt: new Date(T0).toISOString() });
    if (patch.disabled) await store.accounts.updateApiKey(record.id, { enabled: false });
    return { key, record };
  }

  beforeEach(async () => {
    store = new SqliteStore(':memory:');
    await store.migrate();
    await store.accounts.upsertOrganization({ id: ORG, name: 'Acme', slug: 'acme', createdAt: new Date(T0).toISOString() });
    logs = [];
    mails = [];
    const mailer: Mailer = { send: async (m) => void mails.push(m), close: () => undefined };
    deps = {
      store,
      logger: createLogger('warn', (line) => logs.push(JSON.parse(line) as Record<string, unknown>)),
      noticeDays: [7, 1],
      mailer,
      recipients: ['ops@example.com'],
    };
  });

  it('sends the 7-day notice, then the 1-day notice, each once, and records them on the key', async () => {
    const { key, record } = await addKey('ci', T0 + 10 * DAY);
    expect(await checkKeyExpiry(deps, T0)).toEqual([]);
    expect(await checkKeyExpiry(deps, T0 + 2.9 * DAY)).toEqual([]);

    const first = await checkKeyExpiry(deps, T0 + 3.5 * DAY);
    expect(first).toEqual([{ keyId: record.id, prefix: record.prefix, name: 'ci', orgId: ORG, expiresAt: record.expiresAt, leads: ['7d'], emailed: true }]);
    expect((await store.accounts.getApiKey(record.id))!.expiryNotices).toEqual(['7d']);
    expect(await checkKeyExpiry(deps, T0 + 3.6 * DAY)).toEqual([]);
    expect(await checkKeyExpiry(deps, T0 + 8.9 * DAY)).toEqual([]);

    const second = await checkKeyExpiry(deps, T0 + 9.5 * DAY);
    expect(second.map((n) => n.leads)).toEqual([['1d']]);
    expect((await store.accounts.getApiKey(record.id))!.expiryNotices).toEqual(['7d', '1d']);
    expect(await checkKeyExpiry(deps, T0 + 9.9 * DAY)).toEqual([]);
    // Expired: it answers 401, no more notices.
    expect(await checkKeyExpiry(deps, T0 + 11 * DAY)).toEqual([]);

    expect(mails).toHaveLength(2);
    expect(logs.filter((l) => l.msg === 'API key expires soon')).toEqual([
      expect.objectContaining({ level: 'warn', keyId: record.id, prefix: record.prefix, name: 'ci', orgId: ORG, orgName: 'Acme', expiresAt: record.expiresAt, expiresIn: 'in 7 days' }),
      expect.objectContaining({ keyId: record.id, expiresIn: 'in 12 hours' }),
    ]);
    expect(JSON.stringify(logs)).not.toContain(key);
    expect(JSON.stringify(mails)).not.toContain(key);
  });

  it('a key that passed several thresholds at once gets one notice (the nearest) and both are recorded', async () => {
    const { record } = await addKey('late', T0 + 0.5 * DAY);
    const sent = await checkKeyExpiry(deps, T0);
    expect(sent.map((n) => n.leads)).toEqual([['7d', '1d']]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('in 12 hours');
    expect((await store.accounts.getApiKey(record.id))!.expiryNotices).toEqual(['7d', '1d']);
    expect(await checkKeyExpiry(deps, T0 + 0.2 * DAY)).toEqual([]);
  });

  it('ignores revoked, disabled, already expired and never-expiring keys', async () => {
    await addKey('revoked', T0 + 2 * DAY, { revoked: true });
    await addKey('disabled', T0 + 2 * DAY, { disabled: true });
    await addKey('expired', T0 - DAY);
    await addKey('forever', null);
    expect(await checkKeyExpiry(deps, T0)).toEqual([]);
    expect(mails).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('logs only when no mailer is configured', async () => {
    await addKey('ci', T0 + 3 * DAY);
    const sent = await checkKeyExpiry({ ...deps, mailer: undefined }, T0);
    expect(sent.map((n) => n.emailed)).toEqual([false]);
    expect(logs.map((l) => l.msg)).toEqual(['API key expires soon']);
  });

  it('a notice whose email fails is not recorded, and goes out at the next check', async () => {
    const { record } = await addKey('ci', T0 + 3 * DAY);
    const failing: Mailer = { send: () => Promise.reject(new Error('SMTP 451 try later')), close: () => undefined };
    expect(await checkKeyExpiry({ ...deps, mailer: failing }, T0)).toEqual([]);
    expect((await store.accounts.getApiKey(record.id))!.expiryNotices).toEqual([]);
    expect(logs.map((l) => l.msg)).toContain('could not send an API key expiry notice; will retry');
    expect((await checkKeyExpiry(deps, T0 + 60_000)).map((n) => n.leads)).toEqual([['7d']]);
    expect(mails).toHaveLength(1);
  });

  it('uses the configured lead times', async () => {
    await addKey('ci', T0 + 20 * DAY);
    expect(await checkKeyExpiry(deps, T0)).toEqual([]);
    expect((await checkKeyExpiry({ ...deps, noticeDays: [30, 3] }, T0)).map((n) => n.leads)).toEqual([['30d']]);
  });
});

describe('key expiry configuration', () => {
  it('defaults to notices 7 and 1 days ahead, checked hourly, log only', () => {
    const c = loadConfig({});
    expect(c.keyExpiry).toEqual({ noticeDays: [7, 1], checkEveryMs: 3_600_000 });
    expect(c.notifications).toEqual({ smtpUrl: undefined, from: 'mnemo@localhost', recipients: [] });
    expect(noticeLeadMs(c.keyExpiry.noticeDays)).toBe(7 * DAY);
  });

  it('parses lead times (largest first) and recipients', () => {
    const c = loadConfig({ MNEMO_KEY_EXPIRY_NOTICE_DAYS: '1, 14,3', MNEMO_SMTP_URL: 'smtp://u:p@mail:2525', MNEMO_NOTIFY_EMAIL: 'a@x.org, b@y.org' });
    expect(c.keyExpiry.noticeDays).toEqual([14, 3, 1]);
    expect(c.notifications.recipients).toEqual(['a@x.org', 'b@y.org']);
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ MNEMO_KEY_EXPIRY_NOTICE_DAYS: '7,0' })).toThrow(/MNEMO_KEY_EXPIRY_NOTICE_DAYS/);
    expect(() => loadConfig({ MNEMO_KEY_EXPIRY_NOTICE_DAYS: 'weekly' })).toThrow(ConfigError);
    expect(() => loadConfig({ MNEMO_KEY_EXPIRY_CHECK_MS: '10' })).toThrow(/MNEMO_KEY_EXPIRY_CHECK_MS/);
    expect(() => loadConfig({ MNEMO_SMTP_URL: 'http://mail', MNEMO_NOTIFY_EMAIL: 'a@x.org' })).toThrow(/MNEMO_SMTP_URL/);
    expect(() => loadConfig({ MNEMO_NOTIFY_EMAIL: 'not-an-address', MNEMO_SMTP_URL: 'smtp://mail' })).toThrow(/MNEMO_NOTIFY_EMAIL/);
    expect(() => loadConfig({ MNEMO_SMTP_URL: 'smtp://mail' })).toThrow(/MNEMO_NOTIFY_EMAIL/);
    expect(() => loadConfig({ MNEMO_NOTIFY_EMAIL: 'a@x.org' })).toThrow(/MNEMO_SMTP_URL/);
  });
});
