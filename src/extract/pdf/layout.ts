/**
 * Reading order for one PDF page from positioned text runs (pdf.js text items). Pure: no pdf.js import, so it is
 * unit-tested with hand-made boxes.
 *
 * Blocks are found by a recursive XY-cut: a region is split at a vertical gutter when both sides read as prose
 * columns (so a two-column page reads column 1, then column 2), otherwise at horizontal whitespace; bands that share
 * a gutter are merged first, so a section break at the same height in both columns does not interleave them. Tables
 * never pass the prose test (their rows have wide internal gaps), so they stay whole and read row by row, cells
 * joined by " | ".
 */

/** A positioned run of text in device space (y grows downwards), at scale 1. */
export interface TextBox {
  text: string;
  x0: number;
  x1: number;
  /** Baseline. */
  base: number;
  /** Font size (height of the run). */
  size: number;
}

/** The fields of a pdf.js TextItem this module uses. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
}

type Matrix = [number, number, number, number, number, number];

function multiply(m: readonly number[], n: readonly number[]): Matrix {
  const [a, b, c, d, e, f] = m as Matrix;
  const [g, h, i, j, k, l] = n as Matrix;
  return [a * g + c * h, b * g + d * h, a * i + c * j, b * i + d * j, a * k + c * l + e, b * k + d * l + f];
}

/** Turns by a quarter turn q (y down) that bring text running in direction q back to running left to right. */
const UPRIGHT: readonly Matrix[] = [
  [1, 0, 0, 1, 0, 0],
  [0, -1, 1, 0, 0, 0],
  [-1, 0, 0, -1, 0, 0],
  [0, 1, -1, 0, 0, 0],
];

/**
 * Text items → boxes in viewport space (`viewport` is the page's viewport transform at scale 1: /Rotate, y flip),
 * turned so that the page's dominant text direction (by characters, in quarter turns) reads left to right: a page
 * whose text runs sideways on screen reads like an upright one.
 */
export function toBoxes(items: readonly PdfTextItem[], viewport: readonly number[]): TextBox[] {
  const placed = items.filter((i) => i.str.trim()).map((item) => ({ item, m: multiply(viewport, item.transform) }));
  const weight = [0, 0, 0, 0];
  for (const { item, m } of placed) weight[((Math.round(Math.atan2(m[1], m[0]) / (Math.PI / 2)) % 4) + 4) % 4]! += item.str.length;
  const turn = UPRIGHT[weight.indexOf(Math.max(...weight))]!;
  const boxes: TextBox[] = [];
  for (const { item, m: device } of placed) {
    const m = multiply(turn, device);
    const text = item.str.replace(/\s+/g, ' ');
    const size = Math.hypot(m[2], m[3]) || Math.hypot(m[0], m[1]) || 1;
    const dirLen = Math.hypot(m[0], m[1]) || 1;
    const dx = m[0] / dirLen;
    // Runs across the main direction get a box one em wide at their origin (good enough to place them).
    const width = Math.abs(dx) >= 0.5 ? Math.abs(item.width * dx) : size;
    const x0 = dx < 0 ? m[4] - width : m[4];
    boxes.push({ text, x0, x1: x0 + width, base: m[5], size });
  }
  return boxes;
}

const top = (b: TextBox) => b.base - b.size;
const bottom = (b: TextBox) => b.base + 0.25 * b.size;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Boxes grouped into visual lines (baselines within half a font size), top to bottom, each sorted left to right. */
export function groupLines(boxes: readonly TextBox[]): TextBox[][] {
  const sorted = [...boxes].sort((a, b) => a.base - b.base || a.x0 - b.x0);
  const lines: { base: number; size: number; boxes: TextBox[] }[] = [];
  for (const b of sorted) {
    const line = lines.at(-1);
    if (line && Math.abs(b.base - line.base) <= 0.5 * Math.max(b.size, line.size)) line.boxes.push(b);
    else lines.push({ base: b.base, size: b.size, boxes: [b] });
  }
  return lines.map((l) => l.boxes.sort((a, b) => a.x0 - b.x0));
}

