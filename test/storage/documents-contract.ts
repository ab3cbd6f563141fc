/**
 * Conformance suite for the DocumentStore port: documents, customIds per tag, stored files, listing and the runner's
 * due work. Every adapter runs it unchanged, through the ports only.
 */
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.js';
import { parseFilters } from '../../src/core/filters.js';
import { queryTerms } from '../../src/text/tokenize.js';
import type { DocumentListQuery } from '../../src/storage/documents.js';
import type { Store } from '../../src/storage/store.js';
import { PENDING_STATUSES, type DocumentRecord, type StoredFile } from '../../src/core/types.js';
import { describeWithStore, type CleanupStore, type ContractContext, type MakeStore } from './contract-context.js';
import { addIndexed, axis, docIdsOf, isoAt, makeDocument, MODEL, sortedIds } from './store-fixtures.js';

/** Stores a small blob under `key` and returns it as a document's file. */
async function putBlob(store: Store, key: string, content = `bytes of ${key}`): Promise<StoredFile> {
  const src = path.join(os.tmpdir(), `mnemo-contract-${randomUUID()}`);
  await fsp.writeFile(src, content);
  try {
    const info = await store.blobs.putFile(key, src, { contentType: 'text/plain', filename: 'f.txt' });
    return { key, filename: info.filename, mimeType: info.contentType, size: info.size, sha256: info.sha256 };
  } finally {
    await fsp.rm(src, { force: true });
  }
}

/** Registers the suite; `makeStore` and `cleanup` as for describeWithStore. */
export function runDocumentsContract(name: string, makeStore: MakeStore, cleanup?: CleanupStore): void {
  describeWithStore(`DocumentStore contract: ${name}`, makeStore, cleanup, (ctx) => {
    documentsContract(ctx);
    neighboursContract(ctx);
    listContract(ctx);
    dueWorkContract(ctx);
  });
}

