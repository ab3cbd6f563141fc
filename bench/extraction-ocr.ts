/**
 * OCR throughput: pages per wall second through the image extractor with tesseract.js (eng, 4.0.0_best_int,
 * LSTM only), per pool size.
 *
 *   npm run bench:ocr -- [--workers 1,2] [--pages 6]
 *
 * A "typical page" is an A4 page at 200 dpi (1654x2339) with 44 lines of 10-point sans-serif text, rendered with
 * @napi-rs/canvas and saved as PNG and as a JPEG at quality 70 (what a scanner or phone produces); the shared
 * tesseractjs_testocr.png (640x480, nine lines) is a small screenshot-sized page. Worker start-up (wasm core and
 * language data) is timed apart from the pages; process CPU seconds per page (worker threads included) are given
 * besides wall time, since they depend less on what else the machine runs. Every page is checked against its text
 * (word recall), so a wrong reading shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { imageExtractor } from '../src/extract/image.js';
import type { ExtractContext } from '../src/extract/types.js';
import { createTesseractOcr, resolveLanguageData } from '../src/providers/tesseract-ocr.js';
import { environment, intArg, loadAverage, log, markdownTable, REPO_ROOT, round, writeResults } from './lib.js';

const { values: args } = parseArgs({ options: { workers: { type: 'string', default: '1,2' }, pages: { type: 'string', default: '6' } } });
const poolSizes = String(args.workers)
  .split(',')
  .map((w) => intArg(w, 1, 'workers'));
const pageCount = intArg(args.pages, 6, 'pages');
const SHARED = path.resolve(process.env.MNEMO_SHARED_DATA ?? path.join(REPO_ROOT, '../shared/data'));

const WORDS = fs
  .readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')
  .replace(/[`|#*_[\]()<>{}=\\/-]+/g, ' ')
  .split(/\s+/)
  .filter((w) => /^[a-z]{2,}[.,;:]?$/i.test(w));

/** An A4 page at 200 dpi with `lines` lines of README words (offset so every page differs). */
function a4Page(offset: number, lines = 44): { png: Buffer; words: string[] } {
  const width = 1654;
  const height = 2339;
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#111111';
  g.font = '28px sans-serif';
  g.textBaseline = 'top';
  const used: string[] = [];
  let w = (offset * 331) % WORDS.length;
  for (let line = 0; line < lines; line++) {
    let text = '';
    while (g.measureText(`${text} ${WORDS[w % WORDS.length]}`).width < width - 260) text = text ? `${text} ${WORDS[w++ % WORDS.length]}` : WORDS[w++ % WORDS.length]!;
    used.push(...text.split(' '));
    g.fillText(text, 130, 160 + line * 46);
  }
  return { png: canvas.toBuffer('image/png'), words: used };
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
/** Share of the expected words found, in order-insensitive multiset terms (a rough word accuracy). */
function wordRecall(expected: string[], got: string): number {
  const bag = new Map<string, number>();
  for (const w of norm(got)) bag.set(w, (bag.get(w) ?? 0) + 1);
  let hit = 0;
  const all = norm(expected.join(' '));
  for (const w of all) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      hit++;
      bag.set(w, n - 1);
    }
  }
  return hit / all.length;
}

const pages = Array.from({ length: pageCount }, (_, i) => a4Page(i));
const kinds: { kind: string; make: (p: { png: Buffer }) => Promise<Buffer>; mime: string }[] = [
  { kind: 'A4 200 dpi PNG', make: async (p) => p.png, mime: 'image/png' },
  { kind: 'A4 200 dpi JPEG q70', make: (p) => sharp(p.png).jpeg({ quality: 70 }).toBuffer(), mime: 'image/jpeg' },
];
const testocr = fs.readFileSync(path.join(SHARED, 'files/tesseractjs_testocr.png'));

