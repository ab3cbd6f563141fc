/**
 * Conformance suite for the ChunkStore port (the search index): chunk generations, embeddings and both retrievers.
 * Every adapter runs it unchanged, through the ports only (documents are written through the DocumentStore).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseFilters } from '../../src/core/filters.js';
import { indexTerms, queryTerms, TERMS_SLICE } from '../../src/text/tokenize.js';
import type { SearchScope } from '../../src/storage/chunks.js';
import type { DocumentRecord } from '../../src/core/types.js';
import { describeWithStore, type CleanupStore, type ContractContext, type MakeStore } from './contract-context.js';
import { addIndexed, axis, chunkIdsOf, cosineOf, docIdsOf, indexDocument, makeChunk, makeDocument, MODEL, prng, randomUnit, refOf, sortedIds } from './store-fixtures.js';

/** Registers the suite; `makeStore` and `cleanup` as for describeWithStore. */
export function runChunksContract(name: string, makeStore: MakeStore, cleanup?: CleanupStore): void {
  describeWithStore(`ChunkStore contract: ${name}`, makeStore, cleanup, (ctx) => {
    pipelineContract(ctx);
    searchContract(ctx);
    hybridContract(ctx);
  });
}

function pipelineContract(ctx: ContractContext): void {
  describe('pipeline storage', () => {
    it('staged chunks stay invisible until their generation is activated', async () => {
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id, { status: 'chunking' });
      await store.documents.insertDocument(doc);
      const ref = refOf(doc);
      const chunks = ['second walrus', 'third walrus', 'first walrus'].map((t, i) => makeChunk(ref, [1, 2, 0][i]!, t));
      await store.chunks.replaceChunks(ref, chunks);
      const byPosition = [chunks[2]!, chunks[0]!, chunks[1]!];
      expect(await store.chunks.getChunks(orgA.id, doc.id, 1)).toEqual(byPosition);
      expect(await store.chunks.getChunks(orgA.id, doc.id)).toEqual([]);
      await store.chunks.putEmbeddings(
        ref,
        MODEL,
        chunks.map((c, i) => ({ chunkId: c.id, vector: axis(i) })),
      );
      const terms = queryTerms('walrus');
      expect(await store.chunks.keywordSearch(orgA.id, { terms, limit: 10 })).toEqual([]);
      expect(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, limit: 10 })).toEqual([]);
      expect((await store.chunks.termStats(orgA.id, terms)).totalChunks).toBe(0);

      expect(await store.chunks.activateGeneration(ref)).toBe(3);
      expect(await store.chunks.getChunks(orgA.id, doc.id)).toEqual(byPosition);
      expect(await store.chunks.getChunksByIds(orgA.id, [chunks[1]!.id])).toEqual([chunks[1]]);
      expect(docIdsOf(await store.chunks.keywordSearch(orgA.id, { terms, limit: 10 }))).toEqual([doc.id]);
      expect(chunkIdsOf(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, limit: 1 }))).toEqual([chunks[0]!.id]);
      expect((await store.chunks.termStats(orgA.id, terms)).totalChunks).toBe(3);
    });

    it('replaceChunks is idempotent for a re-run of the same generation', async () => {
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id, { status: 'chunking' });
      await store.documents.insertDocument(doc);
      const ref = refOf(doc);
      const firstRun = ['one', 'two', 'three'].map((t, i) => makeChunk(ref, i, `${t} narwhal`));
      const secondRun = ['uno', 'dos'].map((t, i) => makeChunk(ref, i, `${t} narwhal`));
      await store.chunks.replaceChunks(ref, firstRun);
      await store.chunks.replaceChunks(ref, secondRun);
      expect(await store.chunks.getChunks(orgA.id, doc.id, 1)).toEqual(secondRun);
      await store.chunks.replaceChunks(ref, secondRun);
      expect(await store.chunks.getChunks(orgA.id, doc.id, 1)).toEqual(secondRun);
      expect(await store.chunks.activateGeneration(ref)).toBe(2);
      expect(await store.chunks.getChunks(orgA.id, doc.id)).toEqual(secondRun);
      expect(
        await store.chunks.getChunksByIds(
          orgA.id,
          firstRun.map((c) => c.id),
        ),
      ).toEqual([]);
      expect(await store.chunks.keywordSearch(orgA.id, { terms: queryTerms('narwhal'), limit: 10 })).toHaveLength(2);
    });

    it('getChunksMissingEmbedding lists the chunks of a generation without a vector from the model', async () => {
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id, { status: 'embedding' });
      await store.documents.insertDocument(doc);
      const ref = refOf(doc);
      const chunks = ['a', 'b', 'c'].map((t, i) => makeChunk(ref, i, t));
      await store.chunks.replaceChunks(ref, chunks);
      expect(await store.chunks.getChunksMissingEmbedding(ref, MODEL)).toEqual(chunks);
      await store.chunks.putEmbeddings(ref, MODEL, [
        { chunkId: chunks[0]!.id, vector: axis(0) },
        { chunkId: chunks[2]!.id, vector: axis(2) },
      ]);
      expect(await store.chunks.getChunksMissingEmbedding(ref, MODEL)).toEqual([chunks[1]]);
      expect(await store.chunks.getChunksMissingEmbedding(ref, 'other-model')).toEqual(chunks);
      // A vector written under another generation's ref does not land on this generation's chunks.
      await store.chunks.putEmbeddings({ ...ref, generation: 2 }, MODEL, [{ chunkId: chunks[1]!.id, vector: axis(1) }]);
      expect(await store.chunks.getChunksMissingEmbedding(ref, MODEL)).toEqual([chunks[1]]);
      await store.chunks.putEmbeddings(ref, MODEL, [{ chunkId: chunks[1]!.id, vector: axis(1) }]);
      expect(await store.chunks.getChunksMissingEmbedding(ref, MODEL)).toEqual([]);
    });

    it('activateGeneration makes the new generation searchable and drops the previous one', async () => {
      const { store, orgA } = ctx;
      const { doc, chunks: oldChunks } = await addIndexed(store, orgA.id, [{ text: 'apple orchard', vector: axis(0) }]);
      const apple = queryTerms('apple');
      const banana = queryTerms('banana');
      expect(chunkIdsOf(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, limit: 5 }))).toEqual([oldChunks[0]!.id]);

      await store.documents.updateDocument(orgA.id, doc.id, { generation: 2, status: 'chunking' });
      const ref2 = refOf(doc, 2);
      const newChunks = [makeChunk(ref2, 0, 'banana plantation'), makeChunk(ref2, 1, 'banana bread')];
      await store.chunks.replaceChunks(ref2, newChunks);
      await store.chunks.putEmbeddings(ref2, MODEL, [
        { chunkId: newChunks[0]!.id, vector: axis(1) },
        { chunkId: newChunks[1]!.id, vector: axis(2) },
      ]);
      // Until activation, searches still serve generation 1.
      expect(docIdsOf(await store.chunks.keywordSearch(orgA.id, { terms: apple, limit: 5 }))).toEqual([doc.id]);
      expect(await store.chunks.keywordSearch(orgA.id, { terms: banana, limit: 5 })).toEqual([]);
      expect(chunkIdsOf(await store.chunks.vectorSearch(orgA.id, { vector: axis(1), model: MODEL, limit: 5 }))).toEqual([oldChunks[0]!.id]);
      expect(await store.chunks.getChunks(orgA.id, doc.id)).toEqual(oldChunks);

      expect(await store.chunks.activateGeneration(ref2)).toBe(2);
      expect(await store.chunks.getChunks(orgA.id, doc.id)).toEqual(newChunks);
      expect(await store.chunks.getChunks(orgA.id, doc.id, 1)).toEqual([]);
      expect(await store.chunks.getChunksByIds(orgA.id, [oldChunks[0]!.id])).toEqual([]);
      expect(await store.chunks.keywordSearch(orgA.id, { terms: apple, limit: 5 })).toEqual([]);
      expect(chunkIdsOf(await store.chunks.keywordSearch(orgA.id, { terms: banana, limit: 5 })).sort()).toEqual(sortedIds(newChunks));
      const top = await store.chunks.vectorSearch(orgA.id, { vector: axis(1), model: MODEL, limit: 5 });
      expect(chunkIdsOf(top)).toEqual([newChunks[0]!.id, newChunks[1]!.id]);
      expect(top[0]!.score).toBeCloseTo(1, 5);
      const stats = await store.chunks.termStats(orgA.id, [...apple, ...banana]);
      expect(stats.totalChunks).toBe(2);
      expect(stats.docFrequencies.get(apple[0]!) ?? 0).toBe(0);
      expect(stats.docFrequencies.get(banana[0]!)).toBe(2);
    });

    it('activating a long document serves other requests between slices of its keyword terms', async () => {
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id, { status: 'indexing' });
      await store.documents.insertDocument(doc);
      const ref = refOf(doc);
      const slices = 8;
      const words = ['heron', 'otter', 'badger', 'marten', 'weasel', 'stoat', 'vole', 'shrew'];
      const chunks = Array.from({ length: slices * TERMS_SLICE }, (_, i) => makeChunk(ref, i, Array.from({ length: 60 }, (_, j) => `${words[(i + j) % words.length]}s ${words[j % words.length]}`).join(' ')));
      await store.chunks.replaceChunks(ref, chunks);
      // Each turn of the event loop this counter gets while the activation runs is a moment a request could be served.
      let turns = 0;
      let running = true;
      const count = () => {
        turns++;
        if (running) setImmediate(count);
      };
      setImmediate(count);
      const served: string[] = [];
      setImmediate(() => void store.documents.getDocument(orgA.id, doc.id).then((d) => served.push(`request ${d?.id === doc.id}`)));
      const activated = store.chunks.activateGeneration(ref).then((n) => {
        served.push('activated');
        return n;
      });
      expect(await activated).toBe(chunks.length);
      running = false;
      expect(served).toEqual(['request true', 'activated']);
      expect(turns).toBeGreaterThanOrEqual(slices - 1);
      // The terms computed between turns are the ones searched.
      const hits = await store.chunks.keywordSearch(orgA.id, { terms: queryTerms('stoat'), limit: chunks.length });
      expect(hits).toHaveLength(chunks.length);
      expect((await store.chunks.termStats(orgA.id, queryTerms('herons'))).docFrequencies.get(queryTerms('herons')[0]!)).toBe(chunks.length);
    });

    it('findDocumentsWithStaleEmbeddings lists done documents whose searchable chunks lack vectors from the model', async () => {
      const { store, orgA, orgB } = ctx;
      const old = makeDocument(orgA.id, { generation: 4 });
      await store.documents.insertDocument(old);
      await indexDocument(
        store,
        old,
        [
          { text: 'x', vector: axis(0) },
          { text: 'y', vector: axis(1) },
        ],
        { model: 'old-model' },
      );
      const current = await addIndexed(store, orgA.id, [{ text: 'z', vector: axis(2) }]);
      const foreign = makeDocument(orgB.id);
      await store.documents.insertDocument(foreign);
      await indexDocument(store, foreign, [{ text: 'w', vector: axis(3) }], { model: 'old-model' });
      const busy = makeDocument(orgB.id, { status: 'embedding' });
      await store.documents.insertDocument(busy);
      await indexDocument(store, busy, [{ text: 'v', vector: axis(4) }], { model: 'old-model' });

      const stale = await store.chunks.findDocumentsWithStaleEmbeddings(MODEL, 10);
      const byId = (a: { documentId: string }, b: { documentId: string }) => a.documentId.localeCompare(b.documentId);
      expect([...stale].sort(byId)).toEqual([refOf(old), refOf(foreign)].sort(byId));
      expect(await store.chunks.findDocumentsWithStaleEmbeddings(MODEL, 1)).toHaveLength(1);
      expect(docIdsOf(await store.chunks.findDocumentsWithStaleEmbeddings('old-model', 10))).toEqual([current.doc.id]);

      // Re-embedding the active generation with the current model, as the runner does after a model change.
      const missing = await store.chunks.getChunksMissingEmbedding(refOf(old), MODEL);
      expect(missing).toHaveLength(2);
      await store.chunks.putEmbeddings(
        refOf(old),
        MODEL,
        missing.map((c, i) => ({ chunkId: c.id, vector: axis(i + 5) })),
      );
      await store.chunks.activateGeneration(refOf(old));
      expect(docIdsOf(await store.chunks.findDocumentsWithStaleEmbeddings(MODEL, 10))).toEqual([foreign.id]);
      expect(chunkIdsOf(await store.chunks.vectorSearch(orgA.id, { vector: axis(5), model: MODEL, limit: 1 }))).toEqual([missing[0]!.id]);
    });
  });
}

