import type { Config } from './core/config.js';
import type { Logger } from './core/logger.js';
import { composeEmbedded } from './composition/embedded.js';
import type { Runtime, RuntimeOverrides } from './composition/runtime.js';

export { createHealthApp, VERSION, type Runtime, type RuntimeOverrides } from './composition/runtime.js';

/**
 * The one place the mode is chosen: Temporal when TEMPORAL_ADDRESS is set (composition/temporal.ts, loaded only
 * then), embedded otherwise (composition/embedded.ts). The server, the benches and the tests call this.
 */
export async function createRuntime(config: Readonly<Config>, logger: Logger, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  if (config.temporal.address) return (await import('./composition/temporal.js')).composeTemporal(config, logger, overrides);
  return composeEmbedded(config, logger, overrides);
}

/**
 * Starts the store's warm-up (Store.warmUp: SQLite loads its large vector indexes) once the service listens, so that
 * it runs while the embedding model loads rather than on the first search; it holds the event loop in turns of up
 * to a second at 1M rows, which would delay listening if it began earlier. A worker-only process answers no
 * searches and warms nothing.
 */
export function startWarmUp(runtime: Pick<Runtime, 'store'>, config: Pick<Config, 'role'>): void {
  if (config.role !== 'worker') void runtime.store.warmUp?.();
}
