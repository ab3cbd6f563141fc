import type { OcrEngine, OcrLine, OcrResult, RecognizeOptions } from '../../../src/providers/ocr.js';

/** A word of a fake reading: its text, confidence and left and right edges (all words of a line share its height). */
export type FakeWord = [text: string, confidence: number, x0: number, x1: number];

/** One line of words at height y (20 px tall), with their boxes; its confidence is its least sure word's. */
export const line = (y: number, ...words: FakeWord[]): OcrLine => ({
  text: words.map((w) => w[0]).join(' '),
  confidence: Math.min(...words.map((w) => w[1])),
  bbox: { x0: words[0]![2], y0: y, x1: words.at(-1)![3], y1: y + 20 },
  words: words.map(([text, confidence, x0, x1]) => ({ text, confidence, bbox: { x0, y0: y, x1, y1: y + 20 } })),
});

/** A reading of these lines with this mean confidence. */
export const reading = (confidence: number, ...lines: OcrLine[]): OcrResult => ({ text: `${lines.map((l) => l.text).join('\n')}\n`, confidence, lines });

/**
 * An OCR engine that gives `first` for the first reading (any layout but sparse and block), `sparse` for a sparse
 * reading and nothing for a one-block reading.
 */
export function fakeEngine(first: OcrResult, sparse: OcrResult): OcrEngine {
  return {
    name: 'fake',
    languages: ['eng'],
    available: ['eng'],
    async recognize(_image: Buffer, o: RecognizeOptions) {
      if (o.layout === 'sparse') return sparse;
      if (o.layout === 'block') return { text: '', confidence: 0, lines: [] };
      return first;
    },
  };
}

/** Only the passes that need no sandbox: the first reading and the sparse one. */
export const NO_SANDBOX_PASSES = { deskew: false, local: false, polarity: false, language: false, boxes: false, scene: false, largeLines: false } as const;
