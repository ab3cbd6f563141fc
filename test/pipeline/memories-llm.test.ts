import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/** The memory step with an LLM configured: a local OpenAI-compatible server scripts the model's answers. */
describe('memories step with an LLM', () => {
  let fake: FakeOpenAI;
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  const post = (path: string, body: object) => request(server).post(path).set(auth).send(body);
  const fact = (text: string, over: Record<string, unknown> = {}) => ({ text, isStatic: true, eventDate: null, forgetAfter: null, subject: 'Dana', attribute: null, speaker: null, ...over });
  const steps = async (id: string) => (await request(server).get(`/v3/documents/${id}`).set(auth)).body as { status: string; processingMetadata: { steps: { name: string; metadata?: Record<string, unknown> }[] } };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    rt = await createTestRuntime({ MNEMO_LLM_URL: fake.url, MNEMO_LLM_MODEL: 'test-model', MNEMO_LLM_TIMEOUT_MS: '2000', MNEMO_LLM_MAX_ATTEMPTS: '2' });
    server = rt.app.callback();
  });
  afterEach(() => expect(fake.pending()).toBe(0));
  afterAll(async () => {
    await rt.close();
    await fake.close();
  });

  it('stores the facts the model extracts, and lets the model decide that a new fact updates an old one', async () => {
    fake.enqueue({ content: { facts: [fact('Dana lives in Paris.', { attribute: 'home city' })] } });
    const first = await post('/v3/documents', { content: 'I live in Paris.', containerTag: 'llm-user', entityContext: 'Dana' });
    await rt.settle();
    expect(fake.requests[0]!.body?.model).toBe('test-model');
    expect(fake.prompt(0)).toContain('I live in Paris.');
    const memories = (await post('/v4/memories/list', { containerTags: ['llm-user'] })).body.memoryEntries as { id: string; memory: string }[];
    expect(memories.map((m) => m.memory)).toEqual(['Dana lives in Paris.']);

    // Second document: extraction, then the judge sees Paris as candidate m1 and says "updates".
    fake.enqueue({ content: { facts: [fact('Dana lives in Berlin.', { attribute: 'home city' })] } }, { content: { relation: 'updates', targetId: 'm1' } });
    const second = await post('/v3/documents', { content: 'I moved to Berlin.', containerTag: 'llm-user', entityContext: 'Dana' });
    await rt.settle();
    expect(fake.prompt(2)).toContain('Dana lives in Paris.');
    const latest = (await post('/v4/memories/list', { containerTags: ['llm-user'] })).body.memoryEntries as { memory: string; version: number; parentMemoryId: string }[];
    expect(latest).toEqual([expect.objectContaining({ memory: 'Dana lives in Berlin.', version: 2, parentMemoryId: memories[0]!.id })]);
    const meta = (await steps(second.body.id)).processingMetadata.steps.find((s) => s.name === 'memories')!.metadata;
    expect(meta).toMatchObject({ extractor: 'llm', judge: 'llm', facts: 1, updated: 1 });
    expect((await steps(first.body.id)).status).toBe('done');
  });

  it('indexes the document anyway when the output stays malformed, and says why no memories came out', async () => {
    fake.enqueue({ content: 'this is not json' }, { content: '{"facts": [{"text": 3}]}' }, { content: '{"oops"' });
    const res = await post('/v3/documents', { content: 'Lunch was nice today.', containerTag: 'llm-bad' });
    await rt.settle();
    const doc = await steps(res.body.id);
    expect(doc.status).toBe('done');
    const meta = doc.processingMetadata.steps.find((s) => s.name === 'memories')!.metadata!;
    expect(meta.facts).toBe(0);
    expect(String(meta.note)).toMatch(/LLM output invalid after 3 attempts/);
    const found = await post('/v4/search', { q: 'lunch', containerTag: 'llm-bad', threshold: 0, searchMode: 'documents' });
    expect(found.body.results.length).toBe(1);
  });

  it('retries a rate-limited model and succeeds', async () => {
    fake.enqueue({ status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '0' } }, { content: { facts: [fact('Dana plays chess.')] } });
    await post('/v3/documents', { content: 'I play chess.', containerTag: 'llm-429', entityContext: 'Dana' });
    await rt.settle();
    const memories = (await post('/v4/memories/list', { containerTags: ['llm-429'] })).body.memoryEntries as { memory: string }[];
    expect(memories.map((m) => m.memory)).toEqual(['Dana plays chess.']);
  });

  it('with shouldLLMFilter, drops content the filter prompt does not cover and records the reason', async () => {
    const settings = await request(server).patch('/v3/settings').set(auth).send({ shouldLLMFilter: true, filterPrompt: 'Only work projects' });
    expect(settings.status).toBe(200);
    fake.enqueue({ content: { relevant: false, reason: 'a holiday note, not a work project' } });
    const res = await post('/v3/documents', { content: 'We went hiking in the Alps.', containerTag: 'llm-filter' });
    await rt.settle();
    const meta = (await steps(res.body.id)).processingMetadata.steps.find((s) => s.name === 'memories')!.metadata!;
    expect(meta).toMatchObject({ filtered: true, reason: 'a holiday note, not a work project', memories: 0 });
    expect((await post('/v4/memories/list', { containerTags: ['llm-filter'] })).body.memoryEntries).toEqual([]);
    await request(server).patch('/v3/settings').set(auth).send({ shouldLLMFilter: false, filterPrompt: null });
  });

  it('gives the model the document\'s own date, so a backfilled chat\'s "this week" expiry is kept (issue 26)', async () => {
    fake.enqueue({ content: { facts: [fact('Dana is in Lisbon this week.', { isStatic: false, attribute: 'current location', forgetAfter: '2026-03-15T23:59:59Z' })] } });
    const res = await post('/v3/documents', { content: "user: I'm in Lisbon this week.\nassistant: Enjoy!", containerTag: 'llm-backfill', entityContext: 'Dana', metadata: { date: '2026-03-14' } });
    await rt.settle();
    const prompt = fake.prompt(fake.requests.length - 1);
    expect(prompt).toContain('Document date: 2026-03-14 (Saturday)');
    // The prompt names the catalogue's attributes, and the model's wording is filed under the catalogue id.
    const system = fake.requests.at(-1)!.body!.messages!.find((m) => m.role === 'system')!.content;
    expect(system).toMatch(/residence - where the subject lives now/);
    const [memory] = await rt.store.memories.memoriesOfDocument('org_default', res.body.id as string);
    expect(memory).toMatchObject({ forgetAfter: '2026-03-15T23:59:59.000Z', attribute: 'location' });
  });
});

describe('includeItems / excludeItems', () => {
  it('keep only facts that mention an included item and none that mention an excluded one', async () => {
    const { keepItems } = await import('../../src/pipeline/memories.js');
    const f = (text: string) => ({ text, isStatic: true, eventDate: null, forgetAfter: null, subject: null, attribute: null, speaker: null });
    const facts = [f('Dana works at Acme.'), f('Dana likes jazz.'), f('Dana works on the Acme budget.')];
    expect(keepItems(facts, ['acme'], ['budget']).facts.map((x) => x.text)).toEqual(['Dana works at Acme.']);
    expect(keepItems(facts, undefined, { urlPatterns: ['x'] }).dropped).toBe(0);
    expect(keepItems(facts, [], ['JAZZ']).facts).toHaveLength(2);
  });
});