function searchContract(ctx: ContractContext): void {
  describe('vectorSearch', () => {
    it('returns the exact top-k by cosine similarity', async () => {
      const { store, orgA } = ctx;
      const rand = prng(42);
      const dims = 16;
      const all: { chunkId: string; documentId: string; vector: Float32Array }[] = [];
      for (let d = 0; d < 40; d++) {
        const vectors = [0, 1, 2].map(() => randomUnit(rand, dims));
        const { doc, chunks } = await addIndexed(
          store,
          orgA.id,
          vectors.map((vector, i) => ({ text: `chunk ${i}`, vector })),
          { containerTags: [`t${d % 3}`] },
        );
        chunks.forEach((c, i) => all.push({ chunkId: c.id, documentId: doc.id, vector: vectors[i]! }));
      }
      for (let q = 0; q < 5; q++) {
        const query = randomUnit(rand, dims);
        const expected = all.map((c) => ({ chunkId: c.chunkId, documentId: c.documentId, score: cosineOf(query, c.vector) })).sort((a, b) => b.score - a.score);
        const hits = await store.chunks.vectorSearch(orgA.id, { vector: query, model: MODEL, limit: 10 });
        expect(chunkIdsOf(hits)).toEqual(chunkIdsOf(expected.slice(0, 10)));
        hits.forEach((h, i) => {
          expect(h.documentId).toBe(expected[i]!.documentId);
          expect(h.score).toBeCloseTo(expected[i]!.score, 5);
        });
        const everything = await store.chunks.vectorSearch(orgA.id, { vector: query, model: MODEL, limit: 1000 });
        expect(chunkIdsOf(everything)).toEqual(chunkIdsOf(expected));
      }
    });

    it('scopes by container tags: a document with several tags is found under any of them', async () => {
      const { store, orgA } = ctx;
      const ab = await addIndexed(store, orgA.id, [{ text: 'ab', vector: axis(0) }], { containerTags: ['a', 'b'] });
      const c = await addIndexed(store, orgA.id, [{ text: 'c', vector: axis(1) }], { containerTags: ['c'] });
      const a = await addIndexed(store, orgA.id, [{ text: 'a', vector: axis(2) }], { containerTags: ['a'] });
      const search = async (containerTags?: string[]) => {
        const hits = await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, limit: 10, ...(containerTags ? { containerTags } : {}) });
        expect(new Set(chunkIdsOf(hits)).size).toBe(hits.length);
        return docIdsOf(hits);
      };
      expect(await search(['a'])).toEqual(sortedIds([ab.doc, a.doc]));
      expect(await search(['b'])).toEqual([ab.doc.id]);
      expect(await search(['c'])).toEqual([c.doc.id]);
      expect(await search(['a', 'b'])).toEqual(sortedIds([ab.doc, a.doc]));
      expect(await search(['b', 'c'])).toEqual(sortedIds([ab.doc, c.doc]));
      expect(await search(['zzz'])).toEqual([]);
      expect(await search()).toEqual(sortedIds([ab.doc, c.doc, a.doc]));
    });

    it('scopes by documentId, filepath and metadata filters', async () => {
      const { store, orgA, orgB } = ctx;
      const scoped = await seedScoped(ctx);
      const foreign = await addIndexed(store, orgB.id, [{ text: 'kb', vector: axis(0) }], { filepath: '/kb/a.md' });
      const search = async (scope: SearchScope) => docIdsOf(await store.chunks.vectorSearch(orgA.id, { ...scope, vector: axis(0), model: MODEL, limit: 50 }));
      await expectScopes(search, scoped, foreign.doc);
      const one = await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, documentId: scoped.d2.id, limit: 50 });
      expect(one).toHaveLength(2);
    });

    it('returns nothing for a model without vectors, and switching models keeps results correct', async () => {
      const { store, orgA } = ctx;
      const first = await addIndexed(store, orgA.id, [{ text: 'first', vector: axis(0) }]);
      expect(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: 'other-model', limit: 10 })).toEqual([]);
      expect(docIdsOf(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, limit: 10 }))).toEqual([first.doc.id]);
      const second = makeDocument(orgA.id);
      await store.documents.insertDocument(second);
      await indexDocument(store, second, [{ text: 'second', vector: axis(0) }], { model: 'other-model' });
      expect(docIdsOf(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: 'other-model', limit: 10 }))).toEqual([second.id]);
      expect(docIdsOf(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, limit: 10 }))).toEqual([first.doc.id]);
    });

    it('scoreChunkVectors gives the cosine of stored embeddings of the model, for the organisation’s chunks only', async () => {
      const { store, orgA, orgB } = ctx;
      expect(store.chunks.scoreChunkVectors).toBeTypeOf('function');
      const rand = prng(7);
      const query = randomUnit(rand, 16);
      const vectors = [randomUnit(rand, 16), randomUnit(rand, 16)];
      const { chunks } = await addIndexed(
        store,
        orgA.id,
        vectors.map((vector, i) => ({ text: `scored ${i}`, vector })),
      );
      const other = makeDocument(orgA.id);
      await store.documents.insertDocument(other);
      const [otherModel] = await indexDocument(store, other, [{ text: 'other model', vector: vectors[0]! }], { model: 'other-model' });
      const foreign = await addIndexed(store, orgB.id, [{ text: 'foreign', vector: vectors[0]! }]);
      const scores = await store.chunks.scoreChunkVectors(orgA.id, MODEL, query, [...chunks.map((c) => c.id), otherModel!.id, foreign.chunks[0]!.id, 'missing']);
      expect([...scores.keys()].sort()).toEqual(chunks.map((c) => c.id).sort());
      chunks.forEach((c, i) => expect(scores.get(c.id)).toBeCloseTo(cosineOf(query, vectors[i]!), 5));
      expect((await store.chunks.scoreChunkVectors(orgA.id, MODEL, query, [])).size).toBe(0);
    });

    it('follows a document when its container tags change', async () => {
      const { store, orgA } = ctx;
      const before = await addIndexed(store, orgA.id, [{ text: 'moving target', vector: axis(0) }], { containerTags: ['old'] });
      // Retagged before and after the first search, for adapters that cache an index.
      await store.documents.updateDocument(orgA.id, before.doc.id, { containerTags: ['new'] });
      const after = await addIndexed(store, orgA.id, [{ text: 'moving target', vector: axis(0) }], { containerTags: ['old'] });
      expect(docIdsOf(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, containerTags: ['old'], limit: 10 }))).toEqual([after.doc.id]);
      await store.documents.updateDocument(orgA.id, after.doc.id, { containerTags: ['new', 'other'] });
      const terms = queryTerms('moving target');
      for (const [tag, expected] of [
        ['old', []],
        ['new', sortedIds([before.doc, after.doc])],
        ['other', [after.doc.id]],
      ] as const) {
        expect(docIdsOf(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, containerTags: [tag], limit: 10 }))).toEqual(expected);
        expect(docIdsOf(await store.chunks.keywordSearch(orgA.id, { terms, containerTags: [tag], limit: 10 }))).toEqual(expected);
        expect((await store.documents.findDocumentIdsByTags(orgA.id, [tag])).sort()).toEqual(expected);
      }
    });
  });

  describe('keywordSearch and termStats', () => {
    it('finds chunks containing any query term, better matches scoring higher', async () => {
      const { store, orgA } = ctx;
      const { chunks } = await addIndexed(store, orgA.id, [
        { text: 'The golden retriever puppy chased the golden ball' },
        { text: 'A golden sunset over the lake' },
        { text: 'The retriever fetched a stick' },
        { text: 'Quarterly tax forms are due' },
      ]);
      const [both, golden, retriever, unrelated] = chunks as [(typeof chunks)[0], (typeof chunks)[0], (typeof chunks)[0], (typeof chunks)[0]];
      const hits = await store.chunks.keywordSearch(orgA.id, { terms: queryTerms('golden retriever puppies'), limit: 10 });
      expect(chunkIdsOf(hits)[0]).toBe(both.id);
      expect(chunkIdsOf(hits).sort()).toEqual(sortedIds([both, golden, retriever]));
      expect(chunkIdsOf(hits)).not.toContain(unrelated.id);
      for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      expect(chunkIdsOf(await store.chunks.keywordSearch(orgA.id, { terms: queryTerms('golden retriever'), limit: 1 }))).toEqual([both.id]);
      expect(await store.chunks.keywordSearch(orgA.id, { terms: [], limit: 10 })).toEqual([]);
      expect(await store.chunks.keywordSearch(orgA.id, { terms: queryTerms('xylophone'), limit: 10 })).toEqual([]);
    });

    it('matches the embedded content (title and heading context), not only the chunk text', async () => {
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id);
      await store.documents.insertDocument(doc);
      const chunk = makeChunk(refOf(doc), 0, 'plain body text', { embeddedContent: 'Migration Guide > Rollback\nplain body text' });
      await store.chunks.replaceChunks(refOf(doc), [chunk]);
      await store.chunks.activateGeneration(refOf(doc));
      expect(chunkIdsOf(await store.chunks.keywordSearch(orgA.id, { terms: queryTerms('rollback'), limit: 5 }))).toEqual([chunk.id]);
    });

    it('scopes by container tags, documentId, filepath and metadata filters', async () => {
      const { store, orgA, orgB } = ctx;
      const scoped = await seedScoped(ctx);
      const foreign = await addIndexed(store, orgB.id, [{ text: 'knowledge base' }], { filepath: '/kb/a.md' });
      const terms = queryTerms('knowledge base');
      const search = async (scope: SearchScope) => docIdsOf(await store.chunks.keywordSearch(orgA.id, { ...scope, terms, limit: 50 }));
      await expectScopes(search, scoped, foreign.doc);
      expect(await search({ containerTags: ['red-team'] })).toEqual(sortedIds([scoped.d1, scoped.d3]));
      expect(await search({ containerTags: ['red-team', 'blue-team'] })).toEqual(sortedIds([scoped.d1, scoped.d2, scoped.d3]));
    });

    it('termStats counts the organisation’s searchable chunks containing each term', async () => {
      const { store, orgA } = ctx;
      await addIndexed(store, orgA.id, [{ text: 'red apple' }, { text: 'red cherry' }, { text: 'green apple apple apples' }]);
      const staged = makeDocument(orgA.id, { status: 'chunking' });
      await store.documents.insertDocument(staged);
      await store.chunks.replaceChunks(refOf(staged), [makeChunk(refOf(staged), 0, 'red green zebra')]);
      const terms = queryTerms('red apple green zebra');
      expect(terms).toHaveLength(4);
      const [red, apple, green, zebra] = terms as [string, string, string, string];
      const stats = await store.chunks.termStats(orgA.id, [...terms, red]);
      expect(stats.totalChunks).toBe(3);
      expect(stats.docFrequencies.get(red)).toBe(2);
      expect(stats.docFrequencies.get(apple)).toBe(2);
      expect(stats.docFrequencies.get(green)).toBe(1);
      expect(stats.docFrequencies.get(zebra) ?? 0).toBe(0);
    });

    it('a tag holding much of the organisation returns exactly its own best keyword matches, also when others outrank it', async () => {
      const { store, orgA } = ctx;
      const tagOf = new Map<string, string>();
      // 'crowd': 70 short chunks dense in the word (they outrank everything); 'broad': 30 longer ones, each a little
      // longer than the last so every score differs.
      for (let i = 0; i < 70; i++) {
        const { chunks } = await addIndexed(store, orgA.id, [{ text: `otter otter otter ${'x'.repeat((i % 7) + 1)}` }], { containerTags: ['crowd'] });
        tagOf.set(chunks[0]!.id, 'crowd');
      }
      for (let i = 0; i < 30; i++) {
        const filler = Array.from({ length: 4 + i }, (_, k) => `filler${k}`).join(' ');
        const { chunks } = await addIndexed(store, orgA.id, [{ text: `otter ${filler}` }], { containerTags: ['broad'] });
        tagOf.set(chunks[0]!.id, 'broad');
      }
      const terms = queryTerms('otter');
      const everything = chunkIdsOf(await store.chunks.keywordSearch(orgA.id, { terms, limit: 200 }));
      expect(everything).toHaveLength(100);
      for (const [tag, limit] of [
        ['broad', 5],
        ['crowd', 5],
        ['broad', 30],
        ['crowd', 70],
        ['broad', 50],
      ] as const) {
        const got = chunkIdsOf(await store.chunks.keywordSearch(orgA.id, { terms, containerTags: [tag], limit }));
        const want = everything.filter((id) => tagOf.get(id) === tag).slice(0, limit);
        expect(got, `${tag}, limit ${limit}`).toEqual(want);
      }
      const both = chunkIdsOf(await store.chunks.keywordSearch(orgA.id, { terms, containerTags: ['broad', 'crowd'], limit: 100 }));
      expect(both).toEqual(everything);
    });

    it('termStats follows adds, new generations and deletes when asked again between them', async () => {
      const { store, orgA } = ctx;
      const [otter] = queryTerms('otter') as [string];
      const df = async () => {
        const stats = await store.chunks.termStats(orgA.id, [otter]);
        return [stats.docFrequencies.get(otter) ?? 0, stats.totalChunks];
      };
      expect(await df()).toEqual([0, 0]);
      const first = await addIndexed(store, orgA.id, [{ text: 'otter den' }, { text: 'river' }]);
      expect(await df()).toEqual([1, 2]);
      await addIndexed(store, orgA.id, [{ text: 'sea otter' }]);
      expect(await df()).toEqual([2, 3]);
      await indexDocument(store, { ...first.doc, generation: first.doc.generation + 1 }, [{ text: 'otter' }, { text: 'otter pup' }, { text: 'weir' }]);
      expect(await df()).toEqual([3, 4]);
      await store.documents.deleteDocuments(orgA.id, [first.doc.id]);
      expect(await df()).toEqual([1, 1]);
    });
  });
}

