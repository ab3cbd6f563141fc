import type { OcrResult } from '../providers/ocr.js';
import type { SceneLine } from './scene-text.js';

/** A line found in a photo (scene-text.ts) and its readings as one line (the line's own ink, then its grey crop). */
export interface SceneReading {
  line: Omit<SceneLine, 'mask' | 'maskWidth' | 'maskHeight'>;
  readings: readonly OcrResult[];
}

/** A line's reading is added only at this mean confidence or more (junk found among bricks and leaves reads under it). */
const MIN_CONFIDENCE = 80;
/** ...with at least this many letters and digits. */
const MIN_CHARS = 3;
/**
 * A line read the same (letters and digits) from two of its crops, each at this confidence or more, is added too:
 * two binarisations agreeing are evidence one unsure reading is not ('Car Parks' at 42 and 57 under a row of cut-off
 * letters; junk among bricks reads differently from each crop).
 */
const AGREED_CONFIDENCE = 40;

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The lines to add to a photo's text, top to bottom: each found line's most confident reading, when confident
 * (MIN_CONFIDENCE) or read alike from two crops (AGREED_CONFIDENCE), and long enough, as a block, unless the text has every one of them already; a sign's frame read
 * as brackets or bars at a line's ends is trimmed.
 */
export function sceneLinesToAdd(text: string, read: readonly SceneReading[]): string[] {
  const known = squash(text);
  const out: { y: number; x: number; text: string; key: string }[] = [];
  for (const { line, readings } of read) {
    const clean = readings
      .map((r) => ({
        text: r.text
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.!?%)]+$/gu, ''),
        confidence: r.confidence,
      }))
      .filter((r) => r.text)
      .sort((a, b) => b.confidence - a.confidence);
    const agreed = (r: { text: string; confidence: number }) => r.confidence >= AGREED_CONFIDENCE && clean.some((o) => o !== r && o.confidence >= AGREED_CONFIDENCE && squash(o.text) === squash(r.text));
    const best = clean[0] && clean[0].confidence >= MIN_CONFIDENCE ? clean[0] : clean.find(agreed);
    if (!best) continue;
    const key = squash(best.text);
    if (key.length < MIN_CHARS || out.some((o) => o.key === key)) continue;
    out.push({ y: line.y0, x: line.x0, text: best.text, key });
  }
  // The lines go in as one block in reading order when any of them is new: a sign's 'NOTICE / DOUBLE / PARKING'
  // stays whole though a speck reading of the photo had 'NOTICE' somewhere.
  if (out.every((o) => known.includes(o.key))) return [];
  return out.sort((a, b) => a.y - b.y || a.x - b.x).map((o) => o.text);
}
