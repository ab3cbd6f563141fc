import { describe, expect, it } from 'vitest';
import { widenGaps, wordGaps } from '../../../src/extract/scene-gaps.js';

/** A line of ink (0) on white (255): one filled character 16 px wide and 40 px tall per gap given, then one more. */
function line(gaps: number[], charHeight = 40, pad = 10): { ink: Uint8Array; width: number; height: number; starts: number[] } {
  const width = pad * 2 + 16 * (gaps.length + 1) + gaps.reduce((s, g) => s + g, 0);
  const height = charHeight + 2 * pad;
  const ink = new Uint8Array(width * height).fill(255);
  const starts: number[] = [];
  let x = pad;
  for (let i = 0; i <= gaps.length; i++) {
    starts.push(x);
    for (let y = pad; y < pad + charHeight; y++) ink.fill(0, y * width + x, y * width + x + 16);
    x += 16 + (gaps[i] ?? 0);
  }
  return { ink, width, height, starts };
}

describe('wordGaps (word gaps of a tightly lettered line)', () => {
  it("finds the one gap clearly wider than the others in tight lettering ('NO PARKING': 2, 2, 6, 3, 1, 1 ...)", () => {
    const l = line([2, 2, 6, 3, 1, 1, 2, 2]);
    const gaps = wordGaps(l.ink, l.width, l.height, 40);
    // The gap after the third character, widened to half the character height.
    expect(gaps).toEqual([{ x: l.starts[2]! + 16, add: 20 - 6 }]);
  });

  it('finds none in ordinary lettering (gaps over a tenth of the character height), evenly or unevenly spaced tight letters', () => {
    const wide = line([6, 7, 18, 6, 5]);
    expect(wordGaps(wide.ink, wide.width, wide.height, 40)).toEqual([]);
    const even = line([2, 2, 3, 2, 2]);
    expect(wordGaps(even.ink, even.width, even.height, 40)).toEqual([]);
    // Tight but uneven ('C o nfere nce' of a road sign): no gap stands out from all the others, none is widened.
    const uneven = line([1, 5, 1, 1, 5, 1, 2, 1]);
    expect(wordGaps(uneven.ink, uneven.width, uneven.height, 40)).toEqual([]);
  });

  it('ignores ink above and below the middle of the line (a frame over the letters fills no gap)', () => {
    const l = line([2, 2, 6, 3, 1, 1, 2, 2]);
    // a rule across the whole line in its top padding
    l.ink.fill(0, 2 * l.width, 3 * l.width);
    expect(wordGaps(l.ink, l.width, l.height, 40)).toHaveLength(1);
  });
});

describe('widenGaps', () => {
  it('inserts white columns at each gap, scaled, and keeps every ink pixel', () => {
    const l = line([2, 2, 6, 3]);
    const out = widenGaps(l.ink, l.width, l.height, [{ x: l.starts[2]! + 16, add: 14 }], 2);
    expect(out.width).toBe(l.width + 28);
    const count = (p: Uint8Array) => p.filter((v) => v === 0).length;
    expect(count(out.pixels)).toBe(count(l.ink));
    // Still five characters in a row through the middle (the cut falls in the gap, at twice the x given: scale 2).
    const row = out.pixels.subarray(20 * out.width, 21 * out.width);
    const inkStarts = [...row].flatMap((v, x) => (v === 0 && (x === 0 || row[x - 1] !== 0) ? [x] : []));
    expect(inkStarts).toHaveLength(5);
  });
});
