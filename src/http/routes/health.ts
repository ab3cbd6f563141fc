import type Router from '@koa/router';
import { errorMessage } from '../../errors.js';
import type { EmbedderHandle } from '../../providers/embedder.js';
import type { Runner } from '../../runner/runner.js';
import type { Store } from '../../storage/store.js';
import type { AppState } from '../context.js';

export interface HealthDeps {
  store: Store;
  runner: Runner;
  embedder: EmbedderHandle;
  version: string;
  startedAt: number;
}

/** GET /health (no auth): store, runner and provider status. 503 only when the store cannot serve. */
export function registerHealthRoutes(router: Router<AppState>, deps: HealthDeps): void {
  router.get('/health', async (ctx) => {
    let store: { kind: string; ok: boolean; error?: string; vectorSearch: string; keywordSearch: string; fusion: string };
    const caps = deps.store.capabilities;
    const searchPaths = {
      vectorSearch: caps.nativeVectorSearch ? 'native' : 'in-app exact',
      keywordSearch: caps.nativeKeywordSearch ? 'native' : 'in-app',
      fusion: caps.nativeRankFusion ? 'rankFusion' : 'in-app',
    };
    try {
      await deps.store.ping();
      store = { kind: deps.store.kind, ok: true, ...searchPaths };
    } catch (err) {
      store = { kind: deps.store.kind, ok: false, error: errorMessage(err), ...searchPaths };
    }
    const runner = deps.runner.status();
    const embeddings = deps.embedder.status();
    const warnings = [
      ...(embeddings.warning ? [embeddings.warning] : []),
      ...(embeddings.error ? [`embeddings: ${embeddings.error}`] : []),
      ...(runner.detail ? [runner.detail] : []),
    ];
    const degraded = embeddings.state !== 'ready' || embeddings.provider === 'hash' || runner.state !== 'running';
    ctx.status = store.ok ? 200 : 503;
    ctx.body = {
      status: !store.ok ? 'error' : degraded ? 'degraded' : 'ok',
      version: deps.version,
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
      store,
      runner,
      providers: { embeddings },
      warnings,
    };
  });
}
