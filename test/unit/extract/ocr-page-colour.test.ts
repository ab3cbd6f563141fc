import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readPage } from '../../../src/extract/ocr-page.js';
import { decodeImagePage } from '../../../src/extract/image-decode.js';
import { colourShare } from '../../../src/extract/ocr-colour.js';
import { closeExtractionSandbox } from '../../../src/extract/sandbox/isolated.js';
import type { OcrEngine, OcrResult, RecognizeOptions } from '../../../src/providers/ocr.js';
import { makeContext } from './fixtures.js';

afterAll(() => closeExtractionSandbox());

const W = 400;
const H = 200;

/** A white page with a green box (40, 200, 40) holding rows of dark strokes (grey 30), as an RGB PNG. */
async function diagram(): Promise<Buffer> {
  const px = Buffer.alloc(W * H * 3, 255);
  for (let y = 40; y < 160; y++) {
    for (let x = 50; x < 350; x++) {
      const ink = y % 30 >= 10 && y % 30 < 20 && x % 6 < 2;
      const [r, g, b] = ink ? [30, 30, 30] : [40, 200, 40];
      px.set([r, g, b], (y * W + x) * 3);
    }
  }
  return sharp(px, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
}

/** The same page in grey only (no saturated colour). */
async function greyPage(): Promise<Buffer> {
  return sharp(await diagram())
    .greyscale()
    .png()
    .toBuffer();
}

const reading = (text: string, confidence: number): OcrResult => ({
  text,
  confidence,
  lines: [{ text, confidence, bbox: { x0: 0, y0: 0, x1: 10, y1: 10 }, words: text.split(' ').map((w) => ({ text: w, confidence })) }],
});

/**
 * An engine that reads a page whose box is light (the brightest-channel image: green's brightest channel is 200) as
 * `light`, any other page (the box mid-grey, taken for ink by one threshold) as `first`; it records each page's width.
 */
function engine(first: OcrResult, light: OcrResult) {
  const calls: { light: boolean; width: number; layout: string }[] = [];
  const ocr: OcrEngine = {
    name: 'fake',
    languages: ['eng'],
    available: ['eng'],
    async recognize(image: Buffer, o: RecognizeOptions) {
      const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
      // A pixel inside the box, between two rows of strokes (row 55, column 53 of the page, scaled with it).
      const f = info.width / W;
      const v = data[Math.round(55 * f) * info.width + Math.round(53 * f)]!;
      calls.push({ light: v > 190, width: info.width, layout: o.layout ?? 'auto' });
      return v > 190 ? light : first;
    },
  };
  return { ocr, calls };
}

describe('colour share and the brightest-channel image', () => {
  it('counts light, saturated pixels only (not white, black or grey)', () => {
    const rgb = new Uint8Array([255, 255, 255, 0, 0, 0, 128, 128, 128, 80, 210, 80, 120, 230, 240, 250, 160, 140]);
    expect(colourShare(rgb, 3)).toBeCloseTo(3 / 6);
    expect(colourShare(new Uint8Array([90, 20, 20]), 3)).toBe(0);
    expect(colourShare(new Uint8Array(0), 3)).toBe(0);
  });

  it('is decoded with an image page that has light colour: coloured boxes light, dark text dark, same size as the page', async () => {
    const page = await decodeImagePage({ bytes: new Uint8Array(await diagram()), index: 0, maxPixels: 10_000_000 });
    expect(page.brightest).toBeDefined();
    const grey = await sharp(Buffer.from(page.png)).raw().toBuffer({ resolveWithObject: true });
    const light = await sharp(Buffer.from(page.brightest!)).raw().toBuffer({ resolveWithObject: true });
    expect([light.info.width, light.info.height]).toEqual([grey.info.width, grey.info.height]);
    // Small pages are enlarged by the decoder (2x here): row 55, column 53 of the page is inside the box.
    const f = grey.info.width / W;
    const at = (d: Buffer, w: number, y: number, x: number) => d[(Math.round(y * f) * w + Math.round(x * f)) * (d.length / (grey.info.width * grey.info.height))]!;
    expect(at(light.data, light.info.width, 55, 53)).toBeGreaterThan(190);
    expect(at(grey.data, grey.info.width, 55, 53)).toBeLessThan(190);
    expect(at(light.data, light.info.width, 45, 54.5)).toBeLessThan(80); // a stroke stays dark
    const plain = await decodeImagePage({ bytes: new Uint8Array(await greyPage()), index: 0, maxPixels: 10_000_000 });
    expect(plain.brightest).toBeUndefined();
  });
});

/** The diagram as the image extractor hands it to readPage: the grey page and its brightest-channel copy. */
async function decoded(): Promise<[Buffer, Buffer]> {
  const page = await decodeImagePage({ bytes: new Uint8Array(await diagram()), index: 0, maxPixels: 10_000_000 });
  return [Buffer.from(page.png), Buffer.from(page.brightest!)];
}

describe('the brightest-channel reading of a page with coloured boxes', () => {
  it('reads the page again from its brightest-channel copy and keeps that reading when it scores higher', async () => {
    const { ocr, calls } = engine(reading('EasyOCR Framework', 90), reading('EasyOCR Framework Pre-Process CRAFT Mid-Process Greedy Decoder', 90));
    const [page, colour] = await decoded();
    const r = await readPage(page, ocr, makeContext(), {}, colour);
    expect(r.passes).toContain('colour');
    expect(r.kept).toBe('colour');
    expect(r.text).toContain('Greedy Decoder');
    expect(calls[0]).toMatchObject({ light: false });
    expect(calls[1]).toMatchObject({ light: true });
  });

  it('keeps the first reading when the brightest-channel one scores lower, and skips the pass when told to', async () => {
    const worse = engine(reading('EasyOCR Framework Pre-Process CRAFT', 90), reading('Ea', 40));
    const [page, colour] = await decoded();
    const r = await readPage(page, worse.ocr, makeContext(), {}, colour);
    expect(r.passes).toContain('colour');
    expect(r.text).toBe('EasyOCR Framework Pre-Process CRAFT');
    const off = engine(reading('EasyOCR Framework', 90), reading('EasyOCR Framework Pre-Process CRAFT Mid-Process', 90));
    const skipped = await readPage(page, off.ocr, makeContext(), { colour: false }, colour);
    expect(skipped.passes).not.toContain('colour');
    expect(off.calls.every((c) => !c.light)).toBe(true);
  });

  it('reads the brightest-channel page, not the original, as sparse text when the kept reading is poor', async () => {
    const { ocr, calls } = engine(reading('', 0), reading('CRAFT', 80));
    const [page, colour] = await decoded();
    const r = await readPage(page, ocr, makeContext(), {}, colour);
    expect(r.passes).toEqual(expect.arrayContaining(['colour', 'sparse']));
    expect(calls.find((c) => c.layout === 'sparse')?.light).toBe(true);
  });

  it('does not run on a page given without a brightest-channel copy (no saturated colour, PDF pages)', async () => {
    const { ocr } = engine(reading('EasyOCR Framework', 90), reading('EasyOCR Framework Pre-Process CRAFT', 90));
    const [page] = await decoded();
    const r = await readPage(page, ocr, makeContext());
    expect(r.passes).not.toContain('colour');
  });
});
