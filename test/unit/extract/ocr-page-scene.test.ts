import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { readPage } from '../../../src/extract/ocr-page.js';
import { closeExtractionSandbox } from '../../../src/extract/sandbox/isolated.js';
import type { OcrEngine, OcrResult, RecognizeOptions } from '../../../src/providers/ocr.js';
import { NO_SANDBOX_PASSES } from './fake-ocr-page.js';

/** The sandbox-free passes plus the scene pass (its line finding runs in the sandbox). */
const PASSES = { ...NO_SANDBOX_PASSES, scene: true } as const;
import { makeContext } from './fixtures.js';

afterAll(() => closeExtractionSandbox());

/** A photo of a sign: dark letters on a light plate on a textured grey ground, as PNG. */
async function signPhoto(): Promise<Buffer> {
  const canvas = createCanvas(640, 480);
  const g = canvas.getContext('2d');
  g.fillStyle = '#6a6a6a';
  g.fillRect(0, 0, 640, 480);
  for (let i = 0; i < 60; i++) {
    g.fillStyle = i % 2 ? '#555' : '#888';
    g.fillRect((i * 97) % 600, (i * 53) % 440, 30, 12);
  }
  g.fillStyle = '#eee';
  g.fillRect(180, 150, 300, 80);
  g.fillStyle = '#111';
  g.font = 'bold 40px DejaVu Sans';
  g.fillText('PARKING', 200, 205);
  return canvas.encode('png');
}

const junk: OcrResult = { text: 'ae\n=\nEE\n', confidence: 40, lines: [{ text: 'ae =', confidence: 40, bbox: { x0: 0, y0: 0, x1: 20, y1: 10 }, words: [{ text: 'ae', confidence: 40 }] }] };
const page: OcrResult = {
  text: 'A page of text read with confidence from top to bottom\n',
  confidence: 92,
  lines: [
    {
      text: 'A page of text read with confidence from top to bottom',
      confidence: 92,
      bbox: { x0: 0, y0: 0, x1: 600, y1: 20 },
      words: 'A page of text read with confidence from top to bottom'.split(' ').map((text) => ({ text, confidence: 92 })),
    },
  ],
};

/** An engine that reads any single line as 'PARKING' (sure) and the whole page as `whole`. */
function engine(whole: OcrResult) {
  const layouts: string[] = [];
  const ocr: OcrEngine = {
    name: 'fake',
    languages: ['eng'],
    available: ['eng'],
    async recognize(_image: Buffer, o: RecognizeOptions) {
      layouts.push(o.layout ?? 'auto');
      return o.layout === 'line' ? { text: 'PARKING\n', confidence: 93, lines: [] } : whole;
    },
  };
  return { ocr, layouts };
}

describe('readPage on a photo whose readings find little text', () => {
  it('finds the text lines in the pixels, reads each as one line and adds the sure ones', async () => {
    const { ocr, layouts } = engine(junk);
    const r = await readPage(await signPhoto(), ocr, makeContext(), PASSES);
    expect(r.passes).toContain('scene');
    expect(r.passes).toContain('scene-lines');
    expect(r.text).toContain('PARKING');
    expect(layouts).toContain('line');
  });

  it('leaves a page read with confidence, and a photo with the pass off, as read', async () => {
    const confident = engine(page);
    const r = await readPage(await signPhoto(), confident.ocr, makeContext(), PASSES);
    expect(r.passes).not.toContain('scene');
    expect(confident.layouts).not.toContain('line');
    const off = engine(junk);
    const skipped = await readPage(await signPhoto(), off.ocr, makeContext(), { ...PASSES, scene: false });
    expect(skipped.text).not.toContain('PARKING');
    expect(off.layouts).not.toContain('line');
  });
});
