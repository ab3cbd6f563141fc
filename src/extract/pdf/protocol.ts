import type { PdfTextItem } from './layout.js';

/** What the PDF worker thread (worker.mjs) gets as workerData. */
export interface PdfWorkerInit {
  data: Uint8Array;
  /** Render pages without a usable text layer to PNG (an OCR engine is there to read them). */
  render: boolean;
  dpi: number;
  maxPixels: number;
  /** A page whose text layer has fewer non-space characters is checked for images (a scan) and rendered. */
  minChars: number;
  /** Bytes one Flate stream may inflate to; checked before pdf.js reads the file (which would hold it whole). */
  maxInflatedBytes: number;
}

/** Messages from the worker thread, in order: open (or error), then page / page-error per page, then done. */
export type PdfWorkerMessage =
  | { type: 'open'; pages: number; title: string | null }
  | {
      type: 'page';
      page: number;
      /** Text items (whitespace-only ones dropped) and the page's viewport transform at scale 1. */
      items: PdfTextItem[];
      viewport: number[];
      /** The page needs OCR: its text layer is (almost) empty and it paints an image (a scan), or it is garbled. */
      scanned: boolean;
      /** The text layer is mostly control or private-use characters (fonts without a Unicode map): not usable. */
      garbled: boolean;
      /** The rendered page when scanned and rendering was asked for, and the resolution it was rendered at (dots per inch). */
      image: { png: Uint8Array; width: number; height: number; dpi: number } | null;
    }
  | { type: 'page-error'; page: number; message: string }
  | { type: 'error'; kind: 'password' | 'invalid' | 'other'; name: string; message: string }
  | { type: 'limit'; inflated: number }
  | { type: 'done' };

/** The worker reads the next page only when told to, so at most one rendered page is held. */
export type PdfMainMessage = { type: 'next' };
