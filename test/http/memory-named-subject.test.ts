/**
 * Issue 26, round 8: a question about the person a memory is about answers at the default threshold, whether it
 * names them ("where does Priyanka live") or is the user's own ("where do I live?" of "Priyanka lives in Sydney.",
 * Priyanka being the user). Such a fact stating the asked attribute keeps its own calibrated similarity even when its
 * passage says little about the question's words; the current fact of a change answers; off-topic memories stay
 * below the default threshold. Documents go through the offline engine; the embedder is the default local model.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/providers/embedder.js';
import { localEmbedder } from '../helpers/local-embedder.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

type Result = { memory?: string; chunk?: string; similarity: number };

describe('memory search: questions about the person a memory is about, at the default threshold', () => {
  let rt: TestRuntime;
  let app: ReturnType<TestRuntime['app']['callback']>;
  let embedder: Embedder;
  const search = async (q: string, extra: Record<string, unknown> = {}): Promise<Result[]> => {
    const res = await request(app)
      .post('/v4/search')
      .set(auth)
      .send({ containerTag: 'priyanka', q, ...extra });
    expect(res.status).toBe(200);
    return res.body.results as Result[];
  };

  beforeAll(async () => {
    embedder = await localEmbedder();
    rt = await createTestRuntime({}, { embedder });
    app = rt.app.callback();
    const docs = [
      [
        "user: quick intro so you know me: I'm Priyanka, 29, product manager at Canva in Sydney. I'm vegan, I have a cat called Samosa, and I'm training for a half marathon in August.\nassistant: Great to meet you Priyanka! Good luck with the training.",
        '2026-05-10',
      ],
      ['user: half marathon done! 1:58 🎉 also I moved over to Atlassian last week, same role\nassistant: Amazing on both counts!', '2026-09-15'],
    ];
    for (const [content, date] of docs) {
      const res = await request(app).post('/v3/documents').set(auth).send({ content, containerTag: 'priyanka', metadata: { date } });
      expect(res.status).toBeLessThan(300);
      await rt.settle();
    }
  }, 180_000);
  afterAll(async () => {
    await rt?.close();
    await embedder?.close?.();
  });

  it('"where do I live?" and "where does Priyanka live" both return the residence at the default threshold', async () => {
    for (const q of ['where do I live?', 'where do I live now', 'where does Priyanka live']) {
      const memories = (await search(q)).filter((r) => r.memory);
      expect(memories[0]?.memory, q).toBe('Priyanka lives in Sydney.');
      expect(memories[0]!.similarity, q).toBeGreaterThanOrEqual(0.5);
      // Memories mode alike.
      const own = await search(q, { searchMode: 'memories' });
      expect(own[0]?.memory, q).toBe('Priyanka lives in Sydney.');
    }
  });

  it('the employer question answers with the new employer, above facts that only share the passage', async () => {
    const results = await search('who does Priyanka work for?', { searchMode: 'memories' });
    expect(results[0]?.memory).toMatch(/Atlassian/);
    expect(results[0]!.similarity).toBeGreaterThanOrEqual(0.5);
  });

  it('an off-topic question finds no memory at the default threshold', async () => {
    expect(await search('what is the capital of France?', { searchMode: 'memories' })).toEqual([]);
  });
});
