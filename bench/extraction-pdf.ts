/**
 * PDF extraction throughput and memory: pages per wall second for text PDFs, OCR pages per second (the real
 * tesseract.js engine, one worker), rendering alone (a no-op OCR engine), and
 * peak RSS while one ~50 MB PDF is extracted (each measurement runs in a fresh child process, so its maxRSS is that
 * extraction's alone).
 *
 *   npm run bench:pdf -- [--pages 200] [--big-mb 50] [--ocr-pages 4]
 *
 * Inputs, generated with pdf-lib into bench/.cache: a text PDF of --pages pages of prose; a ~--big-mb MB PDF of the
 * same pages each carrying an incompressible image (text layer read, images never decoded); a ~--big-mb MB PDF of
 * scanned pages (page-sized noise images, so every page is rendered at 200 dpi); the manifest scan
 * ocrmypdf_c02-22.pdf repeated --ocr-pages times for OCR.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfExtractor } from '../src/extract/pdf.js';
import type { ExtractContext, OcrEngine } from '../src/extract/types.js';
import { createTesseractOcr, resolveLanguageData } from '../src/providers/tesseract-ocr.js';
import { CACHE_DIR, environment, intArg, loadAverage, log, markdownTable, mb, REPO_ROOT, round, writeResults } from './lib.js';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '200' },
    'big-mb': { type: 'string', default: '50' },
    'ocr-pages': { type: 'string', default: '4' },
    // Internal: run one extraction in this (child) process and print a JSON line.
    run: { type: 'string' },
    ocr: { type: 'string', default: 'none' },
  },
});

interface RunResult {
  file: string;
  bytes: number;
  pages: number;
  ocrPages: number;
  wallMs: number;
  maxRssMb: number;
  rssBeforeMb: number;
  chars: number;
}

async function makeOcr(kind: string): Promise<{ engine: OcrEngine | null; close: () => Promise<void>; name: string }> {
  if (kind === 'noop') return { engine: { name: 'noop', recognize: async () => ({ text: 'x', confidence: 0 }) }, close: async () => {}, name: 'noop (render only)' };
  if (kind === 'tesseract') {
    const languages = resolveLanguageData(['eng']).found;
    const engine = createTesseractOcr({ languages, workers: 1 });
    return { engine, close: () => engine.close(), name: 'tesseract.js (eng, 1 worker)' };
  }
  return { engine: null, close: async () => {}, name: 'none' };
}

/** Child mode: one extraction, then a JSON line with time and this process's peak RSS. */
async function runOne(file: string, ocrKind: string): Promise<void> {
  const ocr = await makeOcr(ocrKind);
  const bytes = fs.readFileSync(file);
  const rssBefore = process.memoryUsage().rss;
  const ctx: ExtractContext = {
    signal: new AbortController().signal,
    limits: {
      maxPages: 10_000,
      maxPixels: 40_000_000,
      maxAudioSeconds: 1,
      maxUnzippedBytes: 1,
      maxZipEntries: 1,
      timeoutMs: 3_600_000,
      parseTimeoutMs: 60_000,
      workerHeapMb: 1024,
      maxDecodedPixels: 400_000_000,
      maxInflatedBytes: 256 * 1024 * 1024,
    },
    progress: () => {},
    ocr: ocr.engine,
    transcriber: null,
    ffmpeg: null,
    tmpDir: CACHE_DIR,
  };
  const t0 = performance.now();
  const out = await pdfExtractor.extract({ path: file, size: bytes.length, mime: 'application/pdf', filename: path.basename(file), bytes: async () => bytes }, ctx);
  const wallMs = performance.now() - t0;
  await ocr.close();
  const result: RunResult = {
    file: path.basename(file),
    bytes: bytes.length,
    pages: Number(out.details?.pages),
    ocrPages: Number(out.details?.ocrPages),
    wallMs: Math.round(wallMs),
    maxRssMb: round(process.resourceUsage().maxRSS / 1024, 1),
    rssBeforeMb: mb(rssBefore),
    chars: out.content.length,
  };
  console.log(JSON.stringify(result));
}

const PROSE =
  'The quarterly review covers revenue, staffing and the roadmap for the next release of the product. Each team reported on its goals, ' +
  'the risks it sees and what it needs from the others. Customers asked for faster search, better imports and clearer billing.';

function noisePng(width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  const img = g.createImageData(width, height);
  for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : (Math.random() * 256) | 0;
  g.putImageData(img, 0, 0);
  return canvas.encode('png');
}

