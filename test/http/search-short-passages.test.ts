/**
 * Issue 28, round 10: a vector-only search over sentence-length passages compares the question as a passage,
 * without the model's query instruction (search/short-passages.ts). The test embedder's instruction form of every
 * query points at one passage and its passage form at another, so the order shows which form was compared.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/providers/embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { auth, createTestRuntime } from '../helpers/runtime.js';

const INSTRUCTION_SIDE = 'Melanie: the pottery class on Sunday was loud and fun.';
const PASSAGE_SIDE = 'Caroline: I went to the adoption meeting with my counselor.';
const LONG = (s: string) => `${s} ${'The afternoon went on with more talk about plans, weather, books and errands of the week ahead.'.repeat(6)}`;

function twoFormEmbedder(instructionText: string, passageText: string): Embedder {
  const base = createHashEmbedder();
  const one = async (t: string) => (await base.embedDocuments([t]))[0]!;
  return { ...base, embedQuery: () => one(instructionText), embedQueryAsPassage: () => one(passageText) };
}

async function firstChunk(app: ReturnType<Awaited<ReturnType<typeof createTestRuntime>>['app']['callback']>, tag: string): Promise<string[]> {
  const res = await request(app).post('/v4/search').set(auth).send({ q: 'zqx vw?', containerTag: tag, threshold: 0, limit: 10, searchMode: 'documents' });
  expect(res.status).toBe(200);
  return res.body.results.map((r: { chunk: string }) => r.chunk);
}

describe('chunk search: the question compared as a passage with short passages (vector-only)', () => {
  const runtimes: Awaited<ReturnType<typeof createTestRuntime>>[] = [];
  const open = async (env: Record<string, string>, short: boolean) => {
    const rt = await createTestRuntime(env, { embedder: twoFormEmbedder(short ? INSTRUCTION_SIDE : LONG(INSTRUCTION_SIDE), short ? PASSAGE_SIDE : LONG(PASSAGE_SIDE)) });
    runtimes.push(rt);
    const app = rt.app.callback();
    for (const content of short ? [INSTRUCTION_SIDE, PASSAGE_SIDE] : [LONG(INSTRUCTION_SIDE), LONG(PASSAGE_SIDE)]) {
      expect((await request(app).post('/v3/documents').set(auth).send({ content, containerTag: 'sp' })).status).toBeLessThan(300);
    }
    await rt.settle();
    return app;
  };
  afterAll(async () => {
    for (const rt of runtimes) await rt.close();
  });

  let vectorShort: string[];
  let vectorLong: string[];
  let hybridShort: string[];
  beforeAll(async () => {
    vectorShort = await firstChunk(await open({ MNEMO_SEARCH_KEYWORD_WEIGHT: '0' }, true), 'sp');
    vectorLong = await firstChunk(await open({ MNEMO_SEARCH_KEYWORD_WEIGHT: '0' }, false), 'sp');
    hybridShort = await firstChunk(await open({}, true), 'sp');
  });

  it('ranks by the passage form of the question when the best passages are sentence-length', () => {
    expect(vectorShort[0]).toBe(PASSAGE_SIDE);
  });

  it("gives the rerank the passage form's cosines over short passages, in hybrid search", async () => {
    // The passage form's passage is close to the instruction form's, so the first stage ranks it second.
    const near = 'Melanie: the pottery class on Monday was quiet and fun.';
    const rt = await createTestRuntime({}, { embedder: twoFormEmbedder(INSTRUCTION_SIDE, near) });
    runtimes.push(rt);
    const app = rt.app.callback();
    const others = ['weather', 'garden', 'kitchen', 'bicycle', 'library', 'concert', 'harbour', 'station', 'market', 'museum', 'orchard', 'stadium'].map((w) => `Jon: the ${w} was busy again on Friday afternoon.`);
    for (const content of [INSTRUCTION_SIDE, near, ...others]) {
      expect((await request(app).post('/v3/documents').set(auth).send({ content, containerTag: 'rr' })).status).toBeLessThan(300);
    }
    await rt.settle();
    const search = async (rerank: boolean) => {
      const res = await request(app).post('/v4/search').set(auth).send({ q: 'zqx vw?', containerTag: 'rr', threshold: 0, limit: 20, searchMode: 'documents', rerank });
      expect(res.status).toBe(200);
      return res.body.results.map((r: { chunk: string }) => r.chunk) as string[];
    };
    expect((await search(false)).slice(0, 2)).toEqual([INSTRUCTION_SIDE, near]);
    expect((await search(true)).slice(0, 2)).toEqual([near, INSTRUCTION_SIDE]);
  });

  it('keeps the instruction form for longer passages, and in hybrid search', () => {
    expect(vectorLong[0]).toBe(LONG(INSTRUCTION_SIDE));
    expect(hybridShort[0]).toBe(INSTRUCTION_SIDE);
  });
});
