import type { Extractor } from './types.js';

/** Office and document formats (DOCX, PPTX, XLSX, CSV, ODT, ODP, RTF, EPUB, JSON, text in any common encoding). */
export const officeExtractors: readonly Extractor[] = [];
