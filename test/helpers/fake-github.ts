import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A repository of the fake: files by path (text or bytes), a default branch. */
export interface FakeRepo {
  id: number;
  fullName: string;
  defaultBranch: string;
  private: boolean;
  files: Map<string, Buffer>;
}

export interface FakeGitHub {
  /** GITHUB_API_URL for the runtime under test. */
  url: string;
  repos: Map<string, FakeRepo>;
  /** The personal access token the fake accepts. */
  token: string;
  /** The OAuth app of the fake (GITHUB_OAUTH_URL = url): its client, the token it issues, a switch to refuse a code. */
  oauth: { clientId: string; clientSecret: string; issuedToken: string; refuseNextCode: boolean };
  /** Requests seen, as "GET /path". */
  requests: string[];
  addRepo(fullName: string, files: Record<string, string | Buffer>, o?: { private?: boolean; branch?: string }): FakeRepo;
  /** The next `n` requests answer 403 with an exhausted rate limit (reset 1 s from now). */
  rateLimitNext(n: number): void;
  /** The next blob read waits until `release` is called (a sync held mid-way, deterministically). */
  holdNextBlob(): { reached: Promise<void>; release(): void };
  stop(): Promise<void>;
}

/** Git's blob id: sha1 of "blob <size>\0<bytes>" (so a changed file gets a new SHA, an unchanged one keeps it). */
export function gitBlobSha(bytes: Buffer): string {
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest('hex');
}

/**
 * The subset of GitHub's REST API the github connector uses, in memory: /user/repos (paged), /repos/{o}/{r},
 * /repos/{o}/{r}/git/trees/{branch}?recursive=1 and /repos/{o}/{r}/git/blobs/{sha}. Bearer token checked (401 "Bad
 * credentials" otherwise), GitHub's error shape, Link headers for paging.
 */
export async function startFakeGitHub(token = 'ghp_fake_token_0123456789'): Promise<FakeGitHub> {
  const repos = new Map<string, FakeRepo>();
  const requests: string[] = [];
  let limited = 0;
  let nextId = 1000;
  let blobHold: { arrived: () => void; gate: Promise<void> } | null = null;
  const oauth = { clientId: 'Iv1.fakeclient', clientSecret: 'fake-client-secret-0123456789', issuedToken: 'gho_issued_by_oauth_0123456789', refuseNextCode: false };
  /** Codes handed out by the authorize page, with the redirect_uri they were issued for (single use). */
  const codes = new Map<string, string>();
  const blobs = () => {
    const all = new Map<string, Buffer>();
    for (const r of repos.values()) for (const b of r.files.values()) all.set(gitBlobSha(b), b);
    return all;
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/login/oauth/authorize') {
      // Consent is given at once: back to redirect_uri with a code and the state.
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== oauth.clientId || !redirect) return send(400, { message: 'bad client or redirect_uri' });
      const code = `code${nextId++}`;
      codes.set(code, redirect);
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const code = form.get('code') ?? '';
        const issuedFor = codes.get(code);
        codes.delete(code);
        const refuse = oauth.refuseNextCode;
        oauth.refuseNextCode = false;
        if (form.get('client_id') !== oauth.clientId || form.get('client_secret') !== oauth.clientSecret) return send(200, { error: 'incorrect_client_credentials' });
        // GitHub answers 200 with an error for a bad code.
        if (refuse || !issuedFor || issuedFor !== form.get('redirect_uri')) return send(200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
        send(200, { access_token: oauth.issuedToken, token_type: 'bearer', scope: 'repo' });
      });
      return;
    }
    if (limited > 0) {
      limited--;
      return send(403, { message: 'API rate limit exceeded' }, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1) });
    }
    if (req.headers.authorization !== `Bearer ${token}` && req.headers.authorization !== `Bearer ${oauth.issuedToken}`) return send(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
    const repoJson = (r: FakeRepo) => ({
      id: r.id,
      name: r.fullName.split('/')[1],
      full_name: r.fullName,
      private: r.private,
      default_branch: r.defaultBranch,
      html_url: `https://github.example/${r.fullName}`,
      description: null,
    });
    if (url.pathname === '/user/repos') {
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = [...repos.values()].sort((a, b) => a.fullName.localeCompare(b.fullName));
      const slice = all.slice((page - 1) * perPage, page * perPage);
      const headers: Record<string, string> = page * perPage < all.length ? { link: `<http://fake/user/repos?page=${page + 1}>; rel="next"` } : {};
      return send(200, slice.map(repoJson), headers);
    }
    const m = /^\/repos\/([^/]+)\/([^/]+)(?:\/git\/(trees|blobs)\/(.+))?$/.exec(url.pathname);
    const repo = m ? repos.get(`${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`) : undefined;
    if (!m || !repo) return send(404, { message: 'Not Found' });
    if (!m[3]) return send(200, repoJson(repo));
    if (m[3] === 'trees') {
      if (decodeURIComponent(m[4]!) !== repo.defaultBranch) return send(404, { message: 'Not Found' });
      const dirs = new Set<string>();
      const tree: unknown[] = [];
      for (const [p, bytes] of [...repo.files].sort(([a], [b]) => a.localeCompare(b))) {
        const parts = p.split('/');
        for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
        tree.push({ path: p, mode: '100644', type: 'blob', sha: gitBlobSha(bytes), size: bytes.length });
      }
      for (const d of dirs) tree.push({ path: d, mode: '040000', type: 'tree', sha: createHash('sha1').update(d).digest('hex') });
      return send(200, { sha: 'root', tree, truncated: false });
    }
    const answerBlob = () => {
      const blob = blobs().get(decodeURIComponent(m[4]!));
      if (!blob) return send(404, { message: 'Not Found' });
      return send(200, { sha: m[4], size: blob.length, encoding: 'base64', content: blob.toString('base64').replace(/(.{60})/g, '$1\n') });
    };
    const hold = blobHold;
    if (!hold) return answerBlob();
    blobHold = null;
    hold.arrived();
    void hold.gate.then(answerBlob);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    repos,
    token,
    oauth,
    requests,
    addRepo(fullName, files, o = {}) {
      const repo: FakeRepo = {
        id: nextId++,
        fullName,
        defaultBranch: o.branch ?? 'main',
        private: o.private ?? false,
        files: new Map(Object.entries(files).map(([p, c]) => [p, Buffer.isBuffer(c) ? c : Buffer.from(c)])),
      };
      repos.set(fullName, repo);
      return repo;
    },
    rateLimitNext(n) {
      limited = n;
    },
    holdNextBlob() {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((r) => (arrived = r));
      blobHold = { arrived, gate: new Promise<void>((r) => (release = r)) };
      return { reached, release };
    },
    stop: () => new Promise((r) => server.close(() => r())),
  };
}
