import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from '../../src/core/config.js';

const configError = (...variables: string[]) =>
  expect.objectContaining({
    name: 'ConfigError',
    message: expect.stringMatching(new RegExp(variables.map((v) => `(?=[\\s\\S]*${v})`).join(''))),
  });

describe('loadConfig: defaults', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const config = loadConfig({});

  it('starts with documented defaults from an empty environment', () => {
    expect(config).toMatchObject({
      port: 8787,
      host: '0.0.0.0',
      rootApiKey: undefined,
      logLevel: 'info',
      maxBodyBytes: 50 * 1024 * 1024,
      embeddings: {
        mode: 'auto',
        model: undefined,
        modelPath: undefined,
        pooling: undefined,
        allowDownload: true,
        dtype: undefined,
        url: undefined,
        dimensions: undefined,
        batchSize: 32,
        timeoutMs: 60_000,
      },
      ingest: { concurrency: 2, maxAttempts: 5, retryBaseMs: 1000, retryMaxMs: 60_000, pollMs: 250 },
      urlFetch: { timeoutMs: 15_000, maxBytes: 20 * 1024 * 1024, maxRedirects: 5, allowPrivate: false, allowedHosts: [] },
      search: { vectorWeight: 1, keywordWeight: 0.95, candidates: 100, rerankCandidates: 40 },
    });
  });

  it('resolves directories to absolute paths', () => {
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.embeddings.modelsDir).toBe(path.resolve('./.models'));
    expect(loadConfig({ MNEMO_DATA_DIR: 'var/mnemo' }).dataDir).toBe(path.resolve('var/mnemo'));
    expect(loadConfig({ MNEMO_EMBEDDING_MODEL_PATH: 'models/x' }).embeddings.modelPath).toBe(path.resolve('models/x'));
  });

  it('treats empty and undefined values as unset', () => {
    expect(loadConfig({ PORT: '', MNEMO_LOG_LEVEL: undefined, MNEMO_API_KEY: '' })).toMatchObject({
      port: 8787,
      logLevel: 'info',
      rootApiKey: undefined,
    });
  });

  it('ignores unrelated variables', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root', SOMETHING_ELSE: 'x' }).port).toBe(8787);
  });

  it('does not read process.env when given an env map', () => {
    vi.stubEnv('PORT', '1234');
    vi.stubEnv('MNEMO_LOG_LEVEL', 'debug');
    expect(loadConfig({})).toMatchObject({ port: 8787, logLevel: 'info' });
  });
});