/** The largest gap between neighbouring runs of a line, in font sizes. */
function widestGap(line: readonly TextBox[]): number {
  let widest = 0;
  for (let i = 1; i < line.length; i++) {
    const gap = line[i]!.x0 - line[i - 1]!.x1;
    widest = Math.max(widest, gap / Math.max(line[i]!.size, line[i - 1]!.size));
  }
  return widest;
}

const CELL_GAP = 1.5;
/** Runs of one line further apart than this (in font sizes) are separate table cells. */
const CELL_BREAK = 1.2;

/** A side of a gutter reads as a prose column: at least 3 lines, typically 3+ words, mostly without table-like gaps. */
function isProseColumn(boxes: readonly TextBox[]): boolean {
  const lines = groupLines(boxes);
  if (lines.length < 3) return false;
  const words = lines.map(
    (l) =>
      l
        .map((b) => b.text)
        .join(' ')
        .split(/\s+/)
        .filter(Boolean).length,
  );
  const plain = lines.filter((l) => widestGap(l) <= CELL_GAP).length;
  return median(words) >= 3 && plain >= 0.7 * lines.length;
}

const MAX_GUTTER_TRIES = 6;
/** Beyond this many runs on a page (one per glyph in some producers) columns are not looked for: lines only. */
const MAX_LAYOUT_BOXES = 20_000;

/** The x where a region splits into two prose columns (the widest valid gutter), or null. */
function findGutter(boxes: readonly TextBox[]): number | null {
  if (boxes.length < 6 || boxes.length > MAX_LAYOUT_BOXES) return null;
  const minGap = 0.8 * median(boxes.map((b) => b.size));
  const sorted = [...boxes].sort((a, b) => a.x0 - b.x0);
  const gaps: { start: number; end: number }[] = [];
  let reach = sorted[0]!.x1;
  for (const b of sorted.slice(1)) {
    if (b.x0 - reach >= minGap) gaps.push({ start: reach, end: b.x0 });
    reach = Math.max(reach, b.x1);
  }
  gaps.sort((a, b) => b.end - b.start - (a.end - a.start));
  // Only the widest gaps are tried: a table has one per column, and each try groups both sides into lines.
  for (const g of gaps.slice(0, MAX_GUTTER_TRIES)) {
    const left = boxes.filter((b) => b.x1 <= g.start);
    const right = boxes.filter((b) => b.x0 >= g.end);
    if (isProseColumn(left) && isProseColumn(right)) return (g.start + g.end) / 2;
  }
  return null;
}

/** Splits a region at horizontal whitespace taller than half a line. */
function horizontalBands(boxes: readonly TextBox[]): TextBox[][] {
  const sorted = [...boxes].sort((a, b) => top(a) - top(b));
  const bands: TextBox[][] = [];
  let reach = -Infinity;
  for (const b of sorted) {
    if (bands.length === 0 || top(b) - reach > 0.5 * b.size) bands.push([b]);
    else bands.at(-1)!.push(b);
    reach = Math.max(reach, bottom(b));
  }
  return bands;
}

/** The blocks of a region in reading order. */
export function readingOrder(boxes: readonly TextBox[], depth = 0): TextBox[][] {
  if (boxes.length <= 1 || depth > 64) return [[...boxes]];
  const gutter = findGutter(boxes);
  if (gutter !== null) {
    const left = boxes.filter((b) => b.x1 <= gutter);
    const right = boxes.filter((b) => b.x1 > gutter);
    return [...readingOrder(left, depth + 1), ...readingOrder(right, depth + 1)];
  }
  const bands = horizontalBands(boxes);
  if (bands.length === 1) return [[...boxes]];
  const merged: TextBox[][] = [bands[0]!];
  for (const band of bands.slice(1)) {
    const joined = [...merged.at(-1)!, ...band];
    if (findGutter(joined) !== null) merged[merged.length - 1] = joined;
    else merged.push(band);
  }
  if (merged.length === 1) return [[...boxes]];
  return merged.flatMap((band) => readingOrder(band, depth + 1));
}

