import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetExpiredMemories } from '../../src/services/memory-expiry.js';
import { silentLogger } from '../../src/core/logger.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/**
 * Issue 26 (plans25): "I'm starting at N26 on <a day to come>", sent live, is a plan until that day: search and the
 * profile answer the job held now. When the day comes the expiry job (the embedded timer's and the Temporal
 * Schedule's one code path) makes the plan the job, and both answer N26.
 */
describe('a job start sent before its day, through the API (offline engine)', () => {
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  const post = (path: string, body: object) => request(server).post(path).set(auth).send(body);
  const add = async (content: string) => {
    expect((await post('/v3/documents', { content, containerTag: 'pj' })).status).toBe(200);
    await rt.settle();
  };
  const firstAnswer = async (q: string) => ((await post('/v4/search', { q, containerTag: 'pj', searchMode: 'memories', threshold: 0 })).body.results as { memory: string }[])[0]?.memory ?? '';
  const profile = async () => ((await post('/v4/profile', { containerTag: 'pj' })).body.profile as { static: string[] }).static.join(' | ');

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.callback();
  });
  afterAll(() => rt.close());

  it('answers the job held now until the day, and the new job from the day', async () => {
    const start = new Date(Date.now() + 40 * 86_400_000);
    const startWords = `${start.getUTCDate()} ${start.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${start.getUTCFullYear()}`;
    await add('I work at Revolut on the cards team.');
    await add(`Big news: I'm starting at N26 on ${startWords}!`);
    expect(await firstAnswer('Where do I work?')).toMatch(/Revolut/);
    expect(await profile()).toMatch(/Revolut/);
    expect(await profile()).not.toMatch(/N26/);

    await forgetExpiredMemories({ store: rt.store, logger: silentLogger, embedder: rt.embedder }, new Date(start.getTime() + 3_600_000));
    expect(await firstAnswer('Where do I work?')).toMatch(/works at N26/);
    expect(await profile()).toMatch(/N26/);
    expect(await profile()).not.toMatch(/Revolut/);
  });
});
