import { describe, expect, it } from 'vitest';
import { BACKGROUND_SENTENCES, calibrateCosine, calibratePassageCosine, backgroundCalibration, estimateCalibration, sigmoid, Z_MIDPOINT, Z_SCALE_ABOVE, Z_SCALE_BELOW } from '../../../src/vector/calibrate.js';

const vec = (...xs: number[]) => Float32Array.from(xs);

describe('estimateCalibration', () => {
  it('falls back to a neutral background with fewer than two vectors', () => {
    expect(estimateCalibration([])).toEqual({ mean: 0, std: 0.1 });
    expect(estimateCalibration([vec(1, 0)])).toEqual({ mean: 0, std: 0.1 });
  });

  it('computes the mean and population std of pairwise cosines', () => {
    // Pairwise cosines: (x,y) = 0, (x,d) = 1/√2, (y,d) = 1/√2.
    const cal = estimateCalibration([vec(1, 0), vec(0, 1), vec(1, 1)]);
    const sims = [0, Math.SQRT1_2, Math.SQRT1_2];
    const mean = sims.reduce((a, b) => a + b) / 3;
    const std = Math.sqrt(sims.reduce((a, b) => a + (b - mean) ** 2, 0) / 3);
    expect(cal.mean).toBeCloseTo(mean, 6);
    expect(cal.std).toBeCloseTo(std, 6);
  });

  it('uses cosine, so vector length does not matter', () => {
    const a = estimateCalibration([vec(1, 0), vec(0, 1), vec(1, 1)]);
    const b = estimateCalibration([vec(5, 0), vec(0, 0.1), vec(3, 3)]);
    expect(b.mean).toBeCloseTo(a.mean, 6);
    expect(b.std).toBeCloseTo(a.std, 6);
  });

  it('floors the std at 0.03 so that near-identical backgrounds do not explode z-scores', () => {
    expect(estimateCalibration([vec(1, 0), vec(1, 0), vec(1, 0)])).toEqual({ mean: 1, std: 0.03 });
  });

  it('ships a background set of distinct sentences', () => {
    expect(BACKGROUND_SENTENCES.length).toBeGreaterThanOrEqual(10);
    expect(new Set(BACKGROUND_SENTENCES).size).toBe(BACKGROUND_SENTENCES.length);
  });
});

describe('calibrateCosine', () => {
  const cal = { mean: 0.4, std: 0.05 };

  it('maps a cosine Z_MIDPOINT standard deviations above the background to 0.5', () => {
    expect(calibrateCosine(cal.mean + Z_MIDPOINT * cal.std, cal)).toBeCloseTo(0.5, 12);
    expect(calibrateCosine(Z_MIDPOINT * 0.1, { mean: 0, std: 0.1 })).toBeCloseTo(0.5, 12);
  });

  it('maps one ramp width above the midpoint to sigmoid(1) and one below to sigmoid(-1)', () => {
    expect(calibrateCosine(cal.mean + (Z_MIDPOINT + Z_SCALE_ABOVE) * cal.std, cal)).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    expect(calibrateCosine(cal.mean + (Z_MIDPOINT - Z_SCALE_BELOW) * cal.std, cal)).toBeCloseTo(1 / (1 + Math.exp(1)), 12);
  });

  it('keeps same-subject matches apart instead of squeezing them near 1', () => {
    const a = calibrateCosine(cal.mean + 7 * cal.std, cal);
    const b = calibrateCosine(cal.mean + 10 * cal.std, cal);
    expect(b - a).toBeGreaterThan(0.1);
  });

  it('is strictly increasing in the cosine and stays within [0, 1]', () => {
    let prev = -1;
    for (let cos = -1; cos <= 1.0001; cos += 0.01) {
      const s = calibrateCosine(cos, cal);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
      // Strict until the logistic saturates in double precision.
      if (s < 1) expect(s, `cos ${cos}`).toBeGreaterThan(prev);
      prev = s;
    }
  });

  it('scores background-level cosines near 0 and strong matches near 1', () => {
    expect(calibrateCosine(cal.mean, cal)).toBeLessThan(0.02);
    // Four ramp widths above the midpoint (20 deviations with the current constants).
    expect(calibrateCosine(cal.mean + (Z_MIDPOINT + 4 * Z_SCALE_ABOVE) * cal.std, cal)).toBeGreaterThan(0.98);
  });

  it('makes the same z-score mean the same similarity whatever the model background', () => {
    const minilm = { mean: 0.05, std: 0.08 };
    const bge = { mean: 0.45, std: 0.04 };
    expect(calibrateCosine(minilm.mean + 3 * minilm.std, minilm)).toBeCloseTo(calibrateCosine(bge.mean + 3 * bge.std, bge), 12);
  });
});

