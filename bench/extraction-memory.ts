/**
 * Peak and retained memory of hostile decodes (issue 27): a 9,500x9,500 grey PNG of ~100 KB (under the pixel cap),
 * a ~400 KB PDF with a 400 MiB Flate stream, and six of them at once. Each case runs in a fresh child process that
 * extracts through the real extractors (image pages decoded in the sandbox; OCR is a no-op engine, so the numbers
 * are the decoders' own), reports its peak RSS (VmHWM), then its RSS after the sandbox's idle time has passed.
 * The last case reads real screenshots and scans (test/fixtures/real) with the real tesseract.js engine, one after
 * another; with --baseline DIR the same case also runs an older checkout's extractors and engine (DIR/src), to show
 * what idle OCR workers hold.
 *
 *   npm run bench:memory -- [--idle-s 70] [--baseline DIR] [--ocr-only]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { imageExtractor } from '../src/extract/image.js';
import { pdfExtractor } from '../src/extract/pdf.js';
import { closeExtractionSandbox } from '../src/extract/sandbox/isolated.js';
import type { ExtractContext, Extractor } from '../src/extract/types.js';
import { DEFAULT_EXTRACT_LIMITS } from '../src/pipeline/file-to-text.js';
import type { createLogger as createLog } from '../src/core/logger.js';
import type { createOcrFromConfig as createOcr } from '../src/providers/tesseract-ocr.js';
import { flateBombPdf } from '../test/helpers/pdf-bomb.js';
import { CACHE_DIR, environment, intArg, loadAverage, log, markdownTable, REPO_ROOT, writeResults } from './lib.js';

const { values: args } = parseArgs({
  options: { 'idle-s': { type: 'string', default: '70' }, 'ocr-only': { type: 'boolean', default: false }, run: { type: 'string' }, ocr: { type: 'string' }, baseline: { type: 'string' } },
});
const idleS = intArg(args['idle-s'], 70, '--idle-s');
const PNG = path.join(CACHE_DIR, 'grey-9500.png');
const PDF = path.join(CACHE_DIR, 'flate-400mib.pdf');

const statusMb = (field: 'VmHWM' | 'VmRSS') =>
  Number(
    /(\d+) kB/.exec(
      fs
        .readFileSync('/proc/self/status', 'utf8')
        .split('\n')
        .find((l) => l.startsWith(field))!,
    )![1],
  ) / 1024;

async function extractOnce(file: string): Promise<string> {
  const pdf = file.endsWith('.pdf');
  const extractor: Extractor = pdf ? pdfExtractor : imageExtractor;
  const ctx: ExtractContext = {
    signal: new AbortController().signal,
    limits: DEFAULT_EXTRACT_LIMITS,
    progress: () => {},
    ocr: { name: 'noop', recognize: async () => ({ text: 'text', confidence: 90 }) },
    transcriber: null,
    ffmpeg: null,
    tmpDir: CACHE_DIR,
  };
  const bytes = fs.readFileSync(file);
  try {
    await extractor.extract({ path: file, size: bytes.length, mime: pdf ? 'application/pdf' : 'image/png', filename: null, bytes: async () => bytes }, ctx);
    return 'done';
  } catch (err) {
    return (err as { code?: string }).code ?? 'error';
  }
}

/** Real screenshots and scans read one after another by the real OCR engine of the tree at `src`. */
const OCR_FILES = ['wide-ui-screenshot.png', 'scan-wikipedia-ocr.pdf', 'bank-statement-screenshot.png', 'poster-white-on-blue.png'].map((f) => path.join(REPO_ROOT, 'test/fixtures/real', f));

