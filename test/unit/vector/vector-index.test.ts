import { describe, expect, it } from 'vitest';
import { dot, normalize } from '../../../src/vector/cosine.js';
import { VectorIndex, type IndexedVector } from '../../../src/vector/vector-index.js';

/** Clustered unit vectors with a shared offset, like sentence embeddings (seeded, so runs are reproducible). */
function corpus(n: number, dims: number, seed = 1): { vectors: IndexedVector[]; tags: Map<string, string[]> } {
  let s = seed;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
  const common = Float32Array.from({ length: dims }, () => gauss() * 0.5);
  const centres = Array.from({ length: 50 }, () => Float32Array.from({ length: dims }, () => gauss()));
  const vectors: IndexedVector[] = [];
  const tags = new Map<string, string[]>();
  for (let i = 0; i < n; i++) {
    const c = centres[i % centres.length]!;
    const v = normalize(Float32Array.from({ length: dims }, (_, k) => common[k]! + c[k]! * 0.6 + gauss() * 0.4));
    const documentId = `d${Math.floor(i / 4)}`;
    vectors.push({ chunkId: `c${i}`, documentId, vector: v });
    tags.set(documentId, [i % 10 === 0 ? 'small' : 'big']);
  }
  return { vectors, tags };
}

function indexOf(vectors: IndexedVector[], tags: Map<string, string[]>, exactScanLimit: number): VectorIndex {
  return new VectorIndex(() => ({ vectors, documents: [...tags].map(([documentId, containerTags]) => ({ documentId, containerTags })) }), { exactScanLimit, rescorePerResult: 10, minRescore: 300, rescoreFraction: 64 });
}