async function textPdf(file: string, pages: number, imageBytes: number): Promise<void> {
  if (fs.existsSync(file)) return;
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const side = imageBytes > 0 ? Math.round(Math.sqrt(imageBytes / 3)) : 0;
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    const words = `Page ${p + 1}. ${PROSE} ${PROSE} ${PROSE}`.split(' ');
    let line = '';
    let y = 740;
    for (const w of words) {
      if (font.widthOfTextAtSize(`${line} ${w}`, 11) > 500) {
        page.drawText(line, { x: 56, y, size: 11, font });
        y -= 14;
        line = w;
      } else line = line ? `${line} ${w}` : w;
    }
    page.drawText(line, { x: 56, y, size: 11, font });
    if (side) page.drawImage(await doc.embedPng(await noisePng(side, side)), { x: 56, y: 60, width: 200, height: 200 });
  }
  fs.writeFileSync(file, await doc.save());
}

async function scanPdf(file: string, totalBytes: number): Promise<void> {
  if (fs.existsSync(file)) return;
  const doc = await PDFDocument.create();
  const perPage = 2_500_000;
  const side = Math.round(Math.sqrt(perPage / 3));
  for (let p = 0; p < Math.ceil(totalBytes / perPage); p++) {
    const page = doc.addPage([612, 792]);
    page.drawImage(await doc.embedPng(await noisePng(side, Math.round(side * 1.3))), { x: 0, y: 0, width: 612, height: 792 });
  }
  fs.writeFileSync(file, await doc.save());
}

async function repeatedScan(file: string, source: string, copies: number): Promise<void> {
  if (fs.existsSync(file)) return;
  const src = await PDFDocument.load(fs.readFileSync(source));
  const doc = await PDFDocument.create();
  for (let i = 0; i < copies; i++) for (const page of await doc.copyPages(src, [0])) doc.addPage(page);
  fs.writeFileSync(file, await doc.save());
}

function child(file: string, ocr: string): RunResult {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench/extraction-pdf.ts'), '--run', file, '--ocr', ocr], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as RunResult;
}

async function main(): Promise<void> {
  const pages = intArg(args.pages, 200, 'pages');
  const bigMb = intArg(args['big-mb'], 50, 'big-mb');
  const ocrCopies = intArg(args['ocr-pages'], 4, 'ocr-pages');
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const textFile = path.join(CACHE_DIR, `pdf-text-${pages}p.pdf`);
  const bigFile = path.join(CACHE_DIR, `pdf-text-images-${pages}p-${bigMb}mb.pdf`);
  const scanFile = path.join(CACHE_DIR, `pdf-scans-${bigMb}mb.pdf`);
  const ocrFile = path.join(CACHE_DIR, `pdf-c02-22-x${ocrCopies}.pdf`);
  log('generating inputs (cached in bench/.cache)');
  await textPdf(textFile, pages, 0);
  await textPdf(bigFile, pages, (bigMb * 1024 * 1024) / pages);
  await scanPdf(scanFile, bigMb * 1024 * 1024);
  const shared = path.resolve(process.env.MNEMO_SHARED_DATA ?? path.join(REPO_ROOT, '../shared/data'), 'files/ocrmypdf_c02-22.pdf');
  await repeatedScan(ocrFile, shared, ocrCopies);

  const loadBefore = loadAverage();
  const runs: (RunResult & { case: string; ocr: string })[] = [];
  const cases: [string, string, string][] = [
    ['text PDF', textFile, 'none'],
    ['~50 MB text PDF with images', bigFile, 'none'],
    ['~50 MB scanned PDF, render only', scanFile, 'noop'],
    ['manifest scan, OCR', ocrFile, 'tesseract'],
  ];
  for (const [name, file, ocr] of cases) {
    log(`${name}: ${path.basename(file)} (${mb(fs.statSync(file).size)} MB), OCR ${ocr}`);
    const r = child(file, ocr);
    runs.push({ case: name, ocr, ...r });
    log(`  ${r.pages} pages in ${r.wallMs} ms -> ${round(r.pages / (r.wallMs / 1000))} pages/s, peak RSS ${r.maxRssMb} MB`);
  }
  const rows = runs.map((r) => [r.case, mb(r.bytes), r.pages, r.ocr, r.wallMs, round(r.pages / (r.wallMs / 1000)), r.maxRssMb]);
  const out = writeResults('extraction-pdf', { environment: environment(), loadAverageBefore: loadBefore, loadAverageAfter: loadAverage(), runs });
  console.log(`\n${markdownTable(['case', 'MB', 'pages', 'OCR', 'wall ms', 'pages/s', 'peak RSS MB'], rows)}`);
  console.log(`load average before ${loadBefore.join(' ')}, after ${loadAverage().join(' ')}`);
  console.log(`\nwrote ${path.relative(REPO_ROOT, out)}`);
}

if (args.run) await runOne(args.run, String(args.ocr));
else await main();
