import { describe, expect, it } from 'vitest';
import { labelStacks, sparseTextByLabel } from '../../../src/extract/ocr-label-stacks.js';
import type { OcrLine } from '../../../src/providers/ocr.js';

const line = (text: string, x0: number, y0: number, x1: number, y1: number): OcrLine => ({ text, confidence: 90, bbox: { x0, y0, x1, y1 }, words: text.split(' ').map((w) => ({ text: w, confidence: 90 })) });

describe('labelStacks / sparseTextByLabel', () => {
  it("puts each two-line label of boxes side by side together (a sparse reading orders lines by height: 'Other Other Other ...')", () => {
    // The layout of a diagram's three boxes as tesseract's sparse mode gives it: first lines, then second lines.
    const lines = [
      line('Other', 604, 365, 664, 383),
      line('Other', 1163, 365, 1222, 383),
      line('Other', 1416, 366, 1475, 383),
      line('Detection Models', 541, 393, 727, 411),
      line('Recognition Models', 1086, 393, 1298, 416),
      line('Decoders', 1395, 394, 1497, 411),
    ];
    expect(labelStacks(lines).map((g) => g.map((l) => l.text).join(' '))).toEqual(['Other Detection Models', 'Other Recognition Models', 'Other Decoders']);
    expect(sparseTextByLabel(lines)).toBe('Other\nDetection Models\n\nOther\nRecognition Models\n\nOther\nDecoders\n');
  });

  it('leaves the reading alone when no label spans two lines (null)', () => {
    const lines = [line('Seoul', 163, 978, 235, 1015), line('56Km', 118, 1300, 266, 1336), line('Yuyuan Rd.', 265, 168, 467, 248)];
    expect(sparseTextByLabel(lines)).toBeNull();
  });

  it('joins nothing across a wide gap, a much taller line, or lines that do not overlap across', () => {
    const far = [line('Title', 100, 100, 200, 120), line('caption', 100, 150, 200, 170)];
    const tall = [line('BIG', 100, 100, 300, 160), line('small print', 100, 165, 300, 180)];
    const beside = [line('left', 100, 100, 200, 120), line('right', 210, 125, 310, 145)];
    for (const lines of [far, tall, beside]) expect(sparseTextByLabel(lines)).toBeNull();
  });

  it('leaves a column of more than three stacked lines (a table column, a paragraph) in its order', () => {
    const column = [0, 1, 2, 3].map((i) => line(`row ${i}`, 100, 100 + 30 * i, 200, 120 + 30 * i));
    const other = line('elsewhere', 500, 100, 600, 120);
    expect(labelStacks([column[0]!, other, ...column.slice(1)]).map((g) => g.length)).toEqual([1, 1, 1, 1, 1]);
  });

  it('joins nothing where a line has two candidates under it (a heading over two columns)', () => {
    const lines = [line('Heading over both', 100, 100, 500, 120), line('left column', 100, 125, 290, 145), line('right column', 310, 125, 500, 145)];
    expect(sparseTextByLabel(lines)).toBeNull();
  });
});
