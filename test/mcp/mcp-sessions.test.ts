import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import request from 'supertest';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { auth, createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';
import { connectMcp, listen } from './helpers.js';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};
const ACCEPT = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

describe('MCP auth, scope and sessions', () => {
  let dir: string;
  let a: TestRuntime;
  let b: TestRuntime;
  let serverA: Awaited<ReturnType<typeof listen>>;
  let serverB: Awaited<ReturnType<typeof listen>>;
  let scopedKey: string;

  beforeAll(async () => {
    // Two API processes on one database file, as behind a load balancer.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-mcp-'));
    const file = path.join(dir, 'mnemo.db');
    a = await createTestRuntime({ MNEMO_MCP_WATCH_MS: '100' }, { store: new SqliteStore(file) });
    b = await createTestRuntime({ MNEMO_MCP_WATCH_MS: '100' }, { store: new SqliteStore(file) });
    serverA = await listen(a.app);
    serverB = await listen(b.app);
    scopedKey = (await request(a.app.callback()).post('/v3/auth/scoped-key').set(auth).send({ containerTag: 'team-a' })).body.key;
  });
  afterAll(async () => {
    await serverA.close();
    await serverB.close();
    await a.close();
    await b.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a missing or unknown key with 401 and tells where OAuth is discovered', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }]) {
      const res = await request(a.app.callback()).post('/mcp').set(ACCEPT).set(headers).send(INIT);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"$/);
    }
  });

  it('a session opened on one process is served by the other, and ends on DELETE', async () => {
    const init = await request(serverA.url).post('/mcp').set(ACCEPT).set(auth).send(INIT);
    expect(init.status).toBe(200);
    const sessionId = init.headers['mcp-session-id'] as string;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const headers = { ...ACCEPT, ...auth, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
    const who = await request(serverB.url)
      .post('/mcp')
      .set(headers)
      .send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoAmI', arguments: {} } });
    expect(who.status).toBe(200);
    expect(who.text).toContain(`\\"sessionId\\":\\"${sessionId}\\"`);
    expect(who.text).toContain('\\"client\\":{\\"name\\":\\"raw\\",\\"version\\":\\"0\\"}');
    // Another key cannot use the session.
    const stolen = await request(serverB.url)
      .post('/mcp')
      .set({ ...headers, authorization: `Bearer ${scopedKey}` })
      .send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    expect(stolen.status).toBe(404);
    expect((await request(serverB.url).delete('/mcp').set(headers)).status).toBe(200);
    const gone = await request(serverA.url).post('/mcp').set(headers).send({ jsonrpc: '2.0', id: 4, method: 'tools/list' });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: { code: -32001, message: 'Session not found' } });
  });

  it('a scoped key works in its tag only, through every tool', async () => {
    const { client } = await connectMcp(serverA.url, scopedKey);
    const saved = await client.callTool({ name: 'memory', arguments: { content: 'Team A ships on Fridays.' } });
    expect(saved.structuredContent).toMatchObject({ containerTag: 'team-a' });
    for (const [name, args] of [
      ['memory', { content: 'x', containerTag: 'team-b' }],
      ['recall', { query: 'x', containerTag: 'team-b' }],
      ['search', { query: 'x', containerTag: 'team-b' }],
    ] as const) {
      const res = await client.callTool({ name, arguments: args });
      expect(res.isError, name).toBe(true);
      expect((res.content as { text: string }[])[0]!.text).toMatch(/outside this API key's scope/);
    }
    expect((await client.callTool({ name: 'listProjects', arguments: {} })).structuredContent).toEqual({ projects: ['team-a'] });
    await expect(client.getPrompt({ name: 'context', arguments: { containerTag: 'team-b' } })).rejects.toThrow(/outside this API key's scope/);
    await expect(client.readResource({ uri: 'supermemory://profile/team-b' })).rejects.toThrow(/outside this API key's scope/);
    await client.close();
    // A project header outside the key's scope is refused before anything runs.
    const res = await request(a.app.callback())
      .post('/mcp')
      .set(ACCEPT)
      .set({ authorization: `Bearer ${scopedKey}`, 'x-mnemo-project': 'team-b' })
      .send(INIT);
    expect(res.status).toBe(403);
    const bad = await request(a.app.callback())
      .post('/mcp')
      .set(ACCEPT)
      .set({ ...auth, 'x-sm-project': 'no spaces allowed' })
      .send(INIT);
    expect(bad.status).toBe(400);
  });

  it('a read-only key can recall but not save', async () => {
    const { key } = await a.keys.createKey('org_default', { name: 'reader', permission: 'read' });
    const { client } = await connectMcp(serverA.url, key);
    const res = await client.callTool({ name: 'memory', arguments: { content: 'nope' } });
    expect(res.isError).toBe(true);
    expect((res.content as { text: string }[])[0]!.text).toMatch(/read-only/);
    expect((await client.callTool({ name: 'recall', arguments: { query: 'x' } })).isError).toBeFalsy();
    await client.close();
  });

  it('tells an open client when its projects change, whichever process made the change', async () => {
    const { client } = await connectMcp(serverA.url, TEST_KEY);
    let notified = false;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void (notified = true));
    // New tags through the other process until the notification stream (opened after initialize) reports one.
    for (let i = 0; i < 100 && !notified; i++) {
      await request(b.app.callback())
        .post('/v3/documents')
        .set(auth)
        .send({ content: 'A new project appears.', containerTag: `fresh-${i}` });
      for (let j = 0; j < 10 && !notified; j++) await new Promise((r) => setTimeout(r, 50));
    }
    expect(notified).toBe(true);
    await client.close();
  });

  it('a save into a new project notifies within the call', async () => {
    const { client } = await connectMcp(serverA.url, TEST_KEY);
    let notified = 0;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void notified++);
    await client.callTool({ name: 'memory', arguments: { content: 'First fact of a new project.', containerTag: `new-${Date.now()}` } });
    expect(notified).toBeGreaterThanOrEqual(1);
    await client.close();
  });
});
