import { components } from './connected-components.js';

/**
 * Word gaps of a tightly lettered sign. Tesseract reads a line whose letters almost touch as one word when its word
 * gap is only a few pixels wider than the letter gaps ('NO PARKING' on a barrier plate, letters 0-3 px apart and the
 * word gap 6, read 'NOPARKING' at 91). In such a line a gap clearly wider than the others is widened to an ordinary
 * word space before the line is read.
 */

/** A line is tightly lettered when its median gap between inked columns is at most this share of its character height. */
const TIGHT_GAP = 0.1;
/** The word gap is at least WORD_GAP_RATIO times every other gap of the line and WORD_GAP_SHARE of the character height. */
const WORD_GAP_RATIO = 2;
const WORD_GAP_SHARE = 0.12;
/** Components at least this share of the character height are letters (a frame's rule, dots and specks are not). */
const MIN_LETTER = 0.5;
/** A word gap is widened to this share of the character height. */
const WORD_SPACE = 0.5;

/** A word gap: the first blank column (x, in the image given) and the blank columns to insert there. */
export interface WordGap {
  x: number;
  add: number;
}

/**
 * The word gaps to widen in a line's ink (one byte per pixel, dark = ink below 128, `width` x `height`) whose
 * characters are `charHeight` px tall: none unless the line is tightly lettered. Gaps are the blank stretches between
 * the boxes of its letters (its components at least MIN_LETTER of the character height), left to right.
 */
export function wordGaps(ink: Uint8Array, width: number, height: number, charHeight: number): WordGap[] {
  // Gaps are measured between the letters' boxes, not between inked columns: an 'M' or a 'G' has blank columns in its
  // middle rows, and a sign's frame or specks over the letters would fill the gaps.
  const bits = new Uint8Array(width * height);
  for (let i = 0; i < bits.length; i++) bits[i] = ink[i]! < 128 ? 1 : 0;
  const letters = components(bits, width, height)
    .comps.filter((c) => c.y1 - c.y0 >= MIN_LETTER * charHeight)
    .sort((p, q) => p.x0 - q.x0);
  const runs: { x: number; length: number }[] = [];
  let right = -1;
  for (const c of letters) {
    if (right >= 0 && c.x0 > right) runs.push({ x: right, length: c.x0 - right });
    right = Math.max(right, c.x1);
  }
  if (runs.length < 2 || charHeight <= 0) return [];
  const sorted = runs.map((r) => r.length).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  if (median > TIGHT_GAP * charHeight) return [];
  // One gap must stand out from all the others (WORD_GAP_RATIO times the next widest): a sign lettered tightly but
  // unevenly ('C o nfere nce' of a road sign, pairs 4 px apart against 1-2) has no word gap to find this way.
  const widest = runs.reduce((a, b) => (b.length > a.length ? b : a));
  const next = sorted[sorted.length - 2]!;
  const space = Math.round(WORD_SPACE * charHeight);
  if (widest.length < Math.max(WORD_GAP_RATIO * next, WORD_GAP_SHARE * charHeight) || widest.length >= space) return [];
  return [{ x: widest.x, add: space - widest.length }];
}

/** The image (one byte per pixel) with `gap.add * scale` white columns inserted at each `gap.x * scale`; its new width. */
export function widenGaps(pixels: Uint8Array, width: number, height: number, gaps: readonly WordGap[], scale = 1): { pixels: Uint8Array; width: number } {
  const cuts = gaps.map((g) => ({ x: Math.min(width, Math.round(g.x * scale)), add: Math.max(0, Math.round(g.add * scale)) })).filter((c) => c.add > 0);
  if (!cuts.length) return { pixels, width };
  const out = width + cuts.reduce((s, c) => s + c.add, 0);
  const result = new Uint8Array(out * height).fill(255);
  for (let y = 0; y < height; y++) {
    let to = y * out;
    let from = 0;
    for (const c of cuts) {
      result.set(pixels.subarray(y * width + from, y * width + c.x), to);
      to += c.x - from + c.add;
      from = c.x;
    }
    result.set(pixels.subarray(y * width + from, y * width + width), to);
  }
  return { pixels: result, width: out };
}
