import { WorkflowFailedError } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { systemActor } from '../../src/core/actor.js';
import { createError } from '../../src/core/errors.js';
import { silentLogger } from '../../src/core/logger.js';
import type { PipelineDeps } from '../../src/pipeline/deps.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import type { Embedder } from '../../src/providers/embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { TemporalRunner, workflowIdFor } from '../../src/temporal/temporal-runner.js';
import type { DocumentPatch } from '../../src/storage/documents.js';
import { DocumentService } from '../../src/services/documents.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { DEFAULT_POLICIES } from '../../src/temporal/policies.js';
import { createIngestWorker } from '../../src/temporal/worker.js';
import { progressQuery } from '../../workflows/index.js';
import type { ActivityPolicies } from '../../workflows/shared.js';
import { waitFor } from '../helpers/server-process.js';
import { toolPath, workflowBundle } from '../helpers/temporal.js';
import { overridePort } from '../helpers/store-overrides.js';

const ORG = 'org_default';
const ACTOR = systemActor(ORG);

/** Named promises a test opens: a step waiting on one stays in flight while the test acts. */
class Gates {
  private readonly gates = new Map<string, { promise: Promise<void>; open: () => void }>();
  readonly reached = new Set<string>();

  wait(name: string): Promise<void> {
    this.reached.add(name);
    return this.get(name).promise;
  }

  open(name: string): void {
    this.get(name).open();
  }

  openAll(): void {
    for (const gate of this.gates.values()) gate.open();
  }

  private get(name: string) {
    let gate = this.gates.get(name);
    if (!gate) {
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
      this.gates.set(name, gate);
    }
    return gate;
  }
}

/**
 * Hash embedder that fails permanently on "poison", transiently the first `flaky` times it sees "flaky", and waits
 * for gate `x` on "hold:x".
 */
function scriptedEmbedder(flaky: number, gates: Gates): Embedder & { calls: Record<string, number> } {
  const base = createHashEmbedder();
  const calls: Record<string, number> = {};
  return {
    ...base,
    calls,
    embedDocuments: async (texts) => {
      const key = texts.join(' ');
      calls[key] = (calls[key] ?? 0) + 1;
      const hold = /hold:(\w+)/.exec(key);
      if (hold) await gates.wait(hold[1]!);
      if (key.includes('poison')) throw createError('EMBEDDING_FAILED', ['poisoned input rejected (HTTP 400)'], { permanent: true });
      if (key.includes('flaky') && calls[key]! <= flaky) throw createError('EMBEDDING_FAILED', ['HTTP 503'], { permanent: false });
      return base.embedDocuments(texts);
    },
  };
}

/** Holds a store write while `holdWrite` names a gate for it (a status write of a step or of the run's end). */
function gatedStore(store: SqliteStore, gates: Gates, holdWrite: () => ((patch: DocumentPatch) => string | undefined) | undefined): SqliteStore {
  return overridePort(store, 'documents', {
    updateDocument: async (...args: Parameters<SqliteStore['documents']['updateDocument']>) => {
      const gate = holdWrite()?.(args[2]);
      if (gate) await gates.wait(gate);
      return store.documents.updateDocument(...args);
    },
  });
}

