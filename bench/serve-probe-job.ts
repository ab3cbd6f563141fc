/** The job of bench/serve-probe.ts and the environment its service is configured from. */
import type { Hash } from 'node:crypto';
import path from 'node:path';
import { REPO_ROOT } from './lib.js';

export interface ServeProbeJob {
  dataDir: string;
  apiKey: string;
  embeddings: 'local' | 'hash';
  /**
   * MNEMO_EMBEDDING_MODEL of the service (the model the database was built with). Without it the probe ran the default
   * model: on a MiniLM database that was bge with no vectors of its own (an empty vector stage), which made MiniLM look
   * 1.61x faster than bge at 100k.
   */
  model?: string;
  /** The embedder id the database's vectors carry: the probe refuses to measure a service that would not use them. */
  expectEmbedderId?: string;
  /** Request bodies for /v4/search, the first one timed on its own. */
  bodies: string[];
}

/**
 * The service's configuration variables: the job's database and model, the local model folder, and the
 * MNEMO_EMBEDDING_* settings under test from the caller's environment (as the benchmark's own embedder reads them).
 */
export function serveProbeEnv(job: ServeProbeJob, env: Record<string, string | undefined>): Record<string, string | undefined> {
  const passthrough = Object.entries(env).filter(([k]) => k.startsWith('MNEMO_EMBEDDING_') && k !== 'MNEMO_EMBEDDING_MODEL');
  return {
    ...Object.fromEntries(passthrough),
    MNEMO_API_KEY: job.apiKey,
    MNEMO_DATA_DIR: job.dataDir,
    MNEMO_LOG_LEVEL: 'silent',
    MNEMO_EMBEDDINGS: job.embeddings,
    MNEMO_MODELS_DIR: path.join(REPO_ROOT, '.models'),
    MNEMO_EMBEDDING_ALLOW_DOWNLOAD: 'false',
    ...(job.model ? { MNEMO_EMBEDDING_MODEL: job.model } : {}),
  };
}

/**
 * One timed `POST /v4/search` of `body`; the result ids and similarities go into `digest` outside the timed span (the
 * digest compares builds, it is not part of a search's cost). Returns the milliseconds.
 */
export async function timedSearch(baseUrl: string, apiKey: string, body: string, digest: Hash): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${baseUrl}/v4/search`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body });
  const bytes = await res.arrayBuffer();
  const ms = performance.now() - t;
  if (!res.ok) throw new Error(`search failed: ${res.status}`);
  const { results } = JSON.parse(Buffer.from(bytes).toString('utf8')) as { results: { id: string; similarity: number }[] };
  digest.update(`${results.map((r) => `${r.id}:${r.similarity}`).join(',')}\n`);
  return ms;
}
