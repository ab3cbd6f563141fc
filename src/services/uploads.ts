import type { Actor } from '../core/actor.js';
import { requireWrite } from '../core/actor.js';
import { createError } from '../core/errors.js';
import { detectFileType } from '../extract/detect.js';
import { extractorFor, supportedMimes } from '../extract/registry.js';
import type { ExtractionEngines } from '../providers/extraction-engines.js';
import type { DocumentInput, DocumentService } from './documents.js';

/** The extraction engines an upload's type may need (ExtractionEngines), to refuse a type this server cannot read. */
export type UploadEngines = Pick<ExtractionEngines, 'ocr' | 'transcriber' | 'ffmpeg' | 'unavailable'>;

/** An upload as the HTTP edge received it: the file on disk and the validated fields. */
export interface FileUpload {
  path: string;
  filename: string | null;
  size: number;
  sha256: string;
  /** Types the client declared, most trusted first (the mimeType field, the part's Content-Type). */
  declaredTypes: readonly (string | null | undefined)[];
  fields: Omit<DocumentInput, 'content' | 'file'>;
}

/**
 * Adds a document from an uploaded file (POST /v3/documents/file): refuses an empty file (400) and a type no
 * extractor handles (415, listing the supported ones) before anything is stored, then adds the document like a
 * JSON add (customId upserts included) with the file kept as its original; the pipeline extracts the text.
 */
export async function addUploadedFile(documents: DocumentService, actor: Actor, upload: FileUpload, engines?: UploadEngines): Promise<{ id: string; status: string }> {
  requireWrite(actor);
  if (upload.size === 0) throw createError('EMPTY_FILE');
  const detected = await detectFileType(upload.path, { filename: upload.filename, declared: upload.declaredTypes });
  const extractor = extractorFor(detected.mime);
  if (!extractor) {
    throw createError('UNSUPPORTED_FILE_TYPE', [detected.mime, supportedMimes().join(', ')], {
      details: { detected: detected.mime, supported: supportedMimes() },
    });
  }
  // A type whose engine this server lacks (no ffmpeg, no transcriber, OCR off) is refused now, not failed later.
  const missing = engines ? (extractor.needs ?? []).filter((e) => !engines[e]) : [];
  if (missing.length > 0) {
    const reasons = missing.map((e) => `${e}: ${engines?.unavailable[e] ?? 'not available'}`);
    throw createError('FILE_TYPE_UNAVAILABLE', [detected.mime, reasons.join('; ')], {
      details: { detected: detected.mime, unavailable: Object.fromEntries(missing.map((e) => [e, engines?.unavailable[e] ?? 'not available'])) },
    });
  }
  return documents.add(actor, {
    ...upload.fields,
    source: 'upload',
    content: '',
    file: {
      path: upload.path,
      filename: upload.filename,
      mimeType: detected.mime,
      size: upload.size,
      sha256: upload.sha256,
      type: detected.documentType,
    },
  });
}
