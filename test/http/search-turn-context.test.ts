/**
 * Issue 28, round 12: chat turns stored one document each are read in their conversation. The reply that answers a
 * question is the turn after the one that matches it and shares no word with the question; a turn elsewhere in the
 * chat that shares one of its words ranks above the reply without that context.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestRuntime } from '../helpers/runtime.js';

const ASKED = '[8 May, 2023] John: Any fantasy book recommendations for my summer trip?';
const REPLY = '[8 May, 2023] Tim: Try The Name of the Wind by Patrick Rothfuss, a great read.';
const ELSEWHERE = '[9 June, 2023] Tim: My summer was long and hot this year.';
const FILLER = ['Sam: I cooked pasta yesterday.', 'Ana: The concert starts at eight.', 'Lee: Our dog learned a new trick.', 'Kim: The bakery opens early now.'];

describe('chunk search: a chat turn read beside the turn it answers', () => {
  let rt: Awaited<ReturnType<typeof createTestRuntime>>;
  let app: ReturnType<Awaited<ReturnType<typeof createTestRuntime>>['app']['callback']>;
  const search = (q: string) => request(app).post('/v4/search').set(auth).send({ q, containerTag: 'chat', threshold: 0, limit: 10, searchMode: 'documents' });
  const texts = (res: { body: { results: { chunk: string }[] } }) => res.body.results.map((r) => r.chunk);

  beforeAll(async () => {
    rt = await createTestRuntime();
    app = rt.app.callback();
    // One document per turn, in the order of the chat; the turn elsewhere is far from the question.
    for (const content of [FILLER[0]!, FILLER[1]!, ASKED, REPLY, FILLER[2]!, FILLER[3]!, ELSEWHERE]) {
      expect((await request(app).post('/v3/documents').set(auth).send({ content, containerTag: 'chat' })).status).toBeLessThan(300);
      await rt.settle();
    }
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('ranks the reply right after the matching question, above a turn that shares a word of the question', async () => {
    const res = await search('Which fantasy book recommendations did John get for his summer trip?');
    expect(res.status).toBe(200);
    const order = texts(res);
    expect(order[0]).toBe(ASKED);
    expect(order.indexOf(REPLY)).toBeLessThan(order.indexOf(ELSEWHERE));
    const scores = res.body.results.map((r: { similarity: number }) => r.similarity);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
