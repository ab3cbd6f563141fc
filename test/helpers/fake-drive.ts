import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Drive v3 API subset the google-drive connector uses: files.list (the `'<id>' in parents and
 * trashed=false` and `trashed=false` queries, paged), files.get (metadata and alt=media), files.export, the changes
 * feed (startPageToken, changes.list paged), changes.watch and channels.stop. Bearer tokens are checked with the fake
 * OAuth server. Tests change the drive through the helpers; each change goes to the feed like Drive's.
 */
export interface FakeFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  content: Buffer;
  version: number;
  modifiedTime: string;
  trashed: boolean;
}

export interface FakeChannel {
  id: string;
  resourceId: string;
  address: string;
  token: string;
  expiration: number;
  stopped: boolean;
}

export interface FakeDrive {
  /** GOOGLE_DRIVE_API_URL. */
  url: string;
  files: Map<string, FakeFile>;
  channels: FakeChannel[];
  /** Requests by route name (files.list, files.get, changes.list, ...). */
  calls: Map<string, number>;
  /** Expiration (ms from now) granted to new channels, whatever was asked (default: what was asked). */
  channelTtlMs: number | null;
  /** Page size cap of files.list / changes.list (small, so tests page). */
  pageSize: number;
  addFile(f: { id: string; name: string; mimeType?: string; parents?: string[]; content?: string | Buffer }): FakeFile;
  addFolder(id: string, name: string, parent?: string): FakeFile;
  updateFile(id: string, patch: { content?: string | Buffer; name?: string; parents?: string[] }): void;
  trash(id: string): void;
  /** Sends a notification to every open channel (as Drive does, with its headers). */
  notify(state?: string, token?: string): Promise<number[]>;
  /**
   * What the webhook answered to the "sync" message Drive sends as it opens a channel. Like Drive, the fake sends it
   * before it answers the watch request, so the message can beat the watch's response to the caller.
   */
  openingSync: { channelId: string; status: number }[];
  /** The next request of `route` (files.get, files.download, changes.list...) waits until `release` is called. */
  hold(route: string): { reached: Promise<void>; release(): void };
  close(): Promise<void>;
}

const FOLDER = 'application/vnd.google-apps.folder';

