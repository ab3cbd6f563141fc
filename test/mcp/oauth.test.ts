import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import request from 'supertest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthMetadataSchema, OAuthProtectedResourceMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { auth, createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';
import { listen } from './helpers.js';
import { runAdminCommand } from '../../src/cli/admin-commands.js';
import { OAuthService } from '../../src/services/oauth.js';
import { callbackServer, MemoryOAuthProvider, pkce } from './oauth-helpers.js';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('OAuth 2.1 for MCP clients', () => {
  let rt: TestRuntime;
  let server: Awaited<ReturnType<typeof listen>>;
  let callback: Awaited<ReturnType<typeof callbackServer>>;
  let browser: Browser;
  let scopedKey: string;
  let profileDir: string;

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = await listen(rt.app);
    callback = await callbackServer();
    scopedKey = (await request(rt.app.callback()).post('/v3/auth/scoped-key').set(auth).send({ containerTag: 'oauth-a' })).body.key;
    profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-chromium-'));
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_FLAGS, `--disk-cache-dir=${profileDir}`] });
  });
  afterAll(async () => {
    await browser?.close();
    await callback.close();
    await server.close();
    await rt.close();
    fs.rmSync(profileDir, { recursive: true, force: true });
  });

  const api = () => request(rt.app.callback());

  it('publishes protected-resource and authorization-server metadata', async () => {
    const prm = OAuthProtectedResourceMetadataSchema.parse((await request(server.url).get('/.well-known/oauth-protected-resource/mcp')).body);
    expect(prm.resource).toBe(`${server.url}/mcp`);
    expect(prm.authorization_servers).toEqual([server.url]);
    const as = OAuthMetadataSchema.parse((await request(server.url).get('/.well-known/oauth-authorization-server')).body);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.registration_endpoint).toBe(`${server.url}/oauth/register`);
  });

  it('end to end with the SDK client: discovery, registration, consent in Chromium, token, refresh, revocation', async () => {
    const provider = new MemoryOAuthProvider(callback.url);
    const first = new Client({ name: 'oauth-e2e', version: '1' });
    await expect(first.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url), { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toMatch(/^mcp_client_/);
    const authUrl = provider.authorizationUrl!;
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');

    // The person signs in on Mnemo's consent page with their scoped key and approves read+write to their project.
    const page = await browser.newPage();
    const redirected = callback.next();
    await page.goto(authUrl.href);
    expect(await page.textContent('h1')).toContain('Test Agent');
    await page.fill('#credential', scopedKey);
    await page.fill('#tags', 'oauth-a');
    await page.check('#perm-write');
    await page.click('button[value=approve]');
    const q = await redirected;
    await page.close();
    expect(q.get('state')).toBe(authUrl.searchParams.get('state'));
    expect(q.get('iss')).toBe(server.url);

    const transport = new StreamableHTTPClientTransport(new URL('/mcp', server.url), { authProvider: provider });
    await transport.finishAuth(q.get('code')!);
    expect(provider.saved?.access_token).toMatch(/^mnemo_at_/);
    expect(provider.saved?.refresh_token).toMatch(/^mnemo_rt_/);
    const client = new Client({ name: 'oauth-e2e', version: '1' });
    await client.connect(transport);
    expect((await client.callTool({ name: 'whoAmI', arguments: {} })).structuredContent).toMatchObject({ auth: 'oauth', name: 'Test Agent', scope: { containerTags: ['oauth-a'], permission: 'write' } });
    const saved = await client.callTool({ name: 'memory', arguments: { content: 'My favourite tea is sencha.' } }, undefined, { onprogress: () => undefined });
    expect(saved.structuredContent).toMatchObject({ containerTag: 'oauth-a', status: 'done' });
    expect((await client.callTool({ name: 'listProjects', arguments: {} })).structuredContent).toEqual({ projects: ['oauth-a'] });
    await client.close();

    // The saved fact shows in /v4/profile; the grant is listed with the keys.
    expect(JSON.stringify((await api().post('/v4/profile').set(auth).send({ containerTag: 'oauth-a' })).body.profile)).toMatch(/sencha/);
    const keys = (await api().get('/v3/auth/keys').set(auth)).body.keys as { id: string; oauthClient?: { name: string }; containerTags: string[] }[];
    const grant = keys.find((k) => k.oauthClient?.name === 'Test Agent')!;
    expect(grant.containerTags).toEqual(['oauth-a']);

    // Refresh: a new pair; the old refresh token stops working, and replaying it revokes the grant.
    const clientId = provider.info!.client_id;
    const oldAccess = provider.saved!.access_token;
    const oldRefresh = provider.saved!.refresh_token!;
    const refreshed = await api().post('/oauth/token').type('form').send({ grant_type: 'refresh_token', refresh_token: oldRefresh, client_id: clientId });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const newAccess = refreshed.body.access_token as string;
    const mcpCall = (token: string) =>
      request(server.url)
        .post('/mcp')
        .set({ authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' })
        .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect((await mcpCall(oldAccess)).status).toBe(401);
    expect((await mcpCall(newAccess)).status).toBe(200);
    // An access token is bound to /mcp: the REST API refuses it.
    expect(
      (
        await api()
          .post('/v4/profile')
          .set({ authorization: `Bearer ${newAccess}` })
          .send({ containerTag: 'oauth-a' })
      ).status,
    ).toBe(401);

    // Revocation (RFC 7009) → 401.
    expect((await api().post('/oauth/revoke').type('form').send({ token: newAccess, client_id: clientId })).status).toBe(200);
    expect((await mcpCall(newAccess)).status).toBe(401);
    const after = (await api().get('/v3/auth/keys').set(auth)).body.keys as { id: string; revokedAt: string | null }[];
    expect(after.find((k) => k.id === grant.id)!.revokedAt).not.toBeNull();
  });

  /** Registers a public client and runs the consent form directly (no browser): returns the token response. */
  async function grantFor(credential: string, tags: string, permission: 'read' | 'write' = 'write') {
    const redirect = callback.url;
    const reg = await api()
      .post('/oauth/register')
      .send({ client_name: 'Direct', redirect_uris: [redirect], token_endpoint_auth_method: 'none' });
    expect(reg.status).toBe(201);
    const clientId = reg.body.client_id as string;
    const { verifier, challenge } = pkce();
    const consent = await api()
      .post('/oauth/authorize')
      .type('form')
      .send({ client_id: clientId, redirect_uri: redirect, code_challenge: challenge, code_challenge_method: 'S256', state: 's1', credential, tags, permission, decision: 'approve' });
    expect(consent.status).toBe(302);
    const code = new URL(consent.headers.location!).searchParams.get('code')!;
    const token = await api().post('/oauth/token').type('form').send({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirect, client_id: clientId });
    return { clientId, redirect, verifier, challenge, code, token };
  }

  it('checks every redirect URI exactly: one character off is refused, never redirected to', async () => {
    const reg = await api()
      .post('/oauth/register')
      .send({ client_name: 'Exact', redirect_uris: ['http://127.0.0.1:4567/cb'], token_endpoint_auth_method: 'none' });
    const clientId = reg.body.client_id as string;
    const { challenge } = pkce();
    for (const uri of ['http://127.0.0.1:4567/cB', 'http://127.0.0.1:4567/cb/', 'http://127.0.0.1:4568/cb', 'http://127.0.0.1:4567/cb?x=1']) {
      const res = await api().get('/oauth/authorize').query({ response_type: 'code', client_id: clientId, redirect_uri: uri, code_challenge: challenge, code_challenge_method: 'S256' });
      expect(res.status, uri).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.text).toMatch(/must match exactly/);
    }
    const ok = await api().get('/oauth/authorize').query({ response_type: 'code', client_id: clientId, redirect_uri: 'http://127.0.0.1:4567/cb', code_challenge: challenge, code_challenge_method: 'S256' });
    expect(ok.status).toBe(200);
    expect(ok.headers['x-frame-options']).toBe('DENY');
    // Registration refuses redirect URIs that are not https or loopback http.
    const bad = await api()
      .post('/oauth/register')
      .send({ redirect_uris: ['http://evil.example/cb'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_redirect_uri');
  });

  it('requires PKCE S256, one use per code, the same redirect URI at the token endpoint, and a valid credential on the consent page', async () => {
    const g = await grantFor(TEST_KEY, 'oauth-b');
    expect(g.token.status).toBe(200);
    const again = await api().post('/oauth/token').type('form').send({ grant_type: 'authorization_code', code: g.code, code_verifier: g.verifier, redirect_uri: g.redirect, client_id: g.clientId });
    expect(again.body.error).toBe('invalid_grant');

    const { challenge } = pkce();
    const plain = await api().get('/oauth/authorize').query({ response_type: 'code', client_id: g.clientId, redirect_uri: g.redirect, code_challenge: challenge, code_challenge_method: 'plain', state: 'z' });
    expect(plain.status).toBe(302);
    expect(new URL(plain.headers.location!).searchParams.get('error')).toBe('invalid_request');

    const form = { client_id: g.clientId, redirect_uri: g.redirect, code_challenge: g.challenge, code_challenge_method: 'S256', tags: 'oauth-b', permission: 'write', decision: 'approve' };
    const wrongKey = await api()
      .post('/oauth/authorize')
      .type('form')
      .send({ ...form, credential: 'not-a-key' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.text).toMatch(/not valid/);
    const denied = await api()
      .post('/oauth/authorize')
      .type('form')
      .send({ ...form, credential: TEST_KEY, decision: 'deny' });
    expect(new URL(denied.headers.location!).searchParams.get('error')).toBe('access_denied');
    const outside = await api()
      .post('/oauth/authorize')
      .type('form')
      .send({ ...form, credential: scopedKey });
    expect(outside.status).toBe(403);

    const ok = await api()
      .post('/oauth/authorize')
      .type('form')
      .send({ ...form, credential: TEST_KEY });
    const code = new URL(ok.headers.location!).searchParams.get('code')!;
    const token = (body: Record<string, string>) =>
      api()
        .post('/oauth/token')
        .type('form')
        .send({ grant_type: 'authorization_code', code, client_id: g.clientId, ...body });
    expect((await token({ code_verifier: pkce().verifier, redirect_uri: g.redirect })).body.error).toBe('invalid_grant');
    // The failed attempt used the code up: the right verifier no longer helps.
    expect((await token({ code_verifier: g.verifier, redirect_uri: g.redirect })).body.error).toBe('invalid_grant');
  });

  it('replaying a rotated refresh token revokes the grant', async () => {
    const g = await grantFor(TEST_KEY, 'oauth-c');
    const r1 = await api().post('/oauth/token').type('form').send({ grant_type: 'refresh_token', refresh_token: g.token.body.refresh_token, client_id: g.clientId });
    expect(r1.status).toBe(200);
    const replay = await api().post('/oauth/token').type('form').send({ grant_type: 'refresh_token', refresh_token: g.token.body.refresh_token, client_id: g.clientId });
    expect(replay.body.error).toBe('invalid_grant');
    const r2 = await api().post('/oauth/token').type('form').send({ grant_type: 'refresh_token', refresh_token: r1.body.refresh_token, client_id: g.clientId });
    expect(r2.body.error).toBe('invalid_grant');
    const res = await request(server.url)
      .post('/mcp')
      .set({ authorization: `Bearer ${r1.body.access_token}`, accept: 'application/json, text/event-stream' })
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(401);
  });

  it('a one-time sign-in code from the admin CLI works once on the consent page', async () => {
    const out = await runAdminCommand({ kind: 'oauth-sign-in', orgId: 'org_default', keyId: undefined }, { organizations: rt.organizations, keys: rt.keys, oauth: new OAuthService(rt.store, rt.config.oauth) });
    const code = out.json.code as string;
    expect(code).toMatch(/^mnemo_signin_/);
    const g = await grantFor(code, 'oauth-d', 'read');
    expect(g.token.status).toBe(200);
    expect(g.token.body.scope).toBe('mnemo:read');
    const reuse = await grantFor(code, 'oauth-d', 'read').catch((e: Error) => e);
    expect(reuse).toBeInstanceOf(Error);
  });
});
