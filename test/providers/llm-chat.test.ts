import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/core/config.js';
import { AppError } from '../../src/core/errors.js';
import { createLogger } from '../../src/core/logger.js';
import { completeJson, createChatModel, isTransientLlmError, parseJsonAnswer } from '../../src/providers/llm.js';
import { chatCompletionsUrl, createOpenAIChatModel, retryAfterMs, type OpenAIChatOptions } from '../../src/providers/openai-chat.js';
import { jsonReply, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  expect(fake.pending()).toBe(0);
});

const model = (o: Partial<OpenAIChatOptions> = {}) => createOpenAIChatModel({ url: fake.url, apiKey: 'sk-test-secret-123', model: 'test-model', timeoutMs: 2000, maxAttempts: 3, retryBaseMs: 10, ...o });
const ask = [{ role: 'user' as const, content: 'Say hi as JSON' }];

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('chat endpoint URL', () => {
  it('adds /v1 only when the base URL has no version segment, and keeps a full endpoint as is', () => {
    expect(chatCompletionsUrl('http://localhost:11434')).toBe('http://localhost:11434/v1/chat/completions');
    expect(chatCompletionsUrl('http://localhost:11434/')).toBe('http://localhost:11434/v1/chat/completions');
    expect(chatCompletionsUrl('http://localhost:11434/v1')).toBe('http://localhost:11434/v1/chat/completions');
    expect(chatCompletionsUrl('https://api.openai.com/v1/')).toBe('https://api.openai.com/v1/chat/completions');
    expect(chatCompletionsUrl('https://openrouter.ai/api/v1')).toBe('https://openrouter.ai/api/v1/chat/completions');
    expect(chatCompletionsUrl('https://g.example/v1beta/openai')).toBe('https://g.example/v1beta/openai/chat/completions');
    expect(chatCompletionsUrl('http://h:8000/proxy/v1/chat/completions')).toBe('http://h:8000/proxy/v1/chat/completions');
  });

  it('reaches the same endpoint with or without /v1', async () => {
    fake.enqueue({ content: '{}' }, { content: '{}' });
    await model({ url: fake.origin }).complete(ask);
    await model({ url: `${fake.url}/` }).complete(ask);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/chat/completions', 'POST /v1/chat/completions']);
  });
});

