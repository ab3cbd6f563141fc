import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { startFakeGmail, type FakeGmail } from '../helpers/fake-gmail.js';
import { startFakeOAuth, type FakeOAuth } from '../helpers/fake-oauth.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([500, 200]);
  page.drawText(text, { x: 30, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

describe('connections: gmail through OAuth against local fakes, through the official client', () => {
  let oauth: FakeOAuth;
  let gmail: FakeGmail;
  let runtime: TestRuntime;
  let api: http.Server;
  let client: Supermemory;

  const idle = async () => {
    await (runtime.syncRunner as EmbeddedSyncRunner).idle();
    await runtime.settle();
  };
  const docs = async (tag: string) => {
    const list = await client.connections.listDocuments('gmail', { containerTags: [tag] });
    return new Map(await Promise.all(list.map(async (d) => [d.title ?? '', await client.documents.get(d.id)] as const)));
  };
  const connect = async (tag: string, metadata?: Record<string, string>) => {
    const created = await client.connections.create('gmail', { containerTags: [tag], redirectUrl: 'https://app.example/mail', ...(metadata ? { metadata } : {}) });
    const callback = await fetch(await oauth.consent(created.authLink), { redirect: 'manual' });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(`https://app.example/mail?connectionId=${created.id}&provider=gmail`);
    await idle();
    return created.id;
  };

  beforeAll(async () => {
    oauth = await startFakeOAuth({ requirePkce: true });
    gmail = await startFakeGmail((bearer) => oauth.isValid(bearer));
    gmail.addMessage({
      id: 'm1',
      threadId: 't-offsite',
      from: 'Bob Stone <bob@example.com>',
      to: 'ana@example.com',
      cc: 'team@example.com',
      subject: 'Offsite planning',
      plain: 'Can we hold the offsite in Porto on 12 March?',
      html: '<p>HTML VERSION of the offsite mail</p>',
    });
    gmail.addMessage({ id: 'm2', threadId: 't-offsite', from: 'Ana Reyes <ana@example.com>', to: 'bob@example.com', subject: 'Re: Offsite planning', html: '<p>Porto works. <b>Book the venue</b> by Friday.</p>' });
    gmail.addMessage({
      id: 'm3',
      threadId: 't-invoice',
      from: 'Billing <billing@vendor.example>',
      to: 'ana@example.com',
      subject: 'Invoice 2231',
      plain: 'Your invoice is attached.',
      attachments: [{ filename: 'invoice-2231.pdf', mimeType: 'application/pdf', data: await pdf('Invoice 2231: total due 4,380 EUR by 30 November.') }],
    });
    gmail.addMessage({ id: 'm4', threadId: 't-spam', labelIds: ['SPAM'], from: 'win@lottery.example', to: 'ana@example.com', subject: 'You won', plain: 'Claim your prize.' });
    gmail.addMessage({ id: 'm5', threadId: 't-sent', labelIds: ['SENT'], from: 'ana@example.com', to: 'carol@example.com', subject: 'Sent only', plain: 'A mail Ana sent.' });
    runtime = await createTestRuntime({
      GOOGLE_CLIENT_ID: oauth.clientId,
      GOOGLE_CLIENT_SECRET: oauth.clientSecret,
      GOOGLE_OAUTH_URL: `${oauth.url}/authorize`,
      GOOGLE_TOKEN_URL: `${oauth.url}/token`,
      GOOGLE_REVOKE_URL: `${oauth.url}/revoke`,
      GMAIL_API_URL: gmail.url,
      MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters',
    });
    api = http.createServer(runtime.app.callback());
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, maxRetries: 0 });
  }, 60_000);
  afterAll(async () => {
    await runtime?.close();
    await new Promise((r) => api?.close(r));
    await gmail?.close();
    await oauth?.close();
  });

  it('authorises (PKCE, read-only scope) and syncs each thread as a document and each attachment through the extractors', async () => {
    await connect('mail', { labels: 'INBOX' });
    expect(oauth.authorizeRequests.at(-1)!.get('scope')).toBe('https://www.googleapis.com/auth/gmail.readonly');
    const byTitle = await docs('mail');
    expect([...byTitle.keys()].sort()).toEqual(['Invoice 2231', 'Offsite planning', 'invoice-2231.pdf']);
    const offsite = byTitle.get('Offsite planning')!.content!;
    expect(offsite).toContain('From: Bob Stone <bob@example.com>');
    expect(offsite).toContain('Cc: team@example.com');
    expect(offsite).toContain('Date: 2026-11-02T10:00:00.000Z');
    // multipart/alternative: the text/plain part; an HTML-only message as markdown.
    expect(offsite).toContain('Can we hold the offsite in Porto on 12 March?');
    expect(offsite).not.toContain('HTML VERSION');
    expect(offsite).toContain('Porto works. **Book the venue** by Friday.');
    expect(offsite.indexOf('Bob Stone')).toBeLessThan(offsite.indexOf('Ana Reyes'));
    expect(byTitle.get('Invoice 2231')!.content).toContain('Attachments: invoice-2231.pdf');
    expect(byTitle.get('invoice-2231.pdf')!.content).toContain('total due 4,380 EUR');
    const hits = await client.search.documents({ q: 'where is the offsite', containerTags: ['mail'] });
    expect(hits.results[0]?.title).toBe('Offsite planning');
  }, 60_000);

  it('keeps current from the mailbox history: replies, new threads, deletions and archived threads', async () => {
    const lists = gmail.calls.get('threads.list') ?? 0;
    const attachmentReads = gmail.calls.get('attachments.get') ?? 0;
    gmail.addMessage({ id: 'm6', threadId: 't-offsite', from: 'Bob Stone <bob@example.com>', to: 'ana@example.com', subject: 'Re: Offsite planning', plain: 'Venue booked: Casa da Música, room 2.' });
    gmail.addMessage({ id: 'm7', threadId: 't-hiring', from: 'Dana <dana@example.com>', to: 'ana@example.com', subject: 'Hiring plan', plain: 'Two SRE roles open in Lisbon.' });
    gmail.setLabels('m3', ['INBOX', 'STARRED']); // a label change re-reads the thread, its attachment is unchanged
    await client.connections.import('gmail', { containerTags: ['mail'] });
    await idle();
    let byTitle = await docs('mail');
    expect([...byTitle.keys()].sort()).toEqual(['Hiring plan', 'Invoice 2231', 'Offsite planning', 'invoice-2231.pdf']);
    expect(byTitle.get('Offsite planning')!.content).toContain('Casa da Música, room 2');
    expect(gmail.calls.get('threads.list')).toBe(lists);
    expect(gmail.calls.get('history.list')).toBeGreaterThan(0);
    expect(gmail.calls.get('attachments.get')).toBe(attachmentReads);

    gmail.deleteThread('t-hiring');
    gmail.setLabels('m3', ['STARRED']); // archived: no longer in INBOX, so neither the thread nor its attachment syncs
    await client.connections.import('gmail', { containerTags: ['mail'] });
    await idle();
    byTitle = await docs('mail');
    expect([...byTitle.keys()].sort()).toEqual(['Offsite planning']);
  }, 60_000);

  it('lists again when the history has expired, and filters by a search query', async () => {
    gmail.setLabels('m3', ['INBOX']);
    gmail.expireHistory();
    const lists = gmail.calls.get('threads.list') ?? 0;
    await client.connections.import('gmail', { containerTags: ['mail'] });
    await idle();
    expect(gmail.calls.get('threads.list')).toBeGreaterThan(lists);
    expect([...(await docs('mail')).keys()].sort()).toEqual(['Invoice 2231', 'Offsite planning', 'invoice-2231.pdf']);

    await connect('mail-bob', { query: 'from:bob' });
    expect([...(await docs('mail-bob')).keys()]).toEqual(['Offsite planning']);
    await expect(client.connections.create('gmail', { metadata: { labels: 'IN BOX!' } })).rejects.toMatchObject({ status: 400 });
  }, 60_000);
});
