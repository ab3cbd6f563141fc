import { extensionMime } from './detect.js';
import { imageExtractors } from './image.js';
import { mediaExtractors } from './media.js';
import { officeExtractors } from './office.js';
import { pdfExtractors } from './pdf.js';
import type { Extractor } from './types.js';

/** Every file extractor, by the detected MIME types it handles. */
export const EXTRACTORS: readonly Extractor[] = [...pdfExtractors, ...imageExtractors, ...officeExtractors, ...mediaExtractors];

/** The extractor for a detected MIME type (parameters ignored), or null when the type is not supported. */
export function extractorFor(mime: string): Extractor | null {
  const m = mime.split(';')[0]!.trim().toLowerCase();
  return EXTRACTORS.find((e) => e.mimes.includes(m)) ?? null;
}

/** The supported MIME types, for 415 messages and the API reference. */
export function supportedMimes(): string[] {
  return [...new Set(EXTRACTORS.flatMap((e) => e.mimes))].sort();
}

/** A file of this name (by its extension) has an extractor: connectors use it to pick the files worth reading. */
export function isExtractableName(filename: string): boolean {
  const mime = extensionMime(filename);
  return mime !== null && extractorFor(mime) !== null;
}
