import type { Extractor } from './types.js';

/** PDF: the text layer in reading order with page numbers; pages without text are rendered and OCRed. */
export const pdfExtractors: readonly Extractor[] = [];
