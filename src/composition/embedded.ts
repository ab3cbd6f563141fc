import type { Config } from '../core/config.js';
import type { Logger } from '../core/logger.js';
import { EmbeddedRunner } from '../runner/embedded-runner.js';
import { EmbeddedSyncRunner } from '../services/connection-scheduler.js';
import { startKeyExpiryTimer } from '../services/key-expiry.js';
import { startMemoryExpiryTimer } from '../services/memory-expiry.js';
import type { Runtime, RuntimeOverrides } from './runtime.js';
import { assembleRuntime, buildServices, openBase } from './shared.js';

/**
 * Composition root of embedded mode (no TEMPORAL_ADDRESS): one process runs the pipeline in the in-process runner,
 * connection syncs in the in-process scheduler (state in the store) and the periodic jobs on timers.
 */
export async function composeEmbedded(config: Readonly<Config>, logger: Logger, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const base = await openBase(config, logger, overrides);
  const runner = new EmbeddedRunner(base.pipelineDeps, config.ingest);
  const services = buildServices(base, runner);
  const syncRunner = new EmbeddedSyncRunner(services.syncDeps, { pollMs: config.connectors.pollMs, concurrency: 2 });
  const jobDeps = { store: base.store, logger };
  const jobs = [startKeyExpiryTimer(config, jobDeps), startMemoryExpiryTimer(config.memoryExpiryCheckMs, { ...jobDeps, embedder: base.pipelineDeps.embedder })];
  return assembleRuntime(base, services, {
    embeddedRunner: runner,
    syncRunner,
    periodicJobs: { stop: async () => void (await Promise.all(jobs.map((j) => j.stop()))) },
    workflowUrl: null,
  });
}
