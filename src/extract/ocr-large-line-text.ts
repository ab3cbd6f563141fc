import type { OcrLine, OcrResult } from '../providers/ocr.js';
import type { LargeLine } from './ocr-large-lines.js';

/** A large line of a page (ocr-large-lines.ts) and its reading as one line. */
export interface LargeLineReading {
  line: LargeLine;
  reading: OcrResult;
}

/** A line's reading is used at this mean confidence or more... */
const MIN_CONFIDENCE = 80;
/** ...with at least this many letters and digits. */
const MIN_CHARS = 3;
/** The kept reading has a large line already when its words there are this sure... */
const SURE = 80;
/** ...and reach to within this many line heights of its first and last character (a dropped capital is wider). */
const REACH = 0.4;

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The kept reading's lines standing in a large line's box (their middle inside it, overlapping it across). */
function linesIn(kept: OcrResult, line: LargeLine): OcrLine[] {
  return (kept.lines ?? []).filter((l) => {
    const mid = (l.bbox.y0 + l.bbox.y1) / 2;
    return l.text.trim() && mid >= line.y0 && mid <= line.y1 && l.bbox.x1 > line.left && l.bbox.x0 < line.right;
  });
}

/** Whether the kept reading read a large line surely and whole: no need to read it again. */
export function readWhole(kept: OcrResult, line: LargeLine): boolean {
  const there = linesIn(kept, line);
  if (there.length === 0 || there.some((l) => l.words.some((w) => w.confidence < SURE))) return false;
  const x0 = Math.min(...there.map((l) => l.bbox.x0));
  const x1 = Math.max(...there.map((l) => l.bbox.x1));
  return x0 <= line.left + REACH * line.height && x1 >= line.right - REACH * line.height;
}

/**
 * The page text with each large line read confidently alone, and not read so by the kept lines in its box, put in: in place of the kept
 * lines in its box when each of those is a piece of it ('ommunity' of 'Riverside Community'), else before the first of
 * them, else before the first kept line below it (or at the end). Other lines stay as they were.
 */
export function addLargeLines(text: string, kept: OcrResult, read: readonly LargeLineReading[]): { text: string; added: string[] } {
  const added: string[] = [];
  for (const { line, reading } of [...read].sort((a, b) => a.line.y0 - b.line.y0)) {
    const clean = reading.text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.!?%)]+$/gu, '');
    const key = squash(clean);
    const there = linesIn(kept, line);
    if (reading.confidence < MIN_CONFIDENCE || key.length < MIN_CHARS || squash(there.map((l) => l.text).join(' ')).includes(key)) continue;
    const pieces = there.map((l) => l.text.trim());
    const at = pieces.map((p) => text.indexOf(p));
    if (there.length && at.every((i) => i >= 0) && pieces.every((p) => squash(p) && key.includes(squash(p)))) {
      // The pieces are replaced by the whole line, where the first of them stood.
      const order = pieces.map((p, i) => ({ p, i: at[i]! })).sort((a, b) => b.i - a.i);
      for (const { p, i } of order) text = `${text.slice(0, i)}${text.slice(i + p.length)}`;
      const first = Math.min(...at);
      text = `${text.slice(0, first)}${clean}${text.slice(first)}`.replace(/\n{3,}/g, '\n\n');
    } else {
      const below = there[0] ?? (kept.lines ?? []).find((l) => l.text.trim() && l.bbox.y0 >= line.y1 - (line.y1 - line.y0) / 4);
      const i = below ? text.indexOf(below.text.trim()) : -1;
      text = i >= 0 ? `${text.slice(0, i)}${clean}\n\n${text.slice(i)}` : `${text.trimEnd()}\n\n${clean}\n`;
    }
    added.push(clean);
  }
  return { text, added };
}
