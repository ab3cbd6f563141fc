import { Worker } from 'node:worker_threads';
import { createError } from '../core/errors.js';
import { readPage } from './ocr-page.js';
import type { OcrVariant, OcrVariantRequest } from './ocr-variants.js';
import { pageText, prominentLine, toBoxes } from './pdf/layout.js';
import { withPngDensity } from './png-density.js';
import { runInSandbox } from './sandbox/isolated.js';
import type { PdfMainMessage, PdfWorkerInit, PdfWorkerMessage } from './pdf/protocol.js';
import { meaningfulTitle } from './pdf/title.js';
import { normalizeText } from './text-decode.js';
import type { ExtractContext, Extractor } from './types.js';

// Plain JavaScript, so the thread starts without a TypeScript loader (tsx in a worker costs seconds per document).
const WORKER = new URL('./pdf/worker.mjs', import.meta.url);

/** Scans are rendered at this resolution for OCR (scaled down to ctx.limits.maxPixels). */
const OCR_DPI = 200;
/** Rendered pages never exceed this many pixels, whatever maxPixels allows (canvas memory; OCR time grows with it). */
const RENDER_MAX_PIXELS = 25_000_000;
/** A page whose text layer has fewer non-space characters and that paints an image is OCRed. */
const MIN_TEXT_CHARS = 16;
/** V8 heap of the parsing thread; a document needing more fails with EXTRACTION_LIMIT instead of taking the process down. */
const WORKER_HEAP_MB = 1024;

