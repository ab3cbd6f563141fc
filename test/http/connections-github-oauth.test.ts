import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Supermemory from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';
import { takeTestLogs } from '../helpers/test-logs.js';

const ORG = 'org_default';

describe('connections: GitHub by OAuth (authorization code), through the official client and a fake GitHub', () => {
  let gh: FakeGitHub;
  let rt: TestRuntime;
  let api: http.Server;
  let base: string;
  let client: Supermemory;
  const idle = async () => {
    await (rt.syncRunner as EmbeddedSyncRunner).idle();
    await rt.settle();
  };
  /** Follows one redirect hop without following it further. */
  const hop = async (url: string) => {
    const res = await fetch(url, { redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location'), text: await res.text() };
  };

  beforeAll(async () => {
    gh = await startFakeGitHub();
    gh.addRepo('acme/handbook', { 'README.md': '# Handbook\n\nThe office plants are watered on Thursdays.' });
    rt = await createTestRuntime({
      GITHUB_API_URL: gh.url,
      GITHUB_OAUTH_URL: gh.url,
      GITHUB_CLIENT_ID: gh.oauth.clientId,
      GITHUB_CLIENT_SECRET: gh.oauth.clientSecret,
      MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters',
    });
    api = http.createServer(rt.app.callback());
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    client = new Supermemory({ apiKey: TEST_KEY, baseURL: base, maxRetries: 0 });
  }, 60_000);
  afterAll(async () => {
    await rt?.close();
    await new Promise((r) => api?.close(r));
    await gh?.stop();
  });

  it('returns an authLink, and the callback stores the token, redirects to redirectUrl and starts the first sync', async () => {
    const created = await client.connections.create('github', {
      containerTags: ['oauth'],
      metadata: { repositories: 'acme/handbook' },
      redirectUrl: 'https://app.example/connected',
    });
    expect(created).toMatchObject({ expiresIn: '1 hour', redirectsTo: 'https://app.example/connected' });
    const link = new URL(created.authLink);
    expect(`${link.origin}${link.pathname}`).toBe(`${gh.url}/login/oauth/authorize`);
    expect(link.searchParams.get('client_id')).toBe(gh.oauth.clientId);
    expect(link.searchParams.get('redirect_uri')).toBe(`${base}/v3/connections/github/callback`);
    // Waiting for consent: not synced, not scheduled.
    expect(await client.connections.getByID(created.id)).toMatchObject({ status: 'pending_auth' });
    await idle();
    expect(await client.connections.listDocuments('github', { containerTags: ['oauth'] })).toEqual([]);

    // The user consents at GitHub, which sends the browser back to Mnemo's callback with a code.
    const consent = await hop(created.authLink);
    expect(consent.status).toBe(302);
    const callback = await hop(consent.location!);
    expect(callback.status).toBe(302);
    const landed = new URL(callback.location!);
    expect(`${landed.origin}${landed.pathname}`).toBe('https://app.example/connected');
    expect(landed.searchParams.get('connectionId')).toBe(created.id);

    await idle();
    expect((await client.connections.listDocuments('github', { containerTags: ['oauth'] })).map((d) => d.title)).toEqual(['Handbook']);
    expect(await client.connections.getByID(created.id)).toMatchObject({ status: 'active' });
    const stored = JSON.stringify(await rt.store.connections.getConnection(ORG, created.id));
    expect(stored).not.toContain(gh.oauth.issuedToken);
    expect(takeTestLogs().join('')).not.toContain(gh.oauth.issuedToken);

    // The state is good for one callback only.
    const replay = await hop(consent.location!);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('OAUTH_STATE_INVALID');
  }, 60_000);

  it('refuses a tampered or foreign state, and keeps the connection pending when consent is denied', async () => {
    const created = await client.connections.create('github', { containerTags: ['oauth-2'], metadata: { repositories: 'acme/handbook' } });
    const state = new URL(created.authLink).searchParams.get('state')!;
    const tampered = `${state.slice(0, -2)}${state.endsWith('A') ? 'B' : 'A'}x`;
    expect((await hop(`${base}/v3/connections/github/callback?code=abc&state=${encodeURIComponent(tampered)}`)).status).toBe(400);
    expect((await hop(`${base}/v3/connections/github/callback?code=abc`)).status).toBe(400);
    // Consent denied: GitHub comes back with an error and no code.
    const denied = await hop(`${base}/v3/connections/github/callback?error=access_denied&state=${encodeURIComponent(state)}`);
    expect(denied.status).toBe(400);
    expect(denied.text).toContain('access_denied');
    expect(await client.connections.getByID(created.id)).toMatchObject({ status: 'pending_auth' });
    // A code the provider refuses: the connection stays pending, the answer says why.
    gh.oauth.refuseNextCode = true;
    const consent = await hop(created.authLink);
    const refused = await hop(consent.location!);
    expect(refused.status).toBe(401);
    expect(await client.connections.getByID(created.id)).toMatchObject({ status: 'pending_auth' });
  }, 60_000);

  it('without GITHUB_CLIENT_ID/SECRET a token is required, and the error names both ways', async () => {
    const bare = await createTestRuntime({ GITHUB_API_URL: gh.url, MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters' });
    try {
      const { default: request } = await import('supertest');
      const res = await request(bare.app.callback())
        .post('/v3/connections/github')
        .set({ authorization: `Bearer ${TEST_KEY}` })
        .send({ metadata: { repositories: 'acme/handbook' } });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('GITHUB_CLIENT_ID');
    } finally {
      await bare.close();
    }
  });
});
