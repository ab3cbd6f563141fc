import type Router from '@koa/router';
import { errorMessage } from '../../errors.js';
import type { EmbedderHandle, EmbedderStatus } from '../../providers/embedder.js';
import type { Runner, RunnerStatus } from '../../runner/runner.js';
import type { Store } from '../../storage/store.js';
import type { AppState } from '../context.js';

export interface HealthDeps {
  store: Store;
  runner: Runner;
  embedder: EmbedderHandle;
  version: string;
  startedAt: number;
}

/**
 * GET /health (no auth): store, runner and provider status. 503 only when the store cannot serve; `degraded` exactly
 * when `warnings` lists at least one reason.
 */
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
    // Every reason the service is not at full strength, each naming its component; none means status ok.
    const warnings = [
      ...(store.ok ? [] : [`store: ${store.error ?? 'not answering'}`]),
      ...embeddingWarnings(embeddings),
      ...runnerWarnings(runner),
    ];
    const degraded = warnings.length > 0;
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

function embeddingWarnings(e: EmbedderStatus): string[] {
  const warnings = [...(e.warning ? [e.warning] : []), ...(e.error ? [`embeddings: ${e.error}`] : [])];
  if (warnings.length > 0) return warnings;
  if (e.state !== 'ready') return [`embeddings: the model is ${e.state === 'loading' ? 'still loading' : e.state}`];
  if (e.provider === 'hash') return ['embeddings: running on the hash embedder (no semantic similarity)'];
  return [];
}

/** The runner's own reasons; `detail` (where it runs) is information, not a warning. */
function runnerWarnings(r: RunnerStatus): string[] {
  if (r.warnings?.length) return r.warnings;
  return r.state === 'running' ? [] : [`runner: the ${r.kind} runner is ${r.state}`];
}
