import Router from '@koa/router';
import Koa from 'koa';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AppState } from '../../src/http/context.js';
import { registerHealthRoutes } from '../../src/http/routes/health.js';
import { systemActor } from '../../src/core/actor.js';
import type { AuthService } from '../../src/services/auth.js';
import { HealthService } from '../../src/services/health.js';
import type { EmbedderHandle, EmbedderStatus } from '../../src/providers/embedder.js';
import type { Runner, RunnerStatus } from '../../src/runner/runner.js';
import type { Store } from '../../src/storage/store.js';

const LOCAL_READY: EmbedderStatus = { state: 'ready', provider: 'local', model: 'bge-small', dimensions: 384 };
const HASH_READY: EmbedderStatus = { state: 'ready', provider: 'hash', model: 'hash-256', dimensions: 256 };
const TEMPORAL_FINE: RunnerStatus = {
  kind: 'temporal',
  state: 'running',
  inFlight: 0,
  concurrency: 8,
  detail: '127.0.0.1:7233 namespace=default taskQueue=mnemo-ingest',
};

const ROOT_ACTOR = { ...systemActor('org_a'), keyId: 'key_root' };
const SCOPED_ACTOR = { ...ROOT_ACTOR, keyId: 'key_scoped', keyKind: 'scoped' as const, containerTags: ['t'] };
/** Keys this fake auth service knows. */
const fakeAuth = {
  authenticate: async (key: string | undefined) => (key === 'root-key' ? { actor: ROOT_ACTOR } : key === 'scoped-key' ? { actor: SCOPED_ACTOR } : { rejected: 'unknown' }),
} as unknown as AuthService;

/** An app serving GET /health with this runner and embedder status, on a store that answers (or not). */
function healthApp(runner: RunnerStatus, embeddings: EmbedderStatus, storeError?: string) {
  const store = {
    kind: 'sqlite',
    chunks: { capabilities: { nativeVectorSearch: false, nativeKeywordSearch: true, nativeRankFusion: false } },
    ping: async () => {
      if (storeError) throw new Error(storeError);
    },
  } as unknown as Store;
  const router = new Router<AppState>();
  const health = new HealthService({
    store,
    runner: { status: () => runner } as Runner,
    embedder: { status: () => embeddings } as EmbedderHandle,
    version: 'test',
    startedAt: Date.now(),
  });
  registerHealthRoutes(router, { health, auth: fakeAuth });
  const app = new Koa();
  app.use(router.routes() as unknown as Koa.Middleware);
  return app.callback();
}

/** GET /health with a root key (the detailed report). */
async function health(runner: RunnerStatus, embeddings: EmbedderStatus, storeError?: string) {
  const res = await request(healthApp(runner, embeddings, storeError))
    .get('/health')
    .set('authorization', 'Bearer root-key');
  return res.body as { status: string; warnings: string[]; runner: RunnerStatus };
}

describe('GET /health', () => {
  it('is ok with no warnings when everything runs, keeping the runner detail out of the warnings', async () => {
    const body = await health(TEMPORAL_FINE, LOCAL_READY);
    expect(body.status).toBe('ok');
    expect(body.warnings).toEqual([]);
    expect(body.runner.detail).toBe(TEMPORAL_FINE.detail);
  });

  it('names the reason when it reports degraded because of the hash embedder', async () => {
    const body = await health({ kind: 'embedded', state: 'running', inFlight: 0, concurrency: 4 }, HASH_READY);
    expect(body.status).toBe('degraded');
    expect(body.warnings).toEqual([expect.stringMatching(/^embeddings: .*hash embedder/)]);
  });

  it("passes the runner's own reasons through when the runner is degraded", async () => {
    const reason = 'temporal: cannot reach Temporal at 127.0.0.1:7233 (connection refused); new documents stay queued until it answers';
    const body = await health({ ...TEMPORAL_FINE, state: 'degraded', warnings: [reason] }, LOCAL_READY);
    expect(body.status).toBe('degraded');
    expect(body.warnings).toEqual([reason]);
  });

  it('never reports degraded with an empty warning list, whatever the component states', async () => {
    const runnerStates: RunnerStatus['state'][] = ['starting', 'running', 'stopped', 'degraded'];
    const embeddings: EmbedderStatus[] = [
      LOCAL_READY,
      HASH_READY,
      { state: 'loading', provider: null, model: null, dimensions: null },
      { state: 'failed', provider: null, model: null, dimensions: null },
      { state: 'failed', provider: null, model: null, dimensions: null, error: 'model download failed' },
    ];
    for (const state of runnerStates) {
      for (const e of embeddings) {
        const body = await health({ ...TEMPORAL_FINE, state }, e);
        expect(body.warnings).not.toContain(TEMPORAL_FINE.detail);
        expect(body.status === 'degraded', `${state}/${e.state}/${e.provider}: ${JSON.stringify(body.warnings)}`).toBe(body.warnings.length > 0);
        if (state !== 'running') expect(body.warnings.some((w) => w.startsWith('runner: ') && w.includes(state))).toBe(true);
      }
    }
  });

  it('answers liveness only without a root key; the store, runner and model need one', async () => {
    const app = healthApp({ ...TEMPORAL_FINE, state: 'degraded', warnings: ['temporal: down'] }, LOCAL_READY);
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { 'x-api-key': 'scoped-key' }]) {
      const res = await request(app).get('/health').set(headers);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['status', 'uptimeSeconds', 'version']);
      expect(res.body.status).toBe('degraded');
    }
    const detailed = await request(app).get('/health').set('x-api-key', 'root-key');
    expect(detailed.body).toMatchObject({ status: 'degraded', warnings: ['temporal: down'], runner: { kind: 'temporal' }, store: { ok: true } });
    const down = await request(healthApp(TEMPORAL_FINE, LOCAL_READY, 'disk full')).get('/health');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'error', version: 'test', uptimeSeconds: expect.any(Number) });
  });

  it('answers 503 with the store error when the store cannot serve', async () => {
    const res = await health(TEMPORAL_FINE, LOCAL_READY, 'database is locked');
    expect(res.status).toBe('error');
    expect(res.warnings).toEqual(['store: database is locked']);
  });
});
