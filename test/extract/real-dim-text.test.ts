import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/core/logger.js';
import { detectFileType } from '../../src/extract/detect.js';
import { extractorFor } from '../../src/extract/registry.js';
import { closeExtractionSandbox } from '../../src/extract/sandbox/isolated.js';
import { createOcrFromConfig, type TesseractOcr } from '../../src/providers/tesseract-ocr.js';
import { phraseRecall, realFixtures } from '../helpers/real-fixtures.js';
import { makeContext, makeInput } from '../unit/extract/fixtures.js';

// Real tesseract.js, as the server builds it (MNEMO_OCR_LANGUAGES=eng), on a dark terminal screenshot of the tuning set.
let ocr: TesseractOcr;
beforeAll(() => {
  ocr = createOcrFromConfig({ enabled: true, languages: ['eng'], workers: 1 }, createLogger('silent')).engine!;
});
afterAll(async () => {
  await ocr?.close();
  await closeExtractionSandbox();
});

describe('OCR of dim text beside bright text on a dark screenshot', { timeout: 600_000 }, () => {
  it("reads a Rich traceback's dim '(most recent call last)' next to its red 'Traceback', and keeps the bright lines", async () => {
    const f = realFixtures('MANIFEST.json').find((r) => r.file === 'screenshot-terminal-traceback.jpg')!;
    const detected = await detectFileType(f.path, { filename: f.file, declared: [] });
    const out = await extractorFor(detected.mime)!.extract(makeInput(fs.readFileSync(f.path), detected.mime, f.file), { ...makeContext({ parseTimeoutMs: 300_000, timeoutMs: 600_000 }), ocr });
    const r = phraseRecall(f.phrases, out.content);
    // The polarity reading alone gave 'Traceback © racent call last)'.
    expect(r.found).toEqual(expect.arrayContaining(['Traceback (most recent call last)', '/srv/shop/ingest_orders.py', '4812.75', 'KeyError']));
    expect(out.details?.ocrPasses).toEqual(expect.arrayContaining(['dim', 'dim-lines']));
  });
});
