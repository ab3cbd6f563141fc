import { createError } from '../core/errors.js';
import { readImageInfo, type DecodedPage, type ImagePageRequest } from './image-decode.js';
import { readPage } from './ocr-page.js';
import { runInSandbox } from './sandbox/isolated.js';
import { normalizeText } from './text-decode.js';
import type { Extractor } from './types.js';

/** Pages above this many pixels are decoded by a worker that ends after them (their buffers go with it). */
const LARGE_PAGE_PIXELS = 16_000_000;

const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/tiff', 'image/gif', 'image/bmp', 'image/x-ms-bmp', 'image/x-bmp'];

/** Tesseract output as paragraphs: lines without a letter or digit (specks, rules, borders) are dropped. */
export function ocrTextToParagraphs(text: string): string {
  const lines = normalizeText(text)
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .map((l) => (/[\p{L}\p{N}]/u.test(l) ? l : ''));
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * PNG, JPEG, WebP, TIFF (every page), GIF and animated WebP (first frame), BMP: decoded and normalised by
 * image-decode.ts (EXIF orientation, greyscale on white, modest upscaling, pixel cap), then OCRed page by page
 * through ctx.ocr. A multi-page TIFF gets one `## Page N` heading per page with text, like a PDF.
 */
export const imageExtractor: Extractor = {
  name: 'image',
  mimes: IMAGE_MIMES,
  needs: ['ocr'],
  async extract(input, ctx) {
    const ocr = ctx.ocr;
    if (!ocr) throw createError('ENGINE_UNAVAILABLE', ['OCR (images)', ctx.unavailable?.ocr ?? 'no OCR engine configured'], { permanent: true });
    const file = await input.bytes();
    const info = await readImageInfo(file, ctx.limits.maxPixels);
    const total = info.pages;
    if (total > ctx.limits.maxPages) {
      throw createError('EXTRACTION_LIMIT', [`the image has ${total} pages; the limit is ${ctx.limits.maxPages} pages`], { permanent: true });
    }

    const pages: { page: number; text: string; confidence: number }[] = [];
    const passes = new Set<string>();
    const languages = new Set<string>();
    let decoded = 0;
    ctx.progress({ unit: 'pages', done: 0, total, phase: 'ocr' });
    for (let i = 0; i < total; i++) {
      ctx.signal.throwIfAborted();
      // Pages are decoded in the extraction sandbox; a large page's worker ends afterwards, returning its memory.
      const request: ImagePageRequest = { bytes: new Uint8Array(file), index: i, maxPixels: ctx.limits.maxPixels };
      const large = info.width * info.height > LARGE_PAGE_PIXELS;
      const page = await runInSandbox<DecodedPage>('image-page', request, ctx.limits, { signal: ctx.signal, what: 'the image', recycle: large, transfer: [request.bytes.buffer as ArrayBuffer] });
      decoded += page.width * page.height;
      if (decoded > ctx.limits.maxDecodedPixels) {
        throw createError('EXTRACTION_LIMIT', [`the image's pages decode to more than ${ctx.limits.maxDecodedPixels} pixels in total (MNEMO_EXTRACT_MAX_DECODED_PIXELS)`], { permanent: true });
      }
      const colour = page.brightest ? Buffer.from(page.brightest.buffer, page.brightest.byteOffset, page.brightest.byteLength) : undefined;
      const result = await readPage(Buffer.from(page.png.buffer, page.png.byteOffset, page.png.byteLength), ocr, ctx, ctx.ocrPasses, colour);
      for (const pass of result.passes) if (pass !== result.passes[0]) passes.add(pass.split(':')[0]!);
      if (result.deskew) passes.add('deskew');
      for (const l of result.languages) languages.add(l);
      const text = ocrTextToParagraphs(result.text);
      if (text) pages.push({ page: i + 1, text, confidence: result.confidence });
      ctx.progress({ unit: 'pages', done: i + 1, total, phase: 'ocr' });
    }
    if (pages.length === 0) throw createError('EMPTY_CONTENT', [], { permanent: true });

    const content = total === 1 ? pages[0]!.text : pages.map((p) => `## Page ${p.page}\n\n${p.text}`).join('\n\n');
    // Mean confidence weighted by the amount of text each page contributed.
    const chars = pages.reduce((n, p) => n + p.text.length, 0);
    const confidence = pages.reduce((sum, p) => sum + p.confidence * p.text.length, 0) / chars;
    return {
      content,
      title: null,
      type: 'image',
      details: {
        format: info.format,
        width: info.width,
        height: info.height,
        pages: total,
        ...(total > 1 ? { ocrPages: pages.map((p) => p.page) } : {}),
        confidence: Math.round(confidence * 10) / 10,
        engine: ocr.name,
        ocrLanguages: [...languages],
        ...(passes.size ? { ocrPasses: [...passes] } : {}),
      },
    };
  },
};

/** Images (PNG, JPEG, WebP, TIFF, GIF, BMP): OCR. */
export const imageExtractors: readonly Extractor[] = [imageExtractor];