describe('ingestDocument workflow (time-skipping test server)', () => {
  let env: TestWorkflowEnvironment;
  let store: SqliteStore;
  const gates = new Gates();
  let holdWrite: ((patch: DocumentPatch) => string | undefined) | undefined;
  let embedder: ReturnType<typeof scriptedEmbedder>;
  let worker: Worker;
  let documents: DocumentService;
  let runner: TemporalRunner;
  let running: Promise<void>;
  const temporal = loadConfig({ TEMPORAL_ADDRESS: 'unused:0', TEMPORAL_TASK_QUEUE: 'test-ingest' }).temporal;
  // Retries an hour apart: only time skipping lets the test finish in seconds.
  const policies: ActivityPolicies = {
    ...DEFAULT_POLICIES,
    model: { ...DEFAULT_POLICIES.model, retry: { ...DEFAULT_POLICIES.model.retry, initialInterval: '1h', maximumInterval: '1h' } },
  };

  beforeAll(async () => {
    env = await TestWorkflowEnvironment.createTimeSkipping({
      server: { executable: { type: 'existing-path', path: toolPath('temporal-test-server') } },
    });
    const sqlite = new SqliteStore(':memory:');
    await sqlite.migrate();
    await sqlite.accounts.upsertOrganization({ id: ORG, name: 'Default', slug: 'default', createdAt: new Date().toISOString() });
    store = gatedStore(sqlite, gates, () => holdWrite);
    embedder = scriptedEmbedder(2, gates);
    const deps: PipelineDeps = { store, embedder: staticEmbedderHandle(embedder), config: loadConfig({}), logger: silentLogger };
    worker = await createIngestWorker({ connection: env.nativeConnection, temporal, deps, workflowBundle: await workflowBundle() });
    runner = new TemporalRunner({ client: env.client, store, temporal, logger: silentLogger, policies, reconcileEveryMs: 3_600_000, searchAttributes: false });
    documents = new DocumentService(store, runner);
    running = worker.run();
  }, 120_000);

  afterAll(async () => {
    gates.openAll();
    worker?.shutdown();
    await running;
    await env?.teardown();
    await store?.close();
  });

  const handle = (id: string) => env.client.workflow.getHandle(workflowIdFor(id));
  const run = (id: string, runId: string) => env.client.workflow.getHandle(workflowIdFor(id), runId, { followRuns: false });
  const statusOf = async (id: string) => (await store.documents.getDocument(ORG, id))?.status;

  it('runs every step as an activity and records the status in the store', async () => {
    const { id } = await documents.add(ACTOR, { content: 'Workflows keep the pipeline durable.', containerTags: ['wf-tag'], customId: 'happy' });
    const result = await handle(id).result();
    expect(result).toEqual({ documentId: id, status: 'done' });
    const doc = await store.documents.getDocument(ORG, id);
    expect(doc?.status).toBe('done');
    expect(doc?.processingMetadata?.steps.map((s) => [s.name, s.status])).toEqual([
      ['extract', 'completed'],
      ['chunk', 'completed'],
      ['memories', 'completed'],
      ['embed', 'completed'],
      ['index', 'completed'],
    ]);
    expect(await store.chunks.getChunks(ORG, id)).toHaveLength(1);
    const progress = await handle(id).query(progressQuery);
    expect(progress).toMatchObject({ status: 'done', completedSteps: ['extract', 'chunk', 'memories', 'embed', 'index'], currentStep: null });
  });

  it('fails a permanently failing document with its reason, then succeeds after re-submission by customId', async () => {
    const first = await documents.add(ACTOR, { content: 'poison pill', customId: 'retry-by-custom-id' });
    const error = await handle(first.id)
      .result()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    const failed = await store.documents.getDocument(ORG, first.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.processingMetadata).toMatchObject({ failedStep: 'embed', errorCode: 'EMBEDDING_FAILED' });
    expect(failed?.processingMetadata?.error).toContain('poisoned input rejected');
    const firstRun = (await handle(first.id).describe()).runId;

    const second = await documents.add(ACTOR, { content: 'a healthy replacement', customId: 'retry-by-custom-id' });
    expect(second).toEqual({ id: first.id, status: 'queued' });
    expect(await handle(first.id).result()).toEqual({ documentId: first.id, status: 'done' });
    const secondRun = (await handle(first.id).describe()).runId;
    expect(secondRun).not.toBe(firstRun);
    expect((await store.documents.getDocument(ORG, first.id))?.status).toBe('done');
  });

  it('retries transient failures on Temporal timers, skipping an hour per retry', async () => {
    const started = Date.now();
    const { id } = await documents.add(ACTOR, { content: 'flaky provider' });
    expect(await handle(id).result()).toEqual({ documentId: id, status: 'done' });
    expect(embedder.calls['flaky provider']).toBe(3);
    expect(Date.now() - started).toBeLessThan(30_000);
    const history = await handle(id).fetchHistory();
    const retries = history.events?.filter((e) => e.activityTaskStartedEventAttributes?.attempt && e.activityTaskStartedEventAttributes.attempt > 1);
    expect(retries?.length).toBeGreaterThan(0);
  });

  it('lets a newer version replace a run in flight', async () => {
    const a = await documents.add(ACTOR, { content: 'version one', customId: 'replace-me' });
    await documents.add(ACTOR, { content: 'version two', customId: 'replace-me' });
    expect(await handle(a.id).result()).toMatchObject({ documentId: a.id });
    const chunks = await store.chunks.getChunks(ORG, a.id);
    expect(chunks.map((c) => c.content)).toEqual(['version two']);
    expect((await store.documents.getDocument(ORG, a.id))?.status).toBe('done');
  });

  it('names each activity after its pipeline step, so the history reads as the pipeline', async () => {
    const { id } = await documents.add(ACTOR, { content: 'Activities named after steps.' });
    await handle(id).result();
    const history = await handle(id).fetchHistory();
    const scheduled = history.events?.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
    expect(scheduled).toEqual(['extract', 'chunk', 'memories', 'embed', 'index', 'completeDocument']);
  });

  it('carries title, customId, container tags, source and generation in the memo', async () => {
    const { id } = await documents.add(ACTOR, { content: 'Memo for the operator.', title: 'Operator view', customId: 'memo-doc', containerTags: ['memo-tag'] });
    await handle(id).result();
    const { memo } = await handle(id).describe();
    expect(memo).toEqual({ title: 'Operator view', customId: 'memo-doc', containerTags: ['memo-tag'], source: 'api', generation: 1 });
  });

  it('answers the progress query with completedSteps [] before the first step finished', async () => {
    holdWrite = (patch) => (patch.status === 'extracting' ? 'first-step' : undefined);
    const { id } = await documents.add(ACTOR, { content: 'Queried before its first step.' });
    await waitFor(async () => gates.reached.has('first-step'));
    holdWrite = undefined;
    expect(await handle(id).query(progressQuery)).toMatchObject({ status: 'extracting', currentStep: 'extract', completedSteps: [], error: null });
    gates.open('first-step');
    expect(await handle(id).result()).toEqual({ documentId: id, status: 'done' });
    expect((await handle(id).query(progressQuery)).completedSteps).toEqual(['extract', 'chunk', 'memories', 'embed', 'index']);
  });

  it('ends a run superseded by a re-sent customId as Completed (superseded), and starts the new version at once', async () => {
    const first = await documents.add(ACTOR, { content: 'hold:v1 version one', customId: 'supersede-me' });
    await waitFor(async () => gates.reached.has('v1'));
    const oldRunId = (await handle(first.id).describe()).runId;

    const started = Date.now();
    const second = await documents.add(ACTOR, { content: 'version two', customId: 'supersede-me' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(second.id).toBe(first.id);
    const current = await handle(first.id).describe();
    expect(current.runId).not.toBe(oldRunId);

    const old = run(first.id, oldRunId);
    expect((await old.describe()).status.name).toBe('COMPLETED');
    expect(await old.result()).toEqual({ documentId: first.id, status: 'superseded' });
    expect(current.memo).toMatchObject({ generation: 2 });
    expect(await old.query(progressQuery)).toMatchObject({ status: 'superseded', currentStep: null, completedSteps: ['extract', 'chunk', 'memories'] });
    expect(await handle(first.id).result()).toEqual({ documentId: first.id, status: 'done' });
    expect((await store.chunks.getChunks(ORG, first.id)).map((c) => c.content)).toEqual(['version two']);
    gates.open('v1');
  });

  it('leaves a run that is closing (recording its failure) Completed or Failed, never Terminated, when its customId is re-sent', async () => {
    holdWrite = (patch) => (patch.status === 'failed' ? 'closing' : undefined);
    const first = await documents.add(ACTOR, { content: 'poison while closing', customId: 'closing' });
    await waitFor(async () => gates.reached.has('closing'));
    holdWrite = undefined;
    const oldRunId = (await handle(first.id).describe()).runId;

    await documents.add(ACTOR, { content: 'healthy after closing', customId: 'closing' });
    gates.open('closing');
    const old = run(first.id, oldRunId);
    await old.result().catch(() => undefined);
    expect(['COMPLETED', 'FAILED']).toContain((await old.describe()).status.name);
    expect((await old.query(progressQuery)).completedSteps).toEqual(['extract', 'chunk', 'memories']);
    expect(await handle(first.id).result()).toEqual({ documentId: first.id, status: 'done' });
    expect(await statusOf(first.id)).toBe('done');
  });

  it('records an operator cancellation on the document, so the reconciler does not start it again', async () => {
    const { id } = await documents.add(ACTOR, { content: 'hold:cancel cancelled by an operator' });
    await waitFor(async () => gates.reached.has('cancel'));
    await handle(id).cancel();
    await expect(handle(id).result()).rejects.toBeInstanceOf(WorkflowFailedError);
    expect((await handle(id).describe()).status.name).toBe('CANCELLED');
    const doc = await store.documents.getDocument(ORG, id);
    expect(doc?.status).toBe('failed');
    expect(doc?.processingMetadata).toMatchObject({ errorCode: 'CANCELLED', failedStep: 'embed' });
    expect(await handle(id).query(progressQuery)).toMatchObject({ status: 'failed', completedSteps: ['extract', 'chunk', 'memories'] });
    gates.open('cancel');
  });
});
