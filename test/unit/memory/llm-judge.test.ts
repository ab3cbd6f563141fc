import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmJudge } from '../../../src/memory/llm-judge.js';
import type { ExtractedFact, RelationCandidate, RelationJudge } from '../../../src/memory/types.js';
import { createOpenAIChatModel } from '../../../src/providers/openai-chat.js';
import { jsonReply, startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  expect(fake.pending()).toBe(0);
});

const model = () => createOpenAIChatModel({ url: fake.url, apiKey: undefined, model: 'm', timeoutMs: 2000, maxAttempts: 2, retryBaseMs: 5 });

const fact: ExtractedFact = {
  text: 'Dana lives in Paris.',
  isStatic: true,
  eventDate: null,
  forgetAfter: null,
  subject: 'Dana',
  attribute: 'home city',
  speaker: null,
};
const candidates: RelationCandidate[] = [
  { id: 'mem_low', text: 'Dana likes tea.', subject: 'Dana', attribute: 'drink', isStatic: true, similarity: 0.41 },
  { id: 'mem_lyon', text: 'Dana lives in Lyon.', subject: 'Dana', attribute: 'home city', isStatic: true, similarity: 0.86 },
];

const recordingFallback = () => {
  const calls: unknown[][] = [];
  const judge: RelationJudge = {
    kind: 'heuristic',
    judge: async (...args) => {
      calls.push(args);
      return { relation: 'duplicate', targetId: 'mem_low' };
    },
  };
  return { judge, calls };
};

describe('LLM judge', () => {
  it('maps the label the model names back to the candidate id, most similar candidate first', async () => {
    fake.enqueue(jsonReply({ relation: 'Updates', targetId: 'm1' }));
    const judge = createLlmJudge(model());
    expect(judge.kind).toBe('llm');
    expect(await judge.judge(fact, candidates)).toEqual({ relation: 'updates', targetId: 'mem_lyon' });
    const prompt = fake.prompt(0);
    expect(prompt).toContain('New memory: "Dana lives in Paris." (subject: Dana, attribute: home city; lasting)');
    expect(prompt).toMatch(/\[m1\] "Dana lives in Lyon\." \(subject: Dana, attribute: home city; lasting; similarity 0\.86\)\n\[m2\] "Dana likes tea\."/);
  });

  it('accepts a candidate id, a bare number or a bracketed label as the target', async () => {
    fake.enqueue(jsonReply({ relation: 'extends', targetId: 'mem_low' }), jsonReply({ relation: 'derives', targetId: 2 }), jsonReply({ relation: 'duplicate', targetId: '[m1]' }));
    const judge = createLlmJudge(model());
    expect(await judge.judge(fact, candidates)).toEqual({ relation: 'extends', targetId: 'mem_low' });
    expect(await judge.judge(fact, candidates)).toEqual({ relation: 'derives', targetId: 'mem_low' });
    expect(await judge.judge(fact, candidates)).toEqual({ relation: 'duplicate', targetId: 'mem_lyon' });
  });

  it('treats a target that is not among the candidates, or a missing one, as new', async () => {
    fake.enqueue(jsonReply({ relation: 'updates', targetId: 'm7' }), jsonReply({ relation: 'updates', targetId: 'mem_other' }), jsonReply({ relation: 'extends' }), jsonReply({ relation: 'new', targetId: 'm1' }));
    const judge = createLlmJudge(model());
    for (let i = 0; i < 4; i++) expect(await judge.judge(fact, candidates)).toEqual({ relation: 'new' });
  });

  it('asks nothing without candidates', async () => {
    expect(await createLlmJudge(model()).judge(fact, [])).toEqual({ relation: 'new' });
    expect(fake.requests).toHaveLength(0);
  });

  it('re-asks after malformed output, then hands over to the fallback judge', async () => {
    fake.enqueue({ content: 'updates m1' }, jsonReply({ relation: 'replaces', targetId: 'm1' }), jsonReply({ relation: 'updates', targetId: 'm1' }));
    const fallback = recordingFallback();
    expect(await createLlmJudge(model(), { fallback: fallback.judge }).judge(fact, candidates)).toEqual({ relation: 'updates', targetId: 'mem_lyon' });
    expect(fallback.calls).toHaveLength(0);

    fake.enqueue({ content: 'nope' }, { content: 'nope' });
    expect(await createLlmJudge(model(), { fallback: fallback.judge, outputAttempts: 2 }).judge(fact, candidates)).toEqual({ relation: 'duplicate', targetId: 'mem_low' });
    expect(fallback.calls).toEqual([[fact, candidates]]);
  });

  it('falls back to "new" by default, and on a permanent provider error', async () => {
    fake.enqueue({ content: 'x' }, { content: 'x' }, { content: 'x' }, { status: 403, body: 'forbidden' });
    expect(await createLlmJudge(model()).judge(fact, candidates)).toEqual({ relation: 'new' });
    const fallback = recordingFallback();
    expect(await createLlmJudge(model(), { fallback: fallback.judge }).judge(fact, candidates)).toEqual({ relation: 'duplicate', targetId: 'mem_low' });
    expect(fallback.calls).toHaveLength(1);
  });

  it('throws a transient provider error for the pipeline to retry', async () => {
    fake.enqueue({ status: 503 }, { status: 503 });
    await expect(createLlmJudge(model(), { fallback: recordingFallback().judge }).judge(fact, candidates)).rejects.toMatchObject({ code: 'LLM_FAILED', permanent: false });
  });
});
