/**
 * Issue 28, round 6: a second pass with the best hit's words. The passage a question needs may share no word with
 * the question but many with the best hit; it is lifted above passages that share only the question's common words.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestRuntime } from '../helpers/runtime.js';

const TOP = 'Caroline: I researched adoption agencies and foster counseling programs for my family plans.';
const EVIDENCE = 'Caroline: The adoption agencies mailed foster counseling brochures today.';
const OTHERS = [
  'Caroline: Melanie, the concert on Sunday was loud and fun.',
  'Caroline: Melanie, my painting class was fun, the teacher liked it.',
  'Caroline: Melanie, the beach trip sounds lovely, I love swimming.',
  'Caroline: Melanie, I went hiking with friends, the mountains were great.',
];

describe('chunk search: pseudo-relevance feedback', () => {
  let rt: Awaited<ReturnType<typeof createTestRuntime>>;
  let app: ReturnType<Awaited<ReturnType<typeof createTestRuntime>>['app']['callback']>;

  beforeAll(async () => {
    rt = await createTestRuntime();
    app = rt.app.callback();
    for (const content of [TOP, EVIDENCE, ...OTHERS]) expect((await request(app).post('/v3/documents').set(auth).send({ content, containerTag: 'prf' })).status).toBeLessThan(300);
    await rt.settle();
  });
  afterAll(async () => {
    await rt?.close();
  });

  it("ranks the passage that shares the best hit's rare words second, with scores still descending", async () => {
    const res = await request(app).post('/v4/search').set(auth).send({ q: 'What did Caroline research?', containerTag: 'prf', threshold: 0, limit: 10, searchMode: 'documents' });
    expect(res.status).toBe(200);
    const texts = res.body.results.map((r: { chunk: string }) => r.chunk);
    expect(texts.slice(0, 2)).toEqual([TOP, EVIDENCE]);
    const scores = res.body.results.map((r: { similarity: number }) => r.similarity);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("leaves a counting question's first-stage order as it is (its evidence is several passages, not the best hit's)", async () => {
    const res = await request(app).post('/v4/search').set(auth).send({ q: 'How many times did Caroline research?', containerTag: 'prf', threshold: 0, limit: 10, searchMode: 'documents' });
    expect(res.status).toBe(200);
    const texts = res.body.results.map((r: { chunk: string }) => r.chunk);
    expect(texts[0]).toBe(TOP);
    expect(texts[1]).not.toBe(EVIDENCE);
  });
});
