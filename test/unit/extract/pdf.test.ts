import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { degrees, PDFDocument, PDFName, StandardFonts, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfExtractor } from '../../../src/extract/pdf.js';
import { pngDensity } from '../../../src/extract/png-density.js';
import type { OcrEngine } from '../../../src/extract/types.js';
import { SHARED_FILES, makeContext, makeInput } from './fixtures.js';

const PDF = 'application/pdf';

interface PageSpec {
  size?: [number, number];
  lines?: string[];
  draw?: (page: PDFPage, doc: PDFDocument) => Promise<void>;
}

async function buildPdf(pages: PageSpec[], title?: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  if (title !== undefined) doc.setTitle(title);
  for (const spec of pages) {
    const page = doc.addPage(spec.size ?? [400, 500]);
    (spec.lines ?? []).forEach((line, i) => page.drawText(line, { x: 40, y: page.getHeight() - 60 - 16 * i, size: 11, font }));
    await spec.draw?.(page, doc);
  }
  return Buffer.from(await doc.save());
}

/** A page-sized image of some text and shapes (a "scan"), drawn over the whole page. */
async function scannedPage(page: PDFPage, doc: PDFDocument): Promise<void> {
  const canvas = createCanvas(600, 800);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 600, 800);
  g.fillStyle = '#000';
  g.font = '40px sans-serif';
  g.fillText('SCANNED TEXT', 60, 200);
  g.fillRect(60, 300, 400, 20);
  const png = await doc.embedPng(await canvas.encode('png'));
  page.drawImage(png, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
}

