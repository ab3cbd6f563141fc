import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';
import { waitFor } from '../helpers/server-process.js';

interface KeyView {
  id: string;
  expiresAt: string | null;
  expiresSoon: boolean;
  expiryNotices: string[];
}

describe('API key expiry over HTTP (embedded runner)', () => {
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  const keysOf = async () => (await request(server).get('/v3/auth/keys').set(auth)).body.keys as KeyView[];
  const scopedKey = async (body: Record<string, unknown>) => {
    const res = await request(server).post('/v3/auth/scoped-key').set(auth).send(body);
    expect(res.status).toBe(200);
    return res.body as { id: string; key: string; expiresAt: string };
  };

  beforeAll(async () => {
    // The in-process check runs 1 s after start, then every second.
    rt = await createTestRuntime({ MNEMO_KEY_EXPIRY_CHECK_MS: '1000' });
    server = rt.app.callback();
  });
  afterAll(() => rt.close());

  it('a key expiring within the lead time shows expiresSoon, is notified once by the scheduled check, and gets 401 once expired', async () => {
    const soon = await scopedKey({ containerTag: 't', expiresInDays: 1 });
    const later = await scopedKey({ containerTag: 't', expiresInDays: 30 });
    const views = await keysOf();
    expect(views.find((k) => k.id === soon.id)).toMatchObject({ expiresAt: soon.expiresAt, expiresSoon: true });
    expect(views.find((k) => k.id === later.id)).toMatchObject({ expiresSoon: false, expiryNotices: [] });

    // The embedded job sends the notice (both lead times passed at once) and records it on the key.
    const notified = await waitFor(async () => (await keysOf()).find((k) => k.id === soon.id && k.expiryNotices.length > 0), 10_000);
    expect(notified.expiryNotices).toEqual(['7d', '1d']);
    expect((await keysOf()).find((k) => k.id === later.id)!.expiryNotices).toEqual([]);

    const asKey = () => request(server).get('/v3/session').set('authorization', `Bearer ${soon.key}`);
    expect((await asKey()).status).toBe(200);
    await rt.store.accounts.updateApiKey(soon.id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const expired = await asKey();
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('UNAUTHORIZED');
    expect((await request(server).get('/v3/session').set('authorization', `Bearer ${later.key}`)).status).toBe(200);
  });
});

describe('expiresSoon follows MNEMO_KEY_EXPIRY_NOTICE_DAYS', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime({ MNEMO_KEY_EXPIRY_NOTICE_DAYS: '45,1' });
  });
  afterAll(() => rt.close());

  it('a key expiring in 30 days is "soon" with a 45-day lead time', async () => {
    const server = rt.app.callback();
    const created = await request(server).post('/v3/auth/scoped-key').set(auth).send({ containerTag: 't', expiresInDays: 30 });
    const { keys } = (await request(server).get('/v3/auth/keys').set(auth)).body as { keys: KeyView[] };
    expect(keys.find((k) => k.id === created.body.id)!.expiresSoon).toBe(true);
  });
});
