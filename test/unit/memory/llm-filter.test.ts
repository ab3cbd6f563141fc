import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { filterRelevant } from '../../../src/memory/llm-filter.js';
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

const model = (timeoutMs = 2000) => createOpenAIChatModel({ url: fake.url, apiKey: undefined, model: 'm', timeoutMs, maxAttempts: 2, retryBaseMs: 5 });
const FILTER = 'Keep only notes about our customers and their orders.';

describe('LLM relevance filter', () => {
  it('keeps relevant content and drops irrelevant content, with the reason', async () => {
    fake.enqueue(jsonReply({ relevant: true, reason: 'An order by a customer.' }), jsonReply({ relevant: 'false', reason: '  A cooking recipe,\nnot a customer note. ' }));
    expect(await filterRelevant(model(), 'ACME ordered 40 widgets.', FILTER)).toEqual({ relevant: true, reason: 'An order by a customer.' });
    expect(await filterRelevant(model(), 'Whisk two eggs.', FILTER)).toEqual({ relevant: false, reason: 'A cooking recipe, not a customer note.' });
    const system = fake.requests[1]!.body!.messages![0]!.content;
    expect(system).toContain(`<filter>\n${FILTER}\n</filter>`);
    expect(fake.prompt(1)).toBe('<document>\nWhisk two eggs.\n</document>');
  });

  it('shows the beginning and end of long content', async () => {
    fake.enqueue(jsonReply({ relevant: false }));
    const content = `BEGIN ${'a'.repeat(5000)} MIDDLE ${'b'.repeat(5000)} END`;
    expect(await filterRelevant(model(), content, FILTER, { maxChars: 900 })).toEqual({ relevant: false, reason: 'not relevant to the filter prompt' });
    const shown = fake.prompt(0);
    expect(shown).toContain('BEGIN');
    expect(shown).toContain('END');
    expect(shown).not.toContain('MIDDLE');
    expect(shown.length).toBeLessThan(1000);
  });

  it('keeps the content when the output stays malformed, saying why', async () => {
    fake.enqueue({ content: 'yes' }, { content: '{"relevant": "maybe"}' });
    const verdict = await filterRelevant(model(), 'ACME ordered 40 widgets.', FILTER, { outputAttempts: 2 });
    expect(verdict.relevant).toBe(true);
    expect(verdict.reason).toMatch(/^relevance filter output invalid after 2 attempts \(schema mismatch: relevant/);
  });

  it('keeps the content on a permanent provider error, and throws a transient one', async () => {
    fake.enqueue({ status: 401, body: 'bad key' });
    expect(await filterRelevant(model(), 'text', FILTER)).toMatchObject({ relevant: true, reason: expect.stringContaining('HTTP 401 bad key') });
    fake.enqueue({ hang: true }, { hang: true });
    await expect(filterRelevant(model(100), 'text', FILTER)).rejects.toMatchObject({ code: 'LLM_FAILED', permanent: false });
  });

  it('asks nothing without a filter prompt or content', async () => {
    expect(await filterRelevant(model(), 'text', '  ')).toEqual({ relevant: true, reason: 'no filter prompt set' });
    expect(await filterRelevant(model(), ' ', FILTER)).toEqual({ relevant: true, reason: 'no content to judge' });
    expect(fake.requests).toHaveLength(0);
  });
});
