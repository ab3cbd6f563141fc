import { WorkflowFailedError } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createError } from '../../src/errors.js';
import { silentLogger } from '../../src/logger.js';
import type { PipelineDeps } from '../../src/pipeline/deps.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import type { Embedder } from '../../src/providers/embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { TemporalRunner, workflowIdFor } from '../../src/runner/temporal-runner.js';
import { DocumentService } from '../../src/services/documents.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { DEFAULT_POLICIES } from '../../src/temporal/policies.js';
import { createIngestWorker } from '../../src/temporal/worker.js';
import { progressQuery } from '../../workflows/index.js';
import type { ActivityPolicies } from '../../workflows/shared.js';
import { toolPath, workflowBundle } from '../helpers/temporal.js';

const ORG = 'org_default';

/** Hash embedder that fails permanently on "poison", and transiently the first `flaky` times it sees "flaky". */
function scriptedEmbedder(flaky = 0): Embedder & { calls: Record<string, number> } {
  const base = createHashEmbedder();
  const calls: Record<string, number> = {};
  return {
    ...base,
    calls,
    embedDocuments: async (texts) => {
      const key = texts.join(' ');
      calls[key] = (calls[key] ?? 0) + 1;
      if (key.includes('poison')) throw createError('EMBEDDING_FAILED', ['poisoned input rejected (HTTP 400)'], { permanent: true });
      if (key.includes('flaky') && calls[key]! <= flaky) throw createError('EMBEDDING_FAILED', ['HTTP 503'], { permanent: false });
      return base.embedDocuments(texts);
    },
  };
}

describe('ingestDocument workflow (time-skipping test server)', () => {
  let env: TestWorkflowEnvironment;
  let store: SqliteStore;
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
    store = new SqliteStore(':memory:');
    await store.migrate();
    await store.upsertOrganization({ id: ORG, name: 'Default', slug: 'default', createdAt: new Date().toISOString() });
    embedder = scriptedEmbedder(2);
    const deps: PipelineDeps = { store, embedder: staticEmbedderHandle(embedder), config: loadConfig({}), logger: silentLogger };
    worker = await createIngestWorker({ connection: env.nativeConnection, temporal, deps, workflowBundle: await workflowBundle() });
    runner = new TemporalRunner({ client: env.client, store, temporal, logger: silentLogger, policies, reconcileEveryMs: 3_600_000, searchAttributes: false });
    documents = new DocumentService(store, runner);
    running = worker.run();
  }, 120_000);

  afterAll(async () => {
    worker?.shutdown();
    await running;
    await env?.teardown();
    await store?.close();
  });

  const handle = (id: string) => env.client.workflow.getHandle(workflowIdFor(id));

  it('runs every step as an activity and records the status in the store', async () => {
    const { id } = await documents.add(ORG, { content: 'Workflows keep the pipeline durable.', containerTags: ['wf-tag'], customId: 'happy' });
    const result = await handle(id).result();
    expect(result).toEqual({ documentId: id, status: 'done' });
    const doc = await store.getDocument(ORG, id);
    expect(doc?.status).toBe('done');
    expect(doc?.processingMetadata?.steps.map((s) => [s.name, s.status])).toEqual([
      ['extract', 'completed'],
      ['chunk', 'completed'],
      ['embed', 'completed'],
      ['index', 'completed'],
    ]);
    expect(await store.getChunks(ORG, id)).toHaveLength(1);
    const progress = await handle(id).query(progressQuery);
    expect(progress).toMatchObject({ status: 'done', completedSteps: ['extract', 'chunk', 'embed', 'index'], currentStep: null });
  });

  it('fails a permanently failing document with its reason, then succeeds after re-submission by customId', async () => {
    const first = await documents.add(ORG, { content: 'poison pill', customId: 'retry-by-custom-id' });
    const error = await handle(first.id).result().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    const failed = await store.getDocument(ORG, first.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.processingMetadata).toMatchObject({ failedStep: 'embed', errorCode: 'EMBEDDING_FAILED' });
    expect(failed?.processingMetadata?.error).toContain('poisoned input rejected');
    const firstRun = (await handle(first.id).describe()).runId;

    const second = await documents.add(ORG, { content: 'a healthy replacement', customId: 'retry-by-custom-id' });
    expect(second).toEqual({ id: first.id, status: 'queued' });
    expect(await handle(first.id).result()).toEqual({ documentId: first.id, status: 'done' });
    const secondRun = (await handle(first.id).describe()).runId;
    expect(secondRun).not.toBe(firstRun);
    expect((await store.getDocument(ORG, first.id))?.status).toBe('done');
  });

  it('retries transient failures on Temporal timers, skipping an hour per retry', async () => {
    const started = Date.now();
    const { id } = await documents.add(ORG, { content: 'flaky provider' });
    expect(await handle(id).result()).toEqual({ documentId: id, status: 'done' });
    expect(embedder.calls['flaky provider']).toBe(3);
    expect(Date.now() - started).toBeLessThan(30_000);
    const history = await handle(id).fetchHistory();
    const retries = history.events?.filter((e) => e.activityTaskStartedEventAttributes?.attempt && e.activityTaskStartedEventAttributes.attempt > 1);
    expect(retries?.length).toBeGreaterThan(0);
  });

  it('lets a newer version replace a run in flight', async () => {
    const a = await documents.add(ORG, { content: 'version one', customId: 'replace-me' });
    await documents.add(ORG, { content: 'version two', customId: 'replace-me' });
    expect(await handle(a.id).result()).toMatchObject({ documentId: a.id });
    const chunks = await store.getChunks(ORG, a.id);
    expect(chunks.map((c) => c.content)).toEqual(['version two']);
    expect((await store.getDocument(ORG, a.id))?.status).toBe('done');
  });
});
