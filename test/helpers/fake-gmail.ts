import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Gmail API subset the gmail connector uses: users.getProfile, threads.list (labelIds, a `q` of
 * words and `from:`), threads.get format=full with nested MIME payloads, messages.get, messages.attachments.get
 * (attachment ids change on every read, as Gmail's do) and history.list (404 for a start older than the kept
 * history). Bearer tokens are checked with the fake OAuth server.
 */
export interface FakeMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  from: string;
  to: string;
  cc?: string;
  subject: string;
  date: number;
  plain?: string;
  html?: string;
  attachments?: { filename: string; mimeType: string; data: Buffer }[];
}

export interface FakeGmail {
  /** GMAIL_API_URL. */
  url: string;
  messages: Map<string, FakeMessage>;
  calls: Map<string, number>;
  addMessage(m: Omit<FakeMessage, 'date' | 'labelIds'> & { labelIds?: string[]; date?: number }): FakeMessage;
  deleteThread(threadId: string): void;
  setLabels(messageId: string, labelIds: string[]): void;
  /** Forgets history before now: a sync from an older history id gets 404. */
  expireHistory(): void;
  close(): Promise<void>;
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

export async function startFakeGmail(isValid: (bearer: string | undefined) => boolean): Promise<FakeGmail> {
  let history = 100;
  let minHistory = 0;
  const log: { id: number; threadId: string; messageId: string }[] = [];
  const threadHistory = new Map<string, number>();
  const calls = new Map<string, number>();
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  const attachmentIds = new Map<string, { messageId: string; index: number }>();
  const record = (m: { id: string; threadId: string }) => {
    history += 1;
    log.push({ id: history, threadId: m.threadId, messageId: m.id });
    threadHistory.set(m.threadId, history);
  };

  const payload = (m: FakeMessage) => {
    const headers = [
      { name: 'From', value: m.from },
      { name: 'To', value: m.to },
      ...(m.cc ? [{ name: 'Cc', value: m.cc }] : []),
      { name: 'Subject', value: m.subject },
      { name: 'Date', value: new Date(m.date).toUTCString() },
    ];
    const text = [
      ...(m.plain !== undefined
        ? [{ partId: '', mimeType: 'text/plain', filename: '', headers: [{ name: 'Content-Type', value: 'text/plain; charset="UTF-8"' }], body: { size: m.plain.length, data: b64(m.plain) } }]
        : []),
      ...(m.html !== undefined ? [{ partId: '', mimeType: 'text/html', filename: '', headers: [{ name: 'Content-Type', value: 'text/html; charset="UTF-8"' }], body: { size: m.html.length, data: b64(m.html) } }] : []),
    ];
    const body = text.length === 1 ? text[0]! : { partId: '', mimeType: 'multipart/alternative', filename: '', headers: [], body: { size: 0 }, parts: text.map((p, i) => ({ ...p, partId: `0.${i}` })) };
    const files = (m.attachments ?? []).map((a, i) => {
      const id = `ANGj${randomBytes(12).toString('hex')}`;
      attachmentIds.set(id, { messageId: m.id, index: i });
      return { partId: String(i + 1), mimeType: a.mimeType, filename: a.filename, headers: [], body: { size: a.data.byteLength, attachmentId: id } };
    });
    if (files.length === 0) return { ...body, headers: [...headers, ...(body.headers ?? [])] };
    return { partId: '', mimeType: 'multipart/mixed', filename: '', headers, body: { size: 0 }, parts: [{ ...body, partId: '0' }, ...files] };
  };
  const message = (m: FakeMessage) => ({ id: m.id, threadId: m.threadId, labelIds: m.labelIds, internalDate: String(m.date), historyId: String(threadHistory.get(m.threadId) ?? history), payload: payload(m) });
  const threadMessages = (threadId: string) => [...fake.messages.values()].filter((m) => m.threadId === threadId).sort((a, b) => a.date - b.date);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!isValid(req.headers.authorization)) return send(401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    const p = url.pathname.replace(/^\/users\/me/, '');
    const q = url.searchParams;
    if (p === '/profile') return send(200, { emailAddress: 'ana@example.com', historyId: String(history) });
    if (p === '/threads') {
      count('threads.list');
      const labels = q.getAll('labelIds');
      const words = (q.get('q') ?? '').split(/\s+/).filter(Boolean);
      const byThread = new Map<string, FakeMessage[]>();
      for (const m of fake.messages.values()) byThread.set(m.threadId, [...(byThread.get(m.threadId) ?? []), m]);
      const matching = [...byThread.entries()].filter(([, ms]) =>
        ms.some(
          (m) =>
            labels.every((l) => m.labelIds.includes(l)) &&
            !m.labelIds.includes('SPAM') &&
            !m.labelIds.includes('TRASH') &&
            words.every((w) => (w.startsWith('from:') ? m.from.toLowerCase().includes(w.slice(5).toLowerCase()) : `${m.subject} ${m.plain ?? ''} ${m.html ?? ''}`.toLowerCase().includes(w.toLowerCase()))),
        ),
      );
      const start = Number(q.get('pageToken') ?? 0);
      const size = 2; // small pages, so syncs page
      const page = matching.slice(start, start + size);
      return send(200, {
        threads: page.map(([id]) => ({ id, historyId: String(threadHistory.get(id)), snippet: '' })),
        ...(start + size < matching.length ? { nextPageToken: String(start + size) } : {}),
        resultSizeEstimate: matching.length,
      });
    }
    const thread = /^\/threads\/([^/]+)$/.exec(p);
    if (thread) {
      count('threads.get');
      const ms = threadMessages(decodeURIComponent(thread[1]!));
      if (ms.length === 0) return send(404, { error: { code: 404, message: 'Requested entity was not found.' } });
      return send(200, { id: thread[1], historyId: String(threadHistory.get(thread[1]!)), messages: ms.map(message) });
    }
    const attachment = /^\/messages\/([^/]+)\/attachments\/([^/]+)$/.exec(p);
    if (attachment) {
      count('attachments.get');
      const ref = attachmentIds.get(decodeURIComponent(attachment[2]!));
      const m = ref && fake.messages.get(ref.messageId);
      if (!ref || !m || m.id !== attachment[1]) return send(404, { error: { code: 404, message: 'Invalid attachment token' } });
      const a = m.attachments![ref.index]!;
      return send(200, { size: a.data.byteLength, data: b64(a.data) });
    }
    const msg = /^\/messages\/([^/]+)$/.exec(p);
    if (msg) {
      const m = fake.messages.get(decodeURIComponent(msg[1]!));
      return m ? send(200, message(m)) : send(404, { error: { code: 404, message: 'Requested entity was not found.' } });
    }
    if (p === '/history') {
      count('history.list');
      const start = Number(q.get('startHistoryId'));
      if (!Number.isFinite(start) || start < minHistory) return send(404, { error: { code: 404, message: 'Requested entity was not found.' } });
      const records = log.filter((h) => h.id > start).map((h) => ({ id: String(h.id), messages: [{ id: h.messageId, threadId: h.threadId }] }));
      return send(200, { history: records, historyId: String(history) });
    }
    send(404, { error: { message: `no route ${p}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  let clock = Date.parse('2026-11-02T09:00:00Z');
  const fake: FakeGmail = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages: new Map(),
    calls,
    addMessage(m) {
      const full: FakeMessage = { labelIds: ['INBOX'], date: (clock += 3_600_000), ...m };
      fake.messages.set(full.id, full);
      record(full);
      return full;
    },
    deleteThread(threadId) {
      for (const m of threadMessages(threadId)) {
        fake.messages.delete(m.id);
        record(m);
      }
    },
    setLabels(messageId, labelIds) {
      const m = fake.messages.get(messageId)!;
      m.labelIds = labelIds;
      record(m);
    },
    expireHistory() {
      minHistory = history;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
