/**
 * Issue 26, "Ranking": memories mode and hybrid answer with the current fact, with a calibrated similarity. Memories
 * are written straight into the store (with the subject and attribute the engine gives them), so these tests do not
 * depend on extraction wording; the embedder is the default local model, as the issue measured.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/providers/embedder.js';
import { localEmbedder } from '../helpers/local-embedder.js';
import { memoryRecord, storeMemories } from '../helpers/memories.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

const day = (d: string) => `${d}T10:00:00.000Z`;

describe('memory search ranking (local embedder)', () => {
  let rt: TestRuntime;
  let app: ReturnType<TestRuntime['app']['callback']>;
  let embedder: Embedder;
  const search = (body: object) =>
    request(app)
      .post('/v4/search')
      .set(auth)
      .send({ containerTag: 'dana', searchMode: 'memories', ...body });

  beforeAll(async () => {
    embedder = await localEmbedder();
    rt = await createTestRuntime({}, { embedder });
    app = rt.app.callback();
    const fact = (memory: string, attribute: string, createdAt: string, extra: object = {}) =>
      memoryRecord({ memory, subject: 'Dana', attribute, containerTags: ['dana'], isStatic: true, createdAt: day(createdAt), ...extra });
    await storeMemories(rt, [
      fact("The user's name is Dana Whitfield.", 'name', '2026-01-02'),
      fact('Dana lives in Boston.', 'residence', '2026-01-03'),
      fact('Dana works as a nurse at Mass General.', 'employer', '2026-01-04'),
      fact('Dana has a dog named Pixel.', 'pet:dog', '2026-01-05'),
      fact('Dana is allergic to peanuts.', 'allergy:peanut', '2026-01-06'),
      fact('Dana likes jazz music.', 'opinion:jazz', '2026-01-07'),
      // Stated later and not linked as a new version: the newer fact of the same subject and attribute is current.
      fact('Dana moved to Seattle.', 'residence', '2026-03-01', { isStatic: false }),
      fact('Dana’s sister Lena is a teacher.', 'family:sister', '2026-01-08'),
    ]);
  }, 120_000);
  afterAll(async () => {
    await rt?.close();
    await embedder?.close?.();
  });

  it('answers "Where does Dana live now?" with where she lives now, not with her name or her old city', async () => {
    const res = await search({ q: 'Where does Dana live now?', threshold: 0 });
    expect(res.status).toBe(200);
    const texts = res.body.results.map((r: { memory: string }) => r.memory);
    expect(texts[0]).toBe('Dana moved to Seattle.');
    expect(texts.indexOf('Dana lives in Boston.')).toBeGreaterThan(0);
    expect(texts.indexOf("The user's name is Dana Whitfield.")).toBeGreaterThan(texts.indexOf('Dana lives in Boston.'));
  });

  it('never ranks the stale fact above its successor, even when the question names the stale value', async () => {
    for (const q of ['Does Dana still live in Boston?', 'Dana Boston', 'Which city is Dana based in?']) {
      const texts = (await search({ q, threshold: 0 })).body.results.map((r: { memory: string }) => r.memory);
      expect(texts.indexOf('Dana moved to Seattle.'), q).toBeGreaterThanOrEqual(0);
      expect(texts.indexOf('Dana moved to Seattle.'), q).toBeLessThan(texts.indexOf('Dana lives in Boston.'));
    }
  });

  it('calibrates similarity: the answer scores at least 0.5, the other facts about Dana and unrelated questions below', async () => {
    const cases: [string, string][] = [
      ['Where does Dana work?', 'Dana works as a nurse at Mass General.'],
      ['Does Dana have pets?', 'Dana has a dog named Pixel.'],
      ['What is Dana allergic to?', 'Dana is allergic to peanuts.'],
      ['What music does Dana like?', 'Dana likes jazz music.'],
    ];
    for (const [q, answer] of cases) {
      const results = (await search({ q, threshold: 0 })).body.results as { memory: string; similarity: number }[];
      expect(results[0]!.memory, q).toBe(answer);
      expect(results[0]!.similarity, q).toBeGreaterThanOrEqual(0.5);
      for (const r of results.slice(1)) expect(r.similarity, `${q} -> ${r.memory}`).toBeLessThan(0.5);
      // The default threshold (0.5) keeps the answer and filters the rest.
      expect(
        (await search({ q })).body.results.map((r: { memory: string }) => r.memory),
        q,
      ).toEqual([answer]);
    }
    for (const q of ['What is the capital of France?', 'recipe for chocolate cake', 'quantum chromodynamics']) {
      expect((await search({ q })).body.results, q).toEqual([]);
    }
  });
});
