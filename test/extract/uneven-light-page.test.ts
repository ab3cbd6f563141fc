import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/core/logger.js';
import { readPage } from '../../src/extract/ocr-page.js';
import { closeExtractionSandbox } from '../../src/extract/sandbox/isolated.js';
import { createOcrFromConfig, type TesseractOcr } from '../../src/providers/tesseract-ocr.js';
import { makeContext } from '../unit/extract/fixtures.js';

let ocr: TesseractOcr;
beforeAll(() => {
  ocr = createOcrFromConfig({ enabled: true, languages: ['eng'], workers: 1 }, createLogger('silent')).engine!;
});
afterAll(async () => {
  await ocr.close();
  await closeExtractionSandbox();
});

const W = 900;
const H = 360;
const LINES = ['Lighting falls off towards the left margin', 'of this photographed page, so one threshold', 'loses the start of every line it reads here', 'while the right side stays clear and bright.'];

/**
 * A page of four printed lines photographed with the light falling off to the left (paper grey ~80 at the left edge,
 * ~240 at the right; the ink darkens with it), like scikit-image's page.png, a tuning file that read 0/6 phrases.
 */
async function unevenPage(): Promise<Buffer> {
  const canvas = createCanvas(W, H);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, W, H);
  g.fillStyle = '#000';
  g.font = '26px DejaVu Sans';
  LINES.forEach((t, i) => g.fillText(t, 30, 60 + i * 70));
  const rgba = g.getImageData(0, 0, W, H).data;
  const grey = Buffer.alloc(W * H);
  for (let i = 0; i < grey.length; i++) grey[i] = Math.round(rgba[i * 4]! * Math.min(1, 0.3 + (0.75 * (i % W)) / W) * 0.95 + 12);
  return sharp(grey, { raw: { width: W, height: H, channels: 1 } })
    .withMetadata({ density: 150 })
    .png()
    .toBuffer();
}

describe('OCR of a page lit from one side', { timeout: 300_000 }, () => {
  it('reads every line whole through the flattened (polarity) reading; one threshold for the page loses the dim starts', async () => {
    const page = await unevenPage();
    const ctx = makeContext({ parseTimeoutMs: 300_000, timeoutMs: 600_000 });
    const r = await readPage(page, ocr, ctx);
    expect(r.passes).toContain('polarity');
    const text = r.text.replace(/\s+/g, ' ');
    for (const line of LINES) expect(text).toContain(line);
    const before = (await readPage(page, ocr, ctx, { polarity: false })).text.replace(/\s+/g, ' ');
    expect(LINES.filter((l) => before.includes(l)).length).toBeLessThan(2);
  });
});
