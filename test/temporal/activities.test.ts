import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../activities/index.js';
import { loadConfig } from '../../src/core/config.js';
import { systemActor } from '../../src/core/actor.js';
import { silentLogger } from '../../src/core/logger.js';
import type { PipelineDeps } from '../../src/pipeline/deps.js';
import { STEP_PLAN } from '../../src/pipeline/step-plan.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import type { Runner } from '../../src/runner/runner.js';
import { DocumentService } from '../../src/services/documents.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';

const ORG = 'org_default';
const idle: Runner = { start: async () => undefined, stop: async () => undefined, submit: async () => undefined, status: () => ({ kind: 'temporal', state: 'running', inFlight: 0, concurrency: 1 }) };

describe('activities', () => {
  let store: SqliteStore;
  let activities: ReturnType<typeof createActivities>;
  let documents: DocumentService;

  beforeAll(async () => {
    store = new SqliteStore(':memory:');
    await store.migrate();
    await store.accounts.upsertOrganization({ id: ORG, name: 'Default', slug: 'default', createdAt: new Date().toISOString() });
    const deps: PipelineDeps = { store, embedder: staticEmbedderHandle(createHashEmbedder()), config: loadConfig({}), logger: silentLogger };
    activities = createActivities(deps);
    documents = new DocumentService(store, idle);
  });
  afterAll(() => store.close());

  it('has one activity per step of the plan, named after it, plus the run end', () => {
    expect(Object.keys(activities).sort()).toEqual([...STEP_PLAN.map((s) => s.name), 'completeDocument', 'failDocument'].sort());
  });

  it('runs the steps of the plan in order, each recording its status', async () => {
    const { id } = await documents.add(systemActor(ORG), { content: 'Each step is its own activity.' });
    const ref = { orgId: ORG, documentId: id, generation: 1 };
    for (const step of STEP_PLAN) {
      await new MockActivityEnvironment().run(activities[step.name], ref);
      expect((await store.documents.getDocument(ORG, id))?.processingMetadata?.steps.at(-1)).toMatchObject({ name: step.name, status: 'completed' });
    }
    await new MockActivityEnvironment().run(activities.completeDocument, ref);
    expect((await store.documents.getDocument(ORG, id))?.status).toBe('done');
  });

  it('fails a step of a superseded generation with a non-retryable SUPERSEDED failure', async () => {
    const { id } = await documents.add(systemActor(ORG), { content: 'Replaced before its step ran.' });
    const stale = { orgId: ORG, documentId: id, generation: 0 };
    const failure = await new MockActivityEnvironment().run(activities.extract, stale).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'SUPERSEDED', nonRetryable: true });
  });
});
