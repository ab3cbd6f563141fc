import type { OcrLine, OcrResult } from '../providers/ocr.js';

type Box = { x0: number; y0: number; x1: number; y1: number };

/**
 * A word of another reading stands for a word of the kept one when they span nearly the same columns (their
 * horizontal overlap is at least this share of their joint extent) and share most of the shorter one's rows. The
 * readings of one page (grey, polarity, per-tile, brightest channel, sparse) are of the same pixels, so one word read
 * twice has nearly the same left and right edges; its height varies with the glyphs read ('@2' reaches below '72'),
 * and a longer or shorter word (a prefix lost, two words joined) does not span the same columns.
 */
const SAME_COLUMNS = 0.8;
const SAME_ROWS = 0.5;
/** The other reading's words must be read this much more confidently (0-100) than the kept ones they replace... */
const CONFIDENCE_MARGIN = 15;
/** ...and each at least this confidently: a doubtful word is not a better word. */
const MIN_CONFIDENCE = 80;
/**
 * Up to this many neighbouring words of a line are compared as one: a reading may split a word the other reads
 * whole ("'" + "_loader__':" against "'__loader__':").
 */
const MAX_RUN = 3;
/** Rows of this many pixels index the other readings' words by their middle (a lookup looks at the rows around). */
const ROW = 64;

/** Whether two word boxes are the same word's: see SAME_COLUMNS. */
export function sameWordBox(a: Box, b: Box): boolean {
  const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const extent = Math.max(a.x1, b.x1) - Math.min(a.x0, b.x0);
  const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  const shorter = Math.min(a.y1 - a.y0, b.y1 - b.y0);
  return extent > 0 && shorter > 0 && across / extent >= SAME_COLUMNS && down / shorter >= SAME_ROWS;
}

const hasText = (s: string) => /[\p{L}\p{N}]/u.test(s);

type Word = OcrLine['words'][number];

/** Neighbouring words of one line read as one stretch: their text joined by spaces, their joint box, their least confidence. */
interface Run {
  text: string;
  bbox: Box;
  confidence: number;
}

function runOf(words: readonly Word[]): Run | null {
  if (words.some((w) => !w.bbox)) return null;
  const boxes = words.map((w) => w.bbox!);
  return {
    text: words.map((w) => w.text).join(' '),
    bbox: { x0: Math.min(...boxes.map((b) => b.x0)), y0: Math.min(...boxes.map((b) => b.y0)), x1: Math.max(...boxes.map((b) => b.x1)), y1: Math.max(...boxes.map((b) => b.y1)) },
    confidence: Math.min(...words.map((w) => w.confidence)),
  };
}

/** Every run of 1..MAX_RUN neighbouring words of the readings' lines that is read confidently, indexed by row. */
function confidentRuns(readings: readonly OcrResult[]): Map<number, Run[]> {
  const rows = new Map<number, Run[]>();
  for (const r of readings) {
    for (const line of r.lines ?? []) {
      for (let i = 0; i < line.words.length; i++) {
        for (let n = 1; n <= MAX_RUN && i + n <= line.words.length; n++) {
          const run = runOf(line.words.slice(i, i + n));
          if (!run || run.confidence < MIN_CONFIDENCE || !hasText(run.text)) continue;
          const row = Math.floor((run.bbox.y0 + run.bbox.y1) / 2 / ROW);
          rows.set(row, [...(rows.get(row) ?? []), run]);
        }
      }
    }
  }
  return rows;
}

export interface WordMerge {
  /** The kept reading with its doubtful words replaced (the same object when nothing changed). */
  result: OcrResult;
  /** Each replacement, kept words first. */
  replaced: { from: string; to: string }[];
}

/**
 * The kept reading of a page with its doubtful words replaced by the same words (same box) of another reading of that
 * page when the other reading is clearly more sure of them. Each pass reads some words better than the others (the
 * polarity page reads a dark panel but turns the '7' of '72 hours' in the light part into '@' at confidence 67, which
 * the grey page reads as '72' at 96), and the reading kept is the best over the whole page, not word by word. A
 * stretch of one to three words is swapped for a stretch of the other reading over the same box (so a word one
 * reading splits in two can be taken whole); words only one reading found stay as they are, and so do the kept
 * reading's lines, their order and layout.
 */
export function mergeWords(kept: OcrResult, others: readonly OcrResult[]): WordMerge {
  if (!kept.lines?.length) return { result: kept, replaced: [] };
  const rows = confidentRuns(others.filter((o) => o !== kept));
  if (rows.size === 0) return { result: kept, replaced: [] };
  const near = (box: Box): Run[] => {
    const row = Math.floor((box.y0 + box.y1) / 2 / ROW);
    return [-2, -1, 0, 1, 2].flatMap((d) => rows.get(row + d) ?? []);
  };
  const replaced: WordMerge['replaced'] = [];
  let text = kept.text;
  let cursor = 0;
  const lines: OcrLine[] = kept.lines.map((line) => {
    const at = text.indexOf(line.text, cursor);
    // A line whose text is not its words joined by spaces (or is not found in the page text) is left alone.
    if (at < 0 || line.text !== line.words.map((w) => w.text).join(' ')) return line;
    cursor = at + line.text.length;
    const words: Word[] = [];
    let changed = false;
    for (let i = 0; i < line.words.length;) {
      let pick: { n: number; run: Run } | null = null;
      for (let n = 1; n <= MAX_RUN && i + n <= line.words.length; n++) {
        const mine = runOf(line.words.slice(i, i + n));
        if (!mine) break;
        const doubt = Math.max(...line.words.slice(i, i + n).map((w) => w.confidence));
        for (const other of near(mine.bbox)) {
          if (other.confidence < doubt + CONFIDENCE_MARGIN || other.text === mine.text || !sameWordBox(mine.bbox, other.bbox)) continue;
          if (!pick || other.confidence > pick.run.confidence) pick = { n, run: other };
        }
      }
      if (!pick) {
        words.push(line.words[i]!);
        i++;
        continue;
      }
      changed = true;
      replaced.push({ from: runOf(line.words.slice(i, i + pick.n))!.text, to: pick.run.text });
      words.push({ text: pick.run.text, confidence: pick.run.confidence, bbox: pick.run.bbox });
      i += pick.n;
    }
    if (!changed) return line;
    const joined = words.map((w) => w.text).join(' ');
    text = text.slice(0, at) + joined + text.slice(at + line.text.length);
    cursor = at + joined.length;
    return { ...line, text: joined, words };
  });
  if (replaced.length === 0) return { result: kept, replaced };
  return { result: { ...kept, text, lines }, replaced };
}
