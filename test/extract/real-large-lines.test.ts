import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/core/logger.js';
import { detectFileType } from '../../src/extract/detect.js';
import type { OcrPassOptions } from '../../src/extract/ocr-page.js';
import { extractorFor } from '../../src/extract/registry.js';
import { closeExtractionSandbox } from '../../src/extract/sandbox/isolated.js';
import { createOcrFromConfig, type TesseractOcr } from '../../src/providers/tesseract-ocr.js';
import { phraseRecall, realFixtures } from '../helpers/real-fixtures.js';
import { makeContext, makeInput } from '../unit/extract/fixtures.js';

// Real tesseract.js, as the server builds it (MNEMO_OCR_LANGUAGES=eng), on the generated tuning scans of
// bench/extraction-report-pages.ts.
let ocr: TesseractOcr;
beforeAll(() => {
  ocr = createOcrFromConfig({ enabled: true, languages: ['eng'], workers: 1 }, createLogger('silent')).engine!;
});
afterAll(async () => {
  await ocr?.close();
  await closeExtractionSandbox();
});

const fixtures = Object.fromEntries(realFixtures('MANIFEST.json').map((f) => [f.file, f]));

async function read(file: string, passes?: OcrPassOptions) {
  const f = fixtures[file]!;
  const detected = await detectFileType(f.path, { filename: file, declared: [] });
  const ctx = { ...makeContext({ parseTimeoutMs: 300_000, timeoutMs: 600_000 }), ocr, ...(passes ? { ocrPasses: passes } : {}) };
  const out = await extractorFor(detected.mime)!.extract(makeInput(fs.readFileSync(f.path), detected.mime, file), ctx);
  return { out, ...phraseRecall(f.phrases, out.content) };
}

describe('OCR of lines of large type on scanned pages', { timeout: 600_000 }, () => {
  it("reads a bitonal brochure's bold title whole, whose capitals the page reading drops", async () => {
    // The page reading gives 'Riverside / ommunity / arden': the title's 'C' and 'G' are dropped as non-text blobs.
    const r = await read('scan-brochure-bitonal.tif');
    expect(r.out.details?.ocrPasses).toContain('large-lines-added');
    expect(r.out.content).toMatch(/^Riverside\s+Community\s+Garden\s/);
    expect(r.found).toEqual(expect.arrayContaining(['Riverside Community Garden', 'Margaret Ellis', 'Sowing seeds indoors']));
    const without = await read('scan-brochure-bitonal.tif', { largeLines: false });
    expect(without.found).not.toContain('Riverside Community Garden');
    // Only the title changed: every other phrase is read as before.
    expect(r.found).toEqual(expect.arrayContaining(without.found));
  });

  it('leaves a low-resolution report whose title the page reading has whole as it was', async () => {
    const r = await read('scan-report-low-res.pdf');
    expect(r.found).toContain('Annual Water Quality Report');
    expect(r.out.details?.ocrPasses ?? []).not.toContain('large-lines-added');
    expect(r.out.content.match(/Annual Water Quality Report/g)).toHaveLength(1);
  });
});