function documentsContract(ctx: ContractContext): void {
  describe('documents', () => {
    it('round-trips every field and finds a document by id and by customId', async () => {
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id, {
        customId: 'ext-1',
        containerTags: ['a', 'b'],
        raw: 'https://example.com/page',
        content: '# Page\n\nBody',
        title: 'Page',
        summary: 'A page',
        url: 'https://example.com/page',
        filepath: '/docs/page.md',
        type: 'webpage',
        metadata: { s: 'x', n: 1.5, i: -3, b: false, arr: ['p', 'q'], empty: [] },
        status: 'embedding',
        taskType: 'superrag',
        forgetAfter: isoAt(5000),
        entityContext: 'about pages',
        source: 'api',
        connectionId: 'conn-1',
        processingMetadata: {
          startTime: isoAt(1),
          steps: [{ name: 'extract', startTime: isoAt(1), endTime: isoAt(2), duration: 60_000, status: 'completed' }],
          attempts: 1,
        },
        generation: 3,
        attempts: 2,
        nextRunAt: 1_700_000_000_123,
        tokenCount: 10,
        wordCount: 8,
        chunkCount: 2,
        file: { key: `${orgA.id}/doc/1`, filename: 'Résumé 2024.pdf', mimeType: 'application/pdf', size: 123_456_789, sha256: 'ab'.repeat(32) },
      });
      await store.documents.insertDocument(doc);
      expect(await store.documents.getDocument(orgA.id, doc.id)).toEqual(doc);
      expect(await store.documents.findDocumentsByCustomId(orgA.id, 'ext-1')).toEqual([doc]);
      expect(await store.documents.getDocument(orgA.id, 'ext-1')).toBeNull();
      expect(await store.documents.getDocument(orgA.id, 'missing')).toBeNull();
    });

    it('rejects a customId already held under one of the tags with CUSTOM_ID_CONFLICT, allows it under other tags and in other organisations', async () => {
      const { store, orgA, orgB } = ctx;
      const first = makeDocument(orgA.id, { customId: 'same', containerTags: ['user-a', 'team'] });
      await store.documents.insertDocument(first);
      // Shares the tag "team" with the first document: same customId, same tag → conflict, nothing written.
      const dup = makeDocument(orgA.id, { customId: 'same', containerTags: ['dup-only', 'team'] });
      const attempt = store.documents.insertDocument(dup);
      await expect(attempt).rejects.toThrow(AppError);
      await expect(attempt).rejects.toMatchObject({ code: 'CUSTOM_ID_CONFLICT', status: 409 });
      expect(await store.documents.getDocument(orgA.id, dup.id)).toBeNull();
      expect(await store.documents.findDocumentIdsByTags(orgA.id, ['dup-only'])).toEqual([]);

      // Another tag: another document with the same customId.
      const userB = makeDocument(orgA.id, { customId: 'same', containerTags: ['user-b'] });
      await store.documents.insertDocument(userB);
      expect(await store.documents.getDocument(orgA.id, first.id)).toEqual(first);
      expect(await store.documents.findDocumentsByCustomId(orgA.id, 'same')).toEqual([first, userB]);
      expect(await store.documents.findDocumentsByCustomId(orgA.id, 'same', ['user-b'])).toEqual([userB]);
      expect(await store.documents.findDocumentsByCustomId(orgA.id, 'same', ['team', 'nobody'])).toEqual([first]);
      expect(await store.documents.findDocumentsByCustomId(orgA.id, 'same', ['nobody'])).toEqual([]);

      const other = makeDocument(orgB.id, { customId: 'same', containerTags: ['user-a', 'team'] });
      await store.documents.insertDocument(other);
      expect(await store.documents.findDocumentsByCustomId(orgB.id, 'same')).toEqual([other]);
      expect(await store.documents.findDocumentsByCustomId(orgA.id, 'same', ['team'])).toEqual([first]);

      // Documents without a customId never conflict.
      await store.documents.insertDocument(makeDocument(orgA.id));
      await store.documents.insertDocument(makeDocument(orgA.id));
      const all = await store.documents.listDocuments(orgA.id, { limit: 10, offset: 0 });
      expect(all.total).toBe(4);
    });

    it('findRecentDuplicates finds documents without customId by hash, exact tags and age', async () => {
      const { store, orgA, orgB } = ctx;
      const recent = makeDocument(orgA.id, { contentHash: 'h-dup', containerTags: ['a', 'b'], createdAt: isoAt(100) });
      const old = makeDocument(orgA.id, { contentHash: 'h-dup', containerTags: ['a', 'b'], createdAt: isoAt(10) });
      const withId = makeDocument(orgA.id, { contentHash: 'h-dup', containerTags: ['a', 'b'], customId: 'c-dup', createdAt: isoAt(101) });
      const moreTags = makeDocument(orgA.id, { contentHash: 'h-dup', containerTags: ['a', 'b', 'c'], createdAt: isoAt(102) });
      const foreign = makeDocument(orgB.id, { contentHash: 'h-dup', containerTags: ['a', 'b'], createdAt: isoAt(103) });
      for (const d of [recent, old, withId, moreTags, foreign]) await store.documents.insertDocument(d);
      expect((await store.documents.findRecentDuplicates(orgA.id, 'h-dup', ['b', 'a'], isoAt(50))).map((d) => d.id)).toEqual([recent.id]);
      expect((await store.documents.findRecentDuplicates(orgA.id, 'h-dup', ['a', 'b'], isoAt(0))).map((d) => d.id)).toEqual([recent.id, old.id]);
      expect(await store.documents.findRecentDuplicates(orgA.id, 'h-other', ['a', 'b'], isoAt(0))).toEqual([]);
    });

    it('a deleted document releases its customId under each of its tags', async () => {
      const { store, orgA } = ctx;
      const first = makeDocument(orgA.id, { customId: 'reuse', containerTags: ['x', 'y'] });
      await store.documents.insertDocument(first);
      await store.documents.deleteDocuments(orgA.id, [first.id]);
      const again = makeDocument(orgA.id, { customId: 'reuse', containerTags: ['y'] });
      await store.documents.insertDocument(again);
      expect(await store.documents.findDocumentsByCustomId(orgA.id, 'reuse')).toEqual([again]);
    });

    it('updateDocument refuses tags or a customId that would put one customId twice under a tag, and changes nothing', async () => {
      const { store, orgA } = ctx;
      const a = makeDocument(orgA.id, { customId: 'note', containerTags: ['user-a'] });
      const b = makeDocument(orgA.id, { customId: 'note', containerTags: ['user-b'] });
      await store.documents.insertDocument(a);
      await store.documents.insertDocument(b);
      await expect(store.documents.updateDocument(orgA.id, b.id, { containerTags: ['user-b', 'user-a'] })).rejects.toMatchObject({
        code: 'CUSTOM_ID_CONFLICT',
      });
      expect(await store.documents.getDocument(orgA.id, b.id)).toEqual(b);
      expect(await store.documents.findDocumentsByCustomId(orgA.id, 'note', ['user-a'])).toEqual([a]);

      // Moving b away from its tag frees "note" there; the old claim must not linger.
      const moved = await store.documents.updateDocument(orgA.id, b.id, { containerTags: ['user-c'] });
      expect(moved?.containerTags).toEqual(['user-c']);
      const c = makeDocument(orgA.id, { customId: 'note', containerTags: ['user-b'] });
      await store.documents.insertDocument(c);
      expect((await store.documents.findDocumentsByCustomId(orgA.id, 'note')).map((d) => d.id)).toEqual([a.id, b.id, c.id]);
    });

    it('updateDocument applies only the given fields and returns the result', async () => {
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id, { title: 'Old', summary: 'keep', metadata: { a: 1, b: 'x' } });
      await store.documents.insertDocument(doc);
      const expected = { ...doc, title: 'New', metadata: { c: true }, status: 'failed' as const, updatedAt: isoAt(9999) };
      const updated = await store.documents.updateDocument(orgA.id, doc.id, {
        title: 'New',
        summary: undefined,
        metadata: { c: true },
        status: 'failed',
        updatedAt: isoAt(9999),
      });
      expect(updated).toEqual(expected);
      expect(await store.documents.getDocument(orgA.id, doc.id)).toEqual(expected);

      expect(await store.documents.updateDocument(orgA.id, doc.id, { title: null })).toEqual({ ...expected, title: null });
      expect(await store.documents.updateDocument(orgA.id, doc.id, {})).toEqual({ ...expected, title: null });
      expect(await store.documents.updateDocument(orgA.id, `missing-${randomUUID()}`, { title: 'x' })).toBeNull();
    });

    it('a document has no file by default; updateDocument sets, replaces and clears it', async () => {
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id);
      await store.documents.insertDocument(doc);
      expect((await store.documents.getDocument(orgA.id, doc.id))!.file).toBeNull();
      const file = { key: `${orgA.id}/${doc.id}/1`, filename: null, mimeType: 'image/png', size: 0, sha256: 'e3'.repeat(32) };
      expect((await store.documents.updateDocument(orgA.id, doc.id, { file }))!.file).toEqual(file);
      expect((await store.documents.getDocumentsByIds(orgA.id, [doc.id]))[0]!.file).toEqual(file);
      const other = { ...file, key: `${orgA.id}/${doc.id}/2`, filename: 'scan.tiff', mimeType: 'image/tiff', size: 42 };
      expect((await store.documents.updateDocument(orgA.id, doc.id, { title: 't', file: other }))!.file).toEqual(other);
      expect((await store.documents.updateDocument(orgA.id, doc.id, { title: 'u' }))!.file).toEqual(other);
      expect((await store.documents.updateDocument(orgA.id, doc.id, { file: null }))!.file).toBeNull();
      expect((await store.documents.getDocument(orgA.id, doc.id))!.file).toBeNull();
    });

    it('updateDocument rejects a customId taken by another document', async () => {
      const { store, orgA } = ctx;
      const one = makeDocument(orgA.id, { customId: 'one' });
      const two = makeDocument(orgA.id, { customId: 'two' });
      await store.documents.insertDocument(one);
      await store.documents.insertDocument(two);
      await expect(store.documents.updateDocument(orgA.id, two.id, { customId: 'one' })).rejects.toMatchObject({
        code: 'CUSTOM_ID_CONFLICT',
      });
      expect(await store.documents.getDocument(orgA.id, two.id)).toEqual(two);
      await store.documents.updateDocument(orgA.id, two.id, { customId: 'three' });
      expect((await store.documents.findDocumentsByCustomId(orgA.id, 'three')).map((d) => d.id)).toEqual([two.id]);
      expect(await store.documents.findDocumentsByCustomId(orgA.id, 'two')).toEqual([]);
      // The released customId can be taken by another document under the same tag.
      await store.documents.updateDocument(orgA.id, one.id, { customId: 'two' });
      expect((await store.documents.findDocumentsByCustomId(orgA.id, 'two')).map((d) => d.id)).toEqual([one.id]);
    });

    it('updateDocument with expectGeneration writes only while the document is at that generation', async () => {
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id, { generation: 2, status: 'queued' });
      await store.documents.insertDocument(doc);
      const fresh = await store.documents.updateDocument(orgA.id, doc.id, { status: 'chunking' }, { expectGeneration: 2 });
      expect(fresh).toEqual({ ...doc, status: 'chunking' });
      expect(await store.documents.updateDocument(orgA.id, doc.id, { status: 'failed', attempts: 9 }, { expectGeneration: 1 })).toBeNull();
      expect(await store.documents.updateDocument(orgA.id, doc.id, {}, { expectGeneration: 1 })).toBeNull();
      expect(await store.documents.getDocument(orgA.id, doc.id)).toEqual({ ...doc, status: 'chunking' });
    });

    it('updateDocument with expectGeneration returns the document when the patch itself bumps the generation', async () => {
      // DocumentService.upsert claims a new pipeline run exactly like this.
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id, { generation: 2 });
      await store.documents.insertDocument(doc);
      const claimed = await store.documents.updateDocument(orgA.id, doc.id, { generation: 3, status: 'queued' }, { expectGeneration: 2 });
      expect(claimed).toEqual({ ...doc, generation: 3, status: 'queued' });
      // A concurrent claim of the same run loses.
      expect(await store.documents.updateDocument(orgA.id, doc.id, { generation: 3 }, { expectGeneration: 2 })).toBeNull();
      expect(await store.documents.getDocument(orgA.id, doc.id)).toEqual({ ...doc, generation: 3, status: 'queued' });
    });

    it('deleteDocuments removes the stored files of the documents it deletes, and nothing else', async () => {
      const { store, orgA, orgB } = ctx;
      const withFile = makeDocument(orgA.id);
      const plain = makeDocument(orgA.id);
      const foreign = makeDocument(orgB.id);
      withFile.file = await putBlob(store, `${orgA.id}/${withFile.id}/2`);
      await putBlob(store, `${orgA.id}/${withFile.id}/1`); // an earlier generation's file left behind
      foreign.file = await putBlob(store, `${orgB.id}/${foreign.id}/1`);
      const unrelated = await putBlob(store, `${orgA.id}/other/1`);
      for (const d of [withFile, plain, foreign]) await store.documents.insertDocument(d);

      expect((await store.documents.deleteDocuments(orgA.id, [withFile.id, plain.id, foreign.id])).sort()).toEqual([withFile.id, plain.id].sort());
      expect(await store.blobs.stat(`${orgA.id}/${withFile.id}/2`)).toBeNull();
      expect(await store.blobs.stat(`${orgA.id}/${withFile.id}/1`)).toBeNull();
      expect(await store.blobs.stat(foreign.file.key)).not.toBeNull();
      expect(await store.blobs.stat(unrelated.key)).not.toBeNull();
    });

    it('updateDocument removes the blob of a file it replaces or clears, not one it keeps', async () => {
      const { store, orgA } = ctx;
      const doc = makeDocument(orgA.id, { generation: 1 });
      doc.file = await putBlob(store, `${orgA.id}/${doc.id}/1`);
      await store.documents.insertDocument(doc);
      // A stale writer changes nothing, and its blob is left alone.
      const second = await putBlob(store, `${orgA.id}/${doc.id}/2`);
      expect(await store.documents.updateDocument(orgA.id, doc.id, { file: second }, { expectGeneration: 7 })).toBeNull();
      expect(await store.blobs.stat(doc.file.key)).not.toBeNull();

      expect((await store.documents.updateDocument(orgA.id, doc.id, { file: second, generation: 2 }, { expectGeneration: 1 }))!.file).toEqual(second);
      expect(await store.blobs.stat(doc.file.key)).toBeNull();
      // Same key (the blob was replaced in place): kept.
      const same = await putBlob(store, second.key, 'new bytes');
      await store.documents.updateDocument(orgA.id, doc.id, { file: same });
      expect((await store.blobs.stat(second.key))!.sha256).toBe(same.sha256);
      await store.documents.updateDocument(orgA.id, doc.id, { file: null });
      expect(await store.blobs.stat(second.key)).toBeNull();
    });

    it('getDocumentsByIds returns the existing documents of the organisation', async () => {
      const { store, orgA, orgB } = ctx;
      const a1 = makeDocument(orgA.id);
      const a2 = makeDocument(orgA.id);
      const b1 = makeDocument(orgB.id);
      for (const d of [a1, a2, b1]) await store.documents.insertDocument(d);
      const found = await store.documents.getDocumentsByIds(orgA.id, [a2.id, 'missing', b1.id, a1.id]);
      expect(found.sort((x, y) => x.id.localeCompare(y.id))).toEqual([a1, a2].sort((x, y) => x.id.localeCompare(y.id)));
      expect(await store.documents.getDocumentsByIds(orgA.id, [])).toEqual([]);
    });

    it('getDocumentHeads returns the heads of the existing documents of the organisation, without their text', async () => {
      const { store, orgA, orgB } = ctx;
      const a1 = makeDocument(orgA.id, { title: 'Head one', customId: 'head-1', containerTags: ['x', 'y'], metadata: { n: 1, tag: 'k' }, filepath: '/a/b.md', url: 'https://example.com/1' });
      const a2 = makeDocument(orgA.id, { summary: 'a short summary' });
      const b1 = makeDocument(orgB.id);
      for (const d of [a1, a2, b1]) await store.documents.insertDocument(d);
      await store.documents.updateDocument(orgA.id, a2.id, { title: 'Renamed', generation: 3 });
      const full = await store.documents.getDocumentsByIds(orgA.id, [a1.id, a2.id]);
      const heads = await store.documents.getDocumentHeads(orgA.id, [a2.id, 'missing', b1.id, a1.id]);
      const byId = (x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id);
      const head = (d: DocumentRecord) => ({
        id: d.id,
        orgId: d.orgId,
        customId: d.customId,
        containerTags: d.containerTags,
        title: d.title,
        summary: d.summary,
        url: d.url,
        filepath: d.filepath,
        type: d.type,
        metadata: d.metadata,
        generation: d.generation,
        createdAt: d.createdAt,
        updatedAt: d.updatedAt,
      });
      expect(heads.sort(byId)).toEqual(full.map(head).sort(byId));
      expect(heads.find((h) => h.id === a2.id)!.title).toBe('Renamed');
      for (const h of heads) expect(Object.keys(h)).not.toContain('raw');
      expect(await store.documents.getDocumentHeads(orgA.id, [])).toEqual([]);
    });

    it('deleteDocuments returns the ids that existed and removes their chunks from every index', async () => {
      const { store, orgA, orgB } = ctx;
      const gone = await addIndexed(store, orgA.id, [{ text: 'zebra stripes on the savanna', vector: axis(0) }], {
        containerTags: ['zoo'],
      });
      const kept = await addIndexed(store, orgA.id, [{ text: 'zebra crossing in the city', vector: axis(1) }], {
        containerTags: ['zoo'],
      });
      const foreign = await addIndexed(store, orgB.id, [{ text: 'zebra in another org', vector: axis(0) }]);
      const terms = queryTerms('zebra');
      // Search first, so adapters that cache an index must also update it.
      expect(docIdsOf(await store.chunks.keywordSearch(orgA.id, { terms, limit: 10 }))).toEqual(sortedIds([gone.doc, kept.doc]));
      expect(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, limit: 10 })).toHaveLength(2);

      const deleted = await store.documents.deleteDocuments(orgA.id, [gone.doc.id, `missing-${randomUUID()}`, foreign.doc.id]);
      expect(deleted).toEqual([gone.doc.id]);
      expect(await store.documents.getDocument(orgA.id, gone.doc.id)).toBeNull();
      expect(await store.documents.getDocument(orgB.id, foreign.doc.id)).toEqual(foreign.doc);
      expect(await store.chunks.getChunks(orgA.id, gone.doc.id)).toEqual([]);
      expect(
        await store.chunks.getChunksByIds(
          orgA.id,
          gone.chunks.map((c) => c.id),
        ),
      ).toEqual([]);
      expect(docIdsOf(await store.chunks.keywordSearch(orgA.id, { terms, limit: 10 }))).toEqual([kept.doc.id]);
      expect(docIdsOf(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, limit: 10 }))).toEqual([kept.doc.id]);
      const stats = await store.chunks.termStats(orgA.id, terms);
      expect(stats.totalChunks).toBe(1);
      expect(stats.docFrequencies.get(terms[0]!)).toBe(1);
      expect(await store.documents.findDocumentIdsByTags(orgA.id, ['zoo'])).toEqual([kept.doc.id]);
      expect(await store.documents.deleteDocuments(orgA.id, [gone.doc.id])).toEqual([]);
      expect(await store.documents.deleteDocuments(orgA.id, [])).toEqual([]);
    });

    it('findDocumentIdsByTags matches any tag, optionally an exact filepath or a prefix ending in "/"', async () => {
      const { store, orgA, orgB } = ctx;
      const d1 = makeDocument(orgA.id, { containerTags: ['t1'], filepath: '/docs/a.md' });
      const d2 = makeDocument(orgA.id, { containerTags: ['t2'], filepath: '/docs/sub/b.md' });
      const d3 = makeDocument(orgA.id, { containerTags: ['t1', 't3'], filepath: '/docs2/c.md' });
      const d4 = makeDocument(orgA.id, { containerTags: ['t4'], filepath: '/docs/d.md' });
      const d5 = makeDocument(orgA.id, { containerTags: ['t1'], filepath: null });
      const b1 = makeDocument(orgB.id, { containerTags: ['t1'], filepath: '/docs/a.md' });
      for (const d of [d1, d2, d3, d4, d5, b1]) await store.documents.insertDocument(d);
      const find = async (tags: string[], filepath?: string) => (await store.documents.findDocumentIdsByTags(orgA.id, tags, filepath)).sort();
      expect(await find(['t1', 't2'])).toEqual(sortedIds([d1, d2, d3, d5]));
      expect(await find(['t3'])).toEqual([d3.id]);
      expect(await find(['t1', 't2'], '/docs/a.md')).toEqual([d1.id]);
      expect(await find(['t1', 't2'], '/docs/')).toEqual(sortedIds([d1, d2]));
      expect(await find(['t1', 't2', 't4'], '/docs')).toEqual([]);
      expect(await find(['nope'])).toEqual([]);
    });

    it('findDocumentIdsByFilepath matches an exact filepath or a prefix ending in "/", whatever the tags, in one organisation', async () => {
      const { store, orgA, orgB } = ctx;
      const d1 = makeDocument(orgA.id, { containerTags: ['t1'], filepath: '/fp/a.md' });
      const d2 = makeDocument(orgA.id, { containerTags: ['t2'], filepath: '/fp/sub/b.md' });
      const d3 = makeDocument(orgA.id, { containerTags: ['t3'], filepath: '/fp2/c.md' });
      const d4 = makeDocument(orgA.id, { containerTags: ['t1'], filepath: null });
      const b1 = makeDocument(orgB.id, { containerTags: ['t1'], filepath: '/fp/a.md' });
      for (const d of [d1, d2, d3, d4, b1]) await store.documents.insertDocument(d);
      const find = async (filepath: string) => (await store.documents.findDocumentIdsByFilepath(orgA.id, filepath)).sort();
      expect(await find('/fp/a.md')).toEqual([d1.id]);
      expect(await find('/fp/')).toEqual(sortedIds([d1, d2]));
      expect(await find('/fp')).toEqual([]);
      expect(await find('/fp%/')).toEqual([]);
      expect(await find('/nowhere/')).toEqual([]);
    });
  });
}

