import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page of the fake workspace: its title, blocks, optional database parent and properties. */
export interface FakePage {
  id: string;
  title: string;
  lastEdited: string;
  blocks: unknown[];
  /** Children of nested blocks, by block id. */
  children?: Record<string, unknown[]>;
  databaseId?: string;
  /** A sub-page: its parent page's id. */
  parentPageId?: string;
  properties?: Record<string, unknown>;
  inTrash?: boolean;
}

export interface FakeNotion {
  url: string;
  token: string;
  pages: Map<string, FakePage>;
  /** Requests seen, as "METHOD /path". */
  requests: string[];
  /** The public integration of the fake (OAuth at /oauth/authorize and /oauth/token, HTTP Basic as Notion does). */
  oauth: { clientId: string; clientSecret: string; issuedToken: string; revoked: string[] };
  stop(): Promise<void>;
}

/** Rich text of one plain run. */
export const rt = (text: string, annotations: Record<string, boolean> = {}, href: string | null = null) => [{ plain_text: text, href, annotations }];
/** A block of `type` with rich text (and extra fields of its body). */
export const block = (id: string, type: string, text = '', extra: Record<string, unknown> = {}, hasChildren = false) => ({
  id,
  type,
  has_children: hasChildren,
  [type]: { rich_text: rt(text), ...extra },
});

/**
 * The subset of Notion's API the notion connector uses: POST /search (pages, paged by start_cursor), GET /pages/{id},
 * GET /blocks/{id}/children (paged). Checks the bearer token and the Notion-Version header.
 */
export async function startFakeNotion(token = 'secret_fake_notion_integration_0123'): Promise<FakeNotion> {
  const pages = new Map<string, FakePage>();
  const requests: string[] = [];
  const oauth = { clientId: 'notion-client-id', clientSecret: 'notion-client-secret-0123', issuedToken: 'ntn_issued_by_oauth_0123456789', revoked: [] as string[] };
  const codes = new Map<string, string>();
  let nextCode = 1;
  const pageJson = (p: FakePage) => ({
    object: 'page',
    id: p.id,
    url: `https://notion.example/${p.id}`,
    last_edited_time: p.lastEdited,
    archived: false,
    in_trash: Boolean(p.inTrash),
    parent: p.databaseId ? { type: 'database_id', database_id: p.databaseId } : p.parentPageId ? { type: 'page_id', page_id: p.parentPageId } : { type: 'workspace', workspace: true },
    properties: { Name: { type: 'title', title: rt(p.title) }, ...(p.properties ?? {}) },
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/oauth/authorize') {
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== oauth.clientId || url.searchParams.get('owner') !== 'user' || !redirect) return send(400, { message: 'bad authorize request' });
      const code = `ncode${nextCode++}`;
      codes.set(code, redirect);
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/oauth/revoke' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const basic = `Basic ${Buffer.from(`${oauth.clientId}:${oauth.clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== basic || !req.headers['notion-version']) return send(401, { error: 'invalid_client' });
        const body = JSON.parse(raw || '{}') as { token?: string };
        if (!body.token) return send(400, { error: 'invalid_request' });
        oauth.revoked.push(body.token);
        send(200, { request_id: 'req-1' });
      });
      return;
    }
    if (url.pathname === '/oauth/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const basic = `Basic ${Buffer.from(`${oauth.clientId}:${oauth.clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== basic) return send(401, { error: 'invalid_client' });
        const body = JSON.parse(raw || '{}') as { code?: string; redirect_uri?: string; grant_type?: string };
        const issuedFor = codes.get(body.code ?? '');
        codes.delete(body.code ?? '');
        if (body.grant_type !== 'authorization_code' || !issuedFor || issuedFor !== body.redirect_uri) return send(400, { error: 'invalid_grant' });
        send(200, { access_token: oauth.issuedToken, token_type: 'bearer', workspace_id: 'ws-1', workspace_name: 'Acme', bot_id: 'bot-1' });
      });
      return;
    }
    if (req.headers.authorization !== `Bearer ${token}` && req.headers.authorization !== `Bearer ${oauth.issuedToken}`)
      return send(401, { object: 'error', status: 401, code: 'unauthorized', message: 'API token is invalid.' });
    if (req.headers['notion-version'] !== '2022-06-28') return send(400, { object: 'error', status: 400, code: 'missing_version', message: 'Notion-Version header failed validation' });
    if (url.pathname === '/search' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}') as { start_cursor?: string; page_size?: number };
        const all = [...pages.values()];
        const start = body.start_cursor ? Number(body.start_cursor) : 0;
        const size = Math.min(body.page_size ?? 100, 2); // small pages so paging is exercised
        const slice = all.slice(start, start + size);
        const more = start + size < all.length;
        send(200, { object: 'list', results: slice.map(pageJson), has_more: more, next_cursor: more ? String(start + size) : null });
      });
      return;
    }
    const pageMatch = /^\/pages\/([^/]+)$/.exec(url.pathname);
    if (pageMatch) {
      const p = pages.get(decodeURIComponent(pageMatch[1]!));
      return p ? send(200, pageJson(p)) : send(404, { object: 'error', status: 404, code: 'object_not_found', message: 'Could not find page' });
    }
    const childMatch = /^\/blocks\/([^/]+)\/children$/.exec(url.pathname);
    if (childMatch) {
      const id = decodeURIComponent(childMatch[1]!);
      const page = pages.get(id);
      const list = page ? page.blocks : ([...pages.values()].find((p) => p.children?.[id])?.children?.[id] ?? null);
      if (!list) return send(404, { object: 'error', status: 404, code: 'object_not_found', message: 'Could not find block' });
      return send(200, { object: 'list', results: list, has_more: false, next_cursor: null });
    }
    send(404, { object: 'error', status: 404, code: 'invalid_request_url', message: 'Invalid request URL.' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    pages,
    requests,
    oauth,
    stop: () => new Promise((r) => server.close(() => r())),
  };
}