/** An OCR engine that records the size of each PNG it is given and answers with a marker text. */
function fakeOcr() {
  const calls: { width: number; height: number }[] = [];
  const engine: OcrEngine = {
    name: 'fake',
    async recognize(image) {
      expect(image.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      calls.push({ width: image.readUInt32BE(16), height: image.readUInt32BE(20) });
      return { text: `Recognised words of scan ${calls.length}, the whole page of a typed annual report`, confidence: 90 };
    },
  };
  return { engine, calls };
}

const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('PDF extractor (generated PDFs)', () => {
  it('extracts every page in order under a page heading, with details and per-page progress', async () => {
    const bytes = await buildPdf([{ lines: ['The first page talks about apples.'] }, { lines: ['The second page talks about pears.'] }, { lines: ['The third page talks about plums.'] }]);
    const ctx = makeContext();
    const out = await pdfExtractor.extract(makeInput(bytes, PDF), ctx);
    expect(out.content).toBe('## Page 1\n\nThe first page talks about apples.\n\n## Page 2\n\nThe second page talks about pears.\n\n## Page 3\n\nThe third page talks about plums.');
    expect(out.type).toBe('pdf');
    expect(out.details).toMatchObject({ pages: 3, textPages: 3, ocrPages: 0 });
    expect(ctx.events.map((e) => [e.unit, e.done, e.total])).toEqual([
      ['pages', 0, 3],
      ['pages', 1, 3],
      ['pages', 2, 3],
      ['pages', 3, 3],
    ]);
  });

  it('takes the title from the Info dictionary when meaningful, else the largest line of page 1', async () => {
    const titled = await buildPdf([{ lines: ['Body text of the report goes here.'] }], 'Annual Widget Report');
    expect((await pdfExtractor.extract(makeInput(titled, PDF), makeContext())).title).toBe('Annual Widget Report');
    const untitled = await buildPdf(
      [
        {
          lines: ['Body text line one of the page.', 'Body text line two of the page.'],
          draw: async (page, doc) => page.drawText('Big Heading Here', { x: 40, y: 470, size: 24, font: await doc.embedFont(StandardFonts.HelveticaBold) }),
        },
      ],
      'Untitled',
    );
    const out = await pdfExtractor.extract(makeInput(untitled, PDF), makeContext());
    expect(out.title).toBe('Big Heading Here');
    expect(out.details).toMatchObject({ title: 'Big Heading Here' });
  });

  it('reads a two-column page column by column', async () => {
    const left = ['Left column opens the story here', 'and keeps on going with more words', 'so that it reads like real prose', 'until the left column is over.'];
    const right = ['Right column continues the story', 'with its own lines of plain words', 'that belong after the left ones', 'and this is where it all ends.'];
    const bytes = await buildPdf([
      {
        size: [612, 500],
        draw: async (page, doc) => {
          const font = await doc.embedFont(StandardFonts.TimesRoman);
          page.drawText('A Page In Two Columns With A Long Title', { x: 150, y: 460, size: 16, font });
          left.forEach((t, i) => page.drawText(t, { x: 40, y: 400 - 13 * i, size: 11, font }));
          right.forEach((t, i) => page.drawText(t, { x: 330, y: 400 - 13 * i, size: 11, font }));
        },
      },
    ]);
    const text = squash((await pdfExtractor.extract(makeInput(bytes, PDF), makeContext())).content);
    expect(text).toContain(squash(left.join(' ')));
    expect(text).toContain(squash(right.join(' ')));
    expect(text.indexOf('until the left column is over.')).toBeLessThan(text.indexOf('Right column continues'));
  });

  it('reads turned pages (/Rotate, text drawn sideways) in their own line order', async () => {
    const lines = ['First line of the turned page', 'second line follows the first', 'third line ends it here.'];
    const specs: PageSpec[] = [0, 90, 180, 270].map((r) => ({
      draw: async (page, doc) => {
        const font = await doc.embedFont(StandardFonts.Helvetica);
        page.setRotation(degrees(r));
        lines.forEach((t, i) => page.drawText(t, { x: 40, y: 250 - 14 * i, size: 11, font }));
      },
    }));
    specs.push({
      size: [300, 400],
      draw: async (page, doc) => {
        const font = await doc.embedFont(StandardFonts.Helvetica);
        page.setRotation(degrees(90));
        lines.forEach((t, i) => page.drawText(t, { x: 50 + 14 * i, y: 40, size: 11, font, rotate: degrees(90) }));
      },
    });
    const out = await pdfExtractor.extract(makeInput(await buildPdf(specs), PDF), makeContext());
    const pages = out.content.split(/^## Page \d+\n\n/m).filter(Boolean);
    expect(pages.map((p) => squash(p).trim())).toEqual(Array(5).fill(lines.join(' ')));
  });

  it('renders a page without text for OCR at 200 dpi and puts the recognised text under its page', async () => {
    const bytes = await buildPdf([{ lines: ['A normal page with a text layer.'] }, { size: [300, 400], draw: scannedPage }]);
    const ocr = fakeOcr();
    const ctx = { ...makeContext(), ocr: ocr.engine };
    const out = await pdfExtractor.extract(makeInput(bytes, PDF), ctx);
    expect(ocr.calls).toEqual([{ width: 833, height: 1111 }]);
    expect(out.content).toBe('## Page 1\n\nA normal page with a text layer.\n\n## Page 2\n\nRecognised words of scan 1, the whole page of a typed annual report');
    expect(out.details).toMatchObject({ pages: 2, textPages: 1, ocrPages: 1 });
    expect(ctx.events).toContainEqual({ unit: 'pages', done: 1, total: 2, phase: 'ocr' });
  });

  it('sends a page whose text layer is unreadable (a font without a Unicode map) to OCR instead of keeping the junk', async () => {
    // Glyph names pdf.js cannot map: the text layer comes out as control characters.
    const garbled: PageSpec = {
      draw: async (page, doc) => {
        const c = doc.context;
        const names = Array.from({ length: 20 }, (_, i) => PDFName.of(`glyph${i + 1}x`));
        const font = c.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: c.obj({ Type: 'Encoding', Differences: [1, ...names] }) });
        page.node.setFontDictionary(PDFName.of('FX'), c.register(font));
        const codes = Array.from({ length: 8 }, (_, i) => `\\${(i + 1).toString(8).padStart(3, '0')}`).join('');
        page.node.set(PDFName.of('Contents'), c.register(c.flateStream(`BT /FX 12 Tf 30 200 Td (${codes}${codes}${codes}) Tj ET`)));
      },
    };
    const bytes = await buildPdf([{ lines: ['A readable first page.'] }, garbled]);
    const ocr = fakeOcr();
    const out = await pdfExtractor.extract(makeInput(bytes, PDF), { ...makeContext(), ocr: ocr.engine });
    expect(ocr.calls).toEqual([{ width: 1111, height: 1388 }]);
    expect(out.content).toBe('## Page 1\n\nA readable first page.\n\n## Page 2\n\nRecognised words of scan 1, the whole page of a typed annual report');
    const without = await pdfExtractor.extract(makeInput(bytes, PDF), makeContext());
    expect(without.content).toBe('## Page 1\n\nA readable first page.');
    expect(without.details).toMatchObject({ ocrSkippedPages: [2] });
  });

  it('renders a coarse scan (under 100 dpi) at its own resolution and enlarges it 2x for OCR, declared at that resolution', async () => {
    // A 600x800 image over a 720x960 pt page is a 60 dpi scan: pdf.js's enlargement to 200 dpi blurs its letters.
    const bytes = await buildPdf([
      { size: [720, 960], draw: scannedPage },
      { size: [300, 400], draw: scannedPage },
    ]);
    const seen: { width: number; height: number; dpi: number | null }[] = [];
    const engine: OcrEngine = {
      name: 'fake',
      async recognize(image) {
        seen.push({ width: image.readUInt32BE(16), height: image.readUInt32BE(20), dpi: pngDensity(image) });
        return { text: 'Recognised words of the whole page of a typed annual report', confidence: 90 };
      },
    };
    await pdfExtractor.extract(makeInput(bytes, PDF), { ...makeContext(), ocr: engine, ocrPasses: { deskew: false, largeLines: false, boxes: false } });
    // Rendered at 72 dpi (no coarser than a point a pixel): 720x960, then 2x. The 144 dpi page is rendered at 200 dpi as before.
    expect(seen).toEqual([
      { width: 1440, height: 1920, dpi: 144 },
      { width: 833, height: 1111, dpi: null },
    ]);
  });

  it('scales the rendered page down to the pixel limit', async () => {
    const bytes = await buildPdf([{ size: [300, 400], draw: scannedPage }]);
    const ocr = fakeOcr();
    await pdfExtractor.extract(makeInput(bytes, PDF), { ...makeContext({ maxPixels: 120_000 }), ocr: ocr.engine });
    const [call] = ocr.calls;
    expect(call!.width * call!.height).toBeLessThanOrEqual(120_000);
    expect(call!.width * call!.height).toBeGreaterThan(100_000);
    expect(call!.width / call!.height).toBeCloseTo(0.75, 1);
  });

  it('without an OCR engine notes skipped scanned pages, or fails with ENGINE_UNAVAILABLE when nothing else has text', async () => {
    const mixed = await buildPdf([{ lines: ['Only this page has a text layer.'] }, { draw: scannedPage }]);
    const out = await pdfExtractor.extract(makeInput(mixed, PDF), makeContext());
    expect(out.content).toBe('## Page 1\n\nOnly this page has a text layer.');
    expect(out.details).toMatchObject({ pages: 2, textPages: 1, ocrPages: 0, ocrSkippedPages: [2] });
    const scanOnly = await buildPdf([{ draw: scannedPage }]);
    await expect(pdfExtractor.extract(makeInput(scanOnly, PDF), makeContext())).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE', permanent: true });
  });

  it('fails with EMPTY_CONTENT when no page has text or images', async () => {
    const blank = await buildPdf([{}, {}]);
    await expect(pdfExtractor.extract(makeInput(blank, PDF), makeContext())).rejects.toMatchObject({ code: 'EMPTY_CONTENT' });
  });

  it('refuses more pages than the limit with a permanent EXTRACTION_LIMIT', async () => {
    const bytes = await buildPdf([{ lines: ['one'] }, { lines: ['two'] }, { lines: ['three'] }]);
    await expect(pdfExtractor.extract(makeInput(bytes, PDF), makeContext({ maxPages: 2 }))).rejects.toMatchObject({ code: 'EXTRACTION_LIMIT', permanent: true });
  });

  it('stops between pages when the signal aborts (the time limit) and rejects with its reason', async () => {
    const bytes = await buildPdf(Array.from({ length: 5 }, (_, i) => ({ lines: [`Page number ${i + 1} text.`] })));
    const controller = new AbortController();
    const ctx = makeContext({}, controller.signal);
    const reason = new Error('extraction time limit reached');
    ctx.progress = (p) => {
      ctx.events.push(p);
      if (p.done === 2) controller.abort(reason);
    };
    await expect(pdfExtractor.extract(makeInput(bytes, PDF), ctx)).rejects.toBe(reason);
    expect(Math.max(...ctx.events.map((e) => e.done))).toBe(2);
    const aborted = AbortSignal.abort(reason);
    await expect(pdfExtractor.extract(makeInput(bytes, PDF), makeContext({}, aborted))).rejects.toBe(reason);
  });

  it('honours the time limit inside a slow page: the parsing thread is ended, not waited for', async () => {
    // 51 KB that cost pdf.js seconds of CPU: one page of a million tiny filled rectangles.
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 300]);
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream('0 0 1 1 re f\n'.repeat(1_000_000))));
    const bytes = Buffer.from(await doc.save());
    const controller = new AbortController();
    const ctx = makeContext({}, controller.signal);
    const reason = new Error('extraction time limit reached');
    ctx.progress = (p) => {
      ctx.events.push(p);
      // Page 1 is being parsed now (the worker reads it right after the first progress report).
      if (p.done === 0) setTimeout(() => controller.abort(reason), 200);
    };
    await expect(pdfExtractor.extract(makeInput(bytes, PDF), ctx)).rejects.toBe(reason);
    expect(ctx.events.map((e) => e.done)).toEqual([0]);
  });

  it('fails with FILE_CORRUPT on truncated, non-PDF and empty files', async () => {
    const good = await buildPdf([{ lines: ['Some text that will be cut off.'] }, { lines: ['More text.'] }]);
    for (const cut of [0.3, 0.6, 0.9]) {
      const truncated = good.subarray(0, Math.floor(good.length * cut));
      await expect(pdfExtractor.extract(makeInput(truncated, PDF), makeContext()), `cut at ${cut}`).rejects.toMatchObject({ code: 'FILE_CORRUPT', permanent: true });
    }
    await expect(pdfExtractor.extract(makeInput(Buffer.from('this is not a PDF at all'), PDF), makeContext())).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
    await expect(pdfExtractor.extract(makeInput(Buffer.alloc(0), PDF), makeContext())).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
  });
});

