import type { Extractor } from './types.js';

/** Images (PNG, JPEG, WebP, TIFF, GIF, BMP): OCR. */
export const imageExtractors: readonly Extractor[] = [];
