import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { silentLogger } from '../../src/core/logger.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { newKeyRecord } from '../../src/services/auth.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { ensureKeyExpirySchedule, KEY_EXPIRY_SCHEDULE_ID } from '../../src/temporal/key-expiry-schedule.js';
import { MEMORY_EXPIRY_SCHEDULE } from '../../src/temporal/memory-expiry-schedule.js';
import { TEST_KEY } from '../helpers/runtime.js';
import { waitFor } from '../helpers/server-process.js';
import { startDevServer, workflowBundle, type DevServer } from '../helpers/temporal.js';

const TASK_QUEUE = 'key-expiry-test';

describe('key expiry as a Temporal Schedule (dev server)', () => {
  let server: DevServer;
  let client: Client;
  let runtime: Runtime | undefined;
  let store: SqliteStore;

  beforeAll(async () => {
    server = await startDevServer();
    client = new Client({ connection: await Connection.connect({ address: server.address }) });
  }, 120_000);

  afterAll(async () => {
    await runtime?.close();
    await client?.connection.close();
    await server?.stop();
  });

  it('the API process creates the Schedule at start; its run sends the due notice through the worker', async () => {
    store = new SqliteStore(':memory:');
    await store.migrate();
    await store.accounts.upsertOrganization({ id: 'org_default', name: 'Default', slug: 'default', createdAt: new Date().toISOString() });
    const record = newKeyRecord({ orgId: 'org_default', name: 'nightly', key: 'sm_expiring-key-0123456789', kind: 'root', now: new Date().toISOString(), expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    await store.accounts.insertApiKey(record);

    const config = loadConfig({ MNEMO_API_KEY: TEST_KEY, MNEMO_DATA_DIR: '/nonexistent-test-data-dir', TEMPORAL_ADDRESS: server.address, TEMPORAL_TASK_QUEUE: TASK_QUEUE });
    runtime = await createRuntime(config, silentLogger, {
      store,
      embedder: staticEmbedderHandle(createHashEmbedder()),
      print: () => undefined,
      workflowBundle: await workflowBundle(),
    });
    await runtime.runner.start();

    const handle = client.schedule.getHandle(KEY_EXPIRY_SCHEDULE_ID);
    const description = await waitFor(() => handle.describe().catch(() => undefined), 30_000, 200);
    expect(description.spec.intervals?.map((i) => i.every)).toEqual([3_600_000]);
    expect(description.action).toMatchObject({ type: 'startWorkflow', workflowType: 'checkKeyExpiry', taskQueue: TASK_QUEUE });
    expect(description.policies.overlap).toBe('SKIP');

    // Created with an immediate first run: the worker's activity records the notice on the key.
    const notified = await waitFor(
      async () => {
        const key = await store.accounts.getApiKey(record.id);
        return key && key.expiryNotices.length > 0 ? key : undefined;
      },
      60_000,
      250,
    );
    expect(notified.expiryNotices).toEqual(['7d']);
    const runs = await waitFor(
      async () => {
        const d = await handle.describe();
        return d.info.recentActions.length > 0 ? d.info.recentActions : undefined;
      },
      30_000,
      250,
    );
    const run = client.workflow.getHandle(runs[0]!.action.workflow.workflowId, runs[0]!.action.workflow.firstExecutionRunId);
    expect(await run.result()).toEqual([expect.objectContaining({ keyId: record.id, leads: ['7d'], emailed: false })]);
  }, 120_000);

  it('also creates the memory-expiry Schedule, whose run forgets expired memories through the worker', async () => {
    const expired = new Date(Date.now() - 60_000).toISOString();
    const id = 'mem-expired-for-schedule';
    await store.memories.insertMemory({
      id,
      orgId: 'org_default',
      containerTags: ['t'],
      memory: 'Dana is in Rome this week.',
      isStatic: false,
      isLatest: true,
      isForgotten: false,
      isInference: false,
      version: 1,
      parentMemoryId: null,
      rootMemoryId: id,
      relation: null,
      subject: 'Dana',
      attribute: null,
      eventDate: null,
      forgetAfter: expired,
      forgetReason: null,
      forgottenAt: null,
      documentIds: [],
      sourceCount: 1,
      metadata: {},
      createdAt: expired,
      updatedAt: expired,
    });
    const handle = client.schedule.getHandle(MEMORY_EXPIRY_SCHEDULE.scheduleId);
    const description = await waitFor(() => handle.describe().catch(() => undefined), 30_000, 200);
    expect(description.action).toMatchObject({ type: 'startWorkflow', workflowType: 'forgetExpiredMemories', taskQueue: TASK_QUEUE });
    await handle.trigger();
    const forgotten = await waitFor(
      async () => {
        const m = await store.memories.getMemory('org_default', id);
        return m?.isForgotten ? m : undefined;
      },
      60_000,
      250,
    );
    expect(forgotten).toMatchObject({ isForgotten: true, forgetReason: 'expired' });
  }, 120_000);

  it('is idempotent: a second start brings the existing Schedule to the new interval', async () => {
    expect(await ensureKeyExpirySchedule(client, { taskQueue: TASK_QUEUE, everyMs: 7_200_000 })).toBe('updated');
    const description = await client.schedule.getHandle(KEY_EXPIRY_SCHEDULE_ID).describe();
    expect(description.spec.intervals?.map((i) => i.every)).toEqual([7_200_000]);
    const listed: string[] = [];
    for await (const s of client.schedule.list()) listed.push(s.scheduleId);
    expect(listed.filter((id) => id === KEY_EXPIRY_SCHEDULE_ID)).toHaveLength(1);
  });
});
