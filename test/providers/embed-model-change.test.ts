/**
 * A database embedded by all-MiniLM-L6-v2 (the previous default) is re-embedded by bge-small-en-v1.5 (the default)
 * when the service starts with the new model, in both runners, without losing a document. Uses the real local
 * models that `npm test` installs first (pretest: scripts/install-models.mjs); deterministic (fixed texts, exact
 * assertions on ranks and counts only).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../src/core/actor.js';
import { loadConfig } from '../../src/core/config.js';
import { silentLogger } from '../../src/core/logger.js';
import { DEFAULT_LOCAL_MODEL, MINILM_MODEL, staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import type { Embedder } from '../../src/providers/embedder.js';
import { createTransformersEmbedder } from '../../src/providers/transformers-embedder.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { DocumentService } from '../../src/services/documents.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { TemporalRunner, workflowIdFor } from '../../src/temporal/temporal-runner.js';
import { createIngestWorker } from '../../src/temporal/worker.js';
import { auth, TEST_KEY } from '../helpers/runtime.js';
import { waitFor } from '../helpers/server-process.js';
import { startDevServer, workflowBundle, type DevServer } from '../helpers/temporal.js';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../.models');
const ORG = 'org_default';

const NOTES = [
  'The recipe for sourdough bread needs a starter that ferments overnight.',
  'Our quarterly sales grew by eight percent thanks to the new online shop.',
  'The goalkeeper broke his wrist during Saturday’s match and will miss a month.',
  'My daughter started violin lessons with a teacher from the conservatory.',
  'The server cluster was migrated to a new data centre in Frankfurt last week.',
  'We adopted a grey kitten from the animal shelter and named her Pepper.',
];

function local(model: string): Promise<Embedder> {
  return createTransformersEmbedder({ model, modelsDir: MODELS_DIR, cacheDir: '/nonexistent', allowDownload: false, dtype: 'fp32', batchSize: 8 });
}

/** A runtime closes its embedder on close(); the two models are shared by both runners' tests, closed at the end. */
const shared = (e: Embedder): Embedder => ({ ...e, close: async () => undefined });

let minilm: Embedder;
let bge: Embedder;
beforeAll(async () => {
  [minilm, bge] = await Promise.all([local(MINILM_MODEL), local(DEFAULT_LOCAL_MODEL)]);
}, 120_000);
afterAll(async () => {
  await minilm?.close?.();
  await bge?.close?.();
});

describe('changing the model from all-MiniLM-L6-v2 to bge-small-en-v1.5', () => {
  const runtimes: Runtime[] = [];
  afterAll(async () => {
    for (const rt of runtimes) await rt.close();
  });

  async function fileRuntime(dir: string, embedder: Embedder): Promise<Runtime> {
    const config = loadConfig({ MNEMO_API_KEY: TEST_KEY, MNEMO_DATA_DIR: dir, MNEMO_INGEST_POLL_MS: '20' });
    const rt = await createRuntime(config, silentLogger, {
      store: new SqliteStore(path.join(dir, 'mnemo.db')),
      embedder: staticEmbedderHandle(shared(embedder)),
      print: () => undefined,
    });
    await rt.runner.start();
    runtimes.push(rt);
    return rt;
  }

  it('re-embeds every document in the embedded runner, and search works on the new vectors', async () => {
    expect(minilm.id).not.toBe(bge.id);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-model-change-'));
    const first = await fileRuntime(dir, minilm);
    const ids: string[] = [];
    for (const content of NOTES) {
      const res = await request(first.app.callback()).post('/v3/documents').set(auth).send({ content, containerTag: 'notes' });
      expect(res.status).toBe(200);
      ids.push(res.body.id as string);
    }
    await first.embeddedRunner!.drain(60_000);
    for (const id of ids) expect((await first.store.documents.getDocument(ORG, id))?.status).toBe('done');
    expect(await first.store.chunks.findDocumentsWithStaleEmbeddings(bge.id, 100)).toHaveLength(NOTES.length);
    await first.close();
    runtimes.pop();

    const second = await fileRuntime(dir, bge);
    await waitFor(async () => (await second.store.chunks.findDocumentsWithStaleEmbeddings(bge.id, 100)).length === 0, 60_000, 50);
    await second.embeddedRunner!.drain(60_000);
    for (const [i, id] of ids.entries()) {
      const doc = await second.store.documents.getDocument(ORG, id);
      expect(doc?.status, id).toBe('done');
      expect(doc?.content).toBe(NOTES[i]);
      expect(await second.store.chunks.getChunksMissingEmbedding({ orgId: ORG, documentId: id, generation: 1 }, bge.id)).toHaveLength(0);
    }
    const list = await request(second.app.callback())
      .post('/v3/documents/list')
      .set(auth)
      .send({ containerTags: ['notes'], limit: 100 });
    expect(list.body.memories).toHaveLength(NOTES.length);

    // Paraphrases that share almost no words with their note find it first; the default threshold keeps them.
    const search = async (q: string) =>
      (await request(second.app.callback()).post('/v4/search').set(auth).send({ q, containerTag: 'notes', searchMode: 'documents' })).body as {
        results: { documentId: string; similarity: number }[];
      };
    const pet = await search('which cat did we bring home?');
    expect(pet.results[0]?.documentId).toBe(ids[5]);
    const music = await search('who teaches my child to play an instrument');
    expect(music.results[0]?.documentId).toBe(ids[3]);
    // An off-topic question gets nothing above the default threshold (0.5).
    expect((await search('what is the boiling point of liquid nitrogen in kelvin')).results).toEqual([]);
  }, 180_000);
});

