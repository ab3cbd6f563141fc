import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { historyFromJSON, historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { createError } from '../../src/core/errors.js';
import { systemActor } from '../../src/core/actor.js';
import { silentLogger } from '../../src/core/logger.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import type { Embedder } from '../../src/providers/embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { TemporalRunner, workflowIdFor } from '../../src/temporal/temporal-runner.js';
import { DocumentService } from '../../src/services/documents.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { DEFAULT_POLICIES } from '../../src/temporal/policies.js';
import { createIngestWorker } from '../../src/temporal/worker.js';
import { waitFor } from '../helpers/server-process.js';
import { startDevServer, workflowBundle, workflowBundlePath, type DevServer } from '../helpers/temporal.js';

const ORG = 'org_default';
const ACTOR = systemActor(ORG);
const HISTORY_FIXTURE = path.resolve(import.meta.dirname, '../fixtures/ingest-document-history.json');

/** Hash embedder that fails permanently on "poison" and holds "hold" until released. */
function scriptedEmbedder() {
  const base = createHashEmbedder();
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held = false;
  const embedder: Embedder = {
    ...base,
    embedDocuments: async (texts) => {
      const key = texts.join(' ');
      if (key.includes('poison')) throw createError('EMBEDDING_FAILED', ['poisoned input rejected (HTTP 400)'], { permanent: true });
      if (key.includes('hold')) {
        held = true;
        await released;
      }
      return base.embedDocuments(texts);
    },
  };
  return { embedder, release, isHeld: () => held };
}

describe('Temporal mode on a real dev server', () => {
  let server: DevServer;
  let client: Client;
  let store: SqliteStore;
  let dbFile: string;
  const scripted = scriptedEmbedder();
  const temporal = () => loadConfig({ TEMPORAL_ADDRESS: server.address, TEMPORAL_TASK_QUEUE: 'dev-test' }).temporal;

  beforeAll(async () => {
    server = await startDevServer();
    client = new Client({ connection: await Connection.connect({ address: server.address }) });
    dbFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-devtest-')), 'mnemo.db');
    store = new SqliteStore(dbFile);
    await store.migrate();
    await store.accounts.upsertOrganization({ id: ORG, name: 'Default', slug: 'default', createdAt: new Date().toISOString() });
  }, 120_000);

  afterAll(async () => {
    scripted.release();
    await client?.connection.close();
    await store?.close();
    await server?.stop();
  });

  async function withWorker<T>(fn: () => Promise<T>, embedder: Embedder = scripted.embedder): Promise<T> {
    const deps = { store, embedder: staticEmbedderHandle(embedder), config: loadConfig({}), logger: silentLogger };
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
      const a = await documents.add(ACTOR, { content: 'alpha document', containerTags: ['list-a'] });
      const b = await documents.add(ACTOR, { content: 'beta document', containerTags: ['list-a'] });
      const c = await documents.add(ACTOR, { content: 'gamma document', containerTags: ['list-b'] });
      for (const { id } of [a, b, c]) await client.workflow.getHandle(workflowIdFor(id)).result();
      // Visibility is eventually consistent: wait until the listing reflects the final status.
      const listed = await waitFor(
        async () => {
          const ids: string[] = [];
          for await (const wf of client.workflow.list({ query: `ContainerTag = 'list-a' AND DocumentStatus = 'done'` })) ids.push(wf.workflowId);
          return ids.length === 2 ? ids : undefined;
        },
        20_000,
        250,
      );
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

  /** Workflow ids a visibility query lists, once it lists `count` of them (visibility is eventually consistent). */
  async function listIds(query: string, count: number): Promise<string[]> {
    return waitFor(
      async () => {
        const ids: string[] = [];
        for await (const wf of client.workflow.list({ query })) ids.push(wf.workflowId);
        return ids.length === count ? ids.sort() : undefined;
      },
      20_000,
      250,
    );
  }

  it('finds "the run for customId y" and "the failed documents of user x" with one filter each; the memo describes the document', async () => {
    const runner = new TemporalRunner({ client, store, temporal: temporal(), logger: silentLogger, reconcileEveryMs: 3_600_000 });
    const documents = new DocumentService(store, runner);
    await withWorker(async () => {
      const failed = await documents.add(ACTOR, { content: 'poison for user x', containerTags: ['user-x'], customId: 'cid-failed', title: 'Bad one' });
      const fine = await documents.add(ACTOR, { content: 'fine for user x', containerTags: ['user-x'], customId: 'cid-fine' });
      const other = await documents.add(ACTOR, { content: 'poison for user y', containerTags: ['user-y'] });
      for (const { id } of [failed, fine, other])
        await client.workflow
          .getHandle(workflowIdFor(id))
          .result()
          .catch(() => undefined);

      expect(await listIds(`CustomId = "cid-failed"`, 1)).toEqual([workflowIdFor(failed.id)]);
      expect(await listIds(`DocumentStatus = "failed" AND ContainerTag = "user-x"`, 1)).toEqual([workflowIdFor(failed.id)]);
      expect(await listIds(`DocumentStatus = "failed"`, 2)).toEqual([workflowIdFor(failed.id), workflowIdFor(other.id)].sort());

      const described = await client.workflow.getHandle(workflowIdFor(failed.id)).describe();
      expect(described.status.name).toBe('FAILED');
      expect(described.memo).toEqual({ title: 'Bad one', customId: 'cid-failed', containerTags: ['user-x'], source: 'api', generation: 1 });
      expect(described.searchAttributes).toMatchObject({ CustomId: ['cid-failed'], ContainerTag: ['user-x'], DocumentStatus: ['failed'] });
    });
  });

  it('leaves a run superseded by a re-sent customId Completed with DocumentStatus superseded, not Terminated', async () => {
    const runner = new TemporalRunner({ client, store, temporal: temporal(), logger: silentLogger, reconcileEveryMs: 3_600_000 });
    const documents = new DocumentService(store, runner);
    await withWorker(async () => {
      try {
        await supersede(documents);
      } finally {
        scripted.release();
      }
    });
  });

  /** Re-sends a customId while its first version is held in embed; checks both runs as the UI lists them. */
  async function supersede(documents: DocumentService): Promise<void> {
    const first = await documents.add(ACTOR, { content: 'hold version one', customId: 'superseded-doc' });
    await waitFor(async () => scripted.isHeld());
    const oldRunId = (await client.workflow.getHandle(workflowIdFor(first.id)).describe()).runId;
    await documents.add(ACTOR, { content: 'version two', customId: 'superseded-doc' });

    const old = client.workflow.getHandle(workflowIdFor(first.id), oldRunId, { followRuns: false });
    expect(await old.result()).toEqual({ documentId: first.id, status: 'superseded' });
    expect(await client.workflow.getHandle(workflowIdFor(first.id)).result()).toEqual({ documentId: first.id, status: 'done' });
    const runs = await waitFor(
      async () => {
        const found: { runId: string; status: string; documentStatus: unknown }[] = [];
        for await (const wf of client.workflow.list({ query: `CustomId = "superseded-doc"` })) {
          found.push({ runId: wf.runId, status: wf.status.name, documentStatus: wf.searchAttributes.DocumentStatus });
        }
        return found.length === 2 && found.every((r) => r.status === 'COMPLETED') ? found : undefined;
      },
      20_000,
      250,
    );
    expect(runs.find((r) => r.runId === oldRunId)?.documentStatus).toEqual(['superseded']);
    expect(runs.find((r) => r.runId !== oldRunId)?.documentStatus).toEqual(['done']);
  }

  it('finishes a document after the worker running its activity is killed', async () => {
    // Short heartbeat timeout so Temporal notices the dead worker quickly.
    const policies = { ...DEFAULT_POLICIES, model: { ...DEFAULT_POLICIES.model, heartbeatTimeout: '2s' } };
    const runner = new TemporalRunner({ client, store, temporal: temporal(), logger: silentLogger, policies, reconcileEveryMs: 3_600_000 });
    const documents = new DocumentService(store, runner);
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../fixtures/worker-process.ts')], {
      env: { ...process.env, TEMPORAL_ADDRESS: server.address, TEMPORAL_TASK_QUEUE: 'dev-test', TEMPORAL_WORKFLOW_BUNDLE: await workflowBundlePath(), DB_FILE: dbFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise((r) => child.once('exit', r));
    await waitFor(async () => out.includes('worker ready') || (child.exitCode !== null && Promise.reject(new Error(out))), 60_000);

    const { id } = await documents.add(ACTOR, { content: 'survives a worker crash', customId: 'crash' });
    // The memories step shares the embedding status; wait until it is done, so the kill hits the (hanging) embed step.
    await waitFor(async () => {
      const doc = await store.documents.getDocument(ORG, id);
      return doc?.status === 'embedding' && doc.processingMetadata?.steps.some((s) => s.name === 'memories' && s.status === 'completed');
    }, 30_000);
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGKILL');
    await exited;

    const result = await withWorker(() => client.workflow.getHandle(workflowIdFor(id)).result());
    expect(result).toEqual({ documentId: id, status: 'done' });
    expect((await store.documents.getDocument(ORG, id))?.status).toBe('done');
    const history = await client.workflow.getHandle(workflowIdFor(id)).fetchHistory();
    const timeouts = history.events?.filter((e) => e.activityTaskTimedOutEventAttributes);
    const retried = history.events?.some((e) => (e.activityTaskStartedEventAttributes?.attempt ?? 1) > 1);
    expect(Boolean(timeouts?.length) || retried).toBe(true);
  }, 120_000);

  it('re-embeds finished documents after a model change, one new run per document', async () => {
    const first = new TemporalRunner({ client, store, temporal: temporal(), logger: silentLogger, reconcileEveryMs: 3_600_000 });
    const { id } = await withWorker(async () => {
      const added = await new DocumentService(store, first).add(ACTOR, { content: 'embedded by the retired model', containerTags: ['reembed'] });
      await client.workflow.getHandle(workflowIdFor(added.id)).result();
      return added;
    });
    const ref = { orgId: ORG, documentId: id, generation: 1 };
    const newModel = createHashEmbedder(256);
    expect(newModel.id).not.toBe(scripted.embedder.id);
    expect(await store.chunks.getChunksMissingEmbedding(ref, newModel.id)).not.toHaveLength(0);

    // A new process with another model: its runner sends every finished document back through embed and index.
    const runner = new TemporalRunner({
      client,
      store,
      temporal: temporal(),
      logger: silentLogger,
      embedder: staticEmbedderHandle(newModel),
      reconcileEveryMs: 3_600_000,
    });
    await withWorker(async () => {
      await runner.start();
      try {
        await waitFor(async () => (await store.chunks.findDocumentsWithStaleEmbeddings(newModel.id, 10)).length === 0 && (await store.documents.getDocument(ORG, id))?.status === 'done', 60_000, 250);
        // The store says done at the last activity; the run records DocumentStatus=done in the workflow task after
        // it, which needs this worker: wait for the run itself to close before the worker stops.
        expect(await client.workflow.getHandle(workflowIdFor(id)).result()).toEqual({ documentId: id, status: 'done' });
      } finally {
        await runner.stop();
      }
    }, newModel);
    expect(await store.chunks.getChunksMissingEmbedding(ref, newModel.id)).toHaveLength(0);
    const hits = await store.chunks.vectorSearch(ORG, { vector: await newModel.embedQuery('embedded by the retired model'), model: newModel.id, containerTags: ['reembed'], limit: 5 });
    expect(hits.map((h) => h.documentId)).toEqual([id]);
    // Two runs of the one workflow ID, both done: the first ingestion and the re-embedding.
    let statuses: unknown[] = [];
    await waitFor(
      async () => {
        statuses = [];
        for await (const wf of client.workflow.list({ query: `WorkflowId = '${workflowIdFor(id)}'` })) statuses.push(wf.searchAttributes.DocumentStatus);
        return statuses.length === 2 && statuses.every((s) => JSON.stringify(s) === '["done"]');
      },
      30_000,
      250,
    ).catch(() => undefined);
    expect(statuses).toEqual([['done'], ['done']]);
  }, 120_000);

  it('replays the recorded history, and rejects a workflow change that breaks determinism', async () => {
    const history = historyFromJSON(JSON.parse(fs.readFileSync(HISTORY_FIXTURE, 'utf8')));
    // The fixture is a run of the current design (one activity per step); re-record it with RECORD_HISTORY=1.
    const scheduled = history.events?.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
    // Recorded before the memories step existed: the plan is workflow input, so old histories still replay.
    expect(scheduled).toEqual(['extract', 'chunk', 'embed', 'index', 'completeDocument']);
    await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history);
    const changed = await bundleWorkflowCode({
      workflowsPath: path.resolve(import.meta.dirname, '../fixtures/changed-workflows/index.ts'),
      logger: { log: () => undefined, trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as never,
    });
    await expect(Worker.runReplayHistory({ workflowBundle: changed }, history)).rejects.toBeInstanceOf(DeterminismViolationError);
  });
});
