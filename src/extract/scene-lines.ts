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

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The lines to add to a photo's text, top to bottom: each found line's most confident reading, when confident
 * (MIN_CONFIDENCE) and long enough, as a block, unless the text has every one of them already; a sign's frame read
 * as brackets or bars at a line's ends is trimmed.
 */
export function sceneLinesToAdd(text: string, read: readonly SceneReading[]): string[] {
  const known = squash(text);
  const out: { y: number; x: number; text: string; key: string }[] = [];
  for (const { line, readings } of read) {
    let best: { text: string; confidence: number } | null = null;
    for (const r of readings) {
      const clean = r.text
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.!?%)]+$/gu, '');
      if (!clean || (best && r.confidence <= best.confidence)) continue;
      best = { text: clean, confidence: r.confidence };
    }
    if (!best || best.confidence < MIN_CONFIDENCE) continue;
    const key = squash(best.text);
    if (key.length < MIN_CHARS || out.some((o) => o.key === key)) continue;
    out.push({ y: line.y0, x: line.x0, text: best.text, key });
  }
  // The lines go in as one block in reading order when any of them is new: a sign's 'NOTICE / DOUBLE / PARKING'
  // stays whole though a speck reading of the photo had 'NOTICE' somewhere.
  if (out.every((o) => known.includes(o.key))) return [];
  return out.sort((a, b) => a.y - b.y || a.x - b.x).map((o) => o.text);
}
