import type { DocumentType } from '../core/types.js';
import type { LanguageInfo } from '../text/language.js';
import type { OcrPassOptions } from './ocr-page.js';
import type { MediaTool } from '../providers/media-tool.js';
import type { OcrEngine } from '../providers/ocr.js';
import type { Transcriber } from '../providers/transcriber.js';

export type { MediaTool, OcrEngine, Transcriber };

/**
 * One file handed to an extractor: a local path (extractors that run external programs read it from disk) and the
 * bytes on demand (extractors that parse in process). `mime` is the detected type (see detect.ts), never only what
 * the client claimed.
 */
export interface ExtractInput {
  path: string;
  size: number;
  mime: string;
  /** Original file name when known (upload name, last URL segment); only for titles and messages. */
  filename: string | null;
  bytes(): Promise<Buffer>;
}

/** Progress of a long extraction, recorded in processingMetadata.extraction and sent as Temporal heartbeats. */
export interface ExtractProgress {
  unit: 'pages' | 'slides' | 'sheets' | 'seconds' | 'bytes' | 'images';
  done: number;
  total?: number;
  /** What is happening now, e.g. "ocr" or "transcribing". */
  phase?: string;
}

/** Hard limits every extractor enforces; going over one is a permanent EXTRACTION_LIMIT failure naming the limit. */
export interface ExtractLimits {
  maxPages: number;
  maxPixels: number;
  maxAudioSeconds: number;
  /** Zip-based formats (DOCX, PPTX, XLSX, ODF, EPUB): total decompressed bytes and number of entries. */
  maxUnzippedBytes: number;
  maxZipEntries: number;
  /** Wall-clock limit for one extraction (ms); OCR and transcription scale theirs by pages / audio length. */
  timeoutMs: number;
  /** Time one parsing job may run in the extraction sandbox (ms) before its worker is terminated. */
  parseTimeoutMs: number;
  /** V8 heap of each sandbox worker thread (MB). */
  workerHeapMb: number;
  /** Pixels decoded in one extraction, all pages and renders together (an image's pixel cap is per page). */
  maxDecodedPixels: number;
  /** Bytes one compressed stream of a PDF may inflate to (a 400 KB file can hold a 400 MB stream). */
  maxInflatedBytes: number;
}

export interface ExtractContext {
  signal: AbortSignal;
  limits: ExtractLimits;
  progress(p: ExtractProgress): void;
  /** Null when the engine is not available on this installation; extractors needing it fail with ENGINE_UNAVAILABLE. */
  ocr: OcrEngine | null;
  transcriber: Transcriber | null;
  ffmpeg: MediaTool | null;
  /** Why an engine above is null (ExtractionEngines.unavailable), for the ENGINE_UNAVAILABLE message. */
  unavailable?: { ocr?: string; transcriber?: string; ffmpeg?: string };
  /** Directory for temporary files of this extraction; removed by the caller afterwards. */
  tmpDir: string;
  /** The language the document's metadata names (`language`), for OCR language data and speech; else detected. */
  language?: LanguageInfo;
  /** OCR passes to switch off (bench/extraction-quality.ts measures each); all on when absent. */
  ocrPasses?: OcrPassOptions;
}

export interface ExtractedText {
  /** Clean text or markdown keeping the structure (headings, lists, tables, page/slide markers, timestamps). */
  content: string;
  title: string | null;
  type: DocumentType;
  /** Facts about the extraction for processingMetadata (pages, ocrPages, durationSeconds, engine, language ...). */
  details?: Record<string, unknown>;
}

/**
 * One kind of file. Extractors throw AppErrors: FILE_ENCRYPTED, FILE_CORRUPT, EXTRACTION_LIMIT, ENGINE_UNAVAILABLE,
 * EMPTY_CONTENT (all permanent), so a document fails with a reason a person can act on.
 */
export interface Extractor {
  readonly name: string;
  /** Detected MIME types this extractor handles. */
  readonly mimes: readonly string[];
  /** Engines every file of its types needs (an upload is refused at once when one is missing). */
  readonly needs?: readonly ('ocr' | 'transcriber' | 'ffmpeg')[];
  extract(input: ExtractInput, ctx: ExtractContext): Promise<ExtractedText>;
}
