import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { historyFromJSON, historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { TemporalRunner, workflowIdFor } from '../../src/runner/temporal-runner.js';
import { DocumentService } from '../../src/services/documents.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { DEFAULT_POLICIES } from '../../src/temporal/policies.js';
import { createIngestWorker } from '../../src/temporal/worker.js';
import { waitFor } from '../helpers/server-process.js';
import { startDevServer, workflowBundle, type DevServer } from '../helpers/temporal.js';

const ORG = 'org_default';
const HISTORY_FIXTURE = path.resolve(import.meta.dirname, '../fixtures/ingest-document-history.json');

describe('Temporal mode on a real dev server', () => {
  let server: DevServer;
  let client: Client;
  let store: SqliteStore;
  let dbFile: string;
  const temporal = () => loadConfig({ TEMPORAL_ADDRESS: server.address, TEMPORAL_TASK_QUEUE: 'dev-test' }).temporal;

  beforeAll(async () => {
    server = await startDevServer();
    client = new Client({ connection: await Connection.connect({ address: server.address }) });
    dbFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-devtest-')), 'mnemo.db');
    store = new SqliteStore(dbFile);
    await store.migrate();
    await store.upsertOrganization({ id: ORG, name: 'Default', slug: 'default', createdAt: new Date().toISOString() });
  }, 120_000);

  afterAll(async () => {
    await client?.connection.close();
    await store?.close();
    await server?.stop();
  });

  async function withWorker<T>(fn: () => Promise<T>): Promise<T> {
    const deps = { store, embedder: staticEmbedderHandle(createHashEmbedder()), config: loadConfig({}), logger: silentLogger };
    const connection = await NativeConnection.connect({ address: server.address });
    const worker = await createIngestWorker({ connection, temporal: temporal(), deps, workflowBundle: await workflowBundle() });
    try {
      return await worker.runUntil(fn);
    } finally {
      await connection.close();
    }
  }

  it('lists document workflows by ContainerTag and DocumentStatus', async () => {
    const runner = new TemporalRunner({ client, store, temporal: temporal(), logger: silentLogger, reconcileEveryMs: 3_600_000 });
    const documents = new DocumentService(store, runner);
    await withWorker(async () => {
      const a = await documents.add(ORG, { content: 'alpha document', containerTags: ['list-a'] });
      const b = await documents.add(ORG, { content: 'beta document', containerTags: ['list-a'] });
      const c = await documents.add(ORG, { content: 'gamma document', containerTags: ['list-b'] });
      for (const { id } of [a, b, c]) await client.workflow.getHandle(workflowIdFor(id)).result();
      // Visibility is eventually consistent: wait until the listing reflects the final status.
      const listed = await waitFor(async () => {
        const ids: string[] = [];
        for await (const wf of client.workflow.list({ query: `ContainerTag = 'list-a' AND DocumentStatus = 'done'` })) ids.push(wf.workflowId);
        return ids.length === 2 ? ids : undefined;
      }, 20_000, 250);
      expect(listed.sort()).toEqual([workflowIdFor(a.id), workflowIdFor(b.id)].sort());
      const other: string[] = [];
      for await (const wf of client.workflow.list({ query: `ContainerTag = 'list-b'` })) other.push(wf.workflowId);
      expect(other).toEqual([workflowIdFor(c.id)]);

      // Record this run's history for the replay test (committed as a fixture; refresh with RECORD_HISTORY=1).
      if (process.env.RECORD_HISTORY === '1' || !fs.existsSync(HISTORY_FIXTURE)) {
        const history = await client.workflow.getHandle(workflowIdFor(a.id)).fetchHistory();
        fs.writeFileSync(HISTORY_FIXTURE, `${historyToJSON(history)}\n`);
      }
    });
  });

  it('finishes a document after the worker running its activity is killed', async () => {
    // Short heartbeat timeout so Temporal notices the dead worker quickly.
    const policies = { ...DEFAULT_POLICIES, model: { ...DEFAULT_POLICIES.model, heartbeatTimeout: '2s' } };
    const runner = new TemporalRunner({ client, store, temporal: temporal(), logger: silentLogger, policies, reconcileEveryMs: 3_600_000 });
    const documents = new DocumentService(store, runner);
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../fixtures/worker-process.ts')], {
      env: { ...process.env, TEMPORAL_ADDRESS: server.address, TEMPORAL_TASK_QUEUE: 'dev-test', DB_FILE: dbFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise((r) => child.once('exit', r));
    await waitFor(async () => out.includes('worker ready') || (child.exitCode !== null && Promise.reject(new Error(out))), 60_000);

    const { id } = await documents.add(ORG, { content: 'survives a worker crash', customId: 'crash' });
    await waitFor(async () => (await store.getDocument(ORG, id))?.status === 'embedding', 30_000);
    child.kill('SIGKILL');
    await exited;

    const result = await withWorker(() => client.workflow.getHandle(workflowIdFor(id)).result());
    expect(result).toEqual({ documentId: id, status: 'done' });
    expect((await store.getDocument(ORG, id))?.status).toBe('done');
    const history = await client.workflow.getHandle(workflowIdFor(id)).fetchHistory();
    const timeouts = history.events?.filter((e) => e.activityTaskTimedOutEventAttributes);
    const retried = history.events?.some((e) => (e.activityTaskStartedEventAttributes?.attempt ?? 1) > 1);
    expect(Boolean(timeouts?.length) || retried).toBe(true);
  }, 120_000);

  it('replays the recorded history, and rejects a workflow change that breaks determinism', async () => {
    const history = historyFromJSON(JSON.parse(fs.readFileSync(HISTORY_FIXTURE, 'utf8')));
    await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history);
    const changed = await bundleWorkflowCode({
      workflowsPath: path.resolve(import.meta.dirname, '../fixtures/changed-workflows/index.ts'),
      logger: { log: () => undefined, trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as never,
    });
    await expect(Worker.runReplayHistory({ workflowBundle: changed }, history)).rejects.toBeInstanceOf(DeterminismViolationError);
  });
});
