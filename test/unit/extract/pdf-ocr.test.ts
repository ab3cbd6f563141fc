import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfExtractor } from '../../../src/extract/pdf.js';
import { createTesseractOcr, resolveLanguageData, type TesseractOcr } from '../../../src/providers/tesseract-ocr.js';
import { SHARED_FILES, makeContext, makeInput } from './fixtures.js';

// The PDF extractor with the real OCR engine (tesseract.js, English data from @tesseract.js-data/eng, offline).
let ocr: TesseractOcr;
beforeAll(() => {
  ocr = createTesseractOcr({ languages: resolveLanguageData(['eng']).found, workers: 1 });
});
afterAll(async () => {
  await ocr?.close();
});

const squash = (s: string) => s.replace(/\s+/g, ' ');
const scan = path.join(SHARED_FILES, 'ocrmypdf_c02-22.pdf');

describe('PDF extractor with tesseract.js', () => {
  it('reads a generated scan: a page that is only an image of text', async () => {
    const canvas = createCanvas(1200, 600);
    const g = canvas.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, 1200, 600);
    g.fillStyle = '#000';
    g.font = '56px sans-serif';
    g.fillText('Invoice number 4471', 80, 200);
    g.fillText('Payment due within thirty days', 80, 320);
    const doc = await PDFDocument.create();
    const page = doc.addPage([600, 300]);
    page.drawImage(await doc.embedPng(await canvas.encode('png')), { x: 0, y: 0, width: 600, height: 300 });
    const out = await pdfExtractor.extract(makeInput(Buffer.from(await doc.save()), 'application/pdf'), { ...makeContext(), ocr });
    expect(out.content).toMatch(/^## Page 1\n\n/);
    expect(squash(out.content)).toContain('Invoice number 4471');
    expect(squash(out.content)).toContain('Payment due within thirty days');
    expect(out.details).toMatchObject({ pages: 1, textPages: 0, ocrPages: 1 });
  }, 120_000);

  it.skipIf(!fs.existsSync(scan))(
    'reads the manifest phrases of the scanned ocrmypdf_c02-22.pdf',
    async () => {
      const manifest = JSON.parse(fs.readFileSync(path.join(SHARED_FILES, 'MANIFEST.json'), 'utf8')) as { file: string; phrases: string[] }[];
      const { phrases } = manifest.find((m) => m.file === 'ocrmypdf_c02-22.pdf')!;
      const out = await pdfExtractor.extract(makeInput(fs.readFileSync(scan), 'application/pdf'), { ...makeContext(), ocr });
      for (const phrase of phrases) expect(squash(out.content)).toContain(phrase);
      expect(out.details).toMatchObject({ ocrPages: 1 });
    },
    120_000,
  );
});
