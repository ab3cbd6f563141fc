import { describe, expect, it } from 'vitest';
import type { OcrLine, OcrResult } from '../../../src/providers/ocr.js';
import { addLargeLines, readWhole } from '../../../src/extract/ocr-large-line-text.js';
import { findLargeLines, type LargeLine } from '../../../src/extract/ocr-large-lines.js';

/** A white page with hollow boxes drawn as characters (stroke `t`): ink fills about half of each box, as a letter's does. */
function page(width: number, height: number) {
  const gray = new Uint8Array(width * height).fill(240);
  const letter = (x: number, y: number, w: number, h: number, t = Math.max(1, Math.round(h / 8))) => {
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) if (yy - y < t || y + h - 1 - yy < t || xx - x < t || x + w - 1 - xx < t) gray[yy * width + xx] = 20;
  };
  const fill = (x: number, y: number, w: number, h: number) => {
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) gray[yy * width + xx] = 20;
  };
  return { gray, letter, fill };
}

/** Body text: rows of 10 px characters, 8 px wide with 4 px gaps. */
function body(p: ReturnType<typeof page>, top: number, rows: number, left = 40, count = 40) {
  for (let r = 0; r < rows; r++) for (let i = 0; i < count; i++) p.letter(left + i * 12, top + r * 18, 8, 10, 2);
}

describe('findLargeLines', () => {
  it('finds a title of characters three times the body height, padded, and nothing in the body text', () => {
    const p = page(600, 500);
    for (let i = 0; i < 8; i++) p.letter(100 + i * 30, 30, 24, 32);
    body(p, 120, 10);
    const lines = findLargeLines(p.gray, 600, 500);
    expect(lines).toHaveLength(1);
    const [line] = lines as [LargeLine];
    expect(line.height).toBe(32);
    expect(line.left).toBe(100);
    expect(line.right).toBe(100 + 7 * 30 + 24);
    expect(line.y0).toBeLessThan(30);
    expect(line.y1).toBeGreaterThan(62);
    expect(line.x0).toBeLessThan(100);
  });

  it('scales the boxes to the page and keeps a run of touching letters as a line', () => {
    const p = page(600, 500);
    // One bold word whose letters touch: a single component four times wider than tall.
    for (let i = 0; i < 4; i++) p.letter(100 + i * 30, 30, 32, 32, 6);
    body(p, 120, 10);
    const [line] = findLargeLines(p.gray, 600, 500, 2);
    expect(line).toMatchObject({ height: 64, left: 200, right: 2 * (100 + 3 * 30 + 32) });
  });

  it('takes no table grid, filled block or single large letter for a line, and finds none on a page of body text', () => {
    const p = page(600, 500);
    body(p, 20, 12);
    // A table grid (thin lines: its box is nearly empty), a filled picture, a drop capital.
    for (let x = 40; x <= 520; x += 80) for (let y = 260; y < 420; y++) p.gray[y * 600 + x] = 20;
    for (let y = 260; y <= 420; y += 40) for (let x = 40; x <= 520; x++) p.gray[y * 600 + x] = 20;
    p.fill(540, 260, 50, 60);
    p.letter(540, 440, 30, 40);
    expect(findLargeLines(p.gray, 600, 500)).toEqual([]);
  });

  it('finds nothing on a dark photo or a page with too few characters', () => {
    const dark = page(200, 200);
    dark.fill(0, 0, 200, 120);
    for (let i = 0; i < 5; i++) dark.letter(20 + i * 30, 140, 24, 32);
    expect(findLargeLines(dark.gray, 200, 200)).toEqual([]);
    const few = page(400, 200);
    for (let i = 0; i < 5; i++) few.letter(20 + i * 30, 20, 24, 32);
    body(few, 100, 1, 40, 10);
    expect(findLargeLines(few.gray, 400, 200)).toEqual([]);
  });
});

function line(text: string, x0: number, y0: number, x1: number, y1: number, confidence = 92): OcrLine {
  return { text: `${text}\n`, confidence, bbox: { x0, y0, x1, y1 }, words: text.split(' ').map((w) => ({ text: w, confidence, bbox: { x0, y0, x1, y1 } })) };
}
const reading = (text: string, confidence = 95): OcrResult => ({ text: `${text}\n`, confidence });
const big = (y0: number, y1: number, left = 100, right = 900, height = 100): LargeLine => ({ x0: left - 60, y0, x1: right + 60, y1, height, left, right });

describe('readWhole and addLargeLines', () => {
  const kept: OcrResult = {
    text: 'Riverside\nommunity\narden\n\nOpen days and plots\nThe garden sits by the library\n',
    confidence: 90,
    lines: [
      line('Riverside', 150, 20, 850, 120),
      line('ommunity', 190, 140, 900, 240),
      line('arden', 300, 260, 700, 360),
      line('Open days and plots', 100, 400, 900, 430),
      line('The garden sits by the library', 100, 450, 900, 470),
    ],
  };
  const title = [big(10, 130, 150, 850), big(130, 250, 100, 900), big(250, 370, 220, 700)];

  it('reads again a large line whose first letter the kept reading dropped, or which it read unsurely', () => {
    expect(readWhole(kept, title[0]!)).toBe(true);
    expect(readWhole(kept, title[1]!)).toBe(false);
    expect(readWhole(kept, title[2]!)).toBe(false);
    const unsure: OcrResult = { ...kept, lines: [line('Riverside', 150, 20, 850, 120, 60)] };
    expect(readWhole(unsure, title[0]!)).toBe(false);
    expect(readWhole(kept, big(600, 700))).toBe(false);
  });

  it('puts each line read whole in place of its pieces, though a body line holds one of its words', () => {
    const r = addLargeLines(kept.text, kept, [
      { line: title[1]!, reading: reading('Community') },
      { line: title[2]!, reading: reading('Garden') },
    ]);
    expect(r.added).toEqual(['Community', 'Garden']);
    expect(r.text).toBe('Riverside\nCommunity\nGarden\n\nOpen days and plots\nThe garden sits by the library\n');
  });

  it('adds a line the kept reading dropped before the first line under it, and keeps pieces that are not part of the new reading', () => {
    const dropped: OcrResult = { ...kept, text: 'Open days and plots\nThe garden sits by the library\n', lines: kept.lines!.slice(3) };
    const r = addLargeLines(dropped.text, dropped, [{ line: big(10, 130), reading: reading('Riverside Garden') }]);
    expect(r.text).toBe('Riverside Garden\n\nOpen days and plots\nThe garden sits by the library\n');
    const other = addLargeLines(kept.text, kept, [{ line: title[2]!, reading: reading('Orchard Walk') }]);
    expect(other.text).toBe('Riverside\nommunity\nOrchard Walk\n\narden\n\nOpen days and plots\nThe garden sits by the library\n');
  });

  it('adds nothing read unsurely, too short, or already read in its box', () => {
    const none = addLargeLines(kept.text, kept, [
      { line: title[1]!, reading: reading('Community', 70) },
      { line: title[2]!, reading: reading('Ga') },
      { line: title[0]!, reading: reading('Riverside') },
    ]);
    expect(none).toEqual({ text: kept.text, added: [] });
  });
});
