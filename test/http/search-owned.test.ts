/**
 * Issue 28, round 11: a suggestion question about something of the asker's ("accessories for my phone") ranks the
 * passage where the asker speaks of their own such thing ("my iPhone") above one about anyone's. Keyword-only search
 * (vector weight 0), so that both passages hold the same share of the question's words ('accessories' and one more
 * word each) and only the intent tells them apart.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestRuntime } from '../helpers/runtime.js';

const ANYONE = 'assistant: Accessories for a phone: a case and a charger.';
const MINE = 'user: Useful accessories for my iPhone: a case and a charger.';

describe('chunk search: the thing of the asker a suggestion question is about', () => {
  let rt: Awaited<ReturnType<typeof createTestRuntime>>;
  let app: ReturnType<Awaited<ReturnType<typeof createTestRuntime>>['app']['callback']>;
  const search = (q: string) => request(app).post('/v4/search').set(auth).send({ q, containerTag: 'owned', threshold: 0, limit: 10, searchMode: 'documents' });
  const texts = (res: { body: { results: { chunk: string }[] } }) => res.body.results.map((r) => r.chunk);

  beforeAll(async () => {
    rt = await createTestRuntime({ MNEMO_SEARCH_VECTOR_WEIGHT: '0' });
    app = rt.app.callback();
    for (const content of [ANYONE, MINE]) expect((await request(app).post('/v3/documents').set(auth).send({ content, containerTag: 'owned' })).status).toBeLessThan(300);
    await rt.settle();
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('ranks the passage saying "my iPhone" first for "accessories for my phone", and not for a question without "my"', async () => {
    const mine = await search('Can you suggest some useful accessories for my phone?');
    expect(mine.status).toBe(200);
    expect(texts(mine)).toEqual([MINE, ANYONE]);
    const scores = mine.body.results.map((r: { similarity: number }) => r.similarity);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const anyone = await search('Can you suggest some useful accessories for a phone?');
    expect(texts(anyone)).toEqual([ANYONE, MINE]);
  });
});
