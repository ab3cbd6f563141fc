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
 * it runs while the embedding model loads rather than on the first search. It works in slices between turns of the
 * event loop, but its first reads and its CPU would still compete with the start itself. A worker-only process answers
 * no searches and warms nothing. The promise settles when the warm-up is over (it never rejects).
 */
export function startWarmUp(runtime: Pick<Runtime, 'store'>, config: Pick<Config, 'role'>): Promise<void> {
  return (config.role !== 'worker' && runtime.store.warmUp?.()) || Promise.resolve();
}