describe('loadConfig: coercion', () => {
  it('parses integers and decimals', () => {
    const c = loadConfig({
      PORT: '3000',
      MNEMO_MAX_BODY_BYTES: '2048',
      MNEMO_INGEST_CONCURRENCY: '8',
      MNEMO_SEARCH_KEYWORD_WEIGHT: '0.5',
      MNEMO_EMBEDDING_DIMENSIONS: '768',
    });
    expect(c.port).toBe(3000);
    expect(c.maxBodyBytes).toBe(2048);
    expect(c.ingest.concurrency).toBe(8);
    expect(c.search.keywordWeight).toBe(0.5);
    expect(c.embeddings.dimensions).toBe(768);
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('reads the boolean %j as %s', (raw, expected) => {
    expect(loadConfig({ MNEMO_URL_ALLOW_PRIVATE: raw }).urlFetch.allowPrivate).toBe(expected);
    expect(loadConfig({ MNEMO_EMBEDDING_ALLOW_DOWNLOAD: raw }).embeddings.allowDownload).toBe(expected);
  });

  it('splits, trims and lowercases the allowed hosts, dropping empty entries', () => {
    expect(loadConfig({ MNEMO_URL_ALLOWED_HOSTS: ' Wiki.Internal, ,docs.local,' }).urlFetch.allowedHosts).toEqual(['wiki.internal', 'docs.local']);
  });

  it('keeps enum and string values', () => {
    const c = loadConfig({
      MNEMO_EMBEDDINGS: 'openai',
      MNEMO_EMBEDDING_URL: 'https://api.example.com/v1',
      MNEMO_EMBEDDING_API_KEY: 'sk-test',
      MNEMO_EMBEDDING_POOLING: 'cls',
      MNEMO_LOG_LEVEL: 'debug',
      MNEMO_API_KEY: 'a-root-key-of-16+chars',
      HOST: '127.0.0.1',
    });
    expect(c.embeddings).toMatchObject({ mode: 'openai', url: 'https://api.example.com/v1', apiKey: 'sk-test', pooling: 'cls' });
    expect(c.logLevel).toBe('debug');
    expect(c.rootApiKey).toBe('a-root-key-of-16+chars');
    expect(c.host).toBe('127.0.0.1');
  });

  it('accepts the bounds of a range', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
    expect(loadConfig({ MNEMO_SEARCH_VECTOR_WEIGHT: '0' }).search.vectorWeight).toBe(0);
    expect(loadConfig({ MNEMO_SEARCH_MEMORY_SOURCE_WEIGHT: '0' }).search.memorySourceWeight).toBe(0);
    expect(loadConfig({}).search.memorySourceWeight).toBe(0.75);
    expect(() => loadConfig({ MNEMO_SEARCH_MEMORY_SOURCE_WEIGHT: '1.5' })).toThrow();
  });
});

describe('loadConfig: invalid values', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['MNEMO_LOG_LEVEL', 'loud'],
    ['MNEMO_EMBEDDINGS', 'gpu'],
    ['MNEMO_URL_ALLOW_PRIVATE', 'TRUE'],
    ['MNEMO_URL_ALLOW_PRIVATE', 'maybe'],
    ['MNEMO_API_KEY', 'too-short'],
    ['MNEMO_EMBEDDING_URL', 'not a url'],
    ['MNEMO_MAX_BODY_BYTES', '10'],
    ['MNEMO_SEARCH_KEYWORD_WEIGHT', '1.5'],
    ['MNEMO_INGEST_CONCURRENCY', '0'],
    ['MNEMO_EMBEDDING_DTYPE', 'fp64'],
  ])('rejects %s=%j with a ConfigError naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(configError(name));
  });

  it('lists every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', MNEMO_LOG_LEVEL: 'loud', HOST: 'ok' })).toThrow(
      expect.objectContaining({
        issues: [expect.stringMatching(/^PORT: /), expect.stringMatching(/^MNEMO_LOG_LEVEL: /)],
        message: expect.stringMatching(/^Invalid configuration:\n {2}PORT: .*\n {2}MNEMO_LOG_LEVEL: /),
      }),
    );
  });

  it('requires MNEMO_EMBEDDING_URL when MNEMO_EMBEDDINGS=openai', () => {
    expect(() => loadConfig({ MNEMO_EMBEDDINGS: 'openai' })).toThrow(configError('MNEMO_EMBEDDING_URL'));
  });
});

describe('loadConfig: result', () => {
  it('is deeply frozen', () => {
    const c = loadConfig({ MNEMO_URL_ALLOWED_HOSTS: 'a.example' });
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.embeddings)).toBe(true);
    expect(Object.isFrozen(c.urlFetch)).toBe(true);
    expect(Object.isFrozen(c.urlFetch.allowedHosts)).toBe(true);
    expect(() => {
      (c as { port: number }).port = 1;
    }).toThrow(TypeError);
    expect(() => {
      (c.search as { candidates: number }).candidates = 1;
    }).toThrow(TypeError);
    expect(() => (c.urlFetch.allowedHosts as string[]).push('evil.example')).toThrow(TypeError);
    expect(c.port).toBe(8787);
  });

  it('returns a new object per call', () => {
    expect(loadConfig({ PORT: '1' }).port).toBe(1);
    expect(loadConfig({ PORT: '2' }).port).toBe(2);
  });
});

describe('ENV_VARIABLES', () => {
  it('lists every variable loadConfig reads, without duplicates', () => {
    expect(new Set(ENV_VARIABLES).size).toBe(ENV_VARIABLES.length);
    for (const name of ['PORT', 'HOST', 'MNEMO_API_KEY', 'MNEMO_EMBEDDINGS', 'MNEMO_URL_ALLOWED_HOSTS', 'MNEMO_RERANK_CANDIDATES']) {
      expect(ENV_VARIABLES).toContain(name);
    }
  });
});
