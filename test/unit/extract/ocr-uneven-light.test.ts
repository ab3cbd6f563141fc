import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readPage } from '../../../src/extract/ocr-page.js';
import { unevenLight } from '../../../src/extract/ocr-polarity.js';
import { closeExtractionSandbox } from '../../../src/extract/sandbox/isolated.js';
import type { OcrEngine, OcrResult, RecognizeOptions } from '../../../src/providers/ocr.js';
import { makeContext } from './fixtures.js';

afterAll(() => closeExtractionSandbox());

const W = 480;
const H = 240;

/**
 * Lines of dark text strokes (80 grey levels under the paper) on paper whose grey runs from `left` at the left edge to
 * `right` at the right edge: a photographed page lit from one side when left is far under right.
 */
function page(left: number, right: number): Uint8Array {
  const g = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const paper = left + ((right - left) * x) / (W - 1);
      const ink = y % 30 >= 10 && y % 30 < 21 && x % 8 < 2 && x % 120 < 100;
      g[y * W + x] = Math.round(ink ? paper - 80 : paper);
    }
  }
  return g;
}

const png = (g: Uint8Array) =>
  sharp(Buffer.from(g), { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();

describe('unevenLight (how evenly the paper under dark text is lit)', () => {
  it('finds the paper of a page lit from one side far darker at one end than at the other', () => {
    const r = unevenLight(page(110, 250), W, H);
    expect(r.ratio).toBeLessThan(0.6);
    expect(r.low).toBeLessThan(140);
    expect(r.high).toBeGreaterThan(220);
  });

  it('calls evenly lit paper even, and a dark page with light text (no dark text on paper) even too', () => {
    expect(unevenLight(page(235, 250), W, H).ratio).toBeGreaterThan(0.9);
    const terminal = page(40, 40).map((v) => (v < 40 ? 120 : 40));
    expect(unevenLight(terminal, W, H).ratio).toBe(1);
    expect(unevenLight(new Uint8Array(W * H).fill(255), W, H).ratio).toBe(1);
  });
});

const FIRST = 'based segmentation etermine markers of the coins and the';
const MORE = 'Region-based segmentation Let us first determine markers of the coins and the background';

const reading = (text: string, confidence: number): OcrResult => ({
  text,
  confidence,
  lines: [{ text, confidence, bbox: { x0: 0, y0: 0, x1: 10, y1: 10 }, words: text.split(' ').map((w) => ({ text: w, confidence })) }],
});

/** An engine that reads a page whose left edge is white (the flattened one) as `flattened`, any other as `first`. */
function engine(first: OcrResult, flattened: OcrResult) {
  const calls: boolean[] = [];
  const ocr: OcrEngine = {
    name: 'fake',
    languages: ['eng'],
    available: ['eng'],
    async recognize(image: Buffer, o: RecognizeOptions) {
      const { data } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
      const white = data[W * 5]! > 200;
      calls.push(white && o.layout !== 'sparse');
      return white ? flattened : first;
    },
  };
  return { ocr, calls };
}

describe('readPage on a page lit unevenly', () => {
  it('reads it again with its background flattened (the polarity page) and keeps that reading when it scores higher', async () => {
    const { ocr, calls } = engine(reading(FIRST, 92), reading(MORE, 90));
    const r = await readPage(await png(page(110, 250)), ocr, makeContext());
    expect(r.passes).toContain('polarity');
    expect(r.kept).toBe('polarity');
    expect(r.text).toContain('Region-based segmentation');
    expect(calls.slice(0, 2)).toEqual([false, true]);
  });

  it('reads an evenly lit page once, and an unevenly lit one once when the pass is off', async () => {
    // Dim but even paper (grey 110-130): one threshold serves it.
    const even = engine(reading(FIRST, 92), reading(MORE, 90));
    const r = await readPage(await png(page(110, 130)), even.ocr, makeContext());
    expect(r.passes).not.toContain('polarity');
    expect(r.text).toBe(FIRST);
    const off = engine(reading(FIRST, 92), reading(MORE, 90));
    const skipped = await readPage(await png(page(110, 250)), off.ocr, makeContext(), { polarity: false });
    expect(skipped.passes).not.toContain('polarity');
    expect(off.calls.every((c) => !c)).toBe(true);
  });
});