export async function startFakeDrive(isValid: (bearer: string | undefined) => boolean): Promise<FakeDrive> {
  const feed: string[] = [];
  const calls = new Map<string, number>();
  const holds = new Map<string, { arrived: () => void; gate: Promise<void> }>();
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  /** Waits at a held route (once), after telling the test it was reached. */
  const pass = async (name: string) => {
    const h = holds.get(name);
    if (!h) return;
    holds.delete(name);
    h.arrived();
    await h.gate;
  };
  let clock = Date.parse('2026-11-01T00:00:00Z');
  const stamp = () => new Date((clock += 1000)).toISOString();

  const meta = (f: FakeFile) => ({
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    parents: f.parents,
    modifiedTime: f.modifiedTime,
    version: String(f.version),
    trashed: f.trashed,
    webViewLink: `https://drive.example/file/${f.id}`,
    ...(f.mimeType.startsWith('application/vnd.google-apps.') ? {} : { size: String(f.content.byteLength), md5Checksum: `md5-${f.version}` }),
  });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!isValid(req.headers.authorization)) return send(401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => void route(req, res, url, raw, send));
  });

  async function route(req: http.IncomingMessage, res: http.ServerResponse, url: URL, raw: string, send: (status: number, body: unknown) => void): Promise<void> {
    {
      const p = url.pathname;
      const q = url.searchParams;
      const limit = Math.min(Number(q.get('pageSize') ?? 100), fake.pageSize);
      if (req.method === 'GET' && p === '/files') {
        count('files.list');
        const query = q.get('q') ?? '';
        const m = /^'([^']+)' in parents and trashed=false$/.exec(query);
        if (!m && query !== 'trashed=false') return send(400, { error: { message: `unsupported q: ${query}` } });
        const parent = m?.[1] === 'root' ? 'root' : m?.[1];
        const all = [...fake.files.values()]
          .filter((f) => !f.trashed && (parent === undefined || f.parents.includes(parent)))
          .sort((a, b) => Number(b.mimeType === FOLDER) - Number(a.mimeType === FOLDER) || a.name.localeCompare(b.name));
        const start = Number(q.get('pageToken') ?? 0);
        const page = all.slice(start, start + limit);
        return send(200, { files: page.map(meta), ...(start + limit < all.length ? { nextPageToken: String(start + limit) } : {}) });
      }
      const file = /^\/files\/([^/]+)(\/export)?$/.exec(p);
      if (req.method === 'GET' && file) {
        const f = fake.files.get(decodeURIComponent(file[1]!));
        if (!f) return send(404, { error: { code: 404, message: 'File not found.' } });
        if (file[2]) {
          count('files.export');
          const want = q.get('mimeType');
          const type = { 'application/vnd.google-apps.document': 'text/markdown', 'application/vnd.google-apps.spreadsheet': 'text/csv', 'application/vnd.google-apps.presentation': 'text/plain' }[f.mimeType];
          if (!type || type !== want) return send(400, { error: { message: `cannot export ${f.mimeType} as ${want}` } });
          res.writeHead(200, { 'content-type': `${type}; charset=utf-8` });
          res.end(f.content);
          return;
        }
        if (q.get('alt') === 'media') {
          count('files.download');
          await pass('files.download');
          if (f.mimeType.startsWith('application/vnd.google-apps.')) return send(403, { error: { message: 'Only files with binary content can be downloaded.' } });
          res.writeHead(200, { 'content-type': f.mimeType, 'content-length': String(f.content.byteLength) });
          res.end(f.content);
          return;
        }
        count('files.get');
        await pass('files.get');
        return send(200, meta(f));
      }
      if (req.method === 'GET' && p === '/changes/startPageToken') return send(200, { startPageToken: String(feed.length) });
      if (req.method === 'GET' && p === '/changes') {
        count('changes.list');
        const start = Number(q.get('pageToken'));
        if (!Number.isInteger(start) || start < 0 || start > feed.length) return send(404, { error: { code: 404, message: 'Invalid page token' } });
        const ids = feed.slice(start, start + limit);
        const changes = ids.map((id) => {
          const f = fake.files.get(id);
          return f ? { fileId: id, removed: false, file: meta(f) } : { fileId: id, removed: true };
        });
        const end = start + ids.length;
        return send(200, { changes, ...(end < feed.length ? { nextPageToken: String(end) } : { newStartPageToken: String(end) }) });
      }
      if (req.method === 'POST' && p === '/changes/watch') {
        count('changes.watch');
        const body = JSON.parse(raw || '{}') as { id?: string; address?: string; token?: string; expiration?: string };
        if (!body.id || !body.address?.startsWith('http')) return send(400, { error: { message: 'bad channel' } });
        const expiration = fake.channelTtlMs !== null ? Date.now() + fake.channelTtlMs : Number(body.expiration);
        const ch: FakeChannel = { id: body.id, resourceId: `res-${fake.channels.length + 1}`, address: body.address, token: body.token ?? '', expiration, stopped: false };
        fake.channels.push(ch);
        // Drive announces a new channel with a "sync" message, which may arrive before the watch's own answer.
        const opening = await fetch(ch.address, {
          method: 'POST',
          headers: { 'x-goog-channel-id': ch.id, 'x-goog-channel-token': ch.token, 'x-goog-resource-state': 'sync', 'x-goog-resource-id': ch.resourceId, 'x-goog-message-number': '1' },
        }).catch(() => null);
        fake.openingSync.push({ channelId: ch.id, status: opening?.status ?? 0 });
        return send(200, { kind: 'api#channel', id: ch.id, resourceId: ch.resourceId, expiration: String(expiration) });
      }
      if (req.method === 'POST' && p === '/channels/stop') {
        const body = JSON.parse(raw || '{}') as { id?: string; resourceId?: string };
        const ch = fake.channels.find((c) => c.id === body.id && c.resourceId === body.resourceId);
        if (!ch) return send(404, { error: { message: 'Channel not found' } });
        ch.stopped = true;
        res.writeHead(204);
        res.end();
        return;
      }
      send(404, { error: { message: `no route ${req.method} ${p}` } });
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const fake: FakeDrive = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    files: new Map(),
    channels: [],
    calls,
    channelTtlMs: null,
    pageSize: 100,
    openingSync: [],
    hold(name) {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((r) => (arrived = r));
      holds.set(name, { arrived, gate: new Promise<void>((r) => (release = r)) });
      return { reached, release };
    },
    addFile(f) {
      const file: FakeFile = {
        id: f.id,
        name: f.name,
        mimeType: f.mimeType ?? 'text/plain',
        parents: f.parents ?? ['root'],
        content: Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content ?? ''),
        version: 1,
        modifiedTime: stamp(),
        trashed: false,
      };
      fake.files.set(file.id, file);
      feed.push(file.id);
      return file;
    },
    addFolder(id, name, parent = 'root') {
      return fake.addFile({ id, name, mimeType: FOLDER, parents: [parent] });
    },
    updateFile(id, patch) {
      const f = fake.files.get(id)!;
      if (patch.content !== undefined) f.content = Buffer.isBuffer(patch.content) ? patch.content : Buffer.from(patch.content);
      if (patch.name) f.name = patch.name;
      if (patch.parents) f.parents = patch.parents;
      f.version++;
      f.modifiedTime = stamp();
      feed.push(id);
    },
    trash(id) {
      const f = fake.files.get(id)!;
      f.trashed = true;
      f.version++;
      feed.push(id);
    },
    async notify(state = 'change', token) {
      const out: number[] = [];
      for (const ch of fake.channels.filter((c) => !c.stopped)) {
        const res = await fetch(ch.address, {
          method: 'POST',
          headers: { 'x-goog-channel-id': ch.id, 'x-goog-channel-token': token ?? ch.token, 'x-goog-resource-state': state, 'x-goog-resource-id': ch.resourceId, 'x-goog-message-number': '1' },
        });
        out.push(res.status);
      }
      return out;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
