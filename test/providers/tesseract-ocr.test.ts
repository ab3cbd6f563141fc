import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/core/logger.js';
import { createOcrFromConfig, createTesseractOcr, resolveLanguageData, type TesseractOcr } from '../../src/providers/tesseract-ocr.js';
import { renderText, words } from '../helpers/images.js';

const NODE_MODULES = path.resolve(import.meta.dirname, '../../node_modules');
const never = () => new AbortController().signal;

function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger('debug', (l) => lines.push(JSON.parse(l) as Record<string, unknown>)) };
}

describe('language data', () => {
  it('resolves installed @tesseract.js-data packages to local directories and names the package for missing ones', () => {
    const { found, missing } = resolveLanguageData(['eng', 'xyz']);
    expect(found).toEqual([{ code: 'eng', dir: path.join(NODE_MODULES, '@tesseract.js-data/eng/4.0.0_best_int') }]);
    expect(fs.existsSync(path.join(found[0]!.dir, 'eng.traineddata.gz'))).toBe(true);
    expect(missing).toEqual([{ code: 'xyz', install: '@tesseract.js-data/xyz' }]);
  });

  it('is unavailable with a reason when switched off or when no language package is installed', () => {
    expect(createOcrFromConfig({ enabled: false, languages: ['eng'], workers: 1 }, createLogger('silent'))).toEqual({
      engine: null,
      reason: 'OCR is switched off (MNEMO_OCR=off)',
    });
    const { lines, logger } = captureLogger();
    const none = createOcrFromConfig({ enabled: true, languages: ['xyz'], workers: 1 }, logger);
    expect(none.engine).toBeNull();
    expect(none.reason).toContain('install the npm package(s) @tesseract.js-data/xyz');
    expect(lines.some((l) => l.level === 'warn' && String(l.reason).includes('@tesseract.js-data/xyz'))).toBe(true);
  });

  it('leaves out a language without its package, with a warning naming it', async () => {
    const { lines, logger } = captureLogger();
    const some = createOcrFromConfig({ enabled: true, languages: ['eng', 'xyz'], workers: 1 }, logger);
    expect(some.engine?.languages).toEqual(['eng']);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', languages: ['xyz'], install: 'npm install @tesseract.js-data/xyz' }));
    await some.engine?.close();
  });
});