interface Scoped {
  d1: DocumentRecord;
  d2: DocumentRecord;
  d3: DocumentRecord;
}

/** Three documents of organisation A with two chunks each, on different filepaths, tags and metadata. */
async function seedScoped({ store, orgA }: ContractContext): Promise<Scoped> {
  const add = async (filepath: string, tag: string, metadata: DocumentRecord['metadata']) =>
    (
      await addIndexed(
        store,
        orgA.id,
        [
          { text: 'knowledge base article', vector: axis(0) },
          { text: 'knowledge base appendix', vector: axis(1) },
        ],
        { filepath, containerTags: [tag], metadata, customId: `c-${randomUUID()}` },
      )
    ).doc;
  return {
    d1: await add('/kb/a.md', 'red-team', { team: 'red', n: 1 }),
    d2: await add('/kb/sub/b.md', 'blue-team', { team: 'blue', n: 2 }),
    d3: await add('/other/c.md', 'red-team', { team: 'red', n: 3 }),
  };
}

async function expectScopes(search: (scope: SearchScope) => Promise<string[]>, { d1, d2, d3 }: Scoped, foreign: DocumentRecord): Promise<void> {
  const red = parseFilters({ key: 'team', value: 'red' })!;
  const redAtLeast2 = parseFilters({
    AND: [
      { key: 'team', value: 'RED', ignoreCase: true },
      { key: 'n', value: 2, filterType: 'numeric', numericOperator: '>=' },
    ],
  })!;
  expect(await search({})).toEqual(sortedIds([d1, d2, d3]));
  expect(await search({ documentId: d2.id })).toEqual([d2.id]);
  expect(await search({ documentId: foreign.id })).toEqual([]);
  expect(await search({ filepath: '/kb/' })).toEqual(sortedIds([d1, d2]));
  expect(await search({ filepath: '/kb/a.md' })).toEqual([d1.id]);
  expect(await search({ filepath: '/kb' })).toEqual([]);
  expect(await search({ filters: red })).toEqual(sortedIds([d1, d3]));
  expect(await search({ filters: redAtLeast2 })).toEqual([d3.id]);
  expect(await search({ filters: red, filepath: '/kb/' })).toEqual([d1.id]);
  expect(await search({ filters: red, containerTags: ['red-team'], documentId: d3.id })).toEqual([d3.id]);
  expect(await search({ filters: red, containerTags: ['blue-team'] })).toEqual([]);
}

