import { describe, expect, it } from 'vitest';
import { findDarkBoxes } from '../../../src/extract/ocr-dark-boxes.js';

const W = 800;
const H = 1000;

/** A light page (paper at 225) with lines of small dark letters' strokes (like a newspaper column's body text). */
function page(): Uint8Array {
  const g = new Uint8Array(W * H).fill(225);
  for (let y = 40; y < H - 40; y += 18) {
    for (let x = 40; x < W - 40; x += 3) if ((x * 7 + y) % 5 !== 0) fill(g, x, y, 1, 9, 30);
  }
  return g;
}

function fill(g: Uint8Array, x: number, y: number, w: number, h: number, v: number): void {
  for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) g[j * W + i] = v;
}

describe('findDarkBoxes', () => {
  it('finds a reversed box (light letters on black) on a light text page, and nothing else', () => {
    const g = page();
    fill(g, 100, 500, 300, 160, 20);
    // Its light letters.
    for (let x = 120; x < 380; x += 30) fill(g, x, 540, 18, 40, 235);
    const boxes = findDarkBoxes(g, W, H);
    expect(boxes).toHaveLength(1);
    const b = boxes[0]!;
    // Found to within a cell (3 px here: 1/400 of 1000 rounds to 3).
    expect(Math.abs(b.x0 - 100)).toBeLessThanOrEqual(3);
    expect(Math.abs(b.y0 - 500)).toBeLessThanOrEqual(3);
    expect(Math.abs(b.x1 - 400)).toBeLessThanOrEqual(3);
    expect(Math.abs(b.y1 - 660)).toBeLessThanOrEqual(3);
  });

  it('finds no box on a text page, in a frame of rules, or on a dark page', () => {
    expect(findDarkBoxes(page(), W, H)).toEqual([]);
    const framed = page();
    // A frame of 4 px rules round a 300x200 area: dark cells, but far from filling its rectangle.
    fill(framed, 100, 500, 300, 4, 10);
    fill(framed, 100, 696, 300, 4, 10);
    fill(framed, 100, 500, 4, 200, 10);
    fill(framed, 396, 500, 4, 200, 10);
    expect(findDarkBoxes(framed, W, H)).toEqual([]);
    // A terminal screenshot: dark ground with a light box on it is the polarity reading's case, not a dark box.
    const dark = new Uint8Array(W * H).fill(30);
    fill(dark, 100, 100, 300, 300, 200);
    expect(findDarkBoxes(dark, W, H)).toEqual([]);
  });
});
