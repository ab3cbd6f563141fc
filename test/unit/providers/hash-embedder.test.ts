import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../../src/providers/hash-embedder.js';
import { calibrateCosine } from '../../../src/vector/calibrate.js';
import { cosine, dot } from '../../../src/vector/cosine.js';

const norm = (v: Float32Array) => Math.sqrt(dot(v, v));

describe('createHashEmbedder', () => {
  const embedder = createHashEmbedder();

  it('describes itself as the 384-dimension hash embedder', () => {
    expect(embedder).toMatchObject({ id: 'hash-v1-384', kind: 'hash', dimensions: 384 });
  });

  it('honours a custom dimension count', async () => {
    const small = createHashEmbedder(64);
    expect(small.id).toBe('hash-v1-64');
    const [v] = await small.embedDocuments(['hello world']);
    expect(v).toHaveLength(64);
    expect(norm(v!)).toBeCloseTo(1, 5);
  });

  it('returns one unit-length vector per text, in order', async () => {
    const texts = ['The cat sat on the mat.', 'Quarterly revenue grew by twelve percent.', 'a', 'the', 'Ünïcödé façade 日本語'];
    const vectors = await embedder.embedDocuments(texts);
    expect(vectors).toHaveLength(texts.length);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(384);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    expect(Array.from(vectors[1]!)).toEqual(Array.from(await embedder.embedQuery(texts[1]!)));
  });

  it('is deterministic across calls and instances', async () => {
    const text = 'Deterministic hashing means identical vectors.';
    const a = await embedder.embedQuery(text);
    const b = await createHashEmbedder().embedQuery(text);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(createHashEmbedder().calibration).toEqual(embedder.calibration);
  });

  it('never produces NaN, even for text without words', async () => {
    for (const text of ['', '   ', '?!…']) {
      const v = await embedder.embedQuery(text);
      expect(v.every((x) => Number.isFinite(x))).toBe(true);
    }
  });

  it('places texts sharing words closer than unrelated texts', async () => {
    const [cat, cats, revenue] = await embedder.embedDocuments(['The cat sat on the mat near the door.', 'Cats sitting on mats near doors.', 'Quarterly revenue grew by twelve percent.']);
    expect(cosine(cat!, cats!)).toBeGreaterThan(cosine(cat!, revenue!) + 0.2);
  });

  it('tolerates spelling variants through character trigrams', async () => {
    const [a, b, c] = await embedder.embedDocuments(['colour', 'color', 'banana']);
    expect(cosine(a!, b!)).toBeGreaterThan(cosine(a!, c!));
  });

  it('has a calibration under which related texts score clearly above unrelated ones', async () => {
    const { mean, std } = embedder.calibration;
    expect(Number.isFinite(mean) && Number.isFinite(std)).toBe(true);
    expect(std).toBeGreaterThanOrEqual(0.03);
    const [q, related, unrelated] = await embedder.embedDocuments(['reset my password', 'Please reset your password using the link in the email.', 'The orchestra performed a symphony by Sibelius.']);
    expect(calibrateCosine(dot(q!, related!), embedder.calibration)).toBeGreaterThan(0.5);
    expect(calibrateCosine(dot(q!, unrelated!), embedder.calibration)).toBeLessThan(0.1);
  });

  it('returns an empty list for no texts', async () => {
    expect(await embedder.embedDocuments([])).toEqual([]);
  });
});
