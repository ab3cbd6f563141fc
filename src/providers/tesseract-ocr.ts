import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { createError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { KNOWN_LANGUAGES } from '../text/language.js';
import type { OcrEngine, OcrLine, OcrResult, OcrThreshold, PageLayout } from './ocr.js';

const require = createRequire(import.meta.url);

/** Below this mean word confidence (0-100) the page may be sideways or upside down: the other orientations are tried. */
const LOW_CONFIDENCE = 55;
/** An orientation replaces the upright reading only when it is clearly better. */
const ROTATION_MARGIN = 15;

export interface LanguageData {
  code: string;
  /** Directory holding `<code>.traineddata.gz` inside the installed @tesseract.js-data/<code> package. */
  dir: string;
}

/**
 * Finds the language data of each code in the installed npm packages @tesseract.js-data/<code>: the LSTM-only
 * `4.0.0_best_int` variant when present (smaller, faster), else `4.0.0`. Codes without a package are listed in
 * `missing` with the package to install.
 */
export function resolveLanguageData(codes: readonly string[]): { found: LanguageData[]; missing: { code: string; install: string }[] } {
  const found: LanguageData[] = [];
  const missing: { code: string; install: string }[] = [];
  for (const code of codes) {
    const pkg = `@tesseract.js-data/${code}`;
    let root: string | null = null;
    try {
      root = path.dirname(require.resolve(`${pkg}/package.json`));
    } catch {
      root = null;
    }
    const dir = root ? ['4.0.0_best_int', '4.0.0'].map((v) => path.join(root, v)).find((d) => fs.existsSync(path.join(d, `${code}.traineddata.gz`))) : undefined;
    if (dir) found.push({ code, dir });
    else missing.push({ code, install: pkg });
  }
  return { found, missing };
}

export interface TesseractOcrOptions {
  /** Every language whose data may be used; the first `defaultLanguages` of them are read when a job names none. */
  languages: readonly LanguageData[];
  /** Codes read when a recognition names no language (default: all of `languages`). */
  defaultLanguages?: readonly string[];
  /** Upper bound of concurrent recognitions (one tesseract worker thread each, created on first use). */
  workers: number;
  /** Try 90/180/270 degrees when the upright reading has low confidence (bounded: at most three more passes). */
  autoRotate?: boolean;
  /**
   * An idle worker ends after this long (default 30 s): tesseract's wasm heap only grows (to the largest image it
   * read, hundreds of MB) and is returned only when its worker ends. The next job starts a fresh one (about 1 s).
   */
  idleMs?: number;
  /** A worker ends after a job on an image of more pixels than this (default 6 MP), returning its grown heap at once. */
  recycleAbovePixels?: number;
  /** A worker ends after this many jobs (default 100). */
  maxJobsPerWorker?: number;
  logger?: Logger;
}

export type TesseractOcr = OcrEngine & { readonly languages: readonly string[]; readonly available: readonly string[]; readonly stats: { workers: number; busy: number; retired: number }; close(): Promise<void> };

const PSM: Record<PageLayout, Tesseract.PSM> = {
  auto: Tesseract.PSM.AUTO,
  sparse: Tesseract.PSM.SPARSE_TEXT,
  column: Tesseract.PSM.SINGLE_COLUMN,
  block: Tesseract.PSM.SINGLE_BLOCK,
  line: Tesseract.PSM.SINGLE_LINE,
};

/** tesseract's thresholding_method: 0 = Otsu over the whole page, 1 = Leptonica's tiled (adaptive) Otsu. */
const THRESHOLDING: Record<OcrThreshold, string> = { global: '0', local: '1' };

interface PooledWorker {
  worker: Tesseract.Worker;
  /** The language set it was started with ('fra+eng'). */
  langs: string;
  layout: PageLayout | null;
  threshold: OcrThreshold;
  jobs: number;
  idleTimer?: NodeJS.Timeout;
}

/** Pixel size of a PNG from its header (IHDR), or 0 when it is not a PNG. */
function pngPixels(image: Buffer): number {
  if (image.length < 24 || image.readUInt32BE(0) !== 0x89504e47) return 0;
  return image.readUInt32BE(16) * image.readUInt32BE(20);
}

/** Lines (with boxes and word confidences) of tesseract.js's block tree. */
function linesOf(page: Tesseract.Page): OcrLine[] {
  const out: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs ?? []) {
      for (const line of para.lines ?? []) {
        const words = (line.words ?? []).map((w) => ({ text: w.text, confidence: w.confidence, bbox: w.bbox }));
        out.push({ text: line.text.replace(/\s+$/, ''), confidence: line.confidence, bbox: line.bbox, words });
      }
    }
  }
  return out;
}