/** The documents added just before and after one with the same tags: a chat's turns read in their conversation. */
function neighboursContract(ctx: ContractContext): void {
  describe('neighbourDocuments', () => {
    it('finds up to `window` documents of the same tags on each side, in the order they were added', async () => {
      const { store, orgA, orgB } = ctx;
      const chat: string[] = [];
      for (let i = 0; i < 5; i++) {
        const turn = makeDocument(orgA.id, { containerTags: ['chat'] });
        await store.documents.insertDocument(turn);
        chat.push(turn.id);
        // Interleaved: another tag of the same organisation, a superset of the tags, the same tag in another organisation.
        await store.documents.insertDocument(makeDocument(orgA.id, { containerTags: ['notes'] }));
        await store.documents.insertDocument(makeDocument(orgA.id, { containerTags: ['chat', 'notes'] }));
        await store.documents.insertDocument(makeDocument(orgB.id, { containerTags: ['chat'] }));
      }
      const near = await store.documents.neighbourDocuments(orgA.id, [chat[2]!, chat[0]!], 2);
      expect(near.get(chat[2]!)).toEqual([
        { id: chat[1], offset: -1 },
        { id: chat[0], offset: -2 },
        { id: chat[3], offset: 1 },
        { id: chat[4], offset: 2 },
      ]);
      expect(near.get(chat[0]!)).toEqual([
        { id: chat[1], offset: 1 },
        { id: chat[2], offset: 2 },
      ]);
      // Another organisation's view of the id finds nothing; an unknown id has no neighbours.
      expect((await store.documents.neighbourDocuments(orgB.id, [chat[2]!], 2)).get(chat[2]!)).toEqual([]);
      expect((await store.documents.neighbourDocuments(orgA.id, ['missing'], 2)).get('missing')).toEqual([]);
    });
  });
}

