import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { normalize } from '../../../src/vector/cosine.js';
import { IdColumn } from '../../../src/vector/id-column.js';
import { openImageFloats, readIndexImage, readIndexImageInSlices, writeIndexImage } from '../../../src/vector/index-image.js';
import { VectorIndex, type IndexedVector, type IndexImage } from '../../../src/vector/vector-index.js';

const DIMS = 96;
const OPTIONS = { exactScanLimit: 500, rescorePerResult: 10, minRescore: 200, rescoreFraction: 64 };

function vectors(n: number, seed: number): IndexedVector[] {
  let s = seed;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
  return Array.from({ length: n }, (_, i) => ({
    chunkId: `c${seed}-${i}`,
    documentId: `d${seed}-${Math.floor(i / 3)}`,
    vector: normalize(Float32Array.from({ length: DIMS }, rand)),
  }));
}

const tagsOf = (documentId: string): string[] => {
  const n = Number(documentId.split('-')[1]);
  return n % 7 === 0 ? ['small', 'shared'] : ['big'];
};

describe('index images', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-image-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const rows = vectors(1500, 1);
  const queries = vectors(12, 99).map((v) => v.vector);
  const scopes = [{}, { containerTags: ['small'] }, { containerTags: ['big', 'shared'] }, { documentIds: new Set(['d1-0', 'd1-7', 'd1-30', 'd1-31']) }];

  /** An index with a binary stage, dead rows (a replaced and a removed document) and a retagged document. */
  function built(): VectorIndex {
    const index = new VectorIndex(() => ({ vectors: rows, documents: [...new Set(rows.map((r) => r.documentId))].map((documentId) => ({ documentId, containerTags: tagsOf(documentId) })), version: 5 }), OPTIONS);
    index.prepare('org', 'm');
    index.putDocument(
      'org',
      'm',
      { documentId: 'd1-3', containerTags: ['big'] },
      vectors(2, 7).map((v) => ({ ...v, documentId: 'd1-3' })),
    );
    index.removeDocument('org', 'd1-4');
    index.retagDocument('org', 'd1-5', ['small']);
    return index;
  }

  const answers = (index: VectorIndex) => queries.flatMap((vector) => scopes.map((scope) => index.search('org', { vector, model: 'm', limit: 20, ...scope })));

  it('reads back an index that answers every query and scope as the one written', async () => {
    const original = built();
    const want = answers(original);
    expect(want[0]!.map((c) => c.documentId)).not.toContain('d1-4');
    const file = path.join(dir, 'a.vix');
    expect(await writeIndexImage(file, original.image('org')!, { token: 't1', seq: 5 })).toBe(true);

    const image = readIndexImage(file, { token: 't1', seq: 5 }, 'm');
    expect(image).not.toBeNull();
    const restored = new VectorIndex(() => ({ image: image!, version: 5 }), OPTIONS);
    expect(answers(restored)).toEqual(want);
    expect(restored.version('org', 'm')).toBe(5);
    expect(restored.size('org')).toBe(original.size('org'));
    // It goes on taking writes as the original does.
    for (const idx of [original, restored]) {
      idx.putDocument(
        'org',
        'm',
        { documentId: 'new', containerTags: ['small'] },
        vectors(4, 8).map((v) => ({ ...v, documentId: 'new' })),
      );
      idx.removeDocument('org', 'd1-6');
    }
    expect(answers(restored)).toEqual(answers(original));
  });

  it('reads an image in slices (the event loop served between them) into the same index, and installs it in slices', async () => {
    // Chunk ids long enough (1.1 MB in all) that they are decoded in more than one slice.
    const long = rows.map((r) => ({ ...r, chunkId: `${r.chunkId}-${'x'.repeat(700)}` }));
    const documents = [...new Set(long.map((r) => r.documentId))].map((documentId) => ({ documentId, containerTags: tagsOf(documentId) }));
    const original = new VectorIndex(() => ({ vectors: long, documents, version: 5 }), OPTIONS);
    original.prepare('org', 'm');
    original.removeDocument('org', 'd1-4');
    const file = path.join(dir, 'sliced.vix');
    expect(await writeIndexImage(file, original.image('org')!, { token: 'ts', seq: 5 }, (from, to) => Float32Array.from(long.slice(from, to).flatMap((r) => [...r.vector])))).toBe(true);

    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    let pauses = 0;
    const pause = async () => {
      pauses++;
      await new Promise((resolve) => setImmediate(resolve));
      return true;
    };
    const sliced = await readIndexImageInSlices(file, { token: 'ts', seq: 5 }, 'm', pause);
    const readPauses = pauses;
    const whole = readIndexImage(file, { token: 'ts', seq: 5 }, 'm')!;
    expect(sliced).not.toBeNull();
    const { floatRows: f1, ...a } = sliced!;
    const { floatRows: f2, ...b } = whole;
    expect(a).toEqual(b);
    expect(f1!.read(7)).toEqual(f2!.read(7));
    // A pause after each section read and each slice of ids (two of the chunk ids).
    expect(readPauses).toBeGreaterThan(10);

    const installed = new VectorIndex(() => {
      throw new Error('no load expected: the index was installed');
    }, OPTIONS);
    expect(await installed.install('org', 'm', sliced!, 5, pause)).toBe(true);
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(0);
    expect(installed.version('org', 'm')).toBe(5);
    expect(answers(installed)).toEqual(answers(new VectorIndex(() => ({ image: whole, version: 5 }), OPTIONS)));
    expect(answers(installed)).toEqual(answers(original));
    // An index loaded meanwhile (a search's own load) is kept; the image installed late is let go.
    const loadedFirst = new VectorIndex(() => ({ image: readIndexImage(file, { token: 'ts', seq: 5 }, 'm')!, version: 5 }), OPTIONS);
    const late = (await readIndexImageInSlices(file, { token: 'ts', seq: 5 }, 'm', pause))!;
    const racing = loadedFirst.install('org', 'm', late, 5, pause);
    loadedFirst.prepare('org', 'm');
    expect(await racing).toBe(false);
    expect(late.floatRows!.read(7)).toBeNull();
    expect(answers(loadedFirst)).toEqual(answers(original));
  });

  it("leaves the documents' row lists out of an install: tag searches answer without them; warmDocRows, or the first write, removal, retag or document search, adds them", async () => {
    const original = built();
    const file = path.join(dir, 'doc-rows.vix');
    expect(await writeIndexImage(file, original.image('org')!, { token: 'td', seq: 5 })).toBe(true);
    const pause = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return true;
    };
    const installed = async (): Promise<VectorIndex> => {
      const index = new VectorIndex(() => {
        throw new Error('no load expected: the index was installed');
      }, OPTIONS);
      const image = await readIndexImageInSlices(file, { token: 'td', seq: 5 }, 'm', pause);
      expect(await index.install('org', 'm', image!, 5, pause)).toBe(true);
      return index;
    };
    const tagScopes = scopes.filter((scope) => !('documentIds' in scope));
    const byTag = (index: VectorIndex) => queries.flatMap((vector) => tagScopes.map((scope) => index.search('org', { vector, model: 'm', limit: 20, ...scope })));

    const lazy = await installed();
    expect(lazy.docRowsPending('org')).toBe(true);
    expect(byTag(lazy)).toEqual(byTag(original));
    expect(lazy.docRowsPending('org')).toBe(true);
    await lazy.warmDocRows('org', pause);
    expect(lazy.docRowsPending('org')).toBe(false);
    expect(answers(lazy)).toEqual(answers(original));

    // Whatever reads a document's rows first adds them all, and the index answers as the one written (a replaced or
    // removed document's old rows gone, a retagged one's rows in its new partitions).
    const replacement = vectors(2, 11).map((v) => ({ ...v, documentId: 'd1-10' }));
    const callers: [string, (index: VectorIndex) => unknown][] = [
      ['search by document', (index) => answers(index)],
      ['write', (index) => index.putDocument('org', 'm', { documentId: 'd1-10', containerTags: ['small'] }, replacement)],
      ['removal', (index) => index.removeDocument('org', 'd1-12')],
      ['retag', (index) => index.retagDocument('org', 'd1-13', ['big', 'shared'])],
    ];
    for (const [name, call] of callers) {
      const want = built();
      const index = await installed();
      call(want);
      call(index);
      expect(index.docRowsPending('org'), name).toBe(false);
      expect(answers(index), name).toEqual(answers(want));
    }
  });

  it('gives up a sliced read or install when its pause answers false, and refuses the files the synchronous read refuses', async () => {
    const file = path.join(dir, 'stop.vix');
    await writeIndexImage(file, built().image('org')!, { token: 't3', seq: 9 });
    let left = 3;
    const stopping = async () => left-- > 0;
    expect(await readIndexImageInSlices(file, { token: 't3', seq: 9 }, 'm', stopping)).toBeNull();
    const go = async () => true;
    const image = (await readIndexImageInSlices(file, { token: 't3', seq: 9 }, 'm', go))!;
    const index = new VectorIndex(() => ({ image: readIndexImage(file, { token: 't3', seq: 9 }, 'm')!, version: 9 }), OPTIONS);
    expect(await index.install('org', 'm', image, 9, async () => false)).toBe(false);
    expect(index.size('org')).toBe(0);
    expect(await readIndexImageInSlices(file, { token: 'other', seq: 9 }, 'm', go)).toBeNull();
    expect(await readIndexImageInSlices(file, { token: 't3', seq: 9 }, 'other-model', go)).toBeNull();
    expect(await readIndexImageInSlices(path.join(dir, 'missing.vix'), { token: 't3', seq: 9 }, 'm', go)).toBeNull();
    const cut = path.join(dir, 'cut-sliced.vix');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, fs.statSync(file).size - 1000));
    expect(await readIndexImageInSlices(cut, { token: 't3', seq: 9 }, 'm', go)).toBeNull();
  });

  it('refuses a file of another token, sequence or model, and one cut short', async () => {
    const file = path.join(dir, 'b.vix');
    await writeIndexImage(file, built().image('org')!, { token: 't2', seq: 9 });
    expect(readIndexImage(file, { token: 'other', seq: 9 }, 'm')).toBeNull();
    expect(readIndexImage(file, { token: 't2', seq: 8 }, 'm')).toBeNull();
    expect(readIndexImage(file, { token: 't2', seq: 9 }, 'other-model')).toBeNull();
    expect(readIndexImage(path.join(dir, 'missing.vix'), { token: 't2', seq: 9 }, 'm')).toBeNull();
    const cut = path.join(dir, 'cut.vix');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, fs.statSync(file).size - 1000));
    expect(readIndexImage(cut, { token: 't2', seq: 9 }, 'm')).toBeNull();
    expect(readIndexImage(file, { token: 't2', seq: 9 }, 'm')).not.toBeNull();
  });

  it("keeps the rows' floats in the file and rescores the restored index from them, asking the store only for later rows", async () => {
    const original = built();
    const image = original.image('org')!;
    const byId = new Map([...rows, ...vectors(2, 7)].map((v) => [v.chunkId, v.vector]));
    // The store's floats: every row but one (a row without a stored vector is written NaN-led).
    const missing = image.chunkIds.get(10)!;
    const source = (from: number, to: number) => {
      const out = new Float32Array((to - from) * DIMS).fill(Number.NaN);
      for (let row = from; row < to; row++) {
        const v = image.chunkIds.get(row) === missing ? undefined : byId.get(image.chunkIds.get(row)!);
        if (v) out.set(v, (row - from) * DIMS);
      }
      return out;
    };
    const file = path.join(dir, 'f.vix');
    expect(await writeIndexImage(file, image, { token: 'tf', seq: 5 }, source)).toBe(true);
    const read = readIndexImage(file, { token: 'tf', seq: 5 }, 'm')!;
    expect(read.floatRows).not.toBeNull();
    expect(read.floatRows!.count).toBe(image.count);
    expect([...read.floatRows!.read(3)!]).toEqual([...byId.get(image.chunkIds.get(3)!)!]);
    expect(read.floatRows!.read(10)).toBeNull();
    expect(read.floatRows!.read(image.count)).toBeNull();
    // A block of rows in one read, cut at the rows the file holds; the row without a vector stays NaN-led.
    const block = new Float32Array(4 * DIMS);
    expect(read.floatRows!.readRows(9, 13, block)).toBe(4);
    expect([...block.subarray(0, DIMS)]).toEqual([...byId.get(image.chunkIds.get(9)!)!]);
    expect(Number.isNaN(block[DIMS]!)).toBe(true);
    expect([...block.subarray(3 * DIMS)]).toEqual([...byId.get(image.chunkIds.get(12)!)!]);
    expect(read.floatRows!.readRows(image.count - 1, image.count + 3, block)).toBe(1);
    expect(read.floatRows!.readRows(image.count, image.count + 3, block)).toBe(0);

    const asked: string[] = [];
    const reader = (_org: string, _model: string, ids: readonly string[]) => {
      asked.push(...ids);
      return new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : [])));
    };
    const fromStore = new VectorIndex(() => ({ image: readIndexImage(file, { token: 'tf', seq: 5 }, 'm')!, version: 5 }), OPTIONS, reader);
    const want = answers(fromStore);
    fromStore.evict();
    asked.length = 0;
    const fromFile = new VectorIndex(() => ({ image: read, version: 5 }), OPTIONS, reader);
    expect(answers(fromFile)).toEqual(want);
    // Only the row the file has no vector for came from the store.
    expect(new Set(asked)).toEqual(new Set(asked.length > 0 ? [missing] : []));
    // Rows added after the image are read from the store.
    const added = vectors(3, 9).map((v) => ({ ...v, documentId: 'later' }));
    for (const v of added) byId.set(v.chunkId, v.vector);
    fromFile.putDocument('org', 'm', { documentId: 'later', containerTags: ['small'] }, added);
    asked.length = 0;
    const hits = fromFile.search('org', { vector: added[0]!.vector, model: 'm', limit: 5, containerTags: ['small'] });
    expect(hits[0]!.chunkId).toBe(added[0]!.chunkId);
    expect(hits[0]!.score).toBeCloseTo(1, 6);
    expect(asked).toContain(added[0]!.chunkId);
    expect(asked.every((id) => id === missing || added.some((v) => v.chunkId === id))).toBe(true);
    fromFile.evict();
    expect(read.floatRows!.read(3)).toBeNull();
  });

  it('an index takes the floats of the image just written from it, unless compaction renumbered its rows since', async () => {
    const byId = new Map([...rows, ...vectors(2, 7)].map((v) => [v.chunkId, v.vector]));
    const asked: string[] = [];
    const reader = (_org: string, _model: string, ids: readonly string[]) => {
      asked.push(...ids);
      return new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : [])));
    };
    const write = async (index: VectorIndex, name: string) => {
      const image = index.image('org')!;
      const source = (from: number, to: number) => {
        const out = new Float32Array((to - from) * DIMS).fill(Number.NaN);
        for (let row = from; row < to; row++) if (byId.has(image.chunkIds.get(row)!)) out.set(byId.get(image.chunkIds.get(row)!)!, (row - from) * DIMS);
        return out;
      };
      const file = path.join(dir, name);
      await writeIndexImage(file, image, { token: name, seq: 5 }, source);
      return { image, floatRows: openImageFloats(file, { token: name, seq: 5 }, 'm')! };
    };
    const index = new VectorIndex(() => ({ vectors: rows, documents: [...new Set(rows.map((r) => r.documentId))].map((documentId) => ({ documentId, containerTags: tagsOf(documentId) })), version: 5 }), OPTIONS, reader);
    index.prepare('org', 'm');
    const want = answers(index);
    expect(asked.length).toBeGreaterThan(0);
    const { image, floatRows } = await write(index, 'u1.vix');
    expect(floatRows.count).toBe(image.count);
    index.useImageFloats('org', image, floatRows);
    asked.length = 0;
    expect(answers(index)).toEqual(want);
    expect(asked).toEqual([]);
    // Keyword candidates found by their documents' rows; a wrong document leaves the chunk to the caller.
    const q = queries[0]!;
    const scores = index.imageScores('org', 'm', q, [rows[0]!.chunkId, rows[1]!.chunkId], [rows[0]!.documentId, 'elsewhere']);
    expect([...scores.keys()]).toEqual([rows[0]!.chunkId]);
    expect(scores.get(rows[0]!.chunkId)).toBeCloseTo(
      rows[0]!.vector.reduce((sum, x, i) => sum + x * q[i]!, 0),
      5,
    );

    // Rows renumbered by a compaction (a third of them dead) before the file is taken: it is refused.
    const other = new VectorIndex(() => ({ vectors: rows, documents: [...new Set(rows.map((r) => r.documentId))].map((documentId) => ({ documentId, containerTags: tagsOf(documentId) })), version: 5 }), OPTIONS, reader);
    other.prepare('org', 'm');
    const late = await write(other, 'u2.vix');
    for (let d = 0; d < 400; d++) other.removeDocument('org', `d1-${d}`);
    other.useImageFloats('org', late.image, late.floatRows);
    expect(late.floatRows.read(0)).toBeNull();
    asked.length = 0;
    other.search('org', { vector: q, model: 'm', limit: 10 });
    expect(asked.length).toBeGreaterThan(0);
  });

  it('reads images written without floats (the store then serves every row)', async () => {
    const file = path.join(dir, 'nf.vix');
    await writeIndexImage(file, built().image('org')!, { token: 'tn', seq: 5 });
    expect(readIndexImage(file, { token: 'tn', seq: 5 }, 'm')!.floatRows).toBeNull();
  });

  it('writes nothing for ids it cannot represent', async () => {
    const chunkIds = IdColumn.empty();
    chunkIds.push('bad\nid');
    const image: IndexImage = { ...built().image('org')!, chunkIds };
    const file = path.join(dir, 'c.vix');
    expect(await writeIndexImage(file, image, { token: 't', seq: 1 })).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  });
});
