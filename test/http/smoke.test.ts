import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

describe('smoke', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it('adds, processes and finds a document', async () => {
    const server = rt.app.callback();
    const add = await request(server).post('/v3/documents').set(auth).send({ content: 'The quick brown fox jumps over the lazy dog', containerTag: 'smoke' });
    expect(add.status).toBe(200);
    await rt.settle();
    const got = await request(server).get(`/v3/documents/${add.body.id}`).set(auth);
    expect(got.body.status).toBe('done');
    const found = await request(server).post('/v4/search').set(auth).send({ q: 'brown fox', containerTag: 'smoke' });
    expect(found.body.results[0].chunk).toContain('quick brown fox');
  });
});
