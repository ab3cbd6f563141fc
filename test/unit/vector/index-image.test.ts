import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { normalize } from '../../../src/vector/cosine.js';
import { readIndexImage, writeIndexImage } from '../../../src/vector/index-image.js';
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

  it('writes nothing for ids it cannot represent', async () => {
    const image: IndexImage = { ...built().image('org')!, chunkIds: ['bad\nid'] };
    const file = path.join(dir, 'c.vix');
    expect(await writeIndexImage(file, image, { token: 't', seq: 1 })).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  });
});
