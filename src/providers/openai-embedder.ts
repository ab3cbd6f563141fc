import { createError, errorMessage } from '../core/errors.js';
import { normalize } from '../vector/cosine.js';
import { estimateCalibration, BACKGROUND_SENTENCES } from '../vector/calibrate.js';
import type { Embedder } from './embedder.js';

export interface OpenAIEmbedderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  url: string;
  apiKey: string | undefined;
  model: string;
  dimensions: number | undefined;
  batchSize: number;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Any OpenAI-compatible `/embeddings` endpoint. */
export async function createOpenAIEmbedder(opts: OpenAIEmbedderOptions): Promise<Embedder> {
  const doFetch = opts.fetch ?? fetch;
  const endpoint = `${opts.url.replace(/\/+$/, '')}/embeddings`;

  const call = async (input: readonly string[]): Promise<Float32Array[]> => {
    let res: Response;
    try {
      res = await doFetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: opts.model, input, ...(opts.dimensions ? { dimensions: opts.dimensions } : {}) }),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (err) {
      throw createError('EMBEDDING_FAILED', [errorMessage(err)], { cause: err, permanent: false });
    }
    if (!res.ok) {
      const body = (await res.text().catch(() => '')).slice(0, 500);
      // Input the provider rejects will be rejected again; rate limits and outages are worth retrying.
      const permanent = res.status === 400 || res.status === 413 || res.status === 422;
      throw createError('EMBEDDING_FAILED', [`HTTP ${res.status} ${body}`], { permanent });
    }
    const json = (await res.json()) as { data?: { embedding: number[]; index?: number }[] };
    if (!Array.isArray(json.data) || json.data.length !== input.length) {
      throw createError('EMBEDDING_FAILED', ['response has no data array of the expected length'], { permanent: false });
    }
    return [...json.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((d) => normalize(Float32Array.from(d.embedding)));
  };

  const run = async (texts: readonly string[]): Promise<Float32Array[]> => {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += opts.batchSize) out.push(...(await call(texts.slice(i, i + opts.batchSize))));
    return out;
  };

  const probe = await run(BACKGROUND_SENTENCES);
  return {
    id: `openai:${opts.model}${opts.dimensions ? `:${opts.dimensions}` : ''}`,
    kind: 'openai',
    dimensions: probe[0]!.length,
    calibration: estimateCalibration(probe),
    embedDocuments: run,
    embedQuery: async (text) => (await run([text]))[0]!,
  };
}
