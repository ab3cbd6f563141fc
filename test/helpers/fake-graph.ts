import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Microsoft Graph subset the onedrive connector uses: /me/drive/root, children listings with
 * @odata.nextLink paging, the delta feed (token=latest, nextLink pages, deltaLink, 410 for a dropped token), item
 * metadata and /content (a 302 to a pre-authenticated download URL, as Graph does), and /subscriptions, whose
 * creation validates the notification URL by POSTing a validationToken and expecting it echoed as text/plain (and
 * DELETE ends one).
 * Bearer tokens are checked with the fake OAuth server.
 */
export interface FakeItem {
  id: string;
  name: string;
  parentId: string;
  folder: boolean;
  content: Buffer;
  mimeType: string;
  version: number;
  deleted: boolean;
}

export interface FakeSubscription {
  id: string;
  notificationUrl: string;
  clientState: string;
  expiration: number;
  /** Deleted through DELETE /subscriptions/{id}: no more notifications. */
  deleted: boolean;
}

export interface FakeGraph {
  /** MICROSOFT_GRAPH_URL. */
  url: string;
  items: Map<string, FakeItem>;
  subscriptions: FakeSubscription[];
  calls: Map<string, number>;
  /** Lifetime granted to subscriptions (ms), whatever was asked; null = what was asked. */
  subscriptionTtlMs: number | null;
  /** Delta tokens handed out before this are refused with 410 (resyncRequired). */
  dropDeltaTokens(): void;
  addFolder(id: string, name: string, parentId?: string): FakeItem;
  addFile(f: { id: string; name: string; parentId?: string; content: string | Buffer; mimeType?: string }): FakeItem;
  updateFile(id: string, patch: { content?: string | Buffer; parentId?: string; name?: string }): void;
  remove(id: string): void;
  /** Sends a change notification for every subscription (optionally with another clientState); answers the statuses. */
  notify(clientState?: string): Promise<number[]>;
  close(): Promise<void>;
}

const ROOT = 'root-id';