const ctx = (ocr: ExtractContext['ocr']): ExtractContext => ({
  signal: new AbortController().signal,
  limits: {
    maxPages: 100,
    maxPixels: 100_000_000,
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
  ocr,
  transcriber: null,
  ffmpeg: null,
  tmpDir: '/nonexistent',
});
const input = (bytes: Buffer, mime: string) => ({ path: '/nonexistent', size: bytes.length, mime, filename: null, bytes: async () => bytes });

const loadBefore = loadAverage();
const startups: { workers: number; startupMs: number }[] = [];
const totals: { workers: number; kind: string; pages: number; wallSeconds: number; pagesPerSecond: number; cpuSecondsPerPage: number; meanWordRecall: number; meanConfidence: number }[] = [];

for (const workers of poolSizes) {
  const ocr = createTesseractOcr({ languages: resolveLanguageData(['eng']).found, workers });
  // Start every worker of the pool (a tiny page each, concurrently) so start-up is not counted as page time.
  const tiny = await sharp(testocr).resize(320).png().toBuffer();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: workers }, () => ocr.recognize(tiny, { signal: new AbortController().signal })));
  startups.push({ workers, startupMs: Math.round(performance.now() - t0) });

  const suites = [
    ...kinds.map((k) => ({ kind: k.kind, mime: k.mime, items: pages.map((p) => ({ bytes: k.make(p), words: p.words })) })),
    {
      kind: 'testocr.png 640x480',
      mime: 'image/png',
      items: Array.from({ length: pageCount }, () => ({ bytes: Promise.resolve(testocr), words: ['12', 'point', 'text', 'to', 'test', 'the', 'quick', 'brown', 'dog', 'jumped', 'over', 'the', 'lazy', 'fox'] })),
    },
  ];
  for (const suite of suites) {
    const items = await Promise.all(suite.items.map(async (i) => ({ bytes: await i.bytes, words: i.words })));
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    // As many pages in flight as the pool has workers: what several documents at once would see.
    const results = await Promise.all(items.map((i) => imageExtractor.extract(input(i.bytes, suite.mime), ctx(ocr))));
    const wallSeconds = (performance.now() - started) / 1000;
    // Process CPU time includes the tesseract worker threads: less dependent on what else the machine runs.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const recalls = results.map((r, i) => wordRecall(items[i]!.words, r.content));
    const confidence = results.map((r) => Number(r.details?.confidence));
    const row = {
      workers,
      kind: suite.kind,
      pages: items.length,
      wallSeconds: round(wallSeconds, 2),
      pagesPerSecond: round(items.length / wallSeconds, 3),
      cpuSecondsPerPage: round(cpuSeconds / items.length, 2),
      meanWordRecall: round(recalls.reduce((a, b) => a + b, 0) / recalls.length, 3),
      meanConfidence: round(confidence.reduce((a, b) => a + b, 0) / confidence.length, 1),
    };
    totals.push(row);
    log(`workers=${workers} ${suite.kind}: ${row.pages} pages in ${row.wallSeconds} s -> ${row.pagesPerSecond} pages/s, ${row.cpuSecondsPerPage} CPU s/page, word recall ${row.meanWordRecall}`);
  }
  await ocr.close();
}

const out = writeResults('extraction-ocr', {
  engine: 'tesseract.js 7 (wasm, LSTM only), eng 4.0.0_best_int',
  environment: environment(),
  loadAverageBefore: loadBefore,
  loadAverageAfter: loadAverage(),
  startups,
  totals,
});
console.log(
  `\n${markdownTable(
    ['workers', 'page', 'pages', 'wall s', 'pages/s', 'CPU s/page', 'word recall', 'confidence'],
    totals.map((t) => [t.workers, t.kind, t.pages, t.wallSeconds, t.pagesPerSecond, t.cpuSecondsPerPage, t.meanWordRecall, t.meanConfidence]),
  )}`,
);
console.log(
  `\n${markdownTable(
    ['workers', 'start-up ms'],
    startups.map((s) => [s.workers, s.startupMs]),
  )}`,
);
console.log(`load average before ${loadBefore.join(' ')}, after ${loadAverage().join(' ')}`);
console.log(`\nwrote ${path.relative(REPO_ROOT, out)}`);