interface ManifestEntry {
  file: string;
  kind: string;
  expect: 'text' | 'fails';
  phrases: string[];
}

const manifestPath = path.join(SHARED_FILES, 'MANIFEST.json');
const entries = (fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ManifestEntry[]) : []).filter((e) => e.file.endsWith('.pdf'));
const FAILURES: Record<string, string> = { 'pdf-encrypted': 'FILE_ENCRYPTED', 'pdf-corrupt': 'FILE_CORRUPT', tricky: 'FILE_CORRUPT' };

describe.skipIf(entries.length === 0)('PDF extractor (manifest files)', () => {
  for (const entry of entries.filter((e) => e.kind === 'pdf-text')) {
    it(`extracts the phrases of ${entry.file}`, async () => {
      const out = await pdfExtractor.extract(makeInput(fs.readFileSync(path.join(SHARED_FILES, entry.file)), PDF, entry.file), makeContext());
      for (const phrase of entry.phrases) expect(squash(out.content)).toContain(squash(phrase));
    });
  }

  for (const entry of entries.filter((e) => e.expect === 'fails')) {
    it(`fails ${entry.file} with ${FAILURES[entry.kind]}`, async () => {
      const bytes = fs.readFileSync(path.join(SHARED_FILES, entry.file));
      await expect(pdfExtractor.extract(makeInput(bytes, PDF, entry.file), makeContext())).rejects.toMatchObject({ code: FAILURES[entry.kind], permanent: true });
    });
  }

  it('reads the two-column sample across the column break and keeps the table cells of the NICS sample', async () => {
    const cols = await pdfExtractor.extract(makeInput(fs.readFileSync(path.join(SHARED_FILES, 'sample-files_multicolumn.pdf')), PDF), makeContext());
    // The sentence runs from the foot of column 1 to the top of column 2.
    expect(squash(cols.content)).toContain('Vivamus viverra fermentum felis. Donec nonummy pellentesque ante. Phasellus adipiscing semper elit.');
    expect(cols.details).toMatchObject({ pages: 3, textPages: 3, title: 'Two-Column Document with Lorem Ipsum' });
    const nics = await pdfExtractor.extract(makeInput(fs.readFileSync(path.join(SHARED_FILES, 'pdfplumber_nics-background-checks-2015-11.pdf')), PDF), makeContext());
    expect(nics.content).toMatch(/^District of Columbia \| 8 \| 54 \| 2 \| /m);
    expect(nics.content).toMatch(/\| 804,006 \|/);
  });

  it('needs OCR for the scanned sample: ENGINE_UNAVAILABLE without an engine, the rendered page with one', async () => {
    const bytes = fs.readFileSync(path.join(SHARED_FILES, 'ocrmypdf_c02-22.pdf'));
    await expect(pdfExtractor.extract(makeInput(bytes, PDF), makeContext())).rejects.toMatchObject({ code: 'ENGINE_UNAVAILABLE' });
    const ocr = fakeOcr();
    const out = await pdfExtractor.extract(makeInput(bytes, PDF), { ...makeContext(), ocr: ocr.engine });
    // 384 x 470.88 pt at 200 dpi.
    expect(ocr.calls).toEqual([{ width: 1066, height: 1308 }]);
    expect(out.details).toMatchObject({ pages: 1, textPages: 0, ocrPages: 1 });
  });
});
