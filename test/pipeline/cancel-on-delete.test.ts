import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/providers/embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { auth, createTestRuntime } from '../helpers/runtime.js';
import { waitFor } from '../helpers/server-process.js';

describe('work on a deleted or replaced document stops', () => {
  it('stops embedding within one batch once the document is deleted', async () => {
    const base = createHashEmbedder();
    let batches = 0;
    // A slow model: each batch of document texts takes 50 ms.
    const slow: Embedder = {
      ...base,
      id: base.id,
      kind: base.kind,
      dimensions: base.dimensions,
      calibration: base.calibration,
      embedQuery: (t) => base.embedQuery(t),
      embedDocuments: async (texts) => {
        batches++;
        await new Promise((r) => setTimeout(r, 50));
        return base.embedDocuments(texts);
      },
    };
    const rt = await createTestRuntime({ MNEMO_EMBEDDING_BATCH_SIZE: '4' }, { embedder: slow });
    try {
      const server = rt.app.callback();
      // About 200 chunks: 50 batches, 2.5 s of embedding if nothing stops it.
      const content = Array.from({ length: 200 }, (_, i) => `Paragraph ${i} about the harbour, the lanterns and the orchard on the hill.`.repeat(12)).join('\n\n');
      const added = await request(server).post('/v3/documents').set(auth).send({ content, containerTag: 'cancel', taskType: 'superrag' });
      await waitFor(async () => batches >= 3, 20_000, 10);
      expect((await request(server).delete(`/v3/documents/${added.body.id}`).set(auth)).status).toBe(204);
      const atDelete = batches;
      await rt.settle();
      await new Promise((r) => setTimeout(r, 300));
      expect(batches - atDelete).toBeLessThanOrEqual(1);
      expect((await request(server).get(`/v3/documents/${added.body.id}`).set(auth)).status).toBe(404);
    } finally {
      await rt.close();
    }
  }, 60_000);
});

describe('per-document caps', () => {
  it('refuses content over MNEMO_MAX_DOCUMENT_CHARS at once, and fails documents with more chunks than allowed', async () => {
    const rt = await createTestRuntime({ MNEMO_MAX_DOCUMENT_CHARS: '5000', MNEMO_MAX_DOCUMENT_CHUNKS: '2', MNEMO_INGEST_MAX_ATTEMPTS: '3' });
    try {
      const server = rt.app.callback();
      const big = await request(server)
        .post('/v3/documents')
        .set(auth)
        .send({ content: 'x'.repeat(5001) });
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ code: 'DOCUMENT_TOO_LARGE' });
      expect(big.body.error).toContain('MNEMO_MAX_DOCUMENT_CHARS');
      const small = await request(server).post('/v3/documents').set(auth).send({ content: 'fits' });
      const patchBig = await request(server)
        .patch(`/v3/documents/${small.body.id}`)
        .set(auth)
        .send({ content: 'y'.repeat(5001) });
      expect(patchBig.status).toBe(413);
      const many = Array.from({ length: 6 }, (_, i) => `## Part ${i}\n\n${'Words about the harbour and its lanterns. '.repeat(8)}`).join('\n\n');
      const added = await request(server).post('/v3/documents').set(auth).send({ content: many });
      await rt.settle();
      const doc = (await request(server).get(`/v3/documents/${added.body.id}`).set(auth)).body;
      expect(doc.status).toBe('failed');
      expect(doc.processingMetadata).toMatchObject({ errorCode: 'DOCUMENT_TOO_LARGE', failedStep: 'chunk', attempts: 1 });
      expect(doc.processingMetadata.error).toContain('MNEMO_MAX_DOCUMENT_CHUNKS');
    } finally {
      await rt.close();
    }
  });
});
