// Worker-thread side of the PDF extractor (plain JavaScript so the thread starts without a TypeScript loader; the
// message shapes are in protocol.ts). pdf.js parses the document here, so a slow or hostile file never blocks the
// event loop and the caller can end it at any moment (Worker.terminate). The worker posts one page at a time and
// waits for `next` before it reads the following one; reading order is computed on the main thread (layout.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

/** @type {import('./protocol.ts').PdfWorkerInit} */
const init = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const post = (message, transfer = []) => port.postMessage(message, transfer);

let resume = null;
port.on('message', (m) => {
  if (m?.type === 'next' && resume) resume();
});
const waitForNext = () => new Promise((resolve) => (resume = resolve));

// pdfjs-dist ships CMaps (to read text in CJK fonts) and the standard 14 fonts; both are read from disk, never fetched.
const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const { OPS } = pdfjs;
const IMAGE_OPS = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat, OPS.paintInlineImageXObjectGroup]);

const UNREADABLE = /[\u0000-\u0008\u000e-\u001f\ufffd\ue000-\uf8ff]/g;

/**
 * Inflates every FlateDecode stream of the file, counting and discarding the output, and reports the first one that
 * inflates past init.maxInflatedBytes (a 400 KB PDF can hold a 400 MB stream, which pdf.js would decode whole).
 * Streams are found by their dictionary and the stream/endstream keywords; encrypted files are left to pdf.js.
 */
async function firstOversizedStream() {
  const bytes = Buffer.from(init.data.buffer, init.data.byteOffset, init.data.byteLength);
  const text = bytes.toString('latin1');
  if (/\/Encrypt\b/.test(text)) return null;
  const re = /\/FlateDecode[^]*?stream\r?\n/g;
  let m;
  while ((m = re.exec(text)) !== null) {
    // The dictionary must close before its stream keyword (no "endobj" in between): otherwise this was not its stream.
    if (m[0].includes('endobj')) {
      re.lastIndex = m.index + 1;
      continue;
    }
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end === -1) break;
    const size = await inflatedSize(bytes.subarray(start, end), init.maxInflatedBytes);
    if (size > init.maxInflatedBytes) return size;
    re.lastIndex = end;
  }
  return null;
}

/** Bytes `data` inflates to, counted while streaming and stopped once past `cap`; damaged data counts what came out. */
function inflatedSize(data, cap) {
  return new Promise((resolve) => {
    const inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    let size = 0;
    inflate.on('data', (chunk) => {
      size += chunk.length;
      if (size > cap) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('error', () => resolve(size));
    inflate.on('end', () => resolve(size));
    inflate.on('close', () => resolve(size));
    inflate.end(data);
  });
}

async function run() {
  const oversized = await firstOversizedStream();
  if (oversized !== null) {
    post({ type: 'limit', inflated: oversized });
    return;
  }
  const task = pdfjs.getDocument({
    data: init.data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    cMapUrl: `${pdfjsRoot}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    verbosity: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    const kind = err?.name === 'PasswordException' ? 'password' : err?.name === 'InvalidPDFException' ? 'invalid' : 'other';
    post({ type: 'error', kind, name: err?.name ?? 'Error', message: err?.message ?? String(err) });
    return;
  }
  const meta = await doc.getMetadata().catch(() => null);
  const title = typeof meta?.info?.Title === 'string' ? meta.info.Title : null;
  post({ type: 'open', pages: doc.numPages, title });
  await waitForNext();

  for (let n = 1; n <= doc.numPages; n++) {
    try {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items = [];
      let chars = 0;
      let unreadable = 0;
      for (const item of content.items) {
        if (typeof item.str !== 'string' || !item.str.trim()) continue;
        items.push({ str: item.str, transform: item.transform, width: item.width });
        chars += item.str.replace(/\s+/g, '').length;
        unreadable += item.str.match(UNREADABLE)?.length ?? 0;
      }
      // Fonts without a Unicode map come out as control or private-use characters: the page is read by OCR instead.
      const garbled = chars >= init.minChars && unreadable > 0.3 * chars;
      let scanned = garbled;
      let image = null;
      let dpi = init.dpi;
      if (chars < init.minChars) {
        const ops = await page.getOperatorList();
        scanned = ops.fnArray.some((op) => IMAGE_OPS.has(op));
        dpi = renderDpi(ops, viewport);
      }
      if (scanned && init.render) image = await renderPage(doc, page, dpi);
      page.cleanup();
      post({ type: 'page', page: n, items, viewport: viewport.transform, scanned, garbled, image }, image ? [image.png.buffer] : []);
    } catch (err) {
      post({ type: 'page-error', page: n, message: err?.message ?? String(err) });
    }
    await waitForNext();
  }
  await doc.destroy();
  post({ type: 'done' });
}

/** A scan rendered at init.dpi is enlarged at most this many times; a coarser one is rendered at its own resolution. */
const MAX_ENLARGEMENT = 2;
/** ...but at no less than this (a PDF point per pixel). */
const MIN_DPI = 72;

/**
 * The resolution to render a scanned page at: init.dpi, or the resolution of the page's largest image when rendering
 * at init.dpi would enlarge it more than MAX_ENLARGEMENT times. pdf.js's enlargement blurs a coarse scan's letters (a
 * 72 dpi report page rendered at 200 dpi lost three table phrases); pdf.ts enlarges such a render as an image file's
 * page is enlarged (image-decode.ts).
 */
function renderDpi(ops, viewport) {
  let best = null;
  ops.fnArray.forEach((op, i) => {
    // paintImageXObject's arguments are [id, width, height] (pdf.js 4-5).
    const [, w, h] = ops.argsArray[i] ?? [];
    if (op !== OPS.paintImageXObject || typeof w !== 'number' || typeof h !== 'number') return;
    if (!best || w * h > best.w * best.h) best = { w, h };
  });
  if (!best || !viewport.width || !viewport.height) return init.dpi;
  const own = Math.max((best.w * 72) / viewport.width, (best.h * 72) / viewport.height);
  return own * MAX_ENLARGEMENT < init.dpi ? Math.max(MIN_DPI, own) : init.dpi;
}

/** The page as PNG at `dpi`, scaled down to stay within init.maxPixels. */
async function renderPage(doc, page, dpi) {
  const base = page.getViewport({ scale: 1 });
  let scale = dpi / 72;
  const pixels = base.width * base.height * scale * scale;
  if (pixels > init.maxPixels) scale *= Math.sqrt(init.maxPixels / pixels);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  // The document's canvas factory loads the @napi-rs/canvas that pdf.js itself resolves: its Path2D/DOMMatrix
  // polyfills come from that copy, and objects of two native copies cannot be mixed.
  const factory = doc.canvasFactory;
  const target = factory.create(width, height);
  try {
    target.context.fillStyle = '#ffffff';
    target.context.fillRect(0, 0, width, height);
    await page.render({ canvasContext: target.context, viewport }).promise;
    const png = await target.canvas.encode('png');
    return { png: new Uint8Array(png), width, height, dpi: scale * 72 };
  } finally {
    factory.destroy(target);
  }
}

run().catch((err) => {
  post({ type: 'error', kind: 'other', name: err?.name ?? 'Error', message: err?.message ?? String(err) });
});
