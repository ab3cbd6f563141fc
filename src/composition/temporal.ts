import type { Config } from '../core/config.js';
import type { Logger } from '../core/logger.js';
import { WORKFLOW_ID_PREFIX } from '../core/workflow-safe/ingest-names.js';
import { createConnectionSyncActivities } from '../../activities/sync-connection.js';
import { TemporalSyncRunner } from '../temporal/connection-sync-runner.js';
import { createTemporalRunner } from '../temporal/create-runner.js';
import { KEY_EXPIRY_SCHEDULE } from '../temporal/key-expiry-schedule.js';
import { MEMORY_EXPIRY_SCHEDULE } from '../temporal/memory-expiry-schedule.js';
import { startSchedules } from '../temporal/schedules.js';
import type { Runtime, RuntimeOverrides } from './runtime.js';
import { assembleRuntime, buildServices, openBase, type Services } from './shared.js';

/**
 * Composition root of Temporal mode (TEMPORAL_ADDRESS set), for each role: `api` submits workflows and keeps the
 * Schedules (connection syncs, key expiry, memory expiry) in step; `worker` runs the workflows and their activities
 * (and serves /health only); `all` does both.
 */
export async function composeTemporal(config: Readonly<Config>, logger: Logger, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const base = await openBase(config, logger, overrides);
  const runner = createTemporalRunner(config, base.pipelineDeps, logger, {
    ...(overrides.workflowBundle ? { workflowBundle: overrides.workflowBundle } : {}),
    ...(overrides.temporalPolicies ? { policies: overrides.temporalPolicies } : {}),
    // The worker is created by runner.start(), after this function has built the services its sync activities use.
    activities: () => createConnectionSyncActivities(services.syncDeps),
  });
  const services: Services = buildServices(base, runner);
  const syncRunner = new TemporalSyncRunner(config.temporal, logger);
  const serving = config.role !== 'worker';
  if (serving) {
    // API processes make sure every connection has its Schedule (and no Schedule outlives its connection).
    const { store } = base;
    const providers = [...services.syncDeps.connectors.keys()];
    syncRunner.reconcileInBackground(async () => (await Promise.all(providers.map((p) => store.connections.listConnectionsOfProvider(p)))).flat());
  }
  const periodicJobs = serving
    ? startSchedules(config, logger, [
        { def: KEY_EXPIRY_SCHEDULE, everyMs: config.keyExpiry.checkEveryMs },
        { def: MEMORY_EXPIRY_SCHEDULE, everyMs: config.memoryExpiryCheckMs },
      ])
    : undefined;
  return assembleRuntime(base, services, { embeddedRunner: undefined, syncRunner, periodicJobs, workflowUrl: workflowUrl(config) });
}

/** Where the console links a document's workflow: the Temporal UI's page of `document-<id>`. */
function workflowUrl(config: Readonly<Config>): string | null {
  if (!config.console.temporalUiUrl) return null;
  return `${config.console.temporalUiUrl}/namespaces/${encodeURIComponent(config.temporal.namespace)}/workflows/${WORKFLOW_ID_PREFIX}`;
}