describe('changing the model on Temporal', () => {
  let server: DevServer;
  let client: Client;
  let store: SqliteStore;
  const temporal = () => loadConfig({ TEMPORAL_ADDRESS: server.address, TEMPORAL_TASK_QUEUE: 'model-change' }).temporal;

  beforeAll(async () => {
    server = await startDevServer();
    client = new Client({ connection: await Connection.connect({ address: server.address }) });
    store = new SqliteStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-model-change-t-')), 'mnemo.db'));
    await store.migrate();
    await store.accounts.upsertOrganization({ id: ORG, name: 'Default', slug: 'default', createdAt: new Date().toISOString() });
  }, 120_000);
  afterAll(async () => {
    await client?.connection.close();
    await store?.close();
    await server?.stop();
  });

  async function withWorker<T>(embedder: Embedder, fn: () => Promise<T>): Promise<T> {
    const deps = { store, embedder: staticEmbedderHandle(shared(embedder)), config: loadConfig({}), logger: silentLogger };
    const connection = await NativeConnection.connect({ address: server.address });
    const worker = await createIngestWorker({ connection, temporal: temporal(), deps, workflowBundle: await workflowBundle() });
    try {
      return await worker.runUntil(fn);
    } finally {
      await connection.close();
    }
  }

  it('sends every MiniLM-embedded document back through embed and index with the new model', async () => {
    const first = new TemporalRunner({ client, store, temporal: temporal(), logger: silentLogger, reconcileEveryMs: 3_600_000 });
    const ids = await withWorker(minilm, async () => {
      const out: string[] = [];
      for (const content of NOTES) {
        const added = await new DocumentService(store, first).add(systemActor(ORG), { content, containerTags: ['notes'] });
        out.push(added.id);
      }
      for (const id of out) await client.workflow.getHandle(workflowIdFor(id)).result();
      return out;
    });
    expect(await store.chunks.findDocumentsWithStaleEmbeddings(bge.id, 100)).toHaveLength(NOTES.length);

    const runner = new TemporalRunner({ client, store, temporal: temporal(), logger: silentLogger, embedder: staticEmbedderHandle(shared(bge)), reconcileEveryMs: 3_600_000 });
    await withWorker(bge, async () => {
      await runner.start();
      try {
        await waitFor(async () => (await store.chunks.findDocumentsWithStaleEmbeddings(bge.id, 100)).length === 0, 90_000, 250);
        for (const id of ids) expect(await client.workflow.getHandle(workflowIdFor(id)).result()).toEqual({ documentId: id, status: 'done' });
      } finally {
        await runner.stop();
      }
    });
    for (const [i, id] of ids.entries()) {
      expect((await store.documents.getDocument(ORG, id))?.content).toBe(NOTES[i]);
      expect(await store.chunks.getChunksMissingEmbedding({ orgId: ORG, documentId: id, generation: 1 }, bge.id)).toHaveLength(0);
    }
    const hits = await store.chunks.vectorSearch(ORG, { vector: await bge.embedQuery('which cat did we bring home?'), model: bge.id, containerTags: ['notes'], limit: 3 });
    expect(hits[0]?.documentId).toBe(ids[5]);
  }, 240_000);
});
