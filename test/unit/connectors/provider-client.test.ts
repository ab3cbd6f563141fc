import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitHubApi } from '../../../src/connectors/github-api.js';
import { ProviderClient, retryAfterOf, statusOf } from '../../../src/connectors/provider-client.js';
import { testLogger } from '../../helpers/test-logs.js';

/** Answers by path: /status/<n> with optional headers, /slow (never answers), /big (declares 1 MB), /echo. */
describe('ProviderClient: the one HTTP client of the connectors', () => {
  let server: http.Server;
  let base: string;
  const seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers);
      const url = new URL(req.url ?? '/', 'http://x');
      const status = /^\/status\/(\d+)$/.exec(url.pathname);
      if (status) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        for (const [k, v] of url.searchParams) headers[k] = v;
        res.writeHead(Number(status[1]), headers);
        return res.end(JSON.stringify({ message: `answer ${status[1]}` }));
      }
      if (url.pathname === '/slow') return;
      if (url.pathname === '/repos/limited/x') {
        res.writeHead(403, { 'content-type': 'application/json', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 30) });
        return res.end(JSON.stringify({ message: 'API rate limit exceeded' }));
      }
      if (url.pathname === '/repos/forbidden/x') {
        res.writeHead(403, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ message: 'Resource not accessible by personal access token' }));
      }
      if (url.pathname === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(Buffer.alloc(64 * 1024));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const ctx = (timeoutMs = 2_000, signal?: AbortSignal) => ({ urlFetch: { timeoutMs } as never, logger: testLogger, ...(signal ? { signal } : {}) });
  const client = (over: Partial<ConstructorParameters<typeof ProviderClient>[0]> = {}, c = ctx()) =>
    new ProviderClient({ provider: 'acme', baseUrl: base, token: 'tok-1', messageOf: (b) => (b as { message?: string } | null)?.message, ...over }, c);

  it('sends the bearer token and the provider headers, and parses JSON', async () => {
    expect(await client({ headers: { 'x-api-version': '7' } }).json('GET', '/echo')).toEqual({ ok: true });
    expect(seen.at(-1)).toMatchObject({ authorization: 'Bearer tok-1', 'x-api-version': '7', 'user-agent': 'mnemo-connector' });
  });

  it('maps 401 to an auth failure, 429 and 5xx to transient failures carrying Retry-After, other 4xx to permanent ones', async () => {
    await expect(client().json('GET', '/status/401')).rejects.toMatchObject({ code: 'CONNECTOR_AUTH_FAILED', message: 'acme refused the credentials: answer 401' });
    const limited = await client()
      .json('GET', '/status/429?retry-after=7')
      .catch((e: unknown) => e);
    expect(limited).toMatchObject({ code: 'CONNECTOR_FAILED', permanent: false });
    expect([statusOf(limited), retryAfterOf(limited)]).toEqual([429, 7000]);
    const down = await client()
      .json('GET', '/status/503')
      .catch((e: unknown) => e);
    expect(down).toMatchObject({ code: 'CONNECTOR_FAILED', permanent: false });
    expect(retryAfterOf(down)).toBeUndefined();
    const gone = await client()
      .json('GET', '/status/404')
      .catch((e: unknown) => e);
    expect(gone).toMatchObject({ code: 'CONNECTOR_FAILED', permanent: true, message: 'acme failed: GET /status/404: answer 404' });
    expect(statusOf(gone)).toBe(404);
  });

  it('lets a provider classify its own answers (GitHub: exhausted 403 = rate limit carrying the reset time, other 403 = refused token)', async () => {
    const gh = new GitHubApi(base, 'tok', ctx());
    const limited = await gh.repo('limited/x').catch((e: unknown) => e);
    expect(limited).toMatchObject({ code: 'CONNECTOR_FAILED', permanent: false });
    expect(retryAfterOf(limited)).toBeGreaterThan(20_000);
    await expect(gh.repo('forbidden/x')).rejects.toMatchObject({ code: 'CONNECTOR_AUTH_FAILED', message: expect.stringContaining('not accessible') });
    expect(seen.at(-1)).toMatchObject({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });
  });

  it('times out, honours cancellation, refuses paging links to another host and bodies over the cap', async () => {
    await expect(client({}, ctx(100)).json('GET', '/slow')).rejects.toMatchObject({ code: 'CONNECTOR_FAILED', permanent: false, message: expect.stringContaining('no answer within 100 ms') });
    const controller = new AbortController();
    const pending = client({}, ctx(5_000, controller.signal)).json('GET', '/slow');
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CONNECTOR_FAILED' });
    await expect(client().json('GET', 'http://elsewhere.example/next')).rejects.toMatchObject({ permanent: true, message: expect.stringContaining('left the API host') });
    await expect(client().bytes('GET', '/big', 1024, 'file x')).rejects.toMatchObject({ permanent: true, message: 'acme failed: file x is over 1024 bytes' });
    expect((await client().bytes('GET', '/big', 128 * 1024, 'file x')).byteLength).toBe(64 * 1024);
  });
});
