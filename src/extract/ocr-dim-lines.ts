import type { OcrLine, OcrResult } from '../providers/ocr.js';

type Box = { x0: number; y0: number; x1: number; y1: number };

/** Words below this confidence do not count as text read (ocr-page.ts MIN_WORD_CONFIDENCE). */
const MIN_WORD_CONFIDENCE = 50;
/** The dim line must read at least this many more confident letters and digits than the kept line it replaces. */
const MARGIN = 3;
/** ...and be read at least this confidently on the whole (a line of specks lifted into ink reads lower). */
const MIN_LINE_CONFIDENCE = 60;
/** Two lines are the same row when their heights overlap by this share of the shorter one... */
const SAME_ROW = 0.6;
/** ...neither is more than this many times the other's height (a kept line spanning three rows is not one row; a line of x-height letters, 'toff', is shorter than one with capitals)... */
const MAX_HEIGHT_RATIO = 2;
/** ...and their widths overlap by this share of the narrower one. */
const SAME_SPAN = 0.5;

const letters = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '').length;

/** Letters and digits of a line's words read at MIN_WORD_CONFIDENCE or more. */
function confidentCharacters(line: OcrLine): number {
  let n = 0;
  for (const w of line.words) if (w.confidence >= MIN_WORD_CONFIDENCE) n += letters(w.text);
  return n;
}

function sameRow(a: Box, b: Box): boolean {
  const ha = a.y1 - a.y0;
  const hb = b.y1 - b.y0;
  const wa = a.x1 - a.x0;
  const wb = b.x1 - b.x0;
  if (ha <= 0 || hb <= 0 || wa <= 0 || wb <= 0 || Math.max(ha, hb) > MAX_HEIGHT_RATIO * Math.min(ha, hb)) return false;
  const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  return down >= SAME_ROW * Math.min(ha, hb) && across >= SAME_SPAN * Math.min(wa, wb);
}

export interface DimLines {
  /** The kept reading with the lines replaced (the same object when none was). */
  result: OcrResult;
  /** The text of each line put in. */
  replaced: string[];
}

/**
 * The kept reading of a light-on-dark page with each line replaced by the dim reading's line of the same row (the
 * polarity page with its ink lifted, ocr-polarity.ts liftDimInk) when that one reads clearly more confident text
 * (MARGIN letters and digits): dim text next to bright text comes out of the kept reading in pieces ('Traceback ©
 * racent call last)', '117 toff' for a grey comment line) and whole from the lifted page. A line is replaced only
 * when exactly one dim line shares its row and that dim line shares no other kept line's row, so lines that the two
 * readings cut differently stay as they were; the order of lines and everything else stay as they were.
 */
export function replaceDimLines(kept: OcrResult, dim: OcrResult): DimLines {
  if (!kept.lines?.length || !dim.lines?.length) return { result: kept, replaced: [] };
  const keptLines = kept.lines;
  const dimLines = dim.lines.filter((l) => l.text.trim());
  const rowsOf = (d: OcrLine) => keptLines.filter((k) => k.text.trim() && sameRow(k.bbox, d.bbox)).length;
  let text = '';
  let from = 0;
  const lines: OcrLine[] = [];
  const replaced: string[] = [];
  for (const k of keptLines) {
    const clean = k.text.trim();
    const at = clean ? kept.text.indexOf(clean, from) : -1;
    const matches = at >= 0 ? dimLines.filter((d) => sameRow(k.bbox, d.bbox)) : [];
    const d = matches.length === 1 ? matches[0]! : null;
    if (!d || rowsOf(d) !== 1 || d.confidence < MIN_LINE_CONFIDENCE || confidentCharacters(d) < confidentCharacters(k) + MARGIN) {
      lines.push(k);
      continue;
    }
    const piece = d.text.replace(/\s+/g, ' ').trim();
    text += kept.text.slice(from, at) + piece;
    from = at + clean.length;
    lines.push(d);
    replaced.push(piece);
  }
  if (replaced.length === 0) return { result: kept, replaced: [] };
  text += kept.text.slice(from);
  return { result: { ...kept, text, lines }, replaced };
}
