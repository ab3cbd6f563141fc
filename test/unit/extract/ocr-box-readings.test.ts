import { describe, expect, it } from 'vitest';
import { replaceBoxLines } from '../../../src/extract/ocr-box-readings.js';
import type { OcrLine, OcrResult } from '../../../src/providers/ocr.js';
import { line } from './fake-ocr-page.js';

const reading = (text: string, lines: OcrLine[], confidence = 85): OcrResult => ({ text, confidence, lines });

// A newspaper page read whole: a body column at x 400-700, and a reversed advert box (x 0-300, y 300-420) whose
// lines came out as fragments spread over the text ('t Pembe', 'Every', 'ing Reduced').
const body1 = line(10, ['The', 95, 400, 440], ['council', 95, 450, 520], ['met', 95, 530, 560]);
const frag1 = line(310, ['t', 60, 45, 60], ['Pembe', 70, 70, 150]);
const body2 = line(320, ['on', 94, 400, 420], ['Tuesday', 94, 430, 500]);
const frag2 = line(360, ['Every', 80, 20, 90]);
const frag3 = line(362, ['ing', 75, 160, 200], ['Reduced', 85, 205, 280]);
const below = line(500, ['Sold', 90, 0, 50], ['here', 90, 60, 110]);
const page = reading('The council met\n\nt Pembe\non Tuesday\n\nEvery\ning Reduced\n\nSold here\n', [body1, frag1, body2, frag2, frag3, below]);

const box = { x0: 0, y0: 300, x1: 300, y1: 420 };
// The box read alone: boxes relative to the crop.
const advert = reading(
  'GRAND CLEARANCE SALE\nat Pemberton & Sons\nEverything Reduced\n',
  [
    line(2, ['GRAND', 95, 10, 90], ['CLEARANCE', 94, 100, 230], ['SALE', 96, 240, 290]),
    line(40, ['at', 93, 40, 60], ['Pemberton', 95, 70, 190], ['&', 90, 200, 210], ['Sons', 94, 220, 270]),
    line(80, ['Everything', 92, 20, 150], ['Reduced', 93, 160, 260]),
  ],
  94,
);

describe('replaceBoxLines', () => {
  it("replaces the kept lines inside a dark box by the box's own reading, as one block where the first of them stood", () => {
    const r = replaceBoxLines(page, [{ box, reading: advert }]);
    expect(r.used).toEqual(['GRAND CLEARANCE SALE\nat Pemberton & Sons\nEverything Reduced']);
    expect(r.result.text).toBe('The council met\n\nGRAND CLEARANCE SALE\nat Pemberton & Sons\nEverything Reduced\n\non Tuesday\n\nSold here\n');
    // The lines follow: the box's lines placed on the page where the first fragment was, the fragments gone.
    expect(r.result.lines!.map((l) => l.text)).toEqual(['The council met', 'GRAND CLEARANCE SALE', 'at Pemberton & Sons', 'Everything Reduced', 'on Tuesday', 'Sold here']);
    expect(r.result.lines![1]!.bbox).toEqual({ x0: 10, y0: 302, x1: 290, y1: 322 });
    expect(r.result.lines![1]!.words[0]!.bbox).toEqual({ x0: 10, y0: 302, x1: 90, y1: 322 });
    // The kept reading itself is not changed.
    expect(page.lines).toHaveLength(6);
  });

  it('puts a box the kept reading read nothing in after the nearest kept line above it in its columns', () => {
    const bare = reading('Notice\n\nSold here\n', [line(100, ['Notice', 95, 0, 120]), below]);
    const r = replaceBoxLines(bare, [{ box, reading: advert }]);
    expect(r.result.text).toBe('Notice\n\nGRAND CLEARANCE SALE\nat Pemberton & Sons\nEverything Reduced\n\nSold here\n');
  });

  it('keeps the page as read when the box reading is doubtful, nearly empty, or reads less than the kept lines there', () => {
    const doubtful = { ...advert, confidence: 62 };
    const specks = reading('ee\n', [line(5, ['ee', 90, 10, 30])], 90);
    // The kept reading read the box well already: a box reading with less confident text does not replace it.
    const good = reading('GRAND CLEARANCE SALE at Pemberton & Sons\n', [
      line(310, ['GRAND', 95, 10, 90], ['CLEARANCE', 94, 100, 230], ['SALE', 96, 240, 290], ['at', 93, 40, 60], ['Pemberton', 95, 70, 190], ['&', 90, 200, 210], ['Sons', 94, 220, 270]),
    ]);
    const less = reading('GRAND SALE\n', [line(2, ['GRAND', 90, 10, 90], ['SALE', 90, 240, 290])], 90);
    for (const [kept, boxReading] of [
      [page, doubtful],
      [page, specks],
      [good, less],
    ] as const) {
      const r = replaceBoxLines(kept, [{ box, reading: boxReading }]);
      expect(r.used).toEqual([]);
      expect(r.result).toBe(kept);
    }
  });

  it('leaves lines mostly outside the box where they are', () => {
    // A body line reaching a little into the box (a fifth of it inside) is not the box's.
    const across = line(330, ['Harvest', 95, 240, 400], ['supper', 95, 410, 560]);
    const kept = reading('t Pembe\nHarvest supper\n', [frag1, across]);
    const r = replaceBoxLines(kept, [{ box, reading: advert }]);
    expect(r.result.text).toBe('GRAND CLEARANCE SALE\nat Pemberton & Sons\nEverything Reduced\n\nHarvest supper\n');
  });
});
