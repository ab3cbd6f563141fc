import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startFerretDb, type FerretDb } from '../helpers/ferretdb.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { startDevServer, workflowBundlePath, type DevServer } from '../helpers/temporal.js';
import { connectMcp, connectStdio, textOf } from './helpers.js';

/** The same MCP surface in Temporal mode: one process, then API processes and a worker on MongoDB (FerretDB). */
let temporal: DevServer;
let ferret: FerretDb;
beforeAll(async () => {
  [temporal, ferret] = await Promise.all([startDevServer(), startFerretDb()]);
}, 120_000);
afterAll(async () => {
  await temporal?.stop();
  await ferret?.stop();
});

describe('MCP in Temporal mode (SQLite, one process)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: 'mcp-temporal', TEMPORAL_WORKFLOW_BUNDLE: await workflowBundlePath() }, undefined, { startTimeoutMs: 120_000 });
  }, 120_000);
  afterAll(async () => void (await server?.stop()));

  it('saves through a workflow with progress, recalls over HTTP and over stdio', async () => {
    const { client } = await connectMcp(server.baseURL, server.apiKey);
    const progress: number[] = [];
    const saved = await client.callTool({ name: 'memory', arguments: { content: 'I live in Lisbon and work as a violin maker.', containerTag: 'temporal-user' } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
      timeout: 120_000,
    });
    expect(saved.structuredContent).toMatchObject({ status: 'done' });
    expect(progress.at(-1)).toBe(5);
    const recalled = await client.callTool({ name: 'recall', arguments: { query: 'where do I live', containerTag: 'temporal-user' } });
    expect(textOf(recalled)).toMatch(/Lisbon/);
    await client.close();

    const stdio = await connectStdio(server.baseURL, server.apiKey);
    expect((await stdio.listTools()).tools).toHaveLength(5);
    expect(textOf(await stdio.callTool({ name: 'recall', arguments: { query: 'violin maker', containerTag: 'temporal-user' } }))).toMatch(/violin/);
    const prompt = await stdio.getPrompt({ name: 'context', arguments: { containerTag: 'temporal-user' } });
    expect((prompt.messages[0]!.content as { text: string }).text).toMatch(/Lisbon|violin/);
    await stdio.close();
  }, 180_000);
});

describe('MCP behind a load balancer: two API processes and a worker on MongoDB', () => {
  let api1: ServerProcess;
  let api2: ServerProcess;
  let worker: ServerProcess;
  beforeAll(async () => {
    const env = { TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: 'mcp-scale', TEMPORAL_WORKFLOW_BUNDLE: await workflowBundlePath(), MONGODB_URI: ferret.uri, MONGODB_DB: 'mcp_scale' };
    // One at a time, with time to spare: each starts a Temporal client, Schedules and the Mongo indexes.
    api1 = await startServer({ ...env, MNEMO_ROLE: 'api' }, undefined, { startTimeoutMs: 120_000 });
    api2 = await startServer({ ...env, MNEMO_ROLE: 'api' }, undefined, { startTimeoutMs: 120_000 });
    worker = await startServer({ ...env, MNEMO_ROLE: 'worker' }, undefined, { startTimeoutMs: 120_000 });
  }, 400_000);
  afterAll(async () => {
    await Promise.all([api1?.stop(), api2?.stop(), worker?.stop()]);
  });

  it('a session opened on one API process is served by the other; saves are processed by the worker', async () => {
    const { client, transport } = await connectMcp(api1.baseURL, api1.apiKey, {}, 'cursor');
    const sessionId = transport.sessionId!;
    const headers = {
      authorization: `Bearer ${api1.apiKey}`,
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': transport.protocolVersion ?? '2025-06-18',
    };
    const who = await request(api2.baseURL)
      .post('/mcp')
      .set(headers)
      .send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'whoAmI', arguments: {} } });
    expect(who.status).toBe(200);
    expect(who.text).toContain(sessionId);
    expect(who.text).toContain('cursor');

    const saved = await client.callTool({ name: 'memory', arguments: { content: 'My cat is called Miso.', containerTag: 'scale-user' } }, undefined, { onprogress: () => undefined, timeout: 120_000 });
    expect(saved.structuredContent).toMatchObject({ status: 'done' });
    const recall = await request(api2.baseURL)
      .post('/mcp')
      .set(headers)
      .send({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'recall', arguments: { query: 'cat name', containerTag: 'scale-user' } } });
    expect(recall.text).toMatch(/Miso/);
    expect((await request(api2.baseURL).delete('/mcp').set(headers)).status).toBe(200);
    expect((await request(api1.baseURL).post('/mcp').set(headers).send({ jsonrpc: '2.0', id: 9, method: 'tools/list' })).status).toBe(404);
  }, 180_000);
});