describe('OpenAI-compatible chat model', () => {
  it('sends model, messages, JSON mode, options and the bearer key', async () => {
    fake.enqueue(jsonReply({ hi: 'there' }));
    const m = model();
    expect(m.id).toBe('openai:test-model');
    const text = await m.complete(ask, { json: true, maxTokens: 50, temperature: 0 });
    expect(JSON.parse(text)).toEqual({ hi: 'there' });
    const [req] = fake.requests;
    expect(req!.headers.authorization).toBe('Bearer sk-test-secret-123');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.body).toMatchObject({ model: 'test-model', messages: ask, response_format: { type: 'json_object' }, max_tokens: 50, temperature: 0 });
  });

  it('sends no authorization header without a key, and no response_format unless JSON is asked', async () => {
    fake.enqueue({ content: 'plain' });
    expect(await model({ apiKey: undefined }).complete(ask)).toBe('plain');
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
    expect(fake.requests[0]!.body).not.toHaveProperty('response_format');
  });

  it('drops response_format for good when the server answers 400 about it', async () => {
    fake.enqueue({ status: 400, body: { error: { message: "Unknown field 'response_format'" } } }, { content: '{"a":1}' }, { content: '{"b":2}' });
    const m = model();
    expect(await m.complete(ask, { json: true })).toBe('{"a":1}');
    expect(await m.complete(ask, { json: true })).toBe('{"b":2}');
    expect(fake.requests.map((r) => 'response_format' in r.body!)).toEqual([true, false, false]);
  });

  it('waits as long as retry-after says after a 429, then succeeds', async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'slow down' } } }, { content: 'ok' });
    expect(await model({ retryBaseMs: 1 }).complete(ask)).toBe('ok');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('honours retry-after-ms, capped by retryMaxMs', async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after-ms': '150' } }, { status: 503, headers: { 'retry-after': '3600' } }, { content: 'ok' });
    expect(await model({ retryMaxMs: 200 }).complete(ask)).toBe('ok');
    const [a, b, c] = fake.requests.map((r) => r.at);
    expect(b! - a!).toBeGreaterThanOrEqual(140);
    expect(c! - b!).toBeLessThan(1000);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(Date.now() + 5000).toUTCString() }))).toBeGreaterThan(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });

  it('retries 5xx and dropped connections with backoff', async () => {
    fake.enqueue({ status: 500, body: 'boom' }, { drop: true }, { content: 'ok' });
    expect(await model().complete(ask)).toBe('ok');
    expect(fake.requests).toHaveLength(3);
  });

  it('gives up after maxAttempts with a transient LLM_FAILED', async () => {
    fake.enqueue({ status: 502, body: 'bad gateway' }, { status: 502, body: 'bad gateway' });
    const err = await failure(model({ maxAttempts: 2 }).complete(ask));
    expect(err).toMatchObject({ code: 'LLM_FAILED', permanent: false, status: 503, details: { status: 502, attempts: 2 } });
    expect(err.message).toContain('HTTP 502 bad gateway (after 2 attempts)');
    expect(isTransientLlmError(err)).toBe(true);
    expect(fake.requests).toHaveLength(2);
  });

  it('times out each attempt and reports a transient error once attempts run out', async () => {
    fake.enqueue({ hang: true }, { hang: true });
    const started = Date.now();
    const err = await failure(model({ timeoutMs: 150, maxAttempts: 2 }).complete(ask));
    expect(err).toMatchObject({ code: 'LLM_FAILED', permanent: false, details: { timeout: true, attempts: 2 } });
    expect(err.message).toContain('no answer within 150 ms');
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('recovers when a slow answer is followed by a fast one', async () => {
    fake.enqueue({ content: 'late', delayMs: 400 }, { content: 'fast' });
    expect(await model({ timeoutMs: 150 }).complete(ask)).toBe('fast');
  });

  it('fails at once, permanently, on 401 and 404', async () => {
    fake.enqueue({ status: 401, body: { error: { message: 'invalid api key' } } }, { status: 404, body: { error: { message: 'model not found' } } });
    const unauthorized = await failure(model().complete(ask));
    expect(unauthorized).toMatchObject({ code: 'LLM_FAILED', permanent: true, details: { status: 401, attempts: 1 } });
    expect(isTransientLlmError(unauthorized)).toBe(false);
    expect(await failure(model().complete(ask))).toMatchObject({ permanent: true, details: { status: 404 } });
    expect(fake.requests).toHaveLength(2);
  });

  it('treats a 200 without choices as a transient failure', async () => {
    fake.enqueue({ status: 200, body: { nothing: true } }, { content: 'ok' });
    expect(await model().complete(ask)).toBe('ok');
  });

  it('stops when the caller aborts, without further attempts', async () => {
    fake.enqueue({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(model().complete(ask, { signal: controller.signal })).rejects.toThrow();
    expect(fake.requests).toHaveLength(1);
  });

  it('never logs the API key or the prompt, even at debug level', async () => {
    const lines: string[] = [];
    const logger = createLogger('debug', (l) => lines.push(l));
    fake.enqueue({ status: 500, body: 'oops' }, { content: 'the answer' });
    await model({ logger }).complete([{ role: 'user', content: 'TOP-SECRET-PROMPT' }], { json: true, schemaName: 'facts' });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(log).toContain('"schema":"facts"');
    expect(log).not.toContain('sk-test-secret-123');
    expect(log).not.toContain('TOP-SECRET-PROMPT');
    expect(log).not.toContain('the answer');
  });
});

describe('completeJson', () => {
  const Schema = z.object({ n: z.number() });

  it('parses fenced or wrapped JSON', () => {
    expect(parseJsonAnswer('```json\n{"n":1}\n```')).toEqual({ ok: true, value: { n: 1 } });
    expect(parseJsonAnswer('Here it is: {"n":2} hope it helps')).toEqual({ ok: true, value: { n: 2 } });
    expect(parseJsonAnswer('{"n":')).toMatchObject({ ok: false });
  });

  it('re-asks with the error until the answer matches the schema', async () => {
    fake.enqueue({ content: '{"n": "one"' }, jsonReply({ n: 'one' }), jsonReply({ n: 1 }));
    const r = await completeJson(model(), ask, Schema, { attempts: 3 });
    expect(r).toEqual({ ok: true, value: { n: 1 }, attempts: 3 });
    const third = fake.requests[2]!.body!.messages!;
    expect(third.at(-2)).toEqual({ role: 'assistant', content: '{"n":"one"}' });
    expect(third.at(-1)!.content).toContain('n: Invalid input');
    expect(fake.requests[1]!.body!.messages!.at(-1)!.content).toContain('malformed JSON');
  });

  it('returns the last error after the attempts', async () => {
    fake.enqueue({ content: 'nope' }, { content: 'still nope' });
    expect(await completeJson(model(), ask, Schema, { attempts: 2 })).toMatchObject({ ok: false, attempts: 2, error: expect.stringContaining('malformed JSON') });
  });
});

describe('configuration', () => {
  it('has no LLM without MNEMO_LLM_URL', () => {
    expect(loadConfig({}).llm).toBeNull();
    expect(createChatModel(loadConfig({}).llm)).toBeNull();
  });

  it('reads the LLM variables, with defaults', () => {
    expect(loadConfig({ MNEMO_LLM_URL: 'http://localhost:11434' }).llm).toEqual({
      url: 'http://localhost:11434',
      apiKey: undefined,
      model: 'gpt-4o-mini',
      timeoutMs: 60_000,
      maxAttempts: 3,
    });
    const c = loadConfig({
      MNEMO_LLM_URL: 'https://api.example.com/v1',
      MNEMO_LLM_API_KEY: 'k',
      MNEMO_LLM_MODEL: 'llama3.1',
      MNEMO_LLM_TIMEOUT_MS: '5000',
      MNEMO_LLM_MAX_ATTEMPTS: '5',
    });
    expect(c.llm).toEqual({ url: 'https://api.example.com/v1', apiKey: 'k', model: 'llama3.1', timeoutMs: 5000, maxAttempts: 5 });
    expect(createChatModel(c.llm)!.id).toBe('openai:llama3.1');
    expect(() => loadConfig({ MNEMO_LLM_URL: 'not a url' })).toThrow(/MNEMO_LLM_URL/);
    expect(() => loadConfig({ MNEMO_LLM_URL: 'http://x', MNEMO_LLM_MAX_ATTEMPTS: '0' })).toThrow(/MNEMO_LLM_MAX_ATTEMPTS/);
  });
});
