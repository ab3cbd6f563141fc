/**
 * The attribute a question asks decides between facts of one person that share words: the role or the employer
 * ("What is Omar's position at Brightwater & Cole?" asks the role, though the employer fact names the firm), and
 * where Omar lives for "based", "located", "call home". Memories are written straight into the store, with the
 * subject and attribute the engine gives them; the embedder is the default local model.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/providers/embedder.js';
import { localEmbedder } from '../helpers/local-embedder.js';
import { memoryRecord, storeMemories } from '../helpers/memories.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

const day = (d: string) => `${d}T10:00:00.000Z`;

describe('memory search: the asked attribute decides between role, employer and residence', () => {
  let rt: TestRuntime;
  let app: ReturnType<TestRuntime['app']['callback']>;
  let embedder: Embedder;
  const first = async (q: string) => {
    const res = await request(app).post('/v4/search').set(auth).send({ containerTag: 'omar', searchMode: 'memories', q, threshold: 0 });
    expect(res.status).toBe(200);
    return (res.body.results as { memory: string }[])[0]?.memory;
  };

  beforeAll(async () => {
    embedder = await localEmbedder();
    rt = await createTestRuntime({}, { embedder });
    app = rt.app.callback();
    const fact = (memory: string, attribute: string, createdAt: string) => memoryRecord({ memory, subject: 'Omar', attribute, containerTags: ['omar'], isStatic: true, createdAt: day(createdAt) });
    await storeMemories(rt, [
      fact('Omar works as a junior analyst.', 'role', '2026-01-03'),
      fact('Omar works at Brightwater & Cole.', 'employer', '2026-01-03'),
      fact('Omar lives in Denver.', 'residence', '2026-01-04'),
      fact('Omar has a cat named Biscuit.', 'pet:cat', '2026-01-05'),
      fact('Omar works as a partner.', 'role', '2026-04-02'),
      fact('Omar relocated to Austin.', 'residence', '2026-04-10'),
    ]);
  }, 120_000);
  afterAll(async () => {
    await rt?.close();
    await embedder?.close?.();
  });

  it('a role question that names the firm answers with the current role, not the employer fact', async () => {
    expect(await first("What is Omar's position at Brightwater & Cole?")).toBe('Omar works as a partner.');
    expect(await first("What's Omar's job title at Brightwater & Cole now?")).toBe('Omar works as a partner.');
  });

  it('role paraphrases answer with the role, employer paraphrases with the employer', async () => {
    for (const q of ['What does Omar do?', 'What is Omar working as?', 'What position does Omar hold?']) expect(await first(q), q).toBe('Omar works as a partner.');
    for (const q of ['Who does Omar work for?', 'Who employs Omar?', 'Which firm is Omar with?']) expect(await first(q), q).toBe('Omar works at Brightwater & Cole.');
  });

  it('"based", "located", "call home" ask where Omar lives now', async () => {
    for (const q of ['Where is Omar based?', 'Where is Omar located these days?', 'Which town does Omar call home?']) expect(await first(q), q).toBe('Omar relocated to Austin.');
  });
});
