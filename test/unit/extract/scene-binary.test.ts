import { describe, expect, it } from 'vitest';
import { binaryLine } from '../../../src/extract/scene-binary.js';

const W = 60;
const H = 30;

/** A grey crop (paper 200): a dark block (grey 40) for each [x0, y0, x1, y1] given. */
function crop(blocks: [number, number, number, number][]): Uint8Array {
  const grey = new Uint8Array(W * H).fill(200);
  for (const [x0, y0, x1, y1] of blocks) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) grey[y * W + x] = 40;
  return grey;
}
const inkAt = (out: Uint8Array, x: number, y: number) => out[y * W + x] === 0;

describe('binaryLine (a scene line crop as black ink on white)', () => {
  it("keeps the line's letters and drops the ink cut by the crop's top and bottom edges (the lines above and below)", () => {
    const out = binaryLine(
      crop([
        [10, 8, 16, 22],
        [20, 8, 26, 22],
        [30, 0, 36, 4],
        [40, 27, 46, 30],
      ]),
      W,
      H,
    );
    expect(inkAt(out, 12, 15)).toBe(true);
    expect(inkAt(out, 22, 15)).toBe(true);
    expect(inkAt(out, 32, 1)).toBe(false);
    expect(inkAt(out, 42, 28)).toBe(false);
    expect(out.filter((v) => v !== 0 && v !== 255)).toHaveLength(0);
    // 2 letters of 6 x 14 pixels
    expect(out.filter((v) => v === 0)).toHaveLength(2 * 6 * 14);
  });

  it('keeps a letter cut by a side edge (the chain may have missed the last one)', () => {
    const out = binaryLine(
      crop([
        [0, 8, 5, 22],
        [20, 8, 26, 22],
      ]),
      W,
      H,
    );
    expect(inkAt(out, 2, 15)).toBe(true);
  });
});