async function ocrSequence(src: string): Promise<string[]> {
  // The tree at `src` may be an older checkout: its modules are loaded by path and used through today's types.
  const { createOcrFromConfig } = (await import(path.join(src, 'providers/tesseract-ocr.ts'))) as { createOcrFromConfig: typeof createOcr };
  const { createLogger } = (await import(path.join(src, 'core/logger.ts'))) as { createLogger: typeof createLog };
  const image = ((await import(path.join(src, 'extract/image.ts'))) as { imageExtractor: Extractor }).imageExtractor;
  const pdf = ((await import(path.join(src, 'extract/pdf.ts'))) as { pdfExtractor: Extractor }).pdfExtractor;
  const ocr = createOcrFromConfig({ enabled: true, languages: ['eng'], workers: 1 }, createLogger('silent')).engine!;
  const outcomes: string[] = [];
  for (const file of OCR_FILES) {
    const isPdf = file.endsWith('.pdf');
    const bytes = fs.readFileSync(file);
    const ctx: ExtractContext = { signal: new AbortController().signal, limits: DEFAULT_EXTRACT_LIMITS, progress: () => {}, ocr, transcriber: null, ffmpeg: null, tmpDir: CACHE_DIR };
    const r = await (isPdf ? pdf : image).extract({ path: file, size: bytes.length, mime: isPdf ? 'application/pdf' : 'image/png', filename: null, bytes: async () => bytes }, ctx).then(
      (x) => `${x.content.length} chars`,
      (err: { code?: string }) => err.code ?? 'error',
    );
    outcomes.push(r);
  }
  return outcomes;
}

/** Child mode: the extractions of one case at once, then a JSON line with peak and idle RSS. */
async function runCase(files: string[]): Promise<void> {
  const before = statusMb('VmRSS');
  const t0 = performance.now();
  const outcomes = args.ocr ? await ocrSequence(args.ocr) : await Promise.all(files.map(extractOnce));
  const wallMs = Math.round(performance.now() - t0);
  const peak = statusMb('VmHWM');
  const after = statusMb('VmRSS');
  await new Promise((r) => setTimeout(r, idleS * 1000));
  const idle = statusMb('VmRSS');
  await closeExtractionSandbox();
  console.log(JSON.stringify({ outcomes, wallMs, beforeMb: Math.round(before), peakMb: Math.round(peak), afterMb: Math.round(after), idleMb: Math.round(idle) }));
  // An older tree's OCR workers never end by themselves and would keep this child alive: the numbers are out, leave.
  process.exit(0);
}

if (args.run || args.ocr) {
  await runCase(args.run?.split(',') ?? []);
} else {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  if (!fs.existsSync(PNG)) {
    await sharp({ create: { width: 9500, height: 9500, channels: 3, background: { r: 128, g: 128, b: 128 } } })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toFile(PNG);
  }
  if (!fs.existsSync(PDF)) fs.writeFileSync(PDF, await flateBombPdf(400));
  const cases = [
    ...(args['ocr-only']
      ? []
      : [
          { name: `grey PNG 9,500x9,500 (${Math.round(fs.statSync(PNG).size / 1024)} KB)`, files: [PNG] },
          { name: `PDF with a 400 MiB Flate stream (${Math.round(fs.statSync(PDF).size / 1024)} KB)`, files: [PDF] },
          { name: 'six at once (3 PNG + 3 PDF)', files: [PNG, PNG, PNG, PDF, PDF, PDF] },
        ]),
    ...(args.baseline ? [{ name: 'real OCR, 4 screenshots and scans in turn (baseline)', files: [], ocr: path.resolve(args.baseline, 'src') }] : []),
    { name: 'real OCR, 4 screenshots and scans in turn', files: [], ocr: path.join(REPO_ROOT, 'src') },
  ];
  const loadBefore = loadAverage();
  const results = cases.map((c) => {
    log(`${c.name}…`);
    const mode = 'ocr' in c && c.ocr ? ['--ocr', c.ocr] : ['--run', c.files.join(',')];
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench/extraction-memory.ts'), ...mode, '--idle-s', String(idleS)], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 1 << 24 });
    const line = JSON.parse(out.trim().split('\n').pop()!) as { outcomes: string[]; wallMs: number; beforeMb: number; peakMb: number; afterMb: number; idleMb: number };
    return { case: c.name, ...line };
  });
  const table = markdownTable(
    ['case', 'outcomes', 'wall ms', 'RSS before MiB', 'peak RSS MiB', 'RSS after MiB', `RSS after ${idleS} s idle MiB`],
    results.map((r) => [r.case, r.outcomes.join(' '), r.wallMs, r.beforeMb, r.peakMb, r.afterMb, r.idleMb]),
  );
  console.log(table);
  const file = writeResults('extraction-memory', { environment: environment(), loadBefore, loadAfter: loadAverage(), limits: DEFAULT_EXTRACT_LIMITS, idleSeconds: idleS, results, table });
  log(`results: ${file}`);
}
