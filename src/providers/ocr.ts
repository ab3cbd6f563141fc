/** A line of recognised text with its box (pixels of the image given) and mean word confidence (0-100). */
export interface OcrLine {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
  /** Each word in order, with its confidence (for scoring a reading) and its box when the engine reports one (for merging readings word by word). */
  words: { text: string; confidence: number; bbox?: { x0: number; y0: number; x1: number; y1: number } }[];
}

export interface OcrResult {
  text: string;
  /** Mean word confidence (0-100). */
  confidence: number;
  /** The lines in reading order, when the engine reports layout (tesseract does). */
  lines?: OcrLine[];
  /** Degrees the image was turned before this reading (autoRotate); its boxes are of the turned image. */
  rotated?: number;
}

/**
 * How the page is laid out: 'auto' (columns, blocks), 'sparse' (text scattered over an image: maps, signs, UI),
 * 'column' (one column of lines of varying size: receipts), 'block' (one uniform block), 'line' (a single text line:
 * a line cut out of a photo).
 */
export type PageLayout = 'auto' | 'sparse' | 'column' | 'block' | 'line';

export interface RecognizeOptions {
  signal: AbortSignal;
  layout?: PageLayout;
  /** Language data to read with (tesseract codes, e.g. ['fra', 'eng']); default: the engine's configured languages. */
  languages?: readonly string[];
  /** Try the other orientations when the reading is poor (default true); extra passes of one page turn it off. */
  autoRotate?: boolean;
  /**
   * How ink is told from background: 'global' (one threshold for the page, the default) or 'local' (a threshold per
   * tile of the page: text on a dark window inside a light screenshot, dim coloured text, uneven lighting).
   */
  threshold?: OcrThreshold;
}

export type OcrThreshold = 'global' | 'local';

/** Optical character recognition: text of one image in reading order. */
export interface OcrEngine {
  readonly name: string;
  /** Languages read when a recognition names none. */
  readonly languages?: readonly string[];
  /** Every language whose data is installed (a recognition may ask for any of them). */
  readonly available?: readonly string[];
  recognize(image: Buffer, options: RecognizeOptions): Promise<OcrResult>;
}
