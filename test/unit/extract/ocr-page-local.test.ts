import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readPage } from '../../../src/extract/ocr-page.js';
import { pngDensity } from '../../../src/extract/png-density.js';
import { closeExtractionSandbox } from '../../../src/extract/sandbox/isolated.js';
import type { OcrEngine, OcrResult, RecognizeOptions } from '../../../src/providers/ocr.js';
import { makeContext } from './fixtures.js';

afterAll(() => closeExtractionSandbox());

/** A 72-dpi screenshot-like page: the left half a dark window, the right half light paper (a mixed background). */
async function mixedPage(): Promise<Buffer> {
  const dark = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#282828' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#f5f5f5' } })
    .composite([{ input: dark, left: 0, top: 0 }])
    .greyscale()
    .withDensity(72)
    .png()
    .toBuffer();
}

const reading = (text: string, confidence: number): OcrResult => ({
  text,
  confidence,
  lines: [{ text, confidence, bbox: { x0: 0, y0: 0, x1: 10, y1: 10 }, words: text.split(' ').map((w) => ({ text: w, confidence })) }],
});

/** An engine that answers `global` and `local` readings as given (`local: 'hang'` waits until aborted) and records the calls. */
function engine(local: OcrResult | 'hang', firstMs = 0) {
  const calls: { threshold: string; dpi: number | null }[] = [];
  const ocr: OcrEngine = {
    name: 'fake',
    languages: ['eng'],
    available: ['eng'],
    async recognize(image: Buffer, o: RecognizeOptions) {
      calls.push({ threshold: o.threshold ?? 'global', dpi: pngDensity(image) });
      if (o.threshold !== 'local') {
        if (firstMs) await new Promise((resolve) => setTimeout(resolve, firstMs));
        return reading('Date Title', 90);
      }
      if (local !== 'hang') return local;
      return new Promise<OcrResult>((_, reject) => o.signal.addEventListener('abort', () => reject(o.signal.reason as Error), { once: true }));
    },
  };
  return { ocr, calls };
}

describe('the per-tile threshold reading of a page with a mixed background', () => {
  it('reads a mixed page again with a per-tile threshold at 300 dpi and keeps that reading when it scores higher', async () => {
    const { ocr, calls } = engine(reading('Date Title Production Budget Box Office', 90));
    const r = await readPage(await mixedPage(), ocr, makeContext());
    expect(r.passes).toContain('local');
    expect(r.kept).toBe('local');
    expect(r.text).toContain('Box Office');
    expect(calls.find((c) => c.threshold === 'local')?.dpi).toBe(300);
  });

  it('keeps the first reading when the per-tile one scores lower, and skips the pass when told to', async () => {
    const { ocr } = engine(reading('Dte', 40));
    const r = await readPage(await mixedPage(), ocr, makeContext());
    expect(r.passes).toContain('local');
    expect(r.text).toBe('Date Title');
    const off = engine(reading('Date Title Production Budget Box Office', 90));
    const skipped = await readPage(await mixedPage(), off.ocr, makeContext(), { local: false });
    expect(skipped.passes).not.toContain('local');
    expect(off.calls.every((c) => c.threshold === 'global')).toBe(true);
  });

  it('gives the per-tile reading up when it takes far longer than the first one, keeping the first reading', { timeout: 30_000 }, async () => {
    const { ocr } = engine('hang');
    const r = await readPage(await mixedPage(), ocr, makeContext());
    expect(r.passes).toContain('local-timeout');
    expect(r.text).toBe('Date Title');
  });

  it('gives the page of a slow first reading its per-tile reading too (a budget of 4x a fractional time)', { timeout: 30_000 }, async () => {
    const { ocr } = engine(reading('Date Title Production Budget Box Office', 90), 2600);
    const r = await readPage(await mixedPage(), ocr, makeContext());
    expect(r.kept).toBe('local');
  });

  it('does not read a page of one background again', async () => {
    const { ocr, calls } = engine(reading('x', 99));
    const plain = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#f5f5f5' } })
      .greyscale()
      .png()
      .toBuffer();
    const r = await readPage(plain, ocr, makeContext());
    expect(r.passes).not.toContain('local');
    expect(calls.every((c) => c.threshold === 'global')).toBe(true);
  });
});
