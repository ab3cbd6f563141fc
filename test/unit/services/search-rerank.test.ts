import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../src/core/logger.js';
import { staticEmbedderHandle } from '../../../src/providers/create-embedder.js';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import type * as RerankModule from '../../../src/search/rerank.js';
import type { RerankCandidate } from '../../../src/search/rerank.js';
import { SearchService } from '../../../src/services/search.js';
import { SqliteStore } from '../../../src/storage/sqlite/sqlite-store.js';
import { cosine } from '../../../src/vector/cosine.js';
import { makeChunk, makeDocument, makeOrg, refOf } from '../../storage/store-fixtures.js';

const seen: RerankCandidate[][] = [];
vi.mock('../../../src/search/rerank.js', async (importOriginal) => {
  const original = await importOriginal<typeof RerankModule>();
  return {
    ...original,
    rerank: (terms: readonly string[], candidates: readonly RerankCandidate[]) => {
      seen.push([...candidates]);
      return original.rerank(terms, candidates);
    },
  };
});

const embedder = createHashEmbedder(64);

describe('SearchService rerank inputs', () => {
  let store: SqliteStore;
  const org = makeOrg('search-rerank');
  const texts = new Map<string, string>();

  beforeEach(async () => {
    store = new SqliteStore(':memory:');
    await store.migrate();
    await store.accounts.upsertOrganization(org);
    seen.length = 0;
    for (let i = 0; i < 12; i++) {
      const doc = makeDocument(org.id, { containerTags: ['t'] });
      await store.documents.insertDocument(doc);
      const text = i % 3 === 0 ? `beaver dam report ${i}` : `otter river notes number ${i} with otters swimming`;
      const chunks = [makeChunk(refOf(doc), 0, text)];
      texts.set(chunks[0]!.id, chunks[0]!.embeddedContent);
      await store.chunks.replaceChunks(refOf(doc), chunks);
      const vectors = await embedder.embedDocuments(chunks.map((c) => c.embeddedContent));
      await store.chunks.putEmbeddings(refOf(doc), embedder.id, [{ chunkId: chunks[0]!.id, vector: vectors[0]! }]);
      await store.chunks.activateGeneration(refOf(doc));
    }
  });
  afterEach(async () => store.close());

  it("hands the rerank each candidate's raw cosine with the query and its keyword evidence", async () => {
    const service = new SearchService(store, staticEmbedderHandle(embedder), { vectorWeight: 1, keywordWeight: 0.85, candidates: 100, rerankCandidates: 40 }, silentLogger);
    const q = 'otter river report';
    const hits = await service.searchChunks(org.id, { q, limit: 10, threshold: 0, rerank: true });
    expect(hits.length).toBeGreaterThan(0);
    expect(seen).toHaveLength(1);
    const query = await embedder.embedQuery(q);
    for (const c of seen[0]!) {
      const [stored] = await embedder.embedDocuments([texts.get(c.id)!]);
      expect(c.cosine, c.text).toBeCloseTo(cosine(query, stored!), 4);
      expect(c.keyword).toBeGreaterThanOrEqual(0);
    }
    expect(seen[0]!.some((c) => c.keyword > 0)).toBe(true);
  });

  it("hands the rerank the second pass's expanded keyword coverage beside the first stage's", async () => {
    const service = new SearchService(store, staticEmbedderHandle(embedder), { vectorWeight: 1, keywordWeight: 0.85, candidates: 100, rerankCandidates: 40 }, silentLogger);
    const q = 'otter river report';
    const ev = await service.chunkEvidence(org.id, { q }, 100);
    const expanded = new Map(ev.fused.map((h) => [h.id, h.expanded]));
    // The best hit's words ('swimming', 'otters', ...) expand the query, so some candidate's coverage changes.
    expect(ev.fused.some((h) => h.expanded !== undefined && Math.abs(h.expanded - h.keyword) > 1e-9)).toBe(true);
    await service.searchChunks(org.id, { q, limit: 10, threshold: 0, rerank: true });
    expect(seen).toHaveLength(1);
    for (const c of seen[0]!) expect(c.expanded, c.text).toBe(expanded.get(c.id));
  });
});
