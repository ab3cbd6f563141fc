import { describe, expect, it } from 'vitest';
import { addMissingLines } from '../../../src/extract/ocr-missing-lines.js';
import type { OcrLine, OcrResult } from '../../../src/providers/ocr.js';

type W = [text: string, confidence: number, x0: number, x1: number];

/** One line of words at height y (20 px tall), with their boxes. */
const line = (y: number, ...words: W[]): OcrLine => ({
  text: words.map((w) => w[0]).join(' '),
  confidence: Math.min(...words.map((w) => w[1])),
  bbox: { x0: words[0]![2], y0: y, x1: words.at(-1)![3], y1: y + 20 },
  words: words.map(([text, confidence, x0, x1]) => ({ text, confidence, bbox: { x0, y0: y, x1, y1: y + 20 } })),
});
const reading = (...lines: OcrLine[]): OcrResult => ({ text: `${lines.map((l) => l.text).join('\n')}\n`, confidence: 85, lines });

// A newspaper page's grey reading: two body columns and an advert box (x 0-300, y 300-400) left as specks.
const grey = reading(
  line(10, ['The', 95, 0, 40], ['council', 95, 50, 120], ['met', 95, 130, 160]),
  line(40, ['on', 94, 0, 20], ['Tuesday', 94, 30, 100]),
  line(10, ['The', 95, 400, 440], ['harvest', 95, 450, 520]),
  line(320, ['|', 30, 10, 14], ['ee', 35, 100, 120]),
  line(500, ['Sold', 90, 0, 50], ['here', 90, 60, 110]),
);
// The polarity reading of the same page: the advert's lines read, one body line lost, one blurred.
const polarity = reading(
  line(10, ['The', 90, 0, 40], ['council', 90, 50, 120], ['met', 90, 130, 160]),
  line(330, ['at', 91, 40, 60], ['Pemberton', 90, 70, 190], ['&', 88, 200, 210], ['Sons', 92, 220, 270]),
  line(360, ['Everything', 85, 20, 150], ['Reduced', 86, 160, 260]),
  line(600, ['Hartmann', 60, 0, 120], ['Music', 90, 130, 200]),
);

describe('addMissingLines', () => {
  it("adds another reading's confident lines where the kept reading read nothing, after the kept line above them", () => {
    const r = addMissingLines(grey, [grey, polarity]);
    expect(r.added).toEqual(['at Pemberton & Sons', 'Everything Reduced']);
    expect(r.result.text).toBe('The council met\non Tuesday\nThe harvest\n| ee\nat Pemberton & Sons\nEverything Reduced\nSold here\n');
    expect(r.result.lines!.map((l) => l.text)).toEqual(['The council met', 'on Tuesday', 'The harvest', '| ee', 'at Pemberton & Sons', 'Everything Reduced', 'Sold here']);
    // The kept reading itself is not changed.
    expect(grey.lines).toHaveLength(5);
  });

  it('adds no line with a doubtful word, no line over a confident kept word, and no text the kept reading has', () => {
    const doubtful = reading(line(600, ['Hartmann', 60, 0, 120], ['Music', 90, 130, 200]));
    const overKept = reading(line(42, ['on', 95, 0, 20], ['Tuesdays', 95, 30, 110]));
    const same = reading(line(700, ['council', 95, 0, 80], ['met', 95, 90, 120]));
    const speck = reading(line(800, ['ee', 96, 0, 20]));
    for (const other of [doubtful, overKept, same, speck]) {
      const r = addMissingLines(grey, [grey, other]);
      expect(r.added).toEqual([]);
      expect(r.result).toBe(grey);
    }
  });

  it('reads a kept line whole where another reading read all of it and the kept one a fragment', () => {
    const partial = reading(line(10, ['The', 95, 0, 40], ['council', 95, 50, 120], ['met', 95, 130, 160]), line(330, ['t', 60, 45, 60], ['Pembe', 70, 70, 150]), line(500, ['Sold', 90, 0, 50], ['here', 90, 60, 110]));
    const r = addMissingLines(partial, [polarity]);
    expect(r.result.text).toBe('The council met\nat Pemberton & Sons\nEverything Reduced\nSold here\n');
    expect(r.added).toEqual(['at Pemberton & Sons', 'Everything Reduced']);
    // A kept line that is not a part of the other line (a different reading of the place) stays as it is.
    const other = reading(line(10, ['The', 95, 0, 40], ['council', 95, 50, 120], ['met', 95, 130, 160]), line(330, ['Pimlico', 70, 45, 150]));
    expect(addMissingLines(other, [polarity]).result.text).toBe('The council met\nPimlico\nEverything Reduced\n');
  });

  it('puts a line with nothing above it in its column before the first kept line below it, and adds it once', () => {
    const top = reading(line(0, ['Courier', 95, 600, 700]));
    const r = addMissingLines(grey, [grey, top, top]);
    expect(r.added).toEqual(['Courier']);
    expect(r.result.text.indexOf('Courier')).toBeLessThan(r.result.text.indexOf('on Tuesday'));
    expect(r.result.text.match(/Courier/g)).toHaveLength(1);
  });

  it('leaves a reading without lines as it is', () => {
    const bare: OcrResult = { text: 'x', confidence: 90 };
    expect(addMissingLines(bare, [bare, polarity]).result).toBe(bare);
  });
});
