import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { createError } from '../../src/core/errors.js';
import { silentLogger } from '../../src/core/logger.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import type { Embedder } from '../../src/providers/embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { executeStep } from '../../src/pipeline/run-step.js';
import { HEAVY_DOCUMENT_CHARS } from '../../src/runner/embedded-runner.js';
import { getStep, STEP_NAMES } from '../../src/pipeline/steps.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { auth, createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';

/** Wraps the hash embedder so that embedDocuments fails the first `failures` calls with `error`. */
function flakyEmbedder(failures: number, error: () => Error): Embedder & { calls: number } {
  const base = createHashEmbedder();
  const e = {
    ...base,
    calls: 0,
    embedDocuments: async (texts: readonly string[]) => {
      e.calls++;
      if (e.calls <= failures) throw error();
      return base.embedDocuments(texts);
    },
  };
  return e;
}

const runtimes: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (runtimes.length) await runtimes.pop()!.close();
});

async function fileRuntime(dir: string, embedder: Embedder = createHashEmbedder(), start = true): Promise<Runtime> {
  const config = loadConfig({
    MNEMO_API_KEY: TEST_KEY,
    MNEMO_DATA_DIR: dir,
    MNEMO_INGEST_POLL_MS: '20',
    MNEMO_INGEST_RETRY_BASE_MS: '10',
    MNEMO_INGEST_RETRY_MAX_MS: '40',
  });
  const rt = await createRuntime(config, silentLogger, {
    store: new SqliteStore(path.join(dir, 'mnemo.db')),
    embedder: staticEmbedderHandle(embedder),
    print: () => undefined,
  });
  if (start) await rt.runner.start();
  runtimes.push(rt);
  return rt;
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-runner-'));

describe('embedded runner', () => {
  it('retries transient errors with backoff and finishes the document', async () => {
    const embedder = flakyEmbedder(2, () => createError('EMBEDDING_FAILED', ['HTTP 503'], { permanent: false }));
    const rt: TestRuntime = await createTestRuntime({}, { embedder });
    runtimes.push(rt);
    const res = await request(rt.app.callback()).post('/v3/documents').set(auth).send({ content: 'retry me please' });
    await rt.settle();
    const doc = await rt.store.documents.getDocument('org_default', res.body.id);
    expect(doc?.status).toBe('done');
    expect(embedder.calls).toBe(3);
    expect(doc?.processingMetadata?.steps.find((s) => s.name === 'embed')?.status).toBe('completed');
  });

  it('records every step while reading the document row once a step, not twice (issue 28: bookkeeping per document)', async () => {
    const rt: TestRuntime = await createTestRuntime({});
    runtimes.push(rt);
    const documents = rt.store.documents;
    const read = documents.getDocument.bind(documents);
    const reads = new Map<string, number>();
    documents.getDocument = async (orgId, id, tags) => {
      reads.set(id, (reads.get(id) ?? 0) + 1);
      return read(orgId, id, tags);
    };
    const res = await request(rt.app.callback()).post('/v3/documents').set(auth).send({ content: 'I live in Porto and I work as a pharmacist.' });
    await rt.settle();
    documents.getDocument = read;
    const doc = await documents.getDocument('org_default', res.body.id);
    expect(doc?.status).toBe('done');
    expect(doc?.processingMetadata?.steps.map((s) => [s.name, s.status])).toEqual(STEP_NAMES.map((n) => [n, 'completed']));
    // One read when the run starts, then one after each step (what the step may have written); none before a step.
    expect(reads.get(res.body.id)).toBeLessThanOrEqual(STEP_NAMES.length + 1);
  });

  it('fails at once on a permanent error, with the reason and the step', async () => {
    const embedder = flakyEmbedder(99, () => createError('EMBEDDING_FAILED', ['HTTP 400 input too long'], { permanent: true }));
    const rt = await createTestRuntime({}, { embedder });
    runtimes.push(rt);
    const res = await request(rt.app.callback()).post('/v3/documents').set(auth).send({ content: 'cannot embed', customId: 'perm' });
    await rt.settle();
    const doc = (await request(rt.app.callback()).get('/v3/documents/perm').set(auth)).body;
    expect(doc.status).toBe('failed');
    expect(embedder.calls).toBe(1);
    expect(doc.processingMetadata).toMatchObject({ finalStatus: 'failed', failedStep: 'embed', errorCode: 'EMBEDDING_FAILED' });
    expect(doc.processingMetadata.error).toContain('input too long');
    expect(res.body.id).toBe(doc.id);
  });

  it('gives up after the configured attempts', async () => {
    const embedder = flakyEmbedder(99, () => new Error('socket hang up'));
    const rt = await createTestRuntime({ MNEMO_INGEST_MAX_ATTEMPTS: '3' }, { embedder });
    runtimes.push(rt);
    await request(rt.app.callback()).post('/v3/documents').set(auth).send({ content: 'never works', customId: 'flaky' });
    await rt.settle();
    const doc = await rt.store.documents.findDocumentsByCustomId('org_default', 'flaky').then((d) => d[0]);
    expect(doc?.status).toBe('failed');
    expect(doc?.attempts).toBe(3);
    expect(embedder.calls).toBe(3);
  });

  it('retries a failed document when its customId is re-submitted, even with the same content', async () => {
    const embedder = flakyEmbedder(1, () => createError('EMBEDDING_FAILED', ['bad'], { permanent: true }));
    const rt = await createTestRuntime({}, { embedder });
    runtimes.push(rt);
    const server = rt.app.callback();
    const first = await request(server).post('/v3/documents').set(auth).send({ content: 'second time lucky', customId: 'retry-me' });
    await rt.settle();
    expect((await rt.store.documents.findDocumentsByCustomId('org_default', 'retry-me').then((d) => d[0]))?.status).toBe('failed');
    const again = await request(server).post('/v3/documents').set(auth).send({ content: 'second time lucky', customId: 'retry-me' });
    expect(again.body).toEqual({ id: first.body.id, status: 'queued' });
    await rt.settle();
    const doc = await rt.store.documents.findDocumentsByCustomId('org_default', 'retry-me').then((d) => d[0]);
    expect(doc?.status).toBe('done');
    expect(doc?.generation).toBe(2);
    expect(doc?.processingMetadata?.error).toBeUndefined();
  });

  it('resumes queued and in-flight work after a restart', async () => {
    const dir = tmp();
    const before = await fileRuntime(dir, createHashEmbedder(), false);
    const server = before.app.callback();
    const a = await request(server).post('/v3/documents').set(auth).send({ content: 'queued before the crash' });
    const b = await request(server).post('/v3/documents').set(auth).send({ content: 'interrupted while embedding' });
    // Simulate a process that died in the middle of the embed step: extract and chunk done, status 'embedding'.
    const deps = { store: before.store, embedder: before.embedder, config: loadConfig({}), logger: silentLogger };
    const ref = { orgId: 'org_default', documentId: b.body.id, generation: 1 };
    await executeStep(deps, ref, getStep('extract'));
    await executeStep(deps, ref, getStep('chunk'));
    await before.store.documents.updateDocument('org_default', b.body.id, { status: 'embedding' });
    expect(await before.store.chunks.getChunksMissingEmbedding(ref, createHashEmbedder().id)).toHaveLength(1);
    await before.close();
    runtimes.pop();

    const after = await fileRuntime(dir);
    await after.embeddedRunner!.drain(10_000);
    for (const id of [a.body.id, b.body.id]) {
      expect((await after.store.documents.getDocument('org_default', id))?.status).toBe('done');
    }
    const found = await request(after.app.callback()).post('/v4/search').set(auth).send({ q: 'interrupted embedding', threshold: 0 });
    expect(found.body.results.map((r: { documentId: string }) => r.documentId)).toContain(b.body.id);
  });

  it('re-embeds stored documents when the embedding model changes', async () => {
    const dir = tmp();
    const first = await fileRuntime(dir, createHashEmbedder(384));
    const res = await request(first.app.callback()).post('/v3/documents').set(auth).send({ content: 'vectors from the old model' });
    await first.embeddedRunner!.drain(10_000);
    await first.close();
    runtimes.pop();

    const newModel = createHashEmbedder(256);
    const second = await fileRuntime(dir, newModel);
    await new Promise((r) => setTimeout(r, 100));
    await second.embeddedRunner!.drain(10_000);
    const missing = await second.store.chunks.getChunksMissingEmbedding({ orgId: 'org_default', documentId: res.body.id, generation: 1 }, newModel.id);
    expect(missing).toHaveLength(0);
    const hits = await second.store.chunks.vectorSearch('org_default', {
      vector: await newModel.embedQuery('vectors from the old model'),
      model: newModel.id,
      limit: 5,
    });
    expect(hits.map((h) => h.documentId)).toEqual([res.body.id]);
    expect((await second.store.documents.getDocument('org_default', res.body.id))?.status).toBe('done');
  });

  it('lets a newer version win when content changes mid-run', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const base = createHashEmbedder();
    const slow: Embedder = {
      ...base,
      embedDocuments: async (texts) => {
        if (texts.some((t) => t.includes('old version'))) await gate;
        return base.embedDocuments(texts);
      },
    };
    const rt = await createTestRuntime({}, { embedder: slow });
    runtimes.push(rt);
    const server = rt.app.callback();
    await request(server).post('/v3/documents').set(auth).send({ content: 'old version of the note', customId: 'race' });
    await new Promise((r) => setTimeout(r, 100));
    await request(server).post('/v3/documents').set(auth).send({ content: 'new version of the note', customId: 'race' });
    await new Promise((r) => setTimeout(r, 100));
    release();
    await rt.settle();
    const chunks = (await request(server).get('/v3/documents/race/chunks').set(auth)).body.chunks;
    expect(chunks.map((c: { content: string }) => c.content)).toEqual(['new version of the note']);
    expect((await rt.store.documents.findDocumentsByCustomId('org_default', 'race').then((d) => d[0]))?.status).toBe('done');
  });

  it('lets small documents overtake large ones that hold the slots', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const base = createHashEmbedder();
    const slow: Embedder = {
      ...base,
      // Large documents stay in their embed step until released.
      embedDocuments: async (texts) => {
        if (texts.some((t) => t.includes('heavymark'))) await gate;
        return base.embedDocuments(texts);
      },
    };
    const rt = await createTestRuntime({ MNEMO_INGEST_CONCURRENCY: '2', MNEMO_INGEST_POLL_MS: '20' }, { embedder: slow });
    runtimes.push(rt);
    const server = rt.app.callback();
    const large = 'heavymark '.repeat(Math.ceil(HEAVY_DOCUMENT_CHARS / 10) + 100);
    const heavy = [];
    for (const n of [1, 2, 3])
      heavy.push(
        (
          await request(server)
            .post('/v3/documents')
            .set(auth)
            .send({ content: `${large} ${n}` })
        ).body.id,
      );
    await new Promise((r) => setTimeout(r, 100));
    const small = (await request(server).post('/v3/documents').set(auth).send({ content: 'a small note behind the large ones' })).body.id;
    let status: string | undefined;
    for (let i = 0; i < 200 && status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await rt.store.documents.getDocument('org_default', small))?.status;
    }
    const heavyStatuses = await Promise.all(heavy.map(async (id: string) => (await rt.store.documents.getDocument('org_default', id))?.status));
    release();
    expect(status).toBe('done');
    // The large documents were still held at their embed step (one at a time: half of two slots).
    expect(heavyStatuses.filter((s) => s === 'done')).toEqual([]);
    expect(rt.embeddedRunner!.status().inFlight).toBeGreaterThanOrEqual(1);
    await rt.settle();
    for (const id of heavy) expect((await rt.store.documents.getDocument('org_default', id))?.status).toBe('done');
  });

  it('stops a large document between embedding batches when the runner stops, and resumes it on the next start', async () => {
    const dir = tmp();
    const base = createHashEmbedder();
    let calls = 0;
    const slow: Embedder = {
      ...base,
      embedDocuments: async (texts) => {
        calls++;
        await new Promise((r) => setTimeout(r, 20));
        return base.embedDocuments(texts);
      },
    };
    const rt = await fileRuntime(dir, slow);
    const content = Array.from({ length: 2000 }, (_, i) => `Paragraph ${i} about otters and their rivers, with enough words to fill a chunk.`).join('\n\n');
    const id = (await request(rt.app.callback()).post('/v3/documents').set(auth).send({ content })).body.id;
    for (let i = 0; i < 400 && calls < 2; i++) await new Promise((r) => setTimeout(r, 10));
    await rt.runner.stop();
    const callsAtStop = calls;
    const stopped = await rt.store.documents.getDocument('org_default', id);
    const total = (await rt.store.chunks.getChunks('org_default', id, stopped!.generation)).length;
    expect(total).toBeGreaterThan(4 * 32);
    expect(stopped?.status).toBe('embedding');
    // Stopped within a batch or two, not after every batch of the document.
    expect(callsAtStop).toBeLessThan(Math.ceil(total / 32));
    await rt.close();
    runtimes.pop();

    const again = await fileRuntime(dir);
    await again.embeddedRunner!.drain(20_000);
    expect((await again.store.documents.getDocument('org_default', id))?.status).toBe('done');
    expect(await again.store.chunks.getChunks('org_default', id)).toHaveLength(total);
  });
});
