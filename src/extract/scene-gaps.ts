/**
 * Word gaps of a tightly lettered sign. Tesseract reads a line whose letters almost touch as one word when its word
 * gap is only a few pixels wider than the letter gaps ('NO PARKING' on a barrier plate, letters 0-3 px apart and the
 * word gap 6, read 'NOPARKING' at 91). In such a line a gap clearly wider than the others is widened to an ordinary
 * word space before the line is read.
 */

/** A line is tightly lettered when its median gap between inked columns is at most this share of its character height. */
const TIGHT_GAP = 0.1;
/** A gap is a word gap when it is at least WORD_GAP_RATIO times the median gap and WORD_GAP_SHARE of the character height. */
const WORD_GAP_RATIO = 2;
const WORD_GAP_SHARE = 0.12;
/** Gaps are measured in the rows within this share of the character height above and below the line's middle. */
const CORE = 0.25;
/** A word gap is widened to this share of the character height. */
const WORD_SPACE = 0.5;

/** A word gap: the first blank column (x, in the image given) and the blank columns to insert there. */
export interface WordGap {
  x: number;
  add: number;
}

/**
 * The word gaps to widen in a line's ink (one byte per pixel, dark = ink below 128, `width` x `height`) whose
 * characters are `charHeight` px tall (the line in the middle of the image): none unless the line is tightly lettered.
 * Gaps are runs of blank columns between the first and the last inked column.
 */
export function wordGaps(ink: Uint8Array, width: number, height: number, charHeight: number): WordGap[] {
  // Columns are looked at in the middle half of the characters' height only: a sign's frame and specks above and below
  // the letters would fill the gaps.
  const inked = new Uint8Array(width);
  const y0 = Math.max(0, Math.round(height / 2 - CORE * charHeight));
  const y1 = Math.min(height, Math.round(height / 2 + CORE * charHeight));
  for (let y = y0; y < y1; y++) for (let x = 0; x < width; x++) if (ink[y * width + x]! < 128) inked[x] = 1;
  const runs: { x: number; length: number }[] = [];
  let start = -1;
  let seenInk = false;
  for (let x = 0; x < width; x++) {
    if (inked[x]) {
      if (seenInk && start >= 0) runs.push({ x: start, length: x - start });
      seenInk = true;
      start = -1;
    } else if (seenInk && start < 0) start = x;
  }
  if (runs.length < 2 || charHeight <= 0) return [];
  const sorted = runs.map((r) => r.length).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  if (median > TIGHT_GAP * charHeight) return [];
  const least = Math.max(WORD_GAP_RATIO * median, WORD_GAP_SHARE * charHeight);
  const space = Math.round(WORD_SPACE * charHeight);
  return runs.filter((r) => r.length >= least && r.length < space).map((r) => ({ x: r.x, add: space - r.length }));
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
