import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { createError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { OcrEngine } from './ocr.js';

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
  languages: readonly LanguageData[];
  /** Upper bound of concurrent recognitions (one tesseract worker thread each, created on first use). */
  workers: number;
  /** Try 90/180/270 degrees when the upright reading has low confidence (bounded: at most three more passes). */
  autoRotate?: boolean;
  logger?: Logger;
}

export type TesseractOcr = OcrEngine & { readonly languages: readonly string[]; close(): Promise<void> };

/**
 * OCR with tesseract.js, entirely offline: the wasm core is loaded from node_modules (tesseract.js-core), the worker
 * script is tesseract.js's own file, and the language data comes from a local langPath (the @tesseract.js-data
 * packages; several languages are linked into one temporary directory), with cacheMethod 'none' so nothing is
 * written to the working directory. A small pool instead of tesseract's scheduler: an aborted recognition
 * terminates exactly the worker that runs it, and a fresh one is created for the next job.
 */
export function createTesseractOcr(options: TesseractOcrOptions): TesseractOcr {
  if (options.languages.length === 0) throw new Error('createTesseractOcr: no language data');
  const codes = options.languages.map((l) => l.code);
  const size = Math.max(1, options.workers);
  const idle: Tesseract.Worker[] = [];
  const busy = new Set<Tesseract.Worker>();
  const waiting: (() => void)[] = [];
  let starting = 0;
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

  const spawn = async (): Promise<Tesseract.Worker> => {
    const cachePath = path.join(os.tmpdir(), 'mnemo-ocr-never-written');
    return Tesseract.createWorker(codes.join('+'), Tesseract.OEM.LSTM_ONLY, {
      langPath: langPath(),
      gzip: true,
      cacheMethod: 'none',
      cachePath,
      workerBlobURL: false,
      errorHandler: (err: unknown) => options.logger?.warn('tesseract worker error', { error: String(err) }),
    });
  };

  /** A free worker, or a new one while the pool is below its size; otherwise waits for one to be released. */
  const acquire = async (signal: AbortSignal): Promise<Tesseract.Worker> => {
    for (;;) {
      if (closed) throw new Error('OCR engine is closed');
      signal.throwIfAborted();
      const worker = idle.pop();
      if (worker) {
        busy.add(worker);
        return worker;
      }
      if (busy.size + starting < size) {
        starting++;
        try {
          const created = await spawn();
          if (closed) {
            await created.terminate().catch(() => {});
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

  const release = (worker: Tesseract.Worker, healthy: boolean) => {
    busy.delete(worker);
    if (healthy && !closed) idle.push(worker);
    else void worker.terminate().catch(() => {});
    waiting.shift()?.();
  };

  /** One recognition on one worker; an abort terminates that worker and rejects at once. */
  const run = async (image: Buffer, jobSignal: AbortSignal): Promise<{ text: string; confidence: number }> => {
    const signal = AbortSignal.any([jobSignal, closing.signal]);
    const worker = await acquire(signal);
    let onAbort: (() => void) | null = null;
    try {
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('OCR aborted'));
        signal.addEventListener('abort', onAbort, { once: true });
      });
      const { data } = await Promise.race([worker.recognize(image), aborted]);
      release(worker, true);
      return { text: data.text ?? '', confidence: Number.isFinite(data.confidence) ? data.confidence : 0 };
    } catch (err) {
      if (signal.aborted) {
        release(worker, false);
        throw err;
      }
      // tesseract.js rejects with a bare string. An image it cannot read leaves the worker usable and will not
      // read on a retry either; anything else (a crashed worker) gets a fresh worker and may be retried.
      const message = err instanceof Error ? err.message : String(err);
      const unreadable = /read image|image format|unsupported image/i.test(message);
      release(worker, unreadable);
      throw createError('EXTRACTION_FAILED', [`OCR failed: ${message}`], { permanent: unreadable, cause: err });
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  };

  const recognize: OcrEngine['recognize'] = async (image, { signal }) => {
    signal.throwIfAborted();
    const upright = await run(image, signal);
    if (options.autoRotate === false || (upright.confidence >= LOW_CONFIDENCE && upright.text.trim())) return upright;
    let best = upright;
    for (const angle of [90, 270, 180]) {
      const turned = await sharp(image).rotate(angle).png().toBuffer();
      const result = await run(turned, signal);
      if (result.text.trim() && result.confidence > best.confidence + ROTATION_MARGIN) best = result;
      if (best !== upright && best.confidence >= LOW_CONFIDENCE) break;
    }
    return best;
  };

  return {
    name: 'tesseract.js',
    languages: codes,
    recognize,
    async close() {
      closed = true;
      closing.abort(new Error('OCR engine closed'));
      for (const wake of waiting.splice(0)) wake();
      const all = [...idle.splice(0), ...busy];
      busy.clear();
      await Promise.allSettled(all.map((w) => w.terminate()));
      if (langDir?.temporary) fs.rmSync(langDir.path, { recursive: true, force: true });
      langDir = null;
    },
  };
}

/**
 * The OCR engine configured by MNEMO_OCR / MNEMO_OCR_LANGUAGES / MNEMO_OCR_WORKERS, or the reason there is none
 * (switched off, or no language package installed). A language without its package is left out with a warning.
 */
export function createOcrFromConfig(
  config: { enabled: boolean; languages: readonly string[]; workers: number },
  logger: Logger,
): { engine: TesseractOcr | null; reason?: string } {
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
  return { engine: createTesseractOcr({ languages: found, workers: config.workers, logger }) };
}