function hybridContract(ctx: ContractContext): void {
  describe('hybridCandidates and getChunkTerms', () => {
    it('hybridCandidates gives each retriever’s raw candidates in the scope, the two separate queries’ own without rank fusion', async () => {
      const { store, orgA, orgB } = ctx;
      await addIndexed(
        store,
        orgA.id,
        [
          { text: 'river otter den', vector: axis(0) },
          { text: 'otter pups play', vector: axis(1) },
        ],
        { containerTags: ['wild'] },
      );
      await addIndexed(store, orgA.id, [{ text: 'river stones and sand', vector: axis(2) }], { containerTags: ['geo'] });
      await addIndexed(store, orgB.id, [{ text: 'river otter elsewhere', vector: axis(0) }], { containerTags: ['wild'] });
      const terms = queryTerms('river otter');
      const weights = { vector: 0.6, keyword: 0.4 };
      for (const scope of [{}, { containerTags: ['wild'] }, { containerTags: ['geo'] }]) {
        const got = await store.chunks.hybridCandidates(orgA.id, { ...scope, vector: axis(0), model: MODEL, terms, limit: 10, weights });
        const vector = await store.chunks.vectorSearch(orgA.id, { ...scope, vector: axis(0), model: MODEL, limit: 10 });
        const keyword = await store.chunks.keywordSearch(orgA.id, { ...scope, terms, limit: 10 });
        if (!store.chunks.capabilities.nativeRankFusion) {
          expect(got).toEqual({ vector, keyword });
        } else {
          // The fused order picks which candidates come back; each keeps the score its own retriever gives it.
          const scores = new Map([...vector, ...keyword].map((h) => [h.chunkId, h.score]));
          for (const h of [...got.vector, ...got.keyword]) expect(scores.get(h.chunkId)).toBeCloseTo(h.score, 6);
        }
        expect(got.vector.length + got.keyword.length).toBeGreaterThan(0);
      }
    });

    it('getChunkTerms returns the index terms of the organisation’s searchable chunks only', async () => {
      const { store, orgA, orgB } = ctx;
      const mine = await addIndexed(store, orgA.id, [{ text: 'Otters were swimming quickly' }, { text: 'the den by the river' }]);
      const theirs = await addIndexed(store, orgB.id, [{ text: 'Otters elsewhere' }]);
      const staged = makeChunk(refOf(mine.doc, 2), 0, 'staged words not searchable yet');
      await store.chunks.replaceChunks(refOf(mine.doc, 2), [staged]);
      const ids = [...mine.chunks.map((c) => c.id), theirs.chunks[0]!.id, staged.id, 'missing'];
      const terms = await store.chunks.getChunkTerms(orgA.id, ids);
      expect([...terms.keys()].sort()).toEqual(mine.chunks.map((c) => c.id).sort());
      for (const c of mine.chunks) expect(new Set(terms.get(c.id))).toEqual(new Set(indexTerms(c.embeddedContent)));
      expect((await store.chunks.getChunkTerms(orgA.id, [])).size).toBe(0);
    });

    it('getChunksWithTerms reads what getChunksByIds and getChunkTerms read, in one call', async () => {
      const { store, orgA, orgB } = ctx;
      const getChunksWithTerms = store.chunks.getChunksWithTerms.bind(store.chunks);
      const mine = await addIndexed(store, orgA.id, [{ text: 'Beavers build dams' }, { text: 'a lodge of sticks and mud' }]);
      const theirs = await addIndexed(store, orgB.id, [{ text: 'Beavers elsewhere' }]);
      // A staged chunk is a chunk by id but has no index terms until it is activated.
      const staged = makeChunk(refOf(mine.doc, 2), 0, 'staged words not searchable yet');
      await store.chunks.replaceChunks(refOf(mine.doc, 2), [staged]);
      const ids = [...mine.chunks.map((c) => c.id), theirs.chunks[0]!.id, staged.id, 'missing'];
      const got = await getChunksWithTerms(orgA.id, ids);
      const byId = (cs: readonly { id: string }[]) => [...cs].sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(byId(got.chunks)).toEqual(byId(await store.chunks.getChunksByIds(orgA.id, ids)));
      expect(got.chunks.map((c) => c.id)).toContain(staged.id);
      expect(got.terms).toEqual(await store.chunks.getChunkTerms(orgA.id, ids));
      expect([...got.terms.keys()].sort()).toEqual(mine.chunks.map((c) => c.id).sort());
      expect(await getChunksWithTerms(orgA.id, [])).toEqual({ chunks: [], terms: new Map() });
    });

    it('getChunksWithTerms reads keyword hits as they are now, also once a hit was deleted and other chunks came', async () => {
      const { store, orgA } = ctx;
      const kept = await addIndexed(store, orgA.id, [{ text: 'otters hold hands asleep' }]);
      const gone = await addIndexed(store, orgA.id, [{ text: 'otters crack shells on stones' }, { text: 'otters groom fur' }]);
      const hits = await store.chunks.keywordSearch(orgA.id, { terms: queryTerms('otters'), limit: 10 });
      expect(chunkIdsOf(hits).sort()).toEqual([...kept.chunks, ...gone.chunks].map((c) => c.id).sort());
      // The hits' chunks go, and new chunks take their place in the store (a store may reuse their row keys).
      await store.documents.deleteDocuments(orgA.id, [gone.doc.id]);
      const came = await addIndexed(store, orgA.id, [{ text: 'beavers fell trees' }, { text: 'beavers dam rivers' }]);
      const ids = [...chunkIdsOf(hits), ...came.chunks.map((c) => c.id)];
      const got = await store.chunks.getChunksWithTerms(orgA.id, ids);
      expect(sortedIds(got.chunks)).toEqual([...kept.chunks, ...came.chunks].map((c) => c.id).sort());
      for (const c of [...kept.chunks, ...came.chunks]) {
        expect(got.chunks.find((g) => g.id === c.id)?.content).toBe(c.content);
        expect(new Set(got.terms.get(c.id))).toEqual(new Set(indexTerms(c.embeddedContent)));
      }
    });
  });
}