describe('VectorIndex', () => {
  const dims = 384;
  // Queries are held-out draws from the same distribution as the indexed vectors.
  const all = corpus(6040, dims);
  const vectors = all.vectors.slice(0, 6000);
  const tags = all.tags;
  const queries = all.vectors.slice(6000).map((v) => v.vector);

  it('approximate scans keep recall@20 against the exact scan above 0.95', () => {
    const idx = indexOf(vectors, tags, 1000);
    let found = 0;
    let total = 0;
    for (const vector of queries) {
      const q = { vector, model: 'm', limit: 20 };
      const exact = new Set(idx.search('org', q, { exact: true }).map((c) => c.chunkId));
      const approx = idx.search('org', q);
      total += exact.size;
      found += approx.filter((c) => exact.has(c.chunkId)).length;
      // Whatever is returned is scored exactly and sorted.
      for (let i = 1; i < approx.length; i++) expect(approx[i - 1]!.score).toBeGreaterThanOrEqual(approx[i]!.score);
    }
    expect(found / total).toBeGreaterThan(0.95);
  });

  it('is exact below the scan limit and never returns rows outside the query scope', () => {
    const idx = indexOf(vectors, tags, 1000);
    const q = { vector: queries[0]!, model: 'm', limit: 15, containerTags: ['small'] };
    const small = idx.search('org', q); // 600 rows: under the limit, so exact
    expect(small.map((c) => c.chunkId)).toEqual(idx.search('org', q, { exact: true }).map((c) => c.chunkId));
    expect(small.every((c) => tags.get(c.documentId)![0] === 'small')).toBe(true);
    const big = idx.search('org', { ...q, containerTags: ['big'] });
    expect(big).toHaveLength(15);
    expect(big.every((c) => tags.get(c.documentId)![0] === 'big')).toBe(true);
  });

  it('keeps codes current for vectors added and removed after loading', () => {
    const idx = indexOf(vectors, tags, 1000);
    const probe = queries[1]!;
    idx.search('org', { vector: probe, model: 'm', limit: 1 }); // loads the organisation
    idx.putDocument('org', 'm', { documentId: 'new', containerTags: ['big'] }, [{ chunkId: 'probe', documentId: 'new', vector: probe }]);
    expect(idx.search('org', { vector: probe, model: 'm', limit: 1 })[0]).toMatchObject({ chunkId: 'probe' });
    idx.removeDocument('org', 'new');
    expect(idx.search('org', { vector: probe, model: 'm', limit: 5 }).map((c) => c.chunkId)).not.toContain('probe');
  });

  it('keeps approximate results right after removals, compaction and growth past the loaded capacity', () => {
    const idx = indexOf(vectors, tags, 1000);
    const exactTop = (vector: Float32Array, ids: Set<string>) =>
      vectors
        .filter((v) => ids.has(v.chunkId))
        .map((v) => ({ id: v.chunkId, s: dot(vector, v.vector) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 10)
        .map((w) => w.id);
    const overlap = (kept: Set<string>) => {
      let same = 0;
      for (const vector of queries) {
        const want = new Set(exactTop(vector, kept));
        const got = idx.search('org', { vector, model: 'm', limit: 10 });
        expect(got.every((c) => kept.has(c.chunkId))).toBe(true);
        same += got.filter((c) => want.has(c.chunkId)).length;
      }
      return same / (queries.length * 10);
    };
    idx.search('org', { vector: queries[0]!, model: 'm', limit: 1 });
    const kept = new Set(vectors.map((v) => v.chunkId));
    // A fifth of the documents removed: dead rows are skipped in the binary stage (no compaction yet).
    for (let d = 0; d < 1500; d += 5) {
      idx.removeDocument('org', `d${d}`);
      for (let k = 0; k < 4; k++) kept.delete(`c${d * 4 + k}`);
    }
    expect(overlap(kept)).toBeGreaterThan(0.9);
    // Half removed: the index compacts into fresh codes.
    for (let d = 1; d < 1500; d += 2) {
      idx.removeDocument('org', `d${d}`);
      for (let k = 0; k < 4; k++) kept.delete(`c${d * 4 + k}`);
    }
    expect(idx.size('org')).toBe(kept.size);
    expect(overlap(kept)).toBeGreaterThan(0.9);
    // Twice the rows added back: codes grow with the rows and keep the earlier ones.
    const more = corpus(8000, dims, 9).vectors;
    for (let i = 0; i < more.length; i += 4) {
      const documentId = `m${i}`;
      const rows = more.slice(i, i + 4).map((v, k) => ({ ...v, chunkId: `m${i + k}`, documentId }));
      idx.putDocument('org', 'm', { documentId, containerTags: ['big'] }, rows);
      for (const r of rows) kept.add(r.chunkId);
    }
    vectors.push(...more.map((v, i) => ({ ...v, chunkId: `m${i}`, documentId: `m${i - (i % 4)}` })));
    try {
      expect(overlap(kept)).toBeGreaterThan(0.9);
    } finally {
      vectors.splice(6000);
    }
  });

  it('holds rows as int8 and, given the stored floats, returns the exact top results with their exact scores', () => {
    const byId = new Map(vectors.map((v) => [v.chunkId, v.vector]));
    const reads: number[] = [];
    const idx = new VectorIndex(
      () => ({ vectors, documents: [...tags].map(([documentId, containerTags]) => ({ documentId, containerTags })) }),
      { exactScanLimit: 1000, rescorePerResult: 10, minRescore: 300, rescoreFraction: 64 },
      (_org, _model, ids) => {
        reads.push(ids.length);
        return new Map(ids.map((id) => [id, byId.get(id)!]));
      },
    );
    let same = 0;
    for (const vector of queries) {
      const got = idx.search('org', { vector, model: 'm', limit: 10 });
      const want = vectors
        .map((v) => ({ id: v.chunkId, s: dot(vector, v.vector) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 10);
      // Scores are the float dot products, not the int8 approximations.
      for (const c of got) expect(c.score).toBeCloseTo(dot(vector, byId.get(c.chunkId)!), 6);
      same += got.filter((c) => want.some((w) => w.id === c.chunkId)).length;
    }
    expect(same / (queries.length * 10)).toBeGreaterThan(0.97);
    // The float shortlist is a few rows per result, not the scope.
    expect(Math.max(...reads)).toBeLessThanOrEqual(40);
  });
  it('rescores 1.25 float rows per requested result and still returns the exact top results', () => {
    const byId = new Map(vectors.map((v) => [v.chunkId, v.vector]));
    const reads: number[] = [];
    const idx = new VectorIndex(
      () => ({ vectors, documents: [...tags].map(([documentId, containerTags]) => ({ documentId, containerTags })) }),
      { exactScanLimit: 1000, rescorePerResult: 10, minRescore: 600, rescoreFraction: 64 },
      (_org, _model, ids) => {
        reads.push(ids.length);
        return new Map(ids.map((id) => [id, byId.get(id)!]));
      },
    );
    let same = 0;
    const some = queries.slice(0, 10);
    for (const vector of some) {
      const got = idx.search('org', { vector, model: 'm', limit: 50 });
      const want = new Set(
        vectors
          .map((v) => ({ id: v.chunkId, s: dot(vector, v.vector) }))
          .sort((a, b) => b.s - a.s)
          .slice(0, 50)
          .map((w) => w.id),
      );
      expect(got).toHaveLength(50);
      same += got.filter((c) => want.has(c.chunkId)).length;
    }
    expect(same / (some.length * 50)).toBeGreaterThan(0.97);
    // ceil(50 x 1.25) rows read from the floats (100 before: two per result).
    expect(Math.max(...reads)).toBe(63);
  });
});