/** A worker thread seen as a queue of messages; ends with an error when the thread dies or `signal` aborts. */
function openWorker(init: PdfWorkerInit, signal: AbortSignal) {
  const worker = new Worker(WORKER, {
    workerData: init,
    transferList: [init.data.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    stdout: true,
    stderr: true,
  });
  const queue: PdfWorkerMessage[] = [];
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (m: PdfWorkerMessage) => {
    queue.push(m);
    notify();
  });
  worker.on('error', (err: Error & { code?: string }) => {
    failure =
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? createError('EXTRACTION_LIMIT', [`the PDF needs more than ${WORKER_HEAP_MB} MB of memory to parse`], { permanent: true, cause: err })
        : createError('FILE_CORRUPT', ['the PDF could not be parsed'], { permanent: true, cause: err });
    notify();
  });
  worker.on('exit', () => {
    failure ??= createError('EXTRACTION_FAILED', ['the PDF parser stopped unexpectedly']);
    notify();
  });
  const onAbort = () => {
    failure = signal.reason ?? new Error('aborted');
    void worker.terminate();
    notify();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  return {
    async next(): Promise<PdfWorkerMessage> {
      for (;;) {
        if (signal.aborted) throw signal.reason ?? new Error('aborted');
        const m = queue.shift();
        if (m) return m;
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    send(m: PdfMainMessage) {
      worker.postMessage(m);
    },
    async close() {
      signal.removeEventListener('abort', onAbort);
      await worker.terminate();
    },
  };
}

function failOpen(m: Extract<PdfWorkerMessage, { type: 'error' }>): never {
  if (m.kind === 'password') {
    throw createError('FILE_ENCRYPTED', ['the PDF needs a password to open; upload a copy without a password'], { permanent: true });
  }
  throw createError('FILE_CORRUPT', [m.kind === 'invalid' ? 'not a readable PDF (its structure is invalid)' : 'not a readable PDF'], { permanent: true });
}

/** A page rendered at this resolution or less is a coarse scan rendered at its own resolution (pdf/worker.mjs renderDpi). */
const COARSE_DPI = OCR_DPI / 2;
/** ...and is enlarged this many times for OCR, as image-decode.ts enlarges a small image file's page. */
const COARSE_ENLARGEMENT = 2;

/**
 * A rendered scan as OCR reads it: a coarse one (a 72 dpi page) enlarged with a sharp kernel and declared at its new
 * resolution, as the same scan sent as an image file is read; pdf.js's own enlargement to 200 dpi blurred a 72 dpi
 * report's table (5 of 8 phrases; as an image file, 8).
 */
async function pageForOcr(image: { png: Uint8Array; width: number; height: number; dpi: number }, ctx: ExtractContext): Promise<Buffer> {
  const png = Buffer.from(image.png.buffer, image.png.byteOffset, image.png.byteLength);
  const enlarged = image.width * image.height * COARSE_ENLARGEMENT ** 2;
  if (image.dpi > COARSE_DPI || enlarged > Math.min(ctx.limits.maxPixels, RENDER_MAX_PIXELS)) return png;
  const request: OcrVariantRequest = { png: new Uint8Array(png), op: 'scale', factor: COARSE_ENLARGEMENT };
  const out = await runInSandbox<OcrVariant>('ocr-variant', request, ctx.limits, { signal: ctx.signal, what: 'the page image', transfer: [request.png.buffer as ArrayBuffer] });
  return withPngDensity(Buffer.from(out.png.buffer, out.png.byteOffset, out.png.byteLength), Math.round(image.dpi * COARSE_ENLARGEMENT));
}

async function extractPdf(bytes: Buffer, ctx: ExtractContext) {
  if (bytes.length === 0) throw createError('FILE_CORRUPT', ['the PDF file is empty (0 bytes)'], { permanent: true });
  const data = new Uint8Array(bytes.length);
  data.set(bytes);
  const init: PdfWorkerInit = { data, render: ctx.ocr !== null, dpi: OCR_DPI, maxPixels: Math.min(ctx.limits.maxPixels, RENDER_MAX_PIXELS), minChars: MIN_TEXT_CHARS, maxInflatedBytes: ctx.limits.maxInflatedBytes };
  const worker = openWorker(init, ctx.signal);
  try {
    const open = await worker.next();
    if (open.type === 'error') failOpen(open);
    if (open.type === 'limit') {
      throw createError('EXTRACTION_LIMIT', [`a compressed stream of the PDF inflates to more than ${ctx.limits.maxInflatedBytes} bytes (MNEMO_EXTRACT_MAX_INFLATED_BYTES)`], { permanent: true });
    }
    if (open.type !== 'open') throw createError('EXTRACTION_FAILED', [`unexpected message ${open.type} from the PDF parser`]);
    const total = open.pages;
    if (total > ctx.limits.maxPages) {
      throw createError('EXTRACTION_LIMIT', [`the PDF has ${total} pages; the limit is ${ctx.limits.maxPages} pages`], { permanent: true });
    }
    ctx.progress({ unit: 'pages', done: 0, total, phase: 'text' });
    worker.send({ type: 'next' });

    const sections: string[] = [];
    const ocrPages: number[] = [];
    const ocrSkippedPages: number[] = [];
    const ocrPasses = new Set<string>();
    const ocrLanguages = new Set<string>();
    const failedPages: number[] = [];
    let textPages = 0;
    let heading: string | null = null;
    for (let done = 0; done < total;) {
      const m = await worker.next();
      if (m.type === 'error') throw createError('FILE_CORRUPT', ['the PDF could not be read'], { permanent: true });
      if (m.type === 'done') break;
      if (m.type !== 'page' && m.type !== 'page-error') continue;
      done = m.page;
      let text = '';
      if (m.type === 'page-error') failedPages.push(m.page);
      else if (m.image && ctx.ocr) {
        ctx.progress({ unit: 'pages', done: m.page - 1, total, phase: 'ocr' });
        const result = await readPage(await pageForOcr(m.image, ctx), ctx.ocr, ctx, ctx.ocrPasses);
        text = normalizeText(result.text);
        if (text) ocrPages.push(m.page);
        for (const pass of result.passes) if (pass !== result.passes[0]) ocrPasses.add(pass.split(':')[0]!);
        if (result.deskew) ocrPasses.add('deskew');
        if (result.kept.startsWith('language:')) ocrLanguages.add(result.kept.slice('language:'.length));
      } else {
        const boxes = m.garbled ? [] : toBoxes(m.items, m.viewport);
        text = pageText(boxes);
        if (m.scanned) ocrSkippedPages.push(m.page);
        else if (text) textPages++;
        if (m.page === 1) heading = prominentLine(boxes);
      }
      if (text) sections.push(`## Page ${m.page}\n\n${text}`);
      ctx.progress({ unit: 'pages', done: m.page, total, phase: ocrPages.includes(m.page) ? 'ocr' : 'text' });
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
      worker.send({ type: 'next' });
    }

    const content = normalizeText(sections.join('\n\n'));
    if (!content) {
      if (ocrSkippedPages.length > 0) {
        throw createError('ENGINE_UNAVAILABLE', ['OCR (needed for this scanned PDF)', ctx.unavailable?.ocr ?? 'no OCR engine is configured'], { permanent: true });
      }
      if (failedPages.length === total && total > 0) throw createError('FILE_CORRUPT', ['no page of the PDF could be read'], { permanent: true });
      throw createError('EMPTY_CONTENT', [], { permanent: true });
    }
    const title = meaningfulTitle(open.title) ?? heading;
    const details: Record<string, unknown> = { format: 'pdf', pages: total, textPages, ocrPages: ocrPages.length, title };
    if (ocrSkippedPages.length > 0) details.ocrSkippedPages = ocrSkippedPages;
    if (ocrPasses.size > 0) details.ocrPasses = [...ocrPasses];
    if (ocrLanguages.size > 0) details.ocrLanguages = [...ocrLanguages];
    if (failedPages.length > 0) details.failedPages = failedPages;
    return { content, title, type: 'pdf' as const, details };
  } finally {
    await worker.close();
  }
}

/**
 * PDF: the text layer in reading order (columns, table rows as "a | b | c") under one `## Page N` heading per page,
 * so chunks and search results carry their page; pages without a text layer that paint an image are rendered at
 * 200 dpi and OCRed. Parsing runs in a worker thread that is terminated on abort (time limit) or when done.
 */
export const pdfExtractor: Extractor = {
  name: 'pdf',
  mimes: ['application/pdf'],
  async extract(input, ctx) {
    return extractPdf(await input.bytes(), ctx);
  },
};

export const pdfExtractors: readonly Extractor[] = [pdfExtractor];
