import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { isAppError } from '../../src/core/errors.js';
import { silentLogger } from '../../src/core/logger.js';
import { createEmbedderHandle, DEFAULT_LOCAL_MODEL, MINILM_MODEL } from '../../src/providers/create-embedder.js';
import { createOpenAIEmbedder } from '../../src/providers/openai-embedder.js';
import { createTransformersEmbedder } from '../../src/providers/transformers-embedder.js';
import { cosine } from '../../src/vector/cosine.js';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../.models');
const modelInstalled = fs.existsSync(path.join(MODELS_DIR, DEFAULT_LOCAL_MODEL, 'onnx', 'model.onnx'));

describe('local ONNX embedder (transformers.js)', () => {
  // `npm test` installs the model first (pretest); a missing model is a failure, never a silent skip.
  it('has the model installed by npm run models:install', () => {
    expect(modelInstalled, `no model in ${MODELS_DIR}: run npm run models:install`).toBe(true);
  });

  it.runIf(modelInstalled)('embeds offline into unit vectors that capture meaning (bge-small-en-v1.5, CLS pooling)', async () => {
    const e = await createTransformersEmbedder({
      model: DEFAULT_LOCAL_MODEL,
      modelsDir: MODELS_DIR,
      cacheDir: '/nonexistent',
      allowDownload: false,
      dtype: 'fp32',
      batchSize: 8,
    });
    expect(e.id).toBe(`local:${DEFAULT_LOCAL_MODEL}`);
    expect(e.dimensions).toBe(384);
    const [cat, kitten, stocks] = await e.embedDocuments(['A cat sat on the mat.', 'A kitten rests on a rug.', 'The stock market crashed.']);
    let norm = 0;
    for (const x of cat!) norm += x * x;
    expect(norm).toBeCloseTo(1, 4);
    expect(cosine(cat!, kitten!)).toBeGreaterThan(cosine(cat!, stocks!) + 0.2);
    // bge's background: unrelated passages sit near cosine 0.4 (MiniLM's near 0).
    expect(e.calibration.mean).toBeGreaterThan(0.25);
    expect(e.calibration.mean).toBeLessThan(0.6);
    // Searches compare queries (with the instruction) against passages; stored texts against each other use the other.
    expect(e.calibration.passages).toBeDefined();
    expect(Math.abs(e.calibration.passages!.mean - e.calibration.mean)).toBeGreaterThan(0.005);
    // Queries carry bge's retrieval instruction, so a query is not embedded as the same text stored as a passage.
    const q = await e.embedQuery('A cat sat on the mat.');
    expect(cosine(q, cat!)).toBeLessThan(0.99);
    expect(cosine(q, cat!)).toBeGreaterThan(0.8);
    expect(cosine(await e.embedQuery('where is the kitten sleeping?'), kitten!)).toBeGreaterThan(cosine(await e.embedQuery('where is the kitten sleeping?'), stocks!) + 0.1);
    // Without the instruction (for sentence-length passages, search/short-passages.ts) a query is embedded as a passage.
    expect(cosine(await e.embedQueryAsPassage!('A cat sat on the mat.'), cat!)).toBeGreaterThan(0.999);
    await e.close?.();
  });

  it.runIf(modelInstalled)('keeps all-MiniLM-L6-v2 selectable with MNEMO_EMBEDDING_MODEL (mean pooling, no query prefix)', async () => {
    const config = loadConfig({
      MNEMO_EMBEDDINGS: 'local',
      MNEMO_EMBEDDING_MODEL: MINILM_MODEL,
      MNEMO_EMBEDDING_ALLOW_DOWNLOAD: 'false',
      MNEMO_MODELS_DIR: MODELS_DIR,
      MNEMO_DATA_DIR: '/tmp/mnemo-embedder-test',
    });
    const e = await createEmbedderHandle(config, silentLogger).get();
    try {
      expect(e.id).toBe(`local:${MINILM_MODEL}`);
      expect(e.dimensions).toBe(384);
      expect(e.calibration.mean).toBeGreaterThan(-0.1);
      expect(e.calibration.mean).toBeLessThan(0.3);
      expect(e.calibration.passages).toBeUndefined();
      const [cat] = await e.embedDocuments(['A cat sat on the mat.']);
      expect(cosine(await e.embedQuery('A cat sat on the mat.'), cat!)).toBeGreaterThan(0.999);
      // No instruction, so no second form of the query.
      expect(e.embedQueryAsPassage).toBeUndefined();
    } finally {
      await e.close?.();
    }
  });

  it.runIf(modelInstalled)('uses bge-small-en-v1.5 when no model is configured', async () => {
    const config = loadConfig({ MNEMO_EMBEDDINGS: 'local', MNEMO_EMBEDDING_ALLOW_DOWNLOAD: 'false', MNEMO_MODELS_DIR: MODELS_DIR, MNEMO_DATA_DIR: '/tmp/mnemo-embedder-test' });
    const e = await createEmbedderHandle(config, silentLogger).get();
    await e.close?.();
    expect(e.id).toBe('local:BAAI/bge-small-en-v1.5');
  });
});