function listContract(ctx: ContractContext): void {
  const ids = async (orgId: string, q: Partial<DocumentListQuery>) => (await ctx.store.documents.listDocuments(orgId, { limit: 100, offset: 0, sort: 'createdAt', order: 'asc', ...q })).documents.map((d) => d.id);

  describe('listDocuments', () => {
    it('sorts by createdAt or updatedAt in either order and paginates with a total', async () => {
      const { store, orgA } = ctx;
      // createdAt ascends with i, updatedAt descends: the two sorts disagree.
      const docs = Array.from({ length: 7 }, (_, i) => makeDocument(orgA.id, { updatedAt: isoAt(100_000 - i) }));
      for (const d of [...docs].reverse()) await store.documents.insertDocument(d);
      const byCreated = docs.map((d) => d.id);
      expect(await ids(orgA.id, { sort: 'createdAt', order: 'asc' })).toEqual(byCreated);
      expect(await ids(orgA.id, { sort: 'createdAt', order: 'desc' })).toEqual([...byCreated].reverse());
      expect(await ids(orgA.id, { sort: 'updatedAt', order: 'asc' })).toEqual([...byCreated].reverse());
      expect(await ids(orgA.id, { sort: 'updatedAt', order: 'desc' })).toEqual(byCreated);

      const pages = [];
      for (const offset of [0, 3, 6]) {
        const page = await store.documents.listDocuments(orgA.id, { limit: 3, offset, sort: 'createdAt', order: 'asc' });
        expect(page.total).toBe(7);
        pages.push(...page.documents);
      }
      expect(pages).toEqual(docs);
      const beyond = await store.documents.listDocuments(orgA.id, { limit: 3, offset: 10, sort: 'createdAt', order: 'asc' });
      expect(beyond).toEqual({ documents: [], total: 7 });
    });

    it('filters by tags (AND / OR), statuses, filepath and metadata, alone and combined', async () => {
      const { store, orgA, orgB } = ctx;
      const d1 = makeDocument(orgA.id, { containerTags: ['a'], status: 'done', filepath: '/notes/x.md', metadata: { lang: 'en' } });
      const d2 = makeDocument(orgA.id, { containerTags: ['a', 'b'], status: 'queued', filepath: '/notes/sub/y.md', metadata: { lang: 'de' } });
      const d3 = makeDocument(orgA.id, { containerTags: ['b'], status: 'failed', filepath: '/notes2/z.md', metadata: { lang: 'en' } });
      const d4 = makeDocument(orgA.id, { containerTags: ['c'], status: 'embedding', filepath: null, metadata: {} });
      const twin = makeDocument(orgB.id, { containerTags: ['a', 'b'], status: 'done', filepath: '/notes/x.md', metadata: { lang: 'en' } });
      for (const d of [d1, d2, d3, d4, twin]) await store.documents.insertDocument(d);
      const en = parseFilters({ AND: [{ key: 'lang', value: 'en' }] });

      expect(await ids(orgA.id, {})).toEqual([d1.id, d2.id, d3.id, d4.id]);
      expect(await ids(orgA.id, { containerTags: ['a', 'b'], tagOperator: 'AND' })).toEqual([d2.id]);
      expect(await ids(orgA.id, { containerTags: ['a', 'b'], tagOperator: 'OR' })).toEqual([d1.id, d2.id, d3.id]);
      expect(await ids(orgA.id, { containerTags: ['a'], tagOperator: 'AND' })).toEqual([d1.id, d2.id]);
      expect(await ids(orgA.id, { containerTags: ['a', 'zzz'], tagOperator: 'AND' })).toEqual([]);
      expect(await ids(orgA.id, { containerTags: ['a', 'zzz'], tagOperator: 'OR' })).toEqual([d1.id, d2.id]);
      // Several tags without an operator mean any of them, in every store.
      expect(await ids(orgA.id, { containerTags: ['a', 'b'] })).toEqual([d1.id, d2.id, d3.id]);
      expect(await ids(orgA.id, { statuses: ['queued', 'failed'] })).toEqual([d2.id, d3.id]);
      expect(await ids(orgA.id, { filepath: '/notes/x.md' })).toEqual([d1.id]);
      expect(await ids(orgA.id, { filepath: '/notes/' })).toEqual([d1.id, d2.id]);
      expect(await ids(orgA.id, { filepath: '/notes' })).toEqual([]);
      expect(await ids(orgA.id, { filters: en! })).toEqual([d1.id, d3.id]);
      const combined = { containerTags: ['a', 'b'], tagOperator: 'OR' as const, statuses: ['done' as const, 'failed' as const], filters: en! };
      expect(await ids(orgA.id, combined)).toEqual([d1.id, d3.id]);
      expect(await ids(orgA.id, { ...combined, filepath: '/notes/' })).toEqual([d1.id]);
      const page = await store.documents.listDocuments(orgA.id, { ...combined, limit: 1, offset: 0, sort: 'createdAt', order: 'desc' });
      expect(page).toEqual({ documents: [d3], total: 2 });
    });

    it('filepath prefixes work with characters outside the Basic Multilingual Plane', async () => {
      const { store, orgA } = ctx;
      const inside = await addIndexed(store, orgA.id, [{ text: 'emoji folder note', vector: axis(0) }], {
        containerTags: ['fp'],
        filepath: '📁 notes/a.md',
      });
      await addIndexed(store, orgA.id, [{ text: 'emoji folder other', vector: axis(0) }], {
        containerTags: ['fp'],
        filepath: '📁 other/b.md',
      });
      const prefix = '📁 notes/';
      expect(await ids(orgA.id, { filepath: prefix })).toEqual([inside.doc.id]);
      expect(await store.documents.findDocumentIdsByTags(orgA.id, ['fp'], prefix)).toEqual([inside.doc.id]);
      expect(docIdsOf(await store.chunks.keywordSearch(orgA.id, { terms: queryTerms('emoji'), filepath: prefix, limit: 10 }))).toEqual([inside.doc.id]);
      expect(docIdsOf(await store.chunks.vectorSearch(orgA.id, { vector: axis(0), model: MODEL, filepath: prefix, limit: 10 }))).toEqual([inside.doc.id]);
    });
  });
}

