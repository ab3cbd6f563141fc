import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBenchArgs, runBench } from '../../../bench/memories/cli.js';
import { engineChoice } from '../../../bench/memories/engine.js';
import { FIXTURES_DIR } from '../../../bench/memories/scenarios.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';

const LLM_ENV = { MNEMO_LLM_URL: '', MNEMO_LLM_API_KEY: 'sk-bench-test', MNEMO_LLM_MODEL: 'bench-model', MNEMO_LLM_MAX_ATTEMPTS: '1', MNEMO_LLM_TIMEOUT_MS: '5000' };

describe('bench:memories arguments and engine choice', () => {
  it('measures the offline engine unless --llm, whatever MNEMO_LLM_* the caller has set', () => {
    expect(engineChoice(false, { MNEMO_LLM_URL: 'http://127.0.0.1:9/v1' })).toEqual({ kind: 'offline', env: {}, model: null, endpoint: null });
  });

  it('--llm passes the MNEMO_LLM_* settings through and never reports the key', () => {
    const c = engineChoice(true, { ...LLM_ENV, MNEMO_LLM_URL: 'http://127.0.0.1:9/v1', OTHER: 'x' });
    expect(c).toEqual({ kind: 'llm', env: { ...LLM_ENV, MNEMO_LLM_URL: 'http://127.0.0.1:9/v1' }, model: 'bench-model', endpoint: 'http://127.0.0.1:9' });
  });

  it('--llm without an endpoint, or with a bad one, fails before anything runs', () => {
    expect(() => engineChoice(true, {})).toThrow(/--llm needs MNEMO_LLM_URL/);
    expect(() => engineChoice(true, { MNEMO_LLM_URL: 'not a url' })).toThrow(/MNEMO_LLM_URL/);
    expect(() => parseBenchArgs(['--llm'], {})).toThrow(/--llm needs MNEMO_LLM_URL/);
  });

  it('rejects unknown parts', () => {
    expect(() => parseBenchArgs(['--parts', 'quality,speeed'], {})).toThrow(/unknown part "speeed"/);
  });

  it('runs scenarios kept in <shared>/memory-scenarios beside the fixtures, unless --scenarios names the set', () => {
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-shared-'));
    try {
      expect(parseBenchArgs(['--shared', shared], {}).scenarios).toEqual([FIXTURES_DIR]);
      fs.mkdirSync(path.join(shared, 'memory-scenarios'));
      expect(parseBenchArgs(['--shared', shared], {}).scenarios).toEqual([FIXTURES_DIR, path.join(shared, 'memory-scenarios')]);
      expect(parseBenchArgs(['--shared', shared, '--scenarios', 'x.json'], {}).scenarios).toEqual([path.resolve('x.json')]);
    } finally {
      fs.rmSync(shared, { recursive: true, force: true });
    }
  });
});

describe('bench:memories --llm against an OpenAI-compatible endpoint', () => {
  let fake: FakeOpenAI;
  let dir: string;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-llm-test-'));
  });
  afterAll(async () => {
    await fake.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs the scenarios with the LLM engine: the service asks the configured model with the key, and the result says so', async () => {
    const file = path.join(dir, 'one.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        split: 'dev',
        scenarios: [
          {
            id: 'llm-lisbon',
            family: 'move',
            description: 'one fact through the LLM engine',
            steps: [{ kind: 'document', content: 'I live in Lisbon and work as a translator.', date: '2026-03-21' }],
            questions: [{ q: 'Where does the user live?', current: 'Lisbon' }],
            profile: {},
          },
        ],
      }),
    );
    // Whatever the engine asks (extraction, then maybe a judge), the model answers with one fact; later calls get
    // the fake's 500 and the engine must still finish the document.
    const fact = { text: 'The user lives in Lisbon.', isStatic: true, eventDate: null, forgetAfter: null, subject: 'user', attribute: 'residence', speaker: null };
    fake.enqueue({ content: { facts: [fact] } });
    const options = parseBenchArgs(['--parts', 'quality', '--scenarios', file, '--precision', 'none', '--llm', '--embedder', 'hash', '--no-write', '--concurrency', '1'], {
      ...LLM_ENV,
      MNEMO_LLM_URL: fake.url,
    });
    const result = await runBench(
      options,
      () => undefined,
      () => undefined,
    );

    expect(fake.requests.length).toBeGreaterThanOrEqual(1);
    const first = fake.requests[0]!;
    expect(first.path).toMatch(/\/v1\/chat\/completions$/);
    expect(first.body?.model).toBe('bench-model');
    expect(first.headers.authorization).toBe('Bearer sk-bench-test');
    expect(fake.prompt(0)).toContain('I live in Lisbon and work as a translator.');
    expect(result.engine).toEqual({ kind: 'llm', model: 'bench-model', endpoint: new URL(fake.url).origin });
    expect(JSON.stringify(result)).not.toContain('sk-bench-test');
    expect(result.errors).toEqual({});
    expect(result.scenarios!.overall).toMatchObject({ scenarios: 1, questions: 1, errors: 0 });
  }, 60_000);
});
