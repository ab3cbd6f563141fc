import type { OcrLine, OcrResult } from '../providers/ocr.js';

type Box = { x0: number; y0: number; x1: number; y1: number };

/** A dark box of the page (ocr-dark-boxes.ts) and the reading of its crop alone (boxes relative to the crop). */
export interface BoxReading {
  box: Box;
  reading: OcrResult;
}

/** A box's reading is used only when read at least this confidently on the whole (the newspaper adverts: 90-96). */
const MIN_CONFIDENCE = 80;
/** ...and when it carries at least this many letters and digits (a box of specks or a picture reads a few). */
const MIN_CHARACTERS = 4;
/** Words below this confidence do not count as text read (ocr-page.ts MIN_WORD_CONFIDENCE). */
const MIN_WORD_CONFIDENCE = 50;
/** A kept line lies in a box when at least this share of its box does. */
const INSIDE = 0.5;

function area(b: Box): number {
  return Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0);
}

function overlap(a: Box, b: Box): number {
  return area({ x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) });
}

const letters = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '').length;
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Letters and digits of the words read at MIN_WORD_CONFIDENCE or more (of those `lost` keeps), not weighted by
 * confidence as ocr-page.ts readingScore is: the kept fragments of a box are short words read at 95, the box's whole
 * lines at 85-95.
 */
function characters(lines: readonly OcrLine[], keep: (word: string) => boolean = () => true): number {
  let sum = 0;
  for (const line of lines) for (const w of line.words) if (w.confidence >= MIN_WORD_CONFIDENCE && keep(w.text)) sum += letters(w.text);
  return sum;
}

const shift = (b: Box, by: Box): Box => ({ x0: b.x0 + by.x0, y0: b.y0 + by.y0, x1: b.x1 + by.x0, y1: b.y1 + by.y0 });

/** A box's reading with its lines and words placed on the page. */
function onPage({ box, reading }: BoxReading): OcrLine[] {
  return (reading.lines ?? []).filter((l) => l.text.trim()).map((l) => ({ ...l, bbox: shift(l.bbox, box), words: l.words.map((w) => (w.bbox ? { ...w, bbox: shift(w.bbox, box) } : w)) }));
}

export interface BoxLines {
  /** The kept reading with each box's lines replaced (the same object when none was). */
  result: OcrResult;
  /** The text of each box reading used. */
  used: string[];
}

/**
 * The kept reading of a page with the lines inside each dark box replaced by the reading of that box alone, as one
 * block where the first of them stood (or, when the kept reading has no line there, after the nearest kept line above
 * the box in its columns). Read as part of the page, a reversed advert comes out in fragments spread over the page's
 * text ('t Pembe', 'Every', 'ing Reduced'); read alone and inverted it reads whole. A box's reading is used only when
 * it is confident (MIN_CONFIDENCE) and loses no confident word of the kept lines it replaces (or reads at least as
 * many letters and digits), so a box the kept reading read well stays as it was.
 */
export function replaceBoxLines(kept: OcrResult, boxes: readonly BoxReading[]): BoxLines {
  if (!kept.lines || boxes.length === 0) return { result: kept, used: [] };
  const keptLines = kept.lines;
  /** For each kept line, the box (index into `use`) it lies in, or -1. */
  const owner = new Array<number>(keptLines.length).fill(-1);
  const use: { box: Box; lines: OcrLine[]; text: string }[] = [];
  for (const b of boxes) {
    const lines = onPage(b);
    const text = lines.map((l) => l.text.replace(/\s+/g, ' ').trim()).join('\n');
    if (b.reading.confidence < MIN_CONFIDENCE || letters(text) < MIN_CHARACTERS) continue;
    const inside = keptLines.map((l, i) => (owner[i]! < 0 && area(l.bbox) > 0 && overlap(l.bbox, b.box) >= INSIDE * area(l.bbox) ? i : -1)).filter((i) => i >= 0);
    const replaced = inside.map((i) => keptLines[i]!);
    // Used when it loses no confident word the kept reading read there ('Every' and 'ing' are in 'Everything', even
    // where the box read that word doubtfully), or reads at least as much confident text.
    const whole = squash(text);
    const lost = characters(replaced, (w) => !whole.includes(squash(w)));
    if (lost > 0 && characters(lines) < characters(replaced)) continue;
    for (const i of inside) owner[i] = use.length;
    use.push({ box: b.box, lines, text });
  }
  if (use.length === 0) return { result: kept, used: [] };

  // Where each kept line stands in the page text (null when its text is not found there as it is).
  const spans: ({ start: number; end: number } | null)[] = [];
  let cursor = 0;
  for (const line of keptLines) {
    const at = line.text ? kept.text.indexOf(line.text, cursor) : -1;
    if (at < 0) {
      spans.push(null);
      continue;
    }
    cursor = at + line.text.length;
    spans.push({ start: at, end: cursor });
  }
  // Each box's block goes where its first found line stood, or after the nearest found kept line above it.
  const place = use.map((u, b) => {
    const first = keptLines.findIndex((_, i) => owner[i] === b && spans[i]);
    if (first >= 0) return { at: spans[first]!.start, replaces: first };
    let above = -1;
    for (let i = 0; i < keptLines.length; i++) {
      const k = keptLines[i]!.bbox;
      if (!spans[i] || owner[i]! >= 0 || k.y0 > u.box.y0 || Math.min(k.x1, u.box.x1) <= Math.max(k.x0, u.box.x0)) continue;
      if (above < 0 || k.y1 > keptLines[above]!.bbox.y1) above = i;
    }
    return above >= 0 ? { at: spans[above]!.end, replaces: -1 } : { at: kept.text.length, replaces: -1 };
  });
  const edits: { start: number; end: number; piece: string }[] = [];
  keptLines.forEach((_, i) => {
    if (owner[i]! >= 0 && spans[i] && place[owner[i]!]!.replaces !== i) edits.push({ start: spans[i]!.start, end: spans[i]!.end, piece: '' });
  });
  place.forEach((p, b) => {
    const block = use[b]!.text;
    if (p.replaces >= 0) edits.push({ start: p.at, end: spans[p.replaces]!.end, piece: `\n\n${block}\n\n` });
    else edits.push({ start: p.at, end: p.at, piece: `\n\n${block}\n\n` });
  });
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  let text = '';
  let from = 0;
  for (const e of edits) {
    text += kept.text.slice(from, e.start) + e.piece;
    from = Math.max(from, e.end);
  }
  text += kept.text.slice(from);
  text = text
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '')
    .trimEnd();
  // The text ends as the kept one did (a block put in last brings no blank lines of its own).
  text += /\s*$/.exec(kept.text)![0];

  // The lines in the same order: each box's lines where its block went, the replaced lines gone.
  const lines: OcrLine[] = [];
  keptLines.forEach((line, i) => {
    place.forEach((p, b) => {
      if (p.replaces === i) lines.push(...use[b]!.lines);
    });
    if (owner[i]! < 0) lines.push(line);
  });
  for (let b = 0; b < use.length; b++) if (place[b]!.replaces < 0) lines.push(...use[b]!.lines);
  return { result: { ...kept, text, lines }, used: use.map((u) => u.text) };
}