/**
 * OCR with tesseract.js, entirely offline: the wasm core is loaded from node_modules (tesseract.js-core), the worker
 * script is tesseract.js's own file, and the language data comes from a local langPath (the @tesseract.js-data
 * packages; several languages are linked into one temporary directory), with cacheMethod 'none' so nothing is
 * written to the working directory. A small pool instead of tesseract's scheduler: workers are started per language
 * set, an aborted recognition terminates exactly the worker that runs it, idle workers end after idleMs, and a
 * worker that read a large image ends after it (tesseract's heap never shrinks).
 */
export function createTesseractOcr(options: TesseractOcrOptions): TesseractOcr {
  if (options.languages.length === 0) throw new Error('createTesseractOcr: no language data');
  const codes = options.languages.map((l) => l.code);
  const defaults = (options.defaultLanguages ?? codes).filter((c) => codes.includes(c));
  const defaultKey = (defaults.length ? defaults : codes).join('+');
  const size = Math.max(1, options.workers);
  const idleMs = options.idleMs ?? 30_000;
  const recycleAbove = options.recycleAbovePixels ?? 6_000_000;
  const maxJobs = options.maxJobsPerWorker ?? 100;
  const idle: PooledWorker[] = [];
  const busy = new Set<PooledWorker>();
  const waiting: (() => void)[] = [];
  let starting = 0;
  let retired = 0;
  let closed = false;
  /** Aborts recognitions still running when the engine is closed (their workers are terminated). */
  const closing = new AbortController();
  let langDir: { path: string; temporary: boolean } | null = null;

  const langPath = (): string => {
    if (langDir) return langDir.path;
    const dirs = new Set(options.languages.map((l) => l.dir));
    if (dirs.size === 1) {
      langDir = { path: options.languages[0]!.dir, temporary: false };
    } else {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-ocr-lang-'));
      for (const l of options.languages) fs.symlinkSync(path.join(l.dir, `${l.code}.traineddata.gz`), path.join(tmp, `${l.code}.traineddata.gz`));
      langDir = { path: tmp, temporary: true };
    }
    return langDir.path;
  };

  const spawn = async (langs: string): Promise<PooledWorker> => {
    const cachePath = path.join(os.tmpdir(), 'mnemo-ocr-never-written');
    const worker = await Tesseract.createWorker(langs, Tesseract.OEM.LSTM_ONLY, {
      langPath: langPath(),
      gzip: true,
      cacheMethod: 'none',
      cachePath,
      workerBlobURL: false,
      errorHandler: (err: unknown) => options.logger?.warn('tesseract worker error', { error: String(err) }),
    });
    return { worker, langs, layout: null, threshold: 'global', jobs: 0 };
  };

  const retire = (w: PooledWorker) => {
    clearTimeout(w.idleTimer);
    retired++;
    void w.worker.terminate().catch(() => {});
  };

  /** A free worker for `langs` (reusing one started for other languages only when the pool is full), or waits. */
  const acquire = async (langs: string, signal: AbortSignal): Promise<PooledWorker> => {
    for (;;) {
      if (closed) throw new Error('OCR engine is closed');
      signal.throwIfAborted();
      const i = idle.findIndex((w) => w.langs === langs);
      if (i >= 0) {
        const [w] = idle.splice(i, 1);
        clearTimeout(w!.idleTimer);
        busy.add(w!);
        return w!;
      }
      // The pool is full of idle workers of other languages: the oldest one makes room.
      if (busy.size + starting + idle.length >= size && idle.length > 0) retire(idle.shift()!);
      if (busy.size + starting + idle.length < size) {
        starting++;
        try {
          const created = await spawn(langs);
          if (closed) {
            await created.worker.terminate().catch(() => {});
            throw new Error('OCR engine is closed');
          }
          busy.add(created);
          return created;
        } finally {
          starting--;
        }
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          signal.removeEventListener('abort', wake);
          resolve();
        };
        waiting.push(wake);
        signal.addEventListener('abort', wake, { once: true });
      });
    }
  };

  const release = (w: PooledWorker, healthy: boolean, pixels: number) => {
    busy.delete(w);
    w.jobs++;
    if (!healthy || closed || pixels > recycleAbove || w.jobs >= maxJobs) retire(w);
    else {
      idle.push(w);
      w.idleTimer = setTimeout(() => {
        const at = idle.indexOf(w);
        if (at >= 0) {
          idle.splice(at, 1);
          retire(w);
        }
      }, idleMs);
      w.idleTimer.unref();
    }
    waiting.shift()?.();
  };

  /** One recognition on one worker; an abort terminates that worker and rejects at once. */
  const run = async (image: Buffer, jobSignal: AbortSignal, layout: PageLayout, langs: string, threshold: OcrThreshold): Promise<OcrResult> => {
    const signal = AbortSignal.any([jobSignal, closing.signal]);
    const w = await acquire(langs, signal);
    const pixels = pngPixels(image);
    let onAbort: (() => void) | null = null;
    try {
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('OCR aborted'));
        signal.addEventListener('abort', onAbort, { once: true });
      });
      if (w.layout !== layout) {
        await Promise.race([w.worker.setParameters({ tessedit_pageseg_mode: PSM[layout] }), aborted]);
        w.layout = layout;
      }
      if (w.threshold !== threshold) {
        await Promise.race([w.worker.setParameters({ thresholding_method: THRESHOLDING[threshold] } as Partial<Tesseract.WorkerParams>), aborted]);
        w.threshold = threshold;
      }
      const { data } = await Promise.race([w.worker.recognize(image, {}, { text: true, blocks: true }), aborted]);
      release(w, true, pixels);
      return { text: data.text ?? '', confidence: Number.isFinite(data.confidence) ? data.confidence : 0, lines: linesOf(data) };
    } catch (err) {
      if (signal.aborted) {
        release(w, false, pixels);
        throw err;
      }
      // tesseract.js rejects with a bare string. An image it cannot read leaves the worker usable and will not
      // read on a retry either; anything else (a crashed worker) gets a fresh worker and may be retried.
      const message = err instanceof Error ? err.message : String(err);
      const unreadable = /read image|image format|unsupported image/i.test(message);
      release(w, unreadable, pixels);
      throw createError('EXTRACTION_FAILED', [`OCR failed: ${message}`], { permanent: unreadable, cause: err });
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  };

  const languageKey = (wanted: readonly string[] | undefined): string => {
    const usable = (wanted ?? []).filter((c) => codes.includes(c));
    return usable.length ? [...new Set(usable)].join('+') : defaultKey;
  };

  const recognize: OcrEngine['recognize'] = async (image, { signal, layout = 'auto', languages, autoRotate = true, threshold = 'global' }) => {
    signal.throwIfAborted();
    const langs = languageKey(languages);
    const upright = await run(image, signal, layout, langs, threshold);
    if (options.autoRotate === false || !autoRotate || (upright.confidence >= LOW_CONFIDENCE && upright.text.trim())) return upright;
    let best = upright;
    for (const angle of [90, 270, 180]) {
      const turned = await sharp(image).rotate(angle).png().toBuffer();
      const result = await run(turned, signal, layout, langs, threshold);
      if (result.text.trim() && result.confidence > best.confidence + ROTATION_MARGIN) best = { ...result, rotated: angle };
      if (best !== upright && best.confidence >= LOW_CONFIDENCE) break;
    }
    return best;
  };

  return {
    name: 'tesseract.js',
    languages: defaultKey.split('+'),
    available: codes,
    recognize,
    get stats() {
      return { workers: idle.length + busy.size, busy: busy.size, retired };
    },
    async close() {
      closed = true;
      closing.abort(new Error('OCR engine closed'));
      for (const wake of waiting.splice(0)) wake();
      const all = [...idle.splice(0), ...busy];
      busy.clear();
      for (const w of all) clearTimeout(w.idleTimer);
      await Promise.allSettled(all.map((w) => w.worker.terminate()));
      if (langDir?.temporary) fs.rmSync(langDir.path, { recursive: true, force: true });
      langDir = null;
    },
  };
}