describe('tesseract.js engine', { timeout: 120_000 }, () => {
  let ocr: TesseractOcr;
  const created = vi.spyOn(Tesseract, 'createWorker');
  const cwdBefore = new Set(fs.readdirSync(process.cwd()));
  const sentence = renderText(['Offline recognition works without any network.']);

  beforeAll(() => {
    ocr = createTesseractOcr({ languages: resolveLanguageData(['eng']).found, workers: 1 });
  });
  afterAll(async () => {
    await ocr?.close();
    created.mockRestore();
  });
  afterEach(() => {
    // Nothing (cached traineddata in particular) is ever written into the working directory.
    expect(fs.readdirSync(process.cwd()).filter((f) => !cwdBefore.has(f) && /traineddata/.test(f))).toEqual([]);
  });

  it('starts its worker on first use with local language data and no cache writes', async () => {
    expect(created).not.toHaveBeenCalled();
    const result = await ocr.recognize(sentence, { signal: never() });
    expect(words(result.text)).toBe('offline recognition works without any network');
    expect(result.confidence).toBeGreaterThan(80);
    expect(created).toHaveBeenCalledTimes(1);
    const [langs, , options] = created.mock.calls[0]!;
    expect(langs).toBe('eng');
    // A local directory (never a URL, so never the CDN default), no cache file, the core from node_modules.
    expect(options).toMatchObject({ langPath: path.join(NODE_MODULES, '@tesseract.js-data/eng/4.0.0_best_int'), cacheMethod: 'none', gzip: true });
    expect(options).not.toHaveProperty('corePath');
  });

  it('runs concurrent recognitions on at most the configured number of workers', async () => {
    const calls = created.mock.calls.length;
    const [a, b] = await Promise.all([ocr.recognize(sentence, { signal: never() }), ocr.recognize(sentence, { signal: never() })]);
    expect(words(a.text)).toBe(words(b.text));
    expect(created.mock.calls.length).toBe(calls);
  });

  it('aborts a recognition at once and replaces its worker for the next one', async () => {
    const big = await sharp(renderText(Array.from({ length: 30 }, (_, i) => `Line ${i} of a long page that takes a while to read.`)))
      .png()
      .toBuffer();
    const ac = new AbortController();
    const pending = ocr.recognize(big, { signal: ac.signal });
    setTimeout(() => ac.abort(new Error('stop now')), 300);
    await expect(pending).rejects.toThrow('stop now');
    const calls = created.mock.calls.length;
    const after = await ocr.recognize(sentence, { signal: never() });
    expect(words(after.text)).toBe('offline recognition works without any network');
    expect(created.mock.calls.length).toBe(calls + 1);
  });

  it('fails with a permanent EXTRACTION_FAILED on bytes it cannot read, and keeps its worker', async () => {
    const calls = created.mock.calls.length;
    const err = await ocr.recognize(Buffer.from('these bytes are not an image'), { signal: never() }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'EXTRACTION_FAILED', permanent: true });
    expect(words((await ocr.recognize(sentence, { signal: never() })).text)).toBe('offline recognition works without any network');
    expect(created.mock.calls.length).toBe(calls);
  });

  it('rejects an already aborted signal without starting work', async () => {
    const ac = new AbortController();
    ac.abort(new Error('too late'));
    await expect(ocr.recognize(sentence, { signal: ac.signal })).rejects.toThrow('too late');
  });

  it('reads with several languages whose data sit in different packages', async () => {
    // A second "language" in another directory: a copy of eng under another code.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-ocr-test-lang-'));
    fs.copyFileSync(path.join(resolveLanguageData(['eng']).found[0]!.dir, 'eng.traineddata.gz'), path.join(dir, 'engcopy.traineddata.gz'));
    const multi = createTesseractOcr({ languages: [...resolveLanguageData(['eng']).found, { code: 'engcopy', dir }], workers: 1 });
    try {
      const result = await multi.recognize(sentence, { signal: never() });
      expect(words(result.text)).toBe('offline recognition works without any network');
      expect(created.mock.calls.at(-1)![0]).toBe('eng+engcopy');
    } finally {
      await multi.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never touches the network, in the main thread or in the tesseract worker threads', () => {
    // A child process whose every thread (NODE_OPTIONS --require is applied to worker threads too) has fetch,
    // http(s) and TCP connections (local IPC sockets stay allowed) replaced by a function that records the attempt and throws.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-ocr-offline-'));
    try {
      const blocker = path.join(dir, 'block-network.cjs');
      fs.writeFileSync(
        blocker,
        `const { threadId } = require('node:worker_threads');
const block = (what) => () => { process.stderr.write('NETWORK ' + what + ' in thread ' + threadId + '\\n'); throw new Error('network blocked: ' + what); };
globalThis.fetch = block('fetch');
for (const m of ['http', 'https']) { const mod = require(m); mod.request = block(m + '.request'); mod.get = block(m + '.get'); }
const net = require('node:net');
for (const k of ['connect', 'createConnection']) { const orig = net[k]; net[k] = function (a, ...rest) { const local = (typeof a === 'string' && isNaN(Number(a))) || (typeof a === 'object' && a && a.path); return local ? orig.call(this, a, ...rest) : block('net.' + k)(); }; }
process.stderr.write('blocker in thread ' + threadId + '\\n');`,
      );
      const script = path.join(dir, 'recognize.mts');
      const image = path.join(dir, 'page.png');
      fs.writeFileSync(image, sentence);
      fs.writeFileSync(
        script,
        `import fs from 'node:fs';
import { createTesseractOcr, resolveLanguageData } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../src/providers/tesseract-ocr.ts'))};
const ocr = createTesseractOcr({ languages: resolveLanguageData(['eng']).found, workers: 1 });
const r = await ocr.recognize(fs.readFileSync(${JSON.stringify(image)}), { signal: new AbortController().signal });
process.stdout.write(r.text);
await ocr.close();`,
      );
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, NODE_OPTIONS: `--require ${blocker}` },
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(run.stderr).not.toContain('NETWORK');
      // The blocker really was active in the worker threads tesseract.js started.
      expect(run.stderr).toMatch(/blocker in thread [1-9]/);
      expect(words(run.stdout)).toBe('offline recognition works without any network');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends an idle worker after idleMs, returning its memory, and starts a fresh one for the next job', async () => {
    const short = createTesseractOcr({ languages: resolveLanguageData(['eng']).found, workers: 1, idleMs: 200 });
    try {
      await short.recognize(sentence, { signal: never() });
      expect(short.stats).toMatchObject({ workers: 1, busy: 0, retired: 0 });
      await vi.waitFor(() => expect(short.stats).toMatchObject({ workers: 0, retired: 1 }), { timeout: 10_000, interval: 50 });
      const calls = created.mock.calls.length;
      expect(words((await short.recognize(sentence, { signal: never() })).text)).toBe('offline recognition works without any network');
      expect(created.mock.calls.length).toBe(calls + 1);
    } finally {
      await short.close();
    }
  });

  it('ends the worker after an image larger than recycleAbovePixels (its heap grew to that image)', async () => {
    const small = createTesseractOcr({ languages: resolveLanguageData(['eng']).found, workers: 1, recycleAbovePixels: 10_000 });
    try {
      await small.recognize(sentence, { signal: never() });
      expect(small.stats).toMatchObject({ workers: 0, retired: 1 });
    } finally {
      await small.close();
    }
  });

  it('reads with the languages a job names, on a worker started for them', async () => {
    const multi = createTesseractOcr({ languages: resolveLanguageData(['eng', 'fra']).found, defaultLanguages: ['eng'], workers: 1 });
    try {
      expect([multi.languages, multi.available]).toEqual([['eng'], ['eng', 'fra']]);
      const french = renderText(['Le garçon a mangé à côté de la fenêtre.']);
      const result = await multi.recognize(french, { signal: never(), languages: ['fra', 'eng'] });
      expect(result.text).toContain('garçon a mangé à côté de la fenêtre');
      expect(created.mock.calls.at(-1)![0]).toBe('fra+eng');
      expect(result.lines?.length).toBeGreaterThan(0);
      expect(result.lines![0]!.words.every((w) => w.confidence > 0)).toBe(true);
    } finally {
      await multi.close();
    }
  });

  it('gives each word its box, and says by how much it turned an image it read turned round', async () => {
    const upright = await ocr.recognize(sentence, { signal: never() });
    const words = upright.lines!.flatMap((l) => l.words);
    expect(words.map((w) => w.text).join(' ')).toBe('Offline recognition works without any network.');
    // Boxes in the image's pixels, left to right along the line.
    for (const w of words) expect(w.bbox!.x1).toBeGreaterThan(w.bbox!.x0);
    expect(words.map((w) => w.bbox!.x0)).toEqual([...words.map((w) => w.bbox!.x0)].sort((a, b) => a - b));
    expect(upright.rotated).toBeUndefined();
    // Upside down the upright reading is poor and a turned one is kept (tesseract reads a line on its side as it is,
    // so the angle kept for this page need not be 180); its boxes are of the turned image.
    const upsideDown = await sharp(sentence).rotate(180).png().toBuffer();
    const turned = await ocr.recognize(upsideDown, { signal: never() });
    expect(turned.text).toContain('Offline recognition works');
    expect([90, 180, 270]).toContain(turned.rotated);
  });

  it('refuses work once closed', async () => {
    const closing = createTesseractOcr({ languages: resolveLanguageData(['eng']).found, workers: 1 });
    await closing.close();
    await expect(closing.recognize(sentence, { signal: never() })).rejects.toThrow('closed');
  });
});
