import { describe, expect, it } from 'vitest';
import { replaceDimLines } from '../../../src/extract/ocr-dim-lines.js';
import { liftDimInk } from '../../../src/extract/ocr-polarity.js';
import type { OcrLine, OcrResult } from '../../../src/providers/ocr.js';

type W = [text: string, confidence: number, x0: number, x1: number];

/** One line of words from y to y + h, with their boxes. */
const line = (y: number, h: number, ...words: W[]): OcrLine => ({
  text: words.map((w) => w[0]).join(' '),
  confidence: words.reduce((s, w) => s + w[1], 0) / words.length,
  bbox: { x0: words[0]![2], y0: y, x1: words.at(-1)![3], y1: y + h },
  words: words.map(([text, confidence, x0, x1]) => ({ text, confidence, bbox: { x0, y0: y, x1, y1: y + h } })),
});
const reading = (...lines: OcrLine[]): OcrResult => ({ text: `${lines.map((l) => l.text).join('\n\n')}\n`, confidence: 80, lines });

// A Rich traceback's kept (polarity) reading: the dim half of the title and the grey comment line come out in pieces.
const kept = reading(
  line(26, 27, ['$', 79, 30, 40], ['python', 96, 50, 140], ['ingest_orders.py', 90, 150, 400]),
  line(57, 23, ['Traceback', 96, 448, 590], ['©', 77, 600, 620], ['racent', 85, 700, 790], ['call', 95, 800, 860], ['last)', 96, 870, 920]),
  line(216, 19, ['117', 91, 105, 140], ['toff', 64, 720, 791]),
  line(240, 30, ['customer', 95, 200, 320], ['=', 93, 330, 340], ['lookup_customer(row)', 90, 350, 700]),
);
// The lifted page's reading of the same rows.
const dim = reading(
  line(25, 29, ['«$', 44, 17, 40], ['python', 95, 50, 140], ['ingest_orders.py', 69, 150, 400]),
  line(57, 24, ['Traceback', 96, 448, 590], ['(most', 96, 600, 680], ['recent', 95, 690, 790], ['call', 95, 800, 860], ['last):', 53, 870, 942]),
  line(208, 33, ['117', 94, 102, 140], ['#', 81, 150, 160], ['skip', 96, 170, 240], ['refunds', 94, 250, 370], ['older', 93, 380, 460], ['than', 96, 470, 540], ['the', 95, 550, 600], ['cutoff', 70, 610, 795]),
  line(242, 30, ['customer', 96, 200, 320], ['=', 93, 330, 340], ['lookup_customer(rowl*', 20, 350, 700]),
);

describe('replaceDimLines', () => {
  it('replaces the kept lines whose row the lifted reading reads with clearly more confident text, in place', () => {
    const r = replaceDimLines(kept, dim);
    expect(r.replaced).toEqual(['Traceback (most recent call last):', '117 # skip refunds older than the cutoff']);
    expect(r.result.text).toBe('$ python ingest_orders.py\n\nTraceback (most recent call last):\n\n117 # skip refunds older than the cutoff\n\ncustomer = lookup_customer(row)\n');
    expect(r.result.lines!.map((l) => l.text)).toEqual(['$ python ingest_orders.py', 'Traceback (most recent call last):', '117 # skip refunds older than the cutoff', 'customer = lookup_customer(row)']);
    // The kept reading itself is not changed.
    expect(kept.text).toContain('Traceback © racent call last)');
  });

  it('keeps a line the lifted reading reads no better, one it reads doubtfully, and one whose row it cuts differently', () => {
    // Same words, a few more letters: not MARGIN more.
    expect(replaceDimLines(kept, reading(line(26, 27, ['$', 90, 30, 40], ['python', 96, 50, 140], ['ingest_orders.pyx', 90, 150, 400]))).replaced).toEqual([]);
    // More letters, but read doubtfully on the whole.
    const doubtful = line(216, 19, ['117', 50, 105, 140], ['skip', 55, 170, 240], ['refunds', 52, 250, 370], ['older', 51, 380, 460], ['than', 50, 470, 540]);
    expect(replaceDimLines(kept, reading(doubtful)).replaced).toEqual([]);
    // One tall line over two kept rows (title and first body line): not one row.
    const tall = line(20, 70, ['python', 96, 50, 140], ['Traceback', 96, 448, 590], ['(most', 96, 600, 680], ['recent', 95, 690, 790]);
    expect(replaceDimLines(kept, reading(tall)).replaced).toEqual([]);
    // Two lifted lines on one kept row: ambiguous.
    const halves = reading(line(57, 23, ['Traceback', 96, 448, 590], ['(most', 96, 600, 680]), line(58, 23, ['recent', 95, 690, 790], ['call', 95, 800, 860], ['last):', 90, 870, 942]));
    expect(replaceDimLines(kept, halves).replaced).toEqual([]);
    expect(replaceDimLines(kept, reading()).result).toBe(kept);
  });
});

describe('liftDimInk', () => {
  it("multiplies every pixel's ink by the gain, clipped at black; white stays white", () => {
    expect([...liftDimInk(Uint8Array.from([255, 235, 200, 155, 100, 0]), 2.5)]).toEqual([255, 205, 118, 5, 0, 0]);
  });
});