describe('embedder selection', () => {
  it('falls back to the hash embedder with a warning when no model can be loaded (auto)', async () => {
    const config = loadConfig({
      MNEMO_EMBEDDING_MODEL: 'nobody/no-such-model',
      MNEMO_EMBEDDING_ALLOW_DOWNLOAD: 'false',
      MNEMO_MODELS_DIR: '/nonexistent',
      MNEMO_DATA_DIR: '/tmp/mnemo-embedder-test',
    });
    const handle = createEmbedderHandle(config, silentLogger);
    expect(handle.status().state).toBe('loading');
    const e = await handle.get();
    expect(e.kind).toBe('hash');
    expect(handle.status()).toMatchObject({ state: 'ready', provider: 'hash' });
    expect(handle.status().warning).toContain('nobody/no-such-model');
  });

  it('fails instead of falling back when local mode is explicit', async () => {
    const config = loadConfig({
      MNEMO_EMBEDDINGS: 'local',
      MNEMO_EMBEDDING_MODEL: 'nobody/no-such-model',
      MNEMO_EMBEDDING_ALLOW_DOWNLOAD: 'false',
      MNEMO_MODELS_DIR: '/nonexistent',
      MNEMO_DATA_DIR: '/tmp/mnemo-embedder-test',
    });
    const handle = createEmbedderHandle(config, silentLogger);
    await expect(handle.get()).rejects.toThrow();
    expect(handle.status().state).toBe('failed');
  });
});

describe('OpenAI-compatible embedder', () => {
  let server: http.Server;
  let url: string;
  const requests: { auth?: string; body: { input: string[]; model: string; dimensions?: number } }[] = [];
  let mode: 'ok' | '400' | '503' = 'ok';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw);
        requests.push({ auth: req.headers.authorization, body });
        if (req.url !== '/v1/embeddings') return res.writeHead(404).end();
        if (mode !== 'ok') return res.writeHead(Number(mode)).end('{"error":"nope"}');
        // Deterministic 8-d vectors from character codes, returned out of order to test re-sorting.
        const data = body.input.map((t: string, index: number) => ({
          index,
          embedding: Array.from({ length: 8 }, (_, i) => (t.charCodeAt(i % t.length) % 7) + i),
        }));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: data.reverse(), model: body.model }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('batches requests, sends the key, normalises and keeps input order', async () => {
    const e = await createOpenAIEmbedder({ url, apiKey: 'sk-test', model: 'emb-1', dimensions: 8, batchSize: 3, timeoutMs: 5000 });
    expect(e.id).toBe('openai:emb-1:8');
    expect(e.dimensions).toBe(8);
    requests.length = 0;
    const out = await e.embedDocuments(['a', 'bb', 'ccc', 'dddd', 'eeeee']);
    expect(out).toHaveLength(5);
    expect(requests.map((r) => r.body.input.length)).toEqual([3, 2]);
    expect(requests[0]).toMatchObject({ auth: 'Bearer sk-test', body: { model: 'emb-1', dimensions: 8 } });
    const single = await e.embedQuery('ccc');
    expect(cosine(single, out[2]!)).toBeCloseTo(1, 6);
  });

  it('treats 400 as permanent and 503 as transient', async () => {
    const e = await createOpenAIEmbedder({ url, apiKey: undefined, model: 'emb-1', dimensions: undefined, batchSize: 16, timeoutMs: 5000 });
    mode = '400';
    const bad = await e.embedDocuments(['x']).catch((err: unknown) => err);
    mode = '503';
    const down = await e.embedDocuments(['x']).catch((err: unknown) => err);
    mode = 'ok';
    expect(isAppError(bad) && bad.permanent).toBe(true);
    expect(isAppError(down) && !down.permanent).toBe(true);
  });
});
