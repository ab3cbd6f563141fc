import type { OcrLine, OcrResult } from '../providers/ocr.js';

type Box = { x0: number; y0: number; x1: number; y1: number };

/** Every word of a line another reading found must be read at least this confidently for the line to be added. */
const MIN_CONFIDENCE = 80;
/** ...and the line must carry at least this many letters and digits (a confident 'ee' in a speck is not a line). */
const MIN_CHARACTERS = 4;
/** Kept words below this confidence do not count as text read there (specks; see ocr-page.ts MIN_WORD_CONFIDENCE). */
const KEPT_MIN_CONFIDENCE = 50;
/** A kept word covering this share of the other line's box (or more) means the kept reading read that place. */
const COVERED = 0.15;
/**
 * A kept line is read whole from another reading when that one's line holds its text and is at least this many times
 * (and MIN_CHARACTERS) longer: a fragment ('t Pembe' of 'at Pemberton & Sons'), not the same line read with one more
 * letter ('Tuesday' against 'Tuesdays'), which the word merge judges by confidence.
 */
const WHOLE_RATIO = 1.5;

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function area(b: Box): number {
  return Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0);
}

function overlap(a: Box, b: Box): number {
  return area({ x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) });
}

export interface MissingLines {
  /** The kept reading with the lines added (the same object when none was). */
  result: OcrResult;
  /** The text of each line added. */
  added: string[];
}

/**
 * The kept reading of a page with the lines other readings of the page read confidently where the kept one read
 * nothing. The reading kept is the best over the whole page, but each pass reads some regions another loses: on an
 * old newspaper page the polarity page reads a reversed (white on black) advert's small line that the grey page's
 * one threshold leaves as a dark box, while the grey page reads the body columns the polarity page blurs. A line is
 * added when every word of it was read at MIN_CONFIDENCE or more, no confident word of the kept reading lies on it,
 * and its text is not in the kept text already; it goes after the kept line nearest above it in the same column (or
 * before the first line below it). Where the kept reading did read something there, but only a fragment of that line
 * (one kept line whose text is part of it, see fragmentUnder: the grey page read 't Pembe' of a reversed advert's 'at
 * Pemberton & Sons'), the kept line is read whole. Other kept lines, their words and their order stay as they were.
 */