export async function startFakeGraph(isValid: (bearer: string | undefined) => boolean): Promise<FakeGraph> {
  const feed: string[] = [];
  let epoch = 1;
  const calls = new Map<string, number>();
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  let clock = Date.parse('2026-11-01T00:00:00Z');

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const p = url.pathname;
    const download = /^\/download\/([^/]+)$/.exec(p);
    if (download) {
      // Pre-authenticated: no bearer, as Graph's download URLs.
      const it = fake.items.get(decodeURIComponent(download[1]!));
      if (!it || it.deleted) return send(404, {});
      res.writeHead(200, { 'content-type': it.mimeType, 'content-length': String(it.content.byteLength) });
      return res.end(it.content);
    }
    if (!isValid(req.headers.authorization)) return send(401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired or is not yet valid.' } });
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      void route(url, p, raw, req.method ?? 'GET', send, res);
    });
  });

  const meta = (it: FakeItem) => ({
    id: it.id,
    name: it.name,
    eTag: `"${it.id},${it.version}"`,
    cTag: `"c:${it.id},${it.version}"`,
    lastModifiedDateTime: new Date((clock += 1000)).toISOString(),
    webUrl: `https://onedrive.example/${it.id}`,
    parentReference: { id: it.parentId },
    ...(it.folder ? { folder: { childCount: [...fake.items.values()].filter((c) => c.parentId === it.id && !c.deleted).length } } : { file: { mimeType: it.mimeType }, size: it.content.byteLength }),
    ...(it.deleted ? { deleted: { state: 'deleted' } } : {}),
  });

  async function route(url: URL, p: string, raw: string, method: string, send: (s: number, b: unknown) => void, res: http.ServerResponse) {
    const q = url.searchParams;
    const base = fake.url;
    if (method === 'GET' && p === '/me/drive/root') return send(200, { id: ROOT, name: 'root', root: {} });
    const children = /^\/me\/drive\/(?:root|items\/([^/]+))\/children$/.exec(p);
    if (method === 'GET' && children) {
      count('children');
      const parent = children[1] ? decodeURIComponent(children[1]) : ROOT;
      const all = [...fake.items.values()].filter((it) => it.parentId === parent && !it.deleted).sort((a, b) => Number(b.folder) - Number(a.folder) || a.name.localeCompare(b.name));
      const top = Math.min(Number(q.get('$top') ?? 200), 2);
      const skip = Number(q.get('$skiptoken') ?? 0);
      const next = skip + top < all.length ? `${base}${p}?$top=${top}&$skiptoken=${skip + top}` : undefined;
      return send(200, { value: all.slice(skip, skip + top).map(meta), ...(next ? { '@odata.nextLink': next } : {}) });
    }
    if (method === 'GET' && p === '/me/drive/root/delta') {
      count('delta');
      const token = q.get('token');
      const link = (n: number) => `${base}/me/drive/root/delta?token=${epoch}.${n}`;
      if (token === 'latest') return send(200, { value: [], '@odata.deltaLink': link(feed.length) });
      const [tokenEpoch, at] = (token ?? '').split('.').map(Number);
      const start = at ?? NaN;
      if (tokenEpoch !== epoch || !Number.isInteger(start) || start < 0 || start > feed.length) return send(410, { error: { code: 'resyncRequired', message: 'Resync required.' } });
      const ids = [...new Set(feed.slice(start))];
      const skip = Number(q.get('$skiptoken') ?? 0);
      const page = ids.slice(skip, skip + 2);
      const more = skip + 2 < ids.length;
      return send(200, {
        value: page.map((id) => meta(fake.items.get(id)!)),
        ...(more ? { '@odata.nextLink': `${link(start)}&$skiptoken=${skip + 2}` } : { '@odata.deltaLink': link(feed.length) }),
      });
    }
    const item = /^\/me\/drive\/items\/([^/]+)(\/content)?$/.exec(p);
    if (method === 'GET' && item) {
      const it = fake.items.get(decodeURIComponent(item[1]!));
      if (!it || it.deleted) return send(404, { error: { code: 'itemNotFound', message: 'Item not found' } });
      if (item[2]) {
        count('content');
        res.writeHead(302, { location: `${base}/download/${encodeURIComponent(it.id)}` });
        return res.end();
      }
      return send(200, meta(it));
    }
    if (method === 'POST' && p === '/subscriptions') {
      count('subscriptions.create');
      const body = JSON.parse(raw || '{}') as { notificationUrl?: string; clientState?: string; expirationDateTime?: string; resource?: string };
      if (!body.notificationUrl || body.resource !== '/me/drive/root') return send(400, { error: { code: 'InvalidRequest', message: 'bad subscription' } });
      const validationToken = `Validation: ${randomBytes(8).toString('hex')}`;
      const check = await fetch(`${body.notificationUrl}?validationToken=${encodeURIComponent(validationToken)}`, { method: 'POST' }).catch(() => null);
      const echoed = check && check.status === 200 && (check.headers.get('content-type') ?? '').startsWith('text/plain') ? await check.text() : null;
      if (echoed !== validationToken) return send(400, { error: { code: 'InvalidRequest', message: 'Subscription validation request failed.' } });
      const expiration = fake.subscriptionTtlMs !== null ? Date.now() + fake.subscriptionTtlMs : Date.parse(body.expirationDateTime ?? '');
      const sub: FakeSubscription = { id: `sub-${fake.subscriptions.length + 1}`, notificationUrl: body.notificationUrl, clientState: body.clientState ?? '', expiration, deleted: false };
      fake.subscriptions.push(sub);
      return send(201, { id: sub.id, resource: body.resource, expirationDateTime: new Date(expiration).toISOString() });
    }
    const sub = /^\/subscriptions\/([^/]+)$/.exec(p);
    if (method === 'DELETE' && sub) {
      count('subscriptions.delete');
      const s = fake.subscriptions.find((x) => x.id === decodeURIComponent(sub[1]!) && !x.deleted);
      if (!s) return send(404, { error: { code: 'ResourceNotFound', message: 'subscription not found' } });
      s.deleted = true;
      res.writeHead(204);
      res.end();
      return;
    }
    if (method === 'PATCH' && sub) {
      count('subscriptions.renew');
      const s = fake.subscriptions.find((x) => x.id === decodeURIComponent(sub[1]!) && !x.deleted);
      if (!s) return send(404, { error: { code: 'ResourceNotFound', message: 'subscription not found' } });
      const body = JSON.parse(raw || '{}') as { expirationDateTime?: string };
      s.expiration = Date.parse(body.expirationDateTime ?? '');
      return send(200, { id: s.id, expirationDateTime: new Date(s.expiration).toISOString() });
    }
    send(404, { error: { code: 'notFound', message: `no route ${method} ${p}` } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const add = (it: FakeItem) => {
    fake.items.set(it.id, it);
    feed.push(it.id);
    return it;
  };
  const fake: FakeGraph = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    items: new Map(),
    subscriptions: [],
    calls,
    subscriptionTtlMs: null,
    dropDeltaTokens() {
      epoch++;
    },
    addFolder(id, name, parentId = ROOT) {
      return add({ id, name, parentId, folder: true, content: Buffer.alloc(0), mimeType: 'folder', version: 1, deleted: false });
    },
    addFile(f) {
      return add({ id: f.id, name: f.name, parentId: f.parentId ?? ROOT, folder: false, content: Buffer.from(f.content), mimeType: f.mimeType ?? 'text/plain', version: 1, deleted: false });
    },
    updateFile(id, patch) {
      const it = fake.items.get(id)!;
      if (patch.content !== undefined) it.content = Buffer.from(patch.content);
      if (patch.parentId) it.parentId = patch.parentId;
      if (patch.name) it.name = patch.name;
      it.version++;
      feed.push(id);
    },
    remove(id) {
      const it = fake.items.get(id)!;
      it.deleted = true;
      feed.push(id);
    },
    async notify(clientState) {
      const out: number[] = [];
      for (const s of fake.subscriptions.filter((x) => !x.deleted)) {
        const res = await fetch(s.notificationUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value: [{ subscriptionId: s.id, clientState: clientState ?? s.clientState, changeType: 'updated', resource: 'me/drive/root', tenantId: 't' }] }),
        });
        out.push(res.status);
      }
      return out;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
