import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readPage } from '../../../src/extract/ocr-page.js';
import { closeExtractionSandbox } from '../../../src/extract/sandbox/isolated.js';
import type { OcrEngine, OcrResult, RecognizeOptions } from '../../../src/providers/ocr.js';
import { makeContext } from './fixtures.js';

afterAll(() => closeExtractionSandbox());

const W = 480;
const H = 240;

/** A dark terminal page (grey 40) with lines of dim light text strokes (grey 95), as a PNG. */
async function terminal(): Promise<Buffer> {
  const g = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) g[y * W + x] = y % 30 >= 10 && y % 30 < 21 && x % 8 < 2 && x % 120 < 100 ? 95 : 40;
  return sharp(g, { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
}

const FIRST = 'python -m rich Rich features Colors Styles Text';
const MORE = `${FIRST} Tables Date Title Production Budget Box Office`;

const reading = (text: string, confidence: number): OcrResult => ({
  text,
  confidence,
  lines: [{ text, confidence, bbox: { x0: 0, y0: 0, x1: 10, y1: 10 }, words: text.split(' ').map((w) => ({ text: w, confidence })) }],
});

/** An engine that reads a page with a light background (the normalised one) as `normalised`, a dark one as `first`. */
function engine(first: OcrResult, normalised: OcrResult) {
  const calls: { light: boolean; layout: string }[] = [];
  const ocr: OcrEngine = {
    name: 'fake',
    languages: ['eng'],
    available: ['eng'],
    async recognize(image: Buffer, o: RecognizeOptions) {
      const { data } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
      const light = data[0]! > 128;
      calls.push({ light, layout: o.layout ?? 'auto' });
      return light ? normalised : first;
    },
  };
  return { ocr, calls };
}

describe('the polarity reading of a page with light text on a dark background', () => {
  it('reads a dark terminal page again as dark text on white and keeps that reading when it scores higher', async () => {
    const { ocr, calls } = engine(reading(FIRST, 90), reading(MORE, 90));
    const r = await readPage(await terminal(), ocr, makeContext());
    expect(r.passes).toContain('polarity');
    expect(r.kept).toBe('polarity');
    expect(r.text).toContain('Production Budget');
    // The third reading is the dim one (the polarity page with its ink lifted), also dark text on white.
    expect(calls.map((c) => c.light)).toEqual([false, true, true]);
    expect(r.passes).toContain('dim');
  });

  it('keeps the first reading when the normalised one scores lower, and skips the pass when told to', async () => {
    const worse = engine(reading(MORE, 90), reading('Dte', 40));
    const r = await readPage(await terminal(), worse.ocr, makeContext());
    expect(r.passes).toContain('polarity');
    expect(r.text).toBe(MORE);
    const off = engine(reading(FIRST, 90), reading(MORE, 90));
    const skipped = await readPage(await terminal(), off.ocr, makeContext(), { polarity: false });
    expect(skipped.passes).not.toContain('polarity');
    expect(off.calls.every((c) => !c.light)).toBe(true);
  });

  it('reads the normalised page, not the original, as sparse text when the first reading is poor (signs in a photo)', async () => {
    const { ocr, calls } = engine(reading('', 0), reading('Seoul', 80));
    const r = await readPage(await terminal(), ocr, makeContext());
    expect(r.passes).toEqual(expect.arrayContaining(['polarity', 'sparse']));
    expect(calls.find((c) => c.layout === 'sparse')?.light).toBe(true);
  });

  it('reads the normalised page as sparse text when the kept reading has little confident text, at any confidence', async () => {
    // Photographed street signs: the first reading is a few specks at confidence 70 (not "poor" by confidence), the
    // polarity reading of the whole page finds no text block (empty, confidence 95) and is not kept.
    const calls: { light: boolean; layout: string }[] = [];
    const ocr: OcrEngine = {
      name: 'fake',
      languages: ['eng'],
      available: ['eng'],
      async recognize(image: Buffer, o: RecognizeOptions) {
        const { data } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
        const light = data[0]! > 128;
        calls.push({ light, layout: o.layout ?? 'auto' });
        if (light && o.layout === 'sparse') return reading('Yuyuan Rd Seoul 56Km 205Km', 75);
        return light ? reading('', 95) : reading('ii', 70);
      },
    };
    const r = await readPage(await terminal(), ocr, makeContext());
    expect(r.kept).toBe('sparse');
    expect(r.text).toContain('Seoul');
    expect(calls.find((c) => c.layout === 'sparse')?.light).toBe(true);
    const off = await readPage(await terminal(), ocr, makeContext(), { sparse: false });
    expect(off.text).not.toContain('Seoul');
  });

  it('does not read a page of black text on white again', async () => {
    const { ocr, calls } = engine(reading(MORE, 99), reading(MORE, 99));
    const plain = await sharp({ create: { width: W, height: H, channels: 3, background: '#f5f5f5' } })
      .greyscale()
      .png()
      .toBuffer();
    const r = await readPage(plain, ocr, makeContext());
    expect(r.passes).not.toContain('polarity');
    expect(calls).toHaveLength(1);
  });
});
