/**
 * Issue 28, round 5: a question that names a person ranks the lines that person said above lines that only mention
 * them, and a "when" question ranks a line that places the event in time above one that does not.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestRuntime } from '../helpers/runtime.js';

const MELANIE = '[8 May 2023] Melanie: Caroline, pottery is my joy.';
const CAROLINE = '[8 May 2023] Caroline: Melanie, pottery is my joy.';
const UNDATED = '[9 May 2023] Melanie: The pottery class started, with clay, glazes and a wheel in a bright studio downtown.';
const DATED = '[9 May 2023] Melanie: My pottery class started last week, with clay, glaze and a kiln in a studio near the river, then tea.';

describe('chunk search: the person a question names, the time it asks for', () => {
  let rt: Awaited<ReturnType<typeof createTestRuntime>>;
  let app: ReturnType<Awaited<ReturnType<typeof createTestRuntime>>['app']['callback']>;
  const search = (q: string, tag: string) => request(app).post('/v4/search').set(auth).send({ q, containerTag: tag, threshold: 0, limit: 10, searchMode: 'documents' });
  const texts = (res: { body: { results: { chunk: string }[] } }) => res.body.results.map((r) => r.chunk);

  beforeAll(async () => {
    rt = await createTestRuntime();
    app = rt.app.callback();
    for (const content of [MELANIE, CAROLINE]) expect((await request(app).post('/v3/documents').set(auth).send({ content, containerTag: 'who' })).status).toBeLessThan(300);
    for (const content of [UNDATED, DATED]) expect((await request(app).post('/v3/documents').set(auth).send({ content, containerTag: 'when' })).status).toBeLessThan(300);
    await rt.settle();
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('ranks the line said by the person the question names first, between two lines of the same words', async () => {
    {
      // The two lines hold the same words (both names, the same sentence): only who says it tells them apart.
      const caroline = await search('What does Caroline think of pottery?', 'who');
      const melanie = await search('What does Melanie think of pottery?', 'who');
      expect(caroline.status).toBe(200);
      expect(texts(caroline)).toEqual([CAROLINE, MELANIE]);
      expect(texts(melanie)).toEqual([MELANIE, CAROLINE]);
      for (const res of [caroline, melanie]) {
        const scores = res.body.results.map((r: { similarity: number }) => r.similarity);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
      }
    }
  });

  it('ranks the line that places the event in time first for a "when" question', async () => {
    // The same words, not asked as "when": the closer wording leads.
    const plain = await search('Which pottery class started, and when?', 'when');
    const when = await search('When did which pottery class start?', 'when');
    expect(texts(plain)[0]).toBe(UNDATED);
    expect(texts(when)[0]).toBe(DATED);
  });
});
