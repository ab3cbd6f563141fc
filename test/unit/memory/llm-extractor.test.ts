import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { createLlmExtractor, splitWindows } from '../../../src/memory/llm-extractor.js';
import { renderForPrompt } from '../../../src/memory/llm-prompts.js';
import type { SourceDocument } from '../../../src/memory/types.js';
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

const doc = (content: string, extra: Partial<SourceDocument> = {}): SourceDocument => ({
  content,
  title: null,
  type: 'text',
  documentDate: '2024-05-08T10:00:00.000Z',
  metadata: {},
  entityContext: null,
  ...extra,
});

const fact = (text: string, extra: Record<string, unknown> = {}) => ({
  text,
  isStatic: true,
  eventDate: null,
  forgetAfter: null,
  subject: 'Dana',
  attribute: null,
  speaker: null,
  ...extra,
});

describe('LLM extractor', () => {
  it('turns valid output into normalised facts, with the document date and "I" in the prompt', async () => {
    fake.enqueue(
      jsonReply({
        facts: [
          fact('  Dana is a   nurse. ', { attribute: 'Profession' }),
          fact('Dana is off sick until Friday.', { isStatic: 'false', eventDate: '2024-05-08T09:00:00Z', forgetAfter: '2024-05-10', attribute: 'health' }),
          fact('Dana had a past plan.', { isStatic: false, forgetAfter: '2024-05-01T00:00:00Z', eventDate: 'last week' }),
          fact('   '),
        ],
      }),
    );
    const extractor = createLlmExtractor(model());
    expect(extractor.kind).toBe('llm');
    const result = await extractor.extract(doc('I am a nurse. I am off sick until Friday.', { entityContext: 'Dana, a nurse in Lyon', title: 'Diary' }));
    expect(result).toEqual({
      facts: [
        // The model's "Profession" is filed under the catalogue's id.
        { text: 'Dana is a nurse.', isStatic: true, eventDate: null, forgetAfter: null, subject: 'Dana', attribute: 'role', speaker: null },
        {
          text: 'Dana is off sick until Friday.',
          isStatic: false,
          eventDate: '2024-05-08',
          forgetAfter: '2024-05-10T23:59:59.999Z',
          subject: 'Dana',
          attribute: 'health',
          speaker: null,
        },
        { text: 'Dana had a past plan.', isStatic: false, eventDate: null, forgetAfter: null, subject: 'Dana', attribute: null, speaker: null },
      ],
    });
    const prompt = fake.prompt(0);
    expect(prompt).toContain('Document date: 2024-05-08 (Wednesday)');
    expect(prompt).toContain('"I" is: Dana, a nurse in Lyon');
    expect(prompt).toContain('Title: Diary');
    expect(prompt).toContain('I am off sick until Friday.');
    expect(fake.requests[0]!.body).toMatchObject({ response_format: { type: 'json_object' }, temperature: 0 });
  });

  it('renders JSON conversation turns as speaker lines', async () => {
    fake.enqueue(jsonReply({ facts: [fact('Dana moved to Lyon.', { speaker: 'Dana' })] }));
    const turns = JSON.stringify([
      { speaker: 'Dana', content: 'I moved to Lyon.', timestamp: '2024-05-08T09:00:00Z' },
      { role: 'assistant', content: 'Nice!' },
    ]);
    const result = await createLlmExtractor(model()).extract(doc(turns));
    expect(result.facts.map((f) => f.speaker)).toEqual(['Dana']);
    expect(fake.prompt(0)).toContain('Dana (2024-05-08T09:00:00Z): I moved to Lyon.\nassistant: Nice!');
    expect(renderForPrompt('{"not": "turns"}')).toBe('{"not": "turns"}');
  });

  it('re-asks after malformed JSON and schema mismatches, then uses the valid answer', async () => {
    fake.enqueue({ content: '{"facts": [' }, jsonReply({ facts: [{ text: 'x' }] }), jsonReply({ facts: [fact('Dana likes tea.')] }));
    const result = await createLlmExtractor(model()).extract(doc('I like tea.'));
    expect(result).toEqual({ facts: [expect.objectContaining({ text: 'Dana likes tea.' })] });
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[1]!.body!.messages!.at(-1)!.content).toMatch(/malformed JSON/);
    expect(fake.requests[2]!.body!.messages!.at(-1)!.content).toMatch(/schema mismatch: facts\.0\.isStatic/);
  });

  it('returns no facts and a note when the output stays malformed', async () => {
    fake.enqueue({ content: 'Sure! Dana is a nurse.' }, { content: '{"facts": "none"}' }, { content: '' });
    const result = await createLlmExtractor(model()).extract(doc('I am a nurse.'));
    expect(result.facts).toEqual([]);
    expect(result.note).toMatch(/^LLM output invalid after 3 attempts: empty answer/);
    expect(fake.requests).toHaveLength(3);
  });

  it('rides out a 429 with retry-after', async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after-ms': '50' } }, jsonReply({ facts: [fact('Dana is a nurse.')] }));
    const result = await createLlmExtractor(model()).extract(doc('I am a nurse.'));
    expect(result.facts).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });

  it('throws a transient LLM_FAILED when every attempt times out', async () => {
    fake.enqueue({ hang: true }, { hang: true });
    const err = await createLlmExtractor(model(100))
      .extract(doc('I am a nurse.'))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'LLM_FAILED', permanent: false, details: { timeout: true, attempts: 2 } });
  });

  it('notes a permanent provider error instead of failing the document', async () => {
    fake.enqueue({ status: 401, body: { error: { message: 'invalid api key' } } });
    const result = await createLlmExtractor(model()).extract(doc('I am a nurse.'));
    expect(result.facts).toEqual([]);
    expect(result.note).toMatch(/^LLM provider failed: HTTP 401 .*invalid api key/);
  });

  it('splits long documents into windows, merges their facts without duplicates, and caps them', async () => {
    const paragraph = (n: number) => `Paragraph ${n}. ${'word '.repeat(40)}`.trim();
    const content = Array.from({ length: 12 }, (_, i) => paragraph(i)).join('\n\n');
    const windows = splitWindows(content, 1000);
    expect(windows.length).toBe(3);
    expect(windows.every((w) => w.length <= 1000 && w.startsWith('Paragraph'))).toBe(true);
    expect(windows.join('\n\n')).toBe(content);
    fake.enqueue(
      jsonReply({ facts: [fact('Fact one.'), fact('Fact two.')] }),
      { content: 'broken' },
      { content: 'broken' },
      { content: 'broken' },
      jsonReply({ facts: [fact('fact ONE'), fact('Fact three.'), fact('Fact four.')] }),
    );
    const result = await createLlmExtractor(model(), { windowChars: 1000, maxFacts: 3 }).extract(doc(content));
    expect(result.facts.map((f) => f.text)).toEqual(['Fact one.', 'Fact two.', 'Fact three.']);
    expect(result.note).toContain('LLM output invalid after 3 attempts in 1 of 3 parts: part 2: malformed JSON');
    expect(result.note).toContain('kept the first 3 of 4 facts');
    expect(fake.prompt(0)).toContain('This is part 1 of 3 of the document.');
    expect(fake.prompt(4)).toContain('This is part 3 of 3 of the document.');
  });

  it('hard-cuts text without any break', () => {
    expect(splitWindows('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(splitWindows('  short  ', 10)).toEqual(['short']);
  });
});
