/**
 * Conformance suite for the Store as a whole (every adapter runs it unchanged): its schema, and what spans the ports,
 * organisation isolation across documents, chunks and both retrievers, and metadata filters that mean the same in
 * listDocuments and both retrievers. Each port has its own suite beside it (documents-, chunks-, settings-,
 * accounts-, memory-, connection-, blob- and secret-contract.ts).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseFilters } from '../../src/core/filters.js';
import { queryTerms } from '../../src/text/tokenize.js';
import { describeWithStore, type CleanupStore, type ContractContext, type MakeStore } from './contract-context.js';
import { filterParityContract } from './store-contract-filters.js';
import { addIndexed, axis, chunkIdsOf, makeDocument, MODEL } from './store-fixtures.js';

/** Registers the suite; `makeStore` and `cleanup` as for describeWithStore. */
export function runStoreContract(name: string, makeStore: MakeStore, cleanup?: CleanupStore): void {
  describe(`Store contract: ${name}`, () => {
    describeWithStore('per-test store', makeStore, cleanup, (ctx) => {
      schemaContract(ctx);
      isolationContract(ctx);
    });
    filterParityContract(makeStore, cleanup);
  });
}

function schemaContract(ctx: ContractContext): void {
  describe('schema', () => {
    it('migrate() can run again on a store that holds data', async () => {
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id);
      await store.documents.insertDocument(doc);
      await store.migrate();
      await store.migrate();
      await expect(store.ping()).resolves.toBeUndefined();
      expect(await store.documents.getDocument(orgA.id, doc.id)).toEqual(doc);
      expect(await store.accounts.getOrganization(orgA.id)).toEqual(orgA);
    });
  });
}

function isolationContract(ctx: ContractContext): void {
  describe('organisation isolation', () => {
    const twin = (orgId: string) =>
      addIndexed(
        ctx.store,
        orgId,
        [
          { text: 'quarterly budget review meeting', vector: axis(2) },
          { text: 'budget spreadsheet attached', vector: axis(3) },
        ],
        { customId: 'shared-id', containerTags: ['team'], filepath: '/shared/doc.md', metadata: { project: 'apollo' } },
      );

    it('two organisations with identical documents never see each other’s data', async () => {
      const { store, orgA, orgB } = ctx;
      const a = await twin(orgA.id);
      const b = await twin(orgB.id);
      // One more chunk in A, so per-organisation counts differ.
      await addIndexed(store, orgA.id, [{ text: 'budget notes only in A', vector: axis(4) }], { containerTags: ['team'] });
      const terms = queryTerms('quarterly budget');
      const apollo = parseFilters({ key: 'project', value: 'apollo' })!;

      for (const [orgId, mine, theirs] of [
        [orgA.id, a, b],
        [orgB.id, b, a],
      ] as const) {
        const theirChunkIds = theirs.chunks.map((c) => c.id);
        expect(await store.documents.findDocumentsByCustomId(orgId, 'shared-id')).toEqual([mine.doc]);
        expect(await store.documents.getDocument(orgId, theirs.doc.id)).toBeNull();
        expect(await store.documents.getDocumentsByIds(orgId, [theirs.doc.id])).toEqual([]);
        expect(await store.chunks.getChunks(orgId, theirs.doc.id)).toEqual([]);
        expect(await store.chunks.getChunks(orgId, theirs.doc.id, 1)).toEqual([]);
        expect(await store.chunks.getChunksByIds(orgId, theirChunkIds)).toEqual([]);
        const listed = await store.documents.listDocuments(orgId, { containerTags: ['team'], limit: 100, offset: 0 });
        expect(listed.documents.map((d) => d.id)).toContain(mine.doc.id);
        expect(listed.documents.map((d) => d.id)).not.toContain(theirs.doc.id);
        expect(await store.documents.findDocumentIdsByTags(orgId, ['team'], '/shared/doc.md')).toEqual([mine.doc.id]);

        const scopes = [{}, { containerTags: ['team'] }, { filters: apollo }, { filepath: '/shared/' }, { documentId: theirs.doc.id }];
        for (const scope of scopes) {
          const keyword = await store.chunks.keywordSearch(orgId, { ...scope, terms, limit: 50 });
          const vector = await store.chunks.vectorSearch(orgId, { ...scope, vector: axis(2), model: MODEL, limit: 50 });
          for (const hit of [...keyword, ...vector]) {
            expect(theirChunkIds).not.toContain(hit.chunkId);
            expect(hit.documentId).not.toBe(theirs.doc.id);
          }
        }
        expect(chunkIdsOf(await store.chunks.vectorSearch(orgId, { vector: axis(2), model: MODEL, limit: 1 }))).toEqual([mine.chunks[0]!.id]);
      }

      const budget = terms[1]!;
      const statsA = await store.chunks.termStats(orgA.id, terms);
      const statsB = await store.chunks.termStats(orgB.id, terms);
      expect([statsA.totalChunks, statsA.docFrequencies.get(budget)]).toEqual([3, 3]);
      expect([statsB.totalChunks, statsB.docFrequencies.get(budget)]).toEqual([2, 2]);
    });

    it('writes addressed with another organisation’s id change nothing', async () => {
      const { store, orgA, orgB } = ctx;
      const a = await twin(orgA.id);
      expect(await store.documents.updateDocument(orgB.id, a.doc.id, { title: 'hijacked' })).toBeNull();
      expect(await store.documents.deleteDocuments(orgB.id, [a.doc.id])).toEqual([]);
      const staged = { orgId: orgA.id, documentId: a.doc.id, generation: 2 };
      await store.chunks.replaceChunks(staged, [{ ...a.chunks[0]!, id: randomUUID(), generation: 2, content: 'next', embeddedContent: 'next' }]);
      await store.chunks.putEmbeddings({ ...staged, orgId: orgB.id }, MODEL, [{ chunkId: (await store.chunks.getChunks(orgA.id, a.doc.id, 2))[0]!.id, vector: axis(5) }]);
      expect(await store.chunks.getChunksMissingEmbedding(staged, MODEL)).toHaveLength(1);
      await store.chunks.activateGeneration({ ...staged, orgId: orgB.id });
      expect(await store.documents.getDocument(orgA.id, a.doc.id)).toEqual(a.doc);
      expect(await store.chunks.getChunks(orgA.id, a.doc.id)).toEqual(a.chunks);
    });

    it('keyword scores and ranking of one organisation do not depend on other organisations’ documents', async () => {
      const { store, orgA, orgB } = ctx;
      for (const text of ['alpha report', 'beta report', 'beta beta summary text']) await addIndexed(store, orgA.id, [{ text }]);
      const terms = queryTerms('alpha beta');
      const before = await store.chunks.keywordSearch(orgA.id, { terms, limit: 10 });
      expect(before).toHaveLength(3);
      // Make "alpha" common elsewhere: only organisation A's own statistics may weigh A's results.
      for (let i = 0; i < 20; i++) await addIndexed(store, orgB.id, [{ text: `alpha filler number ${i}` }]);
      const after = await store.chunks.keywordSearch(orgA.id, { terms, limit: 10 });
      expect(chunkIdsOf(after)).toEqual(chunkIdsOf(before));
      after.forEach((hit, i) => expect(hit.score).toBeCloseTo(before[i]!.score, 9));
    });
  });
}
