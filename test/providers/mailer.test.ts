import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../src/core/config.js';
import { createLogger } from '../../src/core/logger.js';
import { createMailer } from '../../src/providers/mailer.js';
import { newKeyRecord } from '../../src/services/auth.js';
import { checkKeyExpiry } from '../../src/services/key-expiry.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { freePort } from '../helpers/server-process.js';

interface Received {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** Bytes written as =XX (quoted-printable, RFC 2047 Q words) back to UTF-8 text. */
function unQuote(s: string): string {
  return Buffer.from(
    s.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

/** The subject and text of a raw message (header folding, encoded words and quoted-printable undone). */
function readMail(raw: string): { subject: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const subject = (/^Subject: (.*)$/m.exec(headers)?.[1] ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) => (enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : unQuote(text.replace(/_/g, ' '))));
  const body = raw.slice(split).trim();
  return { subject, body: /quoted-printable/i.test(headers) ? unQuote(body.replace(/=\r?\n/g, '')) : body };
}

describe('key expiry notices by email (local SMTP server)', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth: (auth, _session, cb) => (auth.username === 'mnemo' && auth.password === 's3cret' ? cb(null, { user: auth.username }) : cb(new Error('bad credentials'))),
      onData: (stream, session, cb) => {
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            raw,
          });
          cb();
        });
      },
      logger: false,
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('emails the notice with the key name, prefix and expiry, never the key', async () => {
    const config = loadConfig({
      MNEMO_SMTP_URL: `smtp://mnemo:s3cret@127.0.0.1:${port}`,
      MNEMO_SMTP_FROM: 'Mnemo <keys@mnemo.test>',
      MNEMO_NOTIFY_EMAIL: 'ops@example.com,security@example.com',
    });
    const store = new SqliteStore(':memory:');
    await store.migrate();
    await store.accounts.upsertOrganization({ id: 'org_acme', name: 'Acme', slug: 'acme', createdAt: new Date().toISOString() });
    const now = Date.now();
    const key = 'sm_THIS-IS-THE-SECRET-KEY-0123456789';
    const record = newKeyRecord({ orgId: 'org_acme', name: 'billing-bot', key, kind: 'scoped', now: new Date(now).toISOString(), containerTags: ['billing'], expiresAt: new Date(now + 5 * 86_400_000).toISOString() });
    await store.accounts.insertApiKey(record);

    const mailer = createMailer(config.notifications)!;
    try {
      const sent = await checkKeyExpiry({ store, logger: createLogger('silent'), noticeDays: config.keyExpiry.noticeDays, mailer, recipients: config.notifications.recipients }, now);
      expect(sent.map((n) => [n.keyId, n.emailed])).toEqual([[record.id, true]]);
    } finally {
      mailer.close();
      await store.close();
    }

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.user).toBe('mnemo');
    expect(mail!.from).toBe('keys@mnemo.test');
    expect(mail!.to).toEqual(['ops@example.com', 'security@example.com']);
    const { subject, body } = readMail(mail!.raw);
    expect(subject).toBe('Mnemo API key "billing-bot" (sm_THIS...) expires in 5 days');
    expect(body).toContain(`The API key "billing-bot" of organisation Acme expires in 5 days, at ${record.expiresAt}.`);
    expect(body).toContain(`key id:       ${record.id}`);
    expect(body).toContain(`prefix:       ${record.prefix}...`);
    expect(body).toContain('npm run admin -- key create --org org_acme --tag billing');
    for (const text of [mail!.raw, subject, body]) expect(text).not.toContain('SECRET-KEY');
  });
});