function dueWorkContract(ctx: ContractContext): void {
  describe('due work', () => {
    it('findDueDocuments returns pending documents of every organisation that are due, oldest first', async () => {
      const { store, orgA, orgB } = ctx;
      const due = [makeDocument(orgA.id, { status: 'queued', nextRunAt: 100 }), makeDocument(orgB.id, { status: 'embedding', nextRunAt: 200 }), makeDocument(orgA.id, { status: 'indexing', nextRunAt: 300 })];
      const excluded = makeDocument(orgA.id, { status: 'extracting', nextRunAt: 150 });
      const later = makeDocument(orgA.id, { status: 'chunking', nextRunAt: 5000 });
      const atRest = (['done', 'failed', 'unknown'] as const).map((status) => makeDocument(orgB.id, { status, nextRunAt: 0 }));
      for (const d of [later, ...atRest, excluded, ...due].reverse()) await store.documents.insertDocument(d);

      expect(await store.documents.findDueDocuments(1000, 10, new Set([excluded.id]))).toEqual(due);
      expect(await store.documents.findDueDocuments(1000, 2, new Set([excluded.id]))).toEqual(due.slice(0, 2));
      expect(sortedIds(await store.documents.findDueDocuments(5000, 10, new Set()))).toEqual(sortedIds([...due, excluded, later]));
      expect(await store.documents.findDueDocuments(99, 10, new Set())).toEqual([]);
    });

    it('findDueDocuments treats every pending status as work', async () => {
      const { store, orgA } = ctx;
      const docs = PENDING_STATUSES.map((status) => makeDocument(orgA.id, { status }));
      for (const d of docs) await store.documents.insertDocument(d);
      expect(sortedIds(await store.documents.findDueDocuments(Date.now(), 100, new Set()))).toEqual(sortedIds(docs));
    });
  });
}
