import { createError } from '../../core/errors.js';
import { csvExtractor } from '../csv.js';
import { docxExtractor } from '../docx.js';
import { epubExtractor } from '../epub.js';
import { htmlExtractor } from '../html.js';
import { htmlToMarkdown } from '../html-to-markdown.js';
import { decodeImagePage, type ImagePageRequest } from '../image-decode.js';
import { jsonExtractor } from '../json.js';
import { makeOcrVariant, type OcrVariantRequest } from '../ocr-variants.js';
import { odpExtractor, odsExtractor, odtExtractor } from '../odf.js';
import { oleExtractor } from '../ole.js';
import { pptxExtractor } from '../pptx.js';
import { rtfExtractor } from '../rtf.js';
import { textExtractor } from '../text.js';
import type { ExtractLimits, ExtractProgress, Extractor } from '../types.js';
import { xlsxExtractor } from '../xlsx.js';

/** What a job gets besides its payload: a way to report progress to the extraction that waits for it. */
export interface JobContext {
  progress(p: unknown): void;
}

export type Job = (payload: any, ctx: JobContext) => Promise<unknown>;

/** Extractors that only parse (no OCR, transcription or ffmpeg): the 'extract' job runs them whole. */
const PARSERS: readonly Extractor[] = [
  docxExtractor,
  pptxExtractor,
  xlsxExtractor,
  csvExtractor,
  odtExtractor,
  odpExtractor,
  odsExtractor,
  rtfExtractor,
  epubExtractor,
  jsonExtractor,
  htmlExtractor,
  textExtractor,
  oleExtractor,
];

export interface ExtractJob {
  extractor: string;
  input: { path: string; size: number; mime: string; filename: string | null };
  /** The file's bytes (moved here from the extraction, see isolated.ts). */
  bytes: Uint8Array;
  limits: ExtractLimits;
  tmpDir: string;
}

/**
 * The jobs a sandbox worker runs, by name. A job is a plain function of a structured-cloneable payload; it throws
 * AppErrors as in-process code would. Termination is the worker's abort: jobs get a signal that never fires.
 */
export const JOBS: Record<string, Job> = {
  async extract(payload: ExtractJob, ctx: JobContext) {
    const extractor = PARSERS.find((e) => e.name === payload.extractor);
    if (!extractor) throw createError('EXTRACTION_FAILED', [`no sandboxed extractor named ${payload.extractor}`], { permanent: true });
    const unavailable = 'not available inside the extraction sandbox';
    return extractor.extract(
      { ...payload.input, bytes: async () => Buffer.from(payload.bytes.buffer, payload.bytes.byteOffset, payload.bytes.byteLength) },
      {
        signal: new AbortController().signal,
        limits: payload.limits,
        progress: (p: ExtractProgress) => ctx.progress(p),
        ocr: null,
        transcriber: null,
        ffmpeg: null,
        unavailable: { ocr: unavailable, transcriber: unavailable, ffmpeg: unavailable },
        tmpDir: payload.tmpDir,
      },
    );
  },
  /** An HTML page (document content, a fetched URL, an e-mail body) → its readable part as markdown. */
  async 'html-page'(payload: { html: string; url?: string }) {
    return htmlToMarkdown(payload.html, payload.url);
  },
  /** One page of an image file, decoded and prepared for OCR (image-decode.ts). */
  async 'image-page'(payload: ImagePageRequest) {
    return decodeImagePage(payload);
  },
  /** A page image derived for another OCR pass (ocr-page.ts): scaled. */
  async 'ocr-variant'(payload: OcrVariantRequest) {
    return makeOcrVariant(payload);
  },
};

/** Names of the extractors the 'extract' job can run. */
export const SANDBOXED_EXTRACTORS = new Set(PARSERS.map((e) => e.name));