interface Line {
  text: string;
  cells: number;
  x0: number;
  x1: number;
  size: number;
}

/** One visual line as text: runs joined by a space where there is a visible gap, table cells by " | ". */
function lineText(line: readonly TextBox[]): Line {
  const cells: string[] = [line[0]!.text];
  for (let i = 1; i < line.length; i++) {
    const prev = line[i - 1]!;
    const b = line[i]!;
    const size = Math.max(prev.size, b.size);
    const gap = b.x0 - prev.x1;
    if (gap > CELL_BREAK * size) cells.push(b.text);
    else {
      const last = cells[cells.length - 1]!;
      const space = gap > 0.12 * size && !/\s$/.test(last) && !/^\s/.test(b.text);
      cells[cells.length - 1] = last + (space ? ' ' : '') + b.text;
    }
  }
  const trimmed = cells.map((c) => c.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return {
    text: trimmed.join(trimmed.length >= 3 ? ' | ' : ' '),
    cells: trimmed.length,
    x0: line[0]!.x0,
    x1: Math.max(...line.map((b) => b.x1)),
    size: median(line.map((b) => b.size)),
  };
}

/** Joins a line onto the previous one: a hyphen between lowercase letters at a line end is taken out. */
export function joinLines(prev: string, next: string): string {
  if (prev.endsWith('\u00ad')) return prev.slice(0, -1) + next;
  if (/\p{Ll}-$/u.test(prev) && /^\p{Ll}/u.test(next)) return prev.slice(0, -1) + next;
  return `${prev} ${next}`;
}

/**
 * A block as text: lines that run to the block's right edge continue into the next line (one paragraph per run of
 * full lines, de-hyphenated); short lines, size changes and table rows end a line.
 */
export function blockText(block: readonly TextBox[]): string {
  const lines = groupLines(block)
    .map(lineText)
    .filter((l) => l.text);
  if (lines.length === 0) return '';
  const right = Math.max(...lines.map((l) => l.x1));
  const left = Math.min(...lines.map((l) => l.x0));
  const out: string[] = [lines[0]!.text];
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const line = lines[i]!;
    const full = prev.x1 >= right - Math.max(3 * prev.size, 0.1 * (right - left));
    const sameSize = Math.abs(prev.size - line.size) <= 0.15 * Math.max(prev.size, line.size);
    if (full && sameSize && prev.cells < 3 && line.cells < 3) out[out.length - 1] = joinLines(out[out.length - 1]!, line.text);
    else out.push(line.text);
  }
  return out.join('\n');
}

/**
 * The text of a page in reading order: blocks separated by blank lines, except that a block ending mid-sentence
 * continues into a next block that starts in lowercase (a paragraph running from one column into the next).
 */
export function pageText(boxes: readonly TextBox[]): string {
  const out: string[] = [];
  for (const text of readingOrder(boxes).map(blockText)) {
    if (!text) continue;
    const prev = out.at(-1);
    if (prev !== undefined && /[\p{L},;\-\u00ad]$/u.test(prev) && /^\p{Ll}/u.test(text)) out[out.length - 1] = joinLines(prev, text);
    else out.push(text);
  }
  return out.join('\n\n');
}

/** The most prominent line near the top of a page (a title candidate) when its font is clearly larger than the body. */
export function prominentLine(boxes: readonly TextBox[]): string | null {
  if (boxes.length === 0) return null;
  const body = median(boxes.map((b) => b.size));
  const lines = groupLines(boxes);
  let best: { text: string; size: number } | null = null;
  for (const line of lines) {
    const size = Math.max(...line.map((b) => b.size));
    if (size >= 1.3 * body && (!best || size > best.size)) best = { text: lineText(line).text, size };
  }
  const text = best?.text.trim() ?? '';
  return text.length >= 3 && text.length <= 200 ? text : null;
}