export function addMissingLines(kept: OcrResult, others: readonly OcrResult[]): MissingLines {
  if (!kept.lines?.length) return { result: kept, added: [] };
  const occupied: Box[] = kept.lines.flatMap((l) => l.words.filter((w) => w.bbox && w.confidence >= KEPT_MIN_CONFIDENCE).map((w) => w.bbox!));
  const known = squash(kept.text);
  const adds: OcrLine[] = [];
  /** Kept lines (by index) read whole by another reading: the kept one read a fragment of it ('t Pembe'). */
  const whole = new Map<number, OcrLine>();
  for (const other of others) {
    if (other === kept) continue;
    for (const line of other.lines ?? []) {
      if (line.words.length === 0 || line.words.some((w) => !w.bbox || w.confidence < MIN_CONFIDENCE)) continue;
      const key = squash(line.text);
      if (key.length < MIN_CHARACTERS || known.includes(key) || adds.some((a) => squash(a.text) === key)) continue;
      const box = line.bbox;
      if (area(box) === 0) continue;
      const on = (b: Box) => overlap(b, box) >= COVERED * Math.min(area(box), area(b));
      if (occupied.some(on)) {
        const under = fragmentUnder(kept.lines, line, on);
        if (under >= 0 && !whole.has(under)) whole.set(under, line);
        continue;
      }
      adds.push(line);
      occupied.push(...line.words.map((w) => w.bbox!));
    }
  }
  if (adds.length === 0 && whole.size === 0) return { result: kept, added: [] };
  if (whole.size) {
    kept = readWhole(kept, whole);
    if (adds.length === 0) return { result: kept, added: [...whole.values()].map((l) => l.text) };
  }

  // Where each kept line ends in the page text (-1 when its text is not found there as it is).
  const ends: number[] = [];
  let cursor = 0;
  for (const line of kept.lines!) {
    const at = kept.text.indexOf(line.text, cursor);
    if (at < 0 || !line.text) {
      ends.push(-1);
      continue;
    }
    cursor = at + line.text.length;
    ends.push(cursor);
  }
  const inserts: { at: number; piece: string; line: OcrLine; after: number }[] = adds.map((add) => {
    const b = add.bbox;
    let above = -1;
    for (let i = 0; i < kept.lines!.length; i++) {
      const k = kept.lines![i]!.bbox;
      const across = Math.min(k.x1, b.x1) - Math.max(k.x0, b.x0);
      if (ends[i]! < 0 || across <= 0 || k.y0 > b.y0) continue;
      if (above < 0 || k.y1 > kept.lines![above]!.bbox.y1) above = i;
    }
    if (above >= 0) return { at: ends[above]!, piece: `\n${add.text}`, line: add, after: above };
    const below = kept.lines!.findIndex((k, i) => ends[i]! >= 0 && k.bbox.y0 >= b.y0);
    if (below >= 0) return { at: ends[below]! - kept.lines![below]!.text.length, piece: `${add.text}\n`, line: add, after: below - 1 };
    return { at: kept.text.length, piece: `\n${add.text}`, line: add, after: kept.lines!.length - 1 };
  });
  // Lines going to one place keep the order of the page (top to bottom).
  inserts.sort((a, b) => a.at - b.at || a.line.bbox.y0 - b.line.bbox.y0);
  let text = '';
  let from = 0;
  for (const ins of inserts) {
    text += kept.text.slice(from, ins.at) + ins.piece;
    from = ins.at;
  }
  text += kept.text.slice(from);
  const lines = [...kept.lines!];
  for (const ins of [...inserts].sort((a, b) => b.after - a.after || b.line.bbox.y0 - a.line.bbox.y0)) lines.splice(ins.after + 1, 0, ins.line);
  return { result: { ...kept, text, lines }, added: [...[...whole.values()].map((l) => l.text), ...adds.map((a) => a.text)] };
}

/**
 * The index of the one kept line that the confident words under `line` belong to, when that kept line's text is a
 * part of `line`'s (it read a fragment of the same line: 't Pembe' of 'at Pemberton & Sons'); -1 otherwise. Replacing
 * it loses nothing the kept reading read.
 */
function fragmentUnder(lines: readonly OcrLine[], line: OcrLine, on: (b: Box) => boolean): number {
  let found = -1;
  for (let i = 0; i < lines.length; i++) {
    const words = lines[i]!.words.filter((w) => w.bbox && w.confidence >= KEPT_MIN_CONFIDENCE);
    if (!words.some((w) => on(w.bbox!))) continue;
    if (found >= 0) return -1;
    found = i;
  }
  if (found < 0) return -1;
  const part = squash(lines[found]!.text);
  const all = squash(line.text);
  return part.length > 0 && all.length >= WHOLE_RATIO * part.length && all.length - part.length >= MIN_CHARACTERS && all.includes(part) ? found : -1;
}

/** The kept reading with the given lines' text (and words) replaced by the whole lines another reading read there. */
function readWhole(kept: OcrResult, whole: ReadonlyMap<number, OcrLine>): OcrResult {
  let text = kept.text;
  let cursor = 0;
  const lines = kept.lines!.map((line, i) => {
    const at = line.text ? text.indexOf(line.text, cursor) : -1;
    if (at < 0) return line;
    const by = whole.get(i);
    if (!by) {
      cursor = at + line.text.length;
      return line;
    }
    text = text.slice(0, at) + by.text + text.slice(at + line.text.length);
    cursor = at + by.text.length;
    return { ...line, text: by.text, words: by.words, confidence: by.confidence };
  });
  return { ...kept, text, lines };
}
