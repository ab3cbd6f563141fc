import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/core/logger.js';
import { staticEmbedderHandle } from '../../../src/providers/create-embedder.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { SearchService } from '../../../src/services/search.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import type { Store } from '../../../src/storage/store.js';
import { makeChunk, makeDocument, makeOrg, refOf } from '../../storage/store-fixtures.js';
import { overridePort } from '../../helpers/store-overrides.js';

const embedder = createHashEmbedder(64);
const options = { vectorWeight: 1, keywordWeight: 0.85, candidates: 100, rerankCandidates: 40 };

describe('SearchService', () => {
  let store: SqliteStore;
  const org = makeOrg('search-service');
  const docIds: string[] = [];

  beforeEach(async () => {
    store = new SqliteStore(':memory:');
    await store.migrate();
    await store.accounts.upsertOrganization(org);
    docIds.length = 0;
    for (let i = 0; i < 30; i++) {
      const doc = makeDocument(org.id, { containerTags: ['t'] });
      await store.documents.insertDocument(doc);
      const chunks = [makeChunk(refOf(doc), 0, `otter river notes number ${i} with otters swimming`)];
      await store.chunks.replaceChunks(refOf(doc), chunks);
      const vectors = await embedder.embedDocuments(chunks.map((c) => c.embeddedContent));
      await store.chunks.putEmbeddings(
        refOf(doc),
        embedder.id,
        chunks.map((c, k) => ({ chunkId: c.id, vector: vectors[k]! })),
      );
      await store.chunks.activateGeneration(refOf(doc));
      docIds.push(doc.id);
    }
  });
  afterEach(async () => store.close());

  it('loads documents only for the hits it returns', async () => {
    const requested: string[][] = [];
    const spy = overridePort(store, 'documents', {
      getDocumentHeads: async (orgId: string, ids: readonly string[]) => {
        requested.push([...ids]);
        return store.documents.getDocumentHeads(orgId, ids);
      },
    });
    const service = new SearchService(spy, staticEmbedderHandle(embedder), options, silentLogger);
    const hits = await service.searchChunks(org.id, { q: 'otter river', limit: 5, threshold: 0, rerank: false });
    expect(hits).toHaveLength(5);
    expect(requested.flat().length).toBe(5);
    // Heads only: a hit's document is read without its text (the covering index, storage/sqlite/rows.ts).
    for (const h of hits) expect(h.document).not.toHaveProperty('raw');
  });

  it('fills the limit past candidates whose document vanished between the reads', async () => {
    const gone = new Set(docIds.slice(0, 20));
    const racing = overridePort(store, 'documents', {
      getDocumentHeads: async (orgId: string, ids: readonly string[]) => (await store.documents.getDocumentHeads(orgId, ids)).filter((d) => !gone.has(d.id)),
    });
    const service = new SearchService(racing, staticEmbedderHandle(embedder), options, silentLogger);
    const hits = await service.searchChunks(org.id, { q: 'otter river', limit: 8, threshold: 0, rerank: false });
    expect(hits).toHaveLength(8);
    expect(hits.every((h) => !gone.has(h.document.id))).toBe(true);
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.similarity).toBeGreaterThanOrEqual(hits[i]!.similarity);
  });
  it('gives a keyword candidate the vector retriever left out its vector evidence from the stored embedding', async () => {
    const q = 'otter river notes number 7';
    const full = await new SearchService(store, staticEmbedderHandle(embedder), options, silentLogger).searchChunks(org.id, { q, limit: 30, threshold: 0, rerank: false });
    const target = full.find((h) => h.document.id === docIds[7])!;
    expect(target.vectorScore).toBeGreaterThan(0);
    // The vector retriever's candidate cap leaves the document out; the keyword retriever still finds it.
    const capped = overridePort(store, 'chunks', {
      vectorSearch: async (...args: Parameters<Store['chunks']['vectorSearch']>) => (await store.chunks.vectorSearch(...args)).filter((h) => h.documentId !== docIds[7]),
    });
    const hits = await new SearchService(capped, staticEmbedderHandle(embedder), options, silentLogger).searchChunks(org.id, { q, limit: 30, threshold: 0, rerank: false });
    const same = hits.find((h) => h.document.id === docIds[7])!;
    expect(same.vectorScore).toBeCloseTo(target.vectorScore, 6);
    expect(same.similarity).toBeCloseTo(target.similarity, 6);
    expect(hits.map((h) => h.chunk.id)).toEqual(full.map((h) => h.chunk.id));
  });

  it('keeps the reranked window ahead of the candidates below it, in descending order', async () => {
    const service = new SearchService(store, staticEmbedderHandle(embedder), { ...options, rerankCandidates: 5 }, silentLogger);
    const first = await service.searchChunks(org.id, { q: 'otter river notes number 7', limit: 20, threshold: 0, rerank: false });
    const reranked = await service.searchChunks(org.id, { q: 'otter river notes number 7', limit: 20, threshold: 0, rerank: true });
    expect(reranked).toHaveLength(20);
    expect(new Set(reranked.slice(0, 5).map((h) => h.chunk.id))).toEqual(new Set(first.slice(0, 5).map((h) => h.chunk.id)));
    expect(reranked.slice(5).map((h) => h.chunk.id)).toEqual(first.slice(5).map((h) => h.chunk.id));
    for (let i = 1; i < reranked.length; i++) expect(reranked[i - 1]!.similarity).toBeGreaterThanOrEqual(reranked[i]!.similarity);
  });
  it("reads the keyword candidates' rows while the query embedding runs, and each row once", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let embedded = false;
    const slow = {
      ...embedder,
      embedQuery: async (text: string) => {
        await gate;
        embedded = true;
        return embedder.embedQuery(text);
      },
    };
    const reads: { ids: string[]; afterEmbedding: boolean }[] = [];
    const spy = overridePort(store, 'chunks', {
      // Search reads rows and their terms in one call.
      getChunksWithTerms: async (orgId: string, ids: readonly string[]) => {
        reads.push({ ids: [...ids], afterEmbedding: embedded });
        return store.chunks.getChunksWithTerms(orgId, ids);
      },
    });
    const service = new SearchService(spy, staticEmbedderHandle(slow), options, silentLogger);
    const pending = service.searchChunks(org.id, { q: 'otter river', limit: 5, threshold: 0, rerank: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The embedding has not answered yet, and the keyword side's rows are already read.
    expect(reads.length).toBe(1);
    expect(reads[0]!.afterEmbedding).toBe(false);
    expect(reads[0]!.ids.length).toBeGreaterThan(0);
    release();
    const hits = await pending;
    expect(hits).toHaveLength(5);
    const all = reads.flatMap((r) => r.ids);
    expect(new Set(all).size).toBe(all.length);
  });
});