describe('sigmoid', () => {
  it('is 0.5 at 0, symmetric, and saturates', () => {
    expect(sigmoid(0)).toBe(0.5);
    expect(sigmoid(2) + sigmoid(-2)).toBeCloseTo(1, 12);
    expect(sigmoid(50)).toBeCloseTo(1, 12);
    expect(sigmoid(-50)).toBeCloseTo(0, 12);
  });
});

describe('estimateCalibration with query vectors', () => {
  it('equals the pairwise background when queries are embedded as the passages are', () => {
    const v = [vec(1, 0, 0), vec(0, 1, 0), vec(1, 1, 0), vec(0, 1, 1)];
    const a = estimateCalibration(v);
    const b = estimateCalibration(v, v);
    expect(b.mean).toBeCloseTo(a.mean, 12);
    expect(b.std).toBeCloseTo(a.std, 12);
  });

  it('takes the cosine of each query with every other text, never its own', () => {
    // Query i is far from its own passage and close to the others: a pairwise estimate would not see it.
    const passages = [vec(1, 0), vec(0, 1)];
    const queries = [vec(0, 1), vec(1, 0)];
    expect(estimateCalibration(passages, queries)).toEqual({ mean: 1, std: 0.03 });
    expect(estimateCalibration(passages).mean).toBeCloseTo(0, 12);
  });

  it('needs one query per text', () => {
    expect(() => estimateCalibration([vec(1, 0), vec(0, 1)], [vec(1, 0)])).toThrow(/one query vector per text/);
  });
});

describe('calibratePassageCosine', () => {
  it('uses the passage background when the model has one, else the query background', () => {
    const cal = { mean: 0.38, std: 0.06, passages: { mean: 0.42, std: 0.06 } };
    expect(calibratePassageCosine(0.42 + Z_MIDPOINT * 0.06, cal)).toBeCloseTo(0.5, 12);
    expect(calibrateCosine(0.38 + Z_MIDPOINT * 0.06, cal)).toBeCloseTo(0.5, 12);
    const plain = { mean: 0.05, std: 0.08 };
    expect(calibratePassageCosine(0.3, plain)).toBe(calibrateCosine(0.3, plain));
  });
});

describe('backgroundCalibration', () => {
  const passages = [vec(1, 0, 0), vec(0, 1, 0), vec(0, 0, 1), vec(1, 1, 0)];
  const queries = [vec(1, 0.2, 0), vec(0.2, 1, 0), vec(0, 0.2, 1), vec(1, 1, 0.2)];

  it('gives bge-small its dev-set midpoint, the query background, and the passage background beside it', () => {
    const cal = backgroundCalibration('BAAI/bge-small-en-v1.5', passages, queries);
    expect(cal.midpoint).toBe(3.6);
    expect(cal).toMatchObject(estimateCalibration(passages, queries));
    expect(cal.passages).toEqual(estimateCalibration(passages));
    expect(calibrateCosine(cal.mean + 3.6 * cal.std, cal)).toBeCloseTo(0.5, 12);
    expect(calibratePassageCosine(cal.passages!.mean + 3.6 * cal.passages!.std, cal)).toBeCloseTo(0.5, 12);
  });

  it('keeps Z_MIDPOINT and the plain pairwise background for other models', () => {
    const cal = backgroundCalibration('sentence-transformers/all-MiniLM-L6-v2', passages);
    expect(cal).toEqual(estimateCalibration(passages));
    expect(calibrateCosine(cal.mean + Z_MIDPOINT * cal.std, cal)).toBeCloseTo(0.5, 12);
  });
});
