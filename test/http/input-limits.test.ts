import http from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH } from '../../src/http/middleware/json-body.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

const nested = (depth: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { x: v };
  return v;
};
/** The JSON text of `nested(depth)`, built without recursion (JSON.stringify would overflow on the client). */
const nestedJson = (depth: number) => `${'{"x":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`;

describe('hostile input gets a 4xx', () => {
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.callback();
  });
  afterAll(() => rt.close());

  it('refuses JSON nested deeper than the limit in any free-form field with 400, and stores nothing', async () => {
    const json = (path: string, method: 'patch' | 'post', text: string) => request(server)[method](path).set(auth).set('content-type', 'application/json').send(text);
    const settings = await json('/v3/settings', 'patch', `{"workspacePrompt": "x", "includeItems": ${nestedJson(5000)}}`);
    expect(settings.status).toBe(400);
    expect(settings.body.code).toBe('VALIDATION_FAILED');
    expect((await request(server).get('/v3/settings').set(auth)).body.includeItems).toBeNull();
    const filters = await json('/v4/search', 'post', `{"q": "x", "filters": ${nestedJson(3000)}}`);
    expect(filters.status).toBe(400);
    const doc = await json('/v3/documents', 'post', `{"content": "x", "metadata": {"a": ${nestedJson(200_000)}}}`);
    expect(doc.status).toBe(400);
    // Within the limit, a free-form field is stored as sent.
    const ok = await request(server)
      .post('/v3/documents')
      .set(auth)
      .send({ content: 'deep enough', metadata: { a: 'b' }, extra: nested(MAX_JSON_DEPTH - 3) });
    expect(ok.status).toBe(200);
  });

  // Issue 27: a body of `null` was taken as empty (PATCH /v3/container-tags/x created the tag, PATCH /v3/settings 200).
  it('answers 400 to a JSON body of null, as to 123, [] and true, and changes nothing', async () => {
    const json = (method: 'patch' | 'post', path: string, text: string) => request(server)[method](path).set(auth).set('content-type', 'application/json').send(text);
    for (const text of ['null', ' null ', '123', '[]', 'true']) {
      const tag = await json('patch', '/v3/container-tags/null-body-tag', text);
      expect({ text, status: tag.status, code: tag.body.code }).toEqual({ text, status: 400, code: 'VALIDATION_FAILED' });
      const settings = await json('patch', '/v3/settings', text);
      expect({ text, status: settings.status }).toEqual({ text, status: 400 });
      expect((await json('post', '/v3/documents', text)).status).toBe(400);
    }
    expect((await request(server).get('/v3/container-tags/null-body-tag').set(auth)).status).toBe(404);
  });

  it('counts depth without recursion and stops early', () => {
    expect(jsonDepth('x', 5)).toBe(0);
    expect(jsonDepth({ a: [1, { b: 2 }] }, 5)).toBe(3);
    expect(jsonDepth(nested(1_000_000), 40)).toBe(41);
  });

  it('validates batch item metadata like a single add: a string is an item error, never stored as characters', async () => {
    const res = await request(server)
      .post('/v3/documents/batch')
      .set(auth)
      .send({
        metadata: { source: 'import' },
        documents: [
          { content: 'one', metadata: 'a string' },
          { content: 'two', metadata: ['x'] },
          { content: 'three', metadata: { n: 1 } },
        ],
      });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['error', 'error', 'queued']);
    expect(res.body.results[0].error).toContain('metadata');
    const single = await request(server).post('/v3/documents').set(auth).send({ content: 'one', metadata: 'a string' });
    expect(single.status).toBe(400);
    const topLevel = await request(server)
      .post('/v3/documents/batch')
      .set(auth)
      .send({ metadata: 'a string', documents: ['x'] });
    expect(topLevel.status).toBe(400);
    await rt.settle();
    const stored = await request(server).get(`/v3/documents/${res.body.results[2].id}`).set(auth);
    expect(stored.body.metadata).toEqual({ source: 'import', n: 1 });
  });
});

describe('re-sent batches', () => {
  it('a batch re-sent after a failure adds nothing twice; single adds and changed items still add', async () => {
    const rt = await createTestRuntime();
    try {
      const server = rt.app.callback();
      const batch = { containerTag: 'resend', documents: [{ content: 'alpha note' }, { content: 'beta note', metadata: { n: 1 } }, 'gamma note'] };
      const first = await request(server).post('/v3/documents/batch').set(auth).send(batch);
      const again = await request(server).post('/v3/documents/batch').set(auth).send(batch);
      expect(again.body.results.map((r: { id: string }) => r.id)).toEqual(first.body.results.map((r: { id: string }) => r.id));
      const changed = await request(server)
        .post('/v3/documents/batch')
        .set(auth)
        .send({ containerTag: 'resend', documents: [{ content: 'beta note', metadata: { n: 2 } }] });
      expect(changed.body.results[0].id).not.toBe(first.body.results[1].id);
      const otherTag = await request(server)
        .post('/v3/documents/batch')
        .set(auth)
        .send({ containerTag: 'elsewhere', documents: ['gamma note'] });
      expect(otherTag.body.results[0].id).not.toBe(first.body.results[2].id);
      const single1 = await request(server).post('/v3/documents').set(auth).send({ content: 'alpha note', containerTag: 'resend' });
      expect(single1.body.id).not.toBe(first.body.results[0].id);
      const list = await request(server)
        .post('/v3/documents/list')
        .set(auth)
        .send({ containerTags: ['resend'], limit: 100 });
      expect(list.body.pagination.totalItems).toBe(5);
    } finally {
      await rt.close();
    }
  });
});

describe('slow clients', () => {
  let proc: ServerProcess;
  beforeAll(async () => {
    proc = await startServer({ MNEMO_REQUEST_TIMEOUT_MS: '1500', MNEMO_EMBEDDINGS: 'hash' });
  }, 60_000);
  afterAll(async () => {
    await proc?.stop();
  });

  it('cuts off a request whose body trickles in past MNEMO_REQUEST_TIMEOUT_MS', async () => {
    const url = new URL(`${proc.baseURL}/v3/documents`);
    const started = Date.now();
    const outcome = await new Promise<string>((resolve) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '1000', authorization: `Bearer ${proc.apiKey}` } },
        (res) => resolve(`status ${res.statusCode}`),
      );
      req.on('error', (err) => resolve(`closed: ${err.message}`));
      req.write('{"content": "');
      const timer = setInterval(() => req.write('a'), 200);
      req.on('close', () => clearInterval(timer));
      setTimeout(() => {
        clearInterval(timer);
        resolve('still open');
        req.destroy();
      }, 8000);
    });
    expect(outcome).not.toBe('still open');
    expect(Date.now() - started).toBeLessThan(6000);
    // The server keeps serving others.
    expect((await fetch(`${proc.baseURL}/health`)).status).toBe(200);
  }, 20_000);
});
