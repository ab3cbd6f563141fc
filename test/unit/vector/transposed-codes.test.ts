import { describe, expect, it } from 'vitest';
import { codeWords, encodeSigns, queryPlanes } from '../../../src/vector/binary-codes.js';
import { SignCodes } from '../../../src/vector/sign-scan.js';
import { TransposedCodes } from '../../../src/vector/transposed-codes.js';
import { DEFAULT_VECTOR_INDEX_OPTIONS, type IndexedVector, VectorIndex } from '../../../src/vector/vector-index.js';

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

describe('TransposedCodes', () => {
  for (const dims of [40, 384, 1536]) {
    it(`scores a scope as the row-major scan does, bit for bit, as its row list grows (${dims} dimensions)`, () => {
      const rand = rng(dims);
      const mean = Float32Array.from({ length: dims }, () => rand() * 0.1);
      const total = 700;
      const codes = new SignCodes(dims, 8);
      const words = codeWords(dims);
      for (let r = 0; r < total; r++) {
        codes.reserve(r + 1);
        encodeSigns(Float32Array.from({ length: dims }, rand), mean, codes.words, r * words);
      }
      // A scope of scattered rows (every third, then some from the start again), synced in uneven steps.
      const scope = Int32Array.from([...Array.from({ length: 200 }, (_, i) => i * 3), ...Array.from({ length: 77 }, (_, i) => i * 2 + 1)]);
      const copy = new TransposedCodes(words * 4, 0);
      for (const upTo of [1, 16, 17, 100, 250, scope.length]) {
        copy.sync(codes.words, scope, upTo);
        expect(copy.filled).toBe(upTo);
        const q = queryPlanes(Float32Array.from({ length: dims }, rand));
        const got = Array.from(copy.scan(q, upTo));
        const want = Array.from(codes.scan(q, scope, upTo));
        expect(got).toEqual(want);
      }
      // Every row, in order (the unscoped scan).
      const all = new TransposedCodes(words * 4, 0);
      all.sync(codes.words, null, total);
      const q = queryPlanes(Float32Array.from({ length: dims }, rand));
      expect(Array.from(all.scan(q, total))).toEqual(Array.from(codes.scan(q, null, total)));
    });
  }
});

describe('VectorIndex with transposed copies', () => {
  const dims = 384;
  function corpus(n: number, seed: number): IndexedVector[] {
    const rand = rng(seed);
    const common = Float32Array.from({ length: dims }, () => rand());
    const centres = Array.from({ length: 40 }, () => Float32Array.from({ length: dims }, () => rand()));
    return Array.from({ length: n }, (_, i) => {
      const c = centres[i % centres.length]!;
      const v = Float32Array.from({ length: dims }, (_, k) => common[k]! + c[k]! + rand() * 0.8);
      const norm = Math.hypot(...v);
      return { chunkId: `c${seed}-${i}`, documentId: `d${seed}-${Math.floor(i / 4)}`, vector: v.map((x) => x / norm) };
    });
  }

  it('answers a one-tag and an unscoped search as the row-list scan of the same rows does, across appends, removals and a new mean', () => {
    const rows = corpus(24_000, 1);
    const tagOf = (doc: string) => (Number(doc.split('-')[1]) % 10 < 8 ? 'big' : 'other');
    const docs = [...new Set(rows.map((r) => r.documentId))].map((d) => ({ documentId: d, containerTags: [tagOf(d)] }));
    const index = new VectorIndex(() => ({ vectors: rows, documents: docs }), DEFAULT_VECTOR_INDEX_OPTIONS);
    const rand = rng(99);
    const queries = Array.from({ length: 12 }, () => rows[Math.floor((rand() + 0.5) * rows.length)]!.vector);
    // Queries near the rows added last, too (their codes reach the copies by the incremental sync only).
    const nearLast = (added: IndexedVector[]) => queries.push(...Array.from({ length: 8 }, () => added[Math.floor((rand() + 0.5) * added.length)]!.vector));
    const check = () => {
      for (const vector of queries) {
        // ['big', 'none'] takes the row-list scan over the same rows in the same order.
        const viaCopy = index.search('org', { vector, model: 'm', limit: 20, containerTags: ['big'] });
        const viaList = index.search('org', { vector, model: 'm', limit: 20, containerTags: ['big', 'none'] });
        expect(viaCopy).toEqual(viaList);
        expect(viaCopy.length).toBe(20);
        const unscoped = index.search('org', { vector, model: 'm', limit: 20 });
        const allTags = index.search('org', { vector, model: 'm', limit: 20, containerTags: ['big', 'other'] });
        expect(unscoped.map((c) => c.chunkId).sort()).toEqual(allTags.map((c) => c.chunkId).sort());
      }
    };
    check();
    // Rows added after the copies were made, and rows removed (liveness), then enough rows to recompute the mean.
    const more = corpus(6_000, 2);
    for (let i = 0; i < more.length; i += 4) index.putDocument('org', 'm', { documentId: more[i]!.documentId, containerTags: ['big'] }, more.slice(i, i + 4));
    for (let d = 0; d < 300; d++) index.removeDocument('org', `d1-${d * 7}`);
    nearLast(more);
    check();
    const many = corpus(30_000, 3);
    for (let i = 0; i < many.length; i += 4) index.putDocument('org', 'm', { documentId: many[i]!.documentId, containerTags: ['big'] }, many.slice(i, i + 4));
    nearLast(many);
    check();
    expect(index.size('org')).toBeGreaterThan(50_000);
  });
  it('warmScans makes the copies of every row and of each tag above the exact-scan limit beforehand, and searches answer as without it', async () => {
    const rows = corpus(30_000, 3);
    const tagOf = (doc: string) => (Number(doc.split('-')[1]) % 10 < 8 ? 'big' : 'other');
    const docs = [...new Set(rows.map((r) => r.documentId))].map((d) => ({ documentId: d, containerTags: [tagOf(d)] }));
    const warmed = new VectorIndex(() => ({ vectors: rows, documents: docs }), DEFAULT_VECTOR_INDEX_OPTIONS);
    const cold = new VectorIndex(() => ({ vectors: rows, documents: docs }), DEFAULT_VECTOR_INDEX_OPTIONS);
    warmed.prepare('org', 'm');
    expect(warmed.scanCopies('org')).toEqual([]);
    let pauses = 0;
    await warmed.warmScans('org', async () => {
      pauses++;
      return true;
    });
    // A pause after each slice of each copy: the event loop is served between them.
    expect(pauses).toBeGreaterThanOrEqual(2);
    // 'other' holds ~6k rows: scanned exactly, no copy.
    expect(warmed.scanCopies('org').sort()).toEqual(['', 'big']);
    const rand = rng(5);
    for (let i = 0; i < 8; i++) {
      const vector = rows[Math.floor((rand() + 0.5) * rows.length)]!.vector;
      for (const scope of [{ containerTags: ['big'] }, {}, { containerTags: ['other'] }]) {
        expect(warmed.search('org', { vector, model: 'm', limit: 20, ...scope })).toEqual(cold.search('org', { vector, model: 'm', limit: 20, ...scope }));
      }
    }
    expect(warmed.scanCopies('org').sort()).toEqual(['', 'big']);
  });
});