/**
 * The OCR engine configured by MNEMO_OCR / MNEMO_OCR_LANGUAGES / MNEMO_OCR_WORKERS, or the reason there is none
 * (switched off, or no language package installed). A language without its package is left out with a warning.
 * MNEMO_OCR_LANGUAGES are read by default; the other installed languages of language.ts when a document asks.
 */
export function createOcrFromConfig(config: { enabled: boolean; languages: readonly string[]; workers: number }, logger: Logger): { engine: TesseractOcr | null; reason?: string } {
  if (!config.enabled) return { engine: null, reason: 'OCR is switched off (MNEMO_OCR=off)' };
  const { found, missing } = resolveLanguageData(config.languages);
  const install = missing.map((m) => m.install).join(' ');
  if (found.length === 0) {
    const reason = `no language data for ${config.languages.join('+')}: install the npm package(s) ${install}`;
    logger.warn('OCR not available: images and scanned PDF pages will fail', { reason });
    return { engine: null, reason };
  }
  if (missing.length > 0) {
    logger.warn('OCR languages left out: their language data is not installed', {
      languages: missing.map((m) => m.code),
      install: `npm install ${install}`,
      using: found.map((l) => l.code),
    });
  }
  // Besides the configured languages, every known language whose package is installed can be chosen per document
  // (a metadata hint, or the language detected in a first reading).
  const extra = resolveLanguageData(KNOWN_LANGUAGES.map((l) => l.tesseract).filter((c) => !config.languages.includes(c))).found;
  return { engine: createTesseractOcr({ languages: [...found, ...extra], defaultLanguages: found.map((l) => l.code), workers: config.workers, logger }) };
}
