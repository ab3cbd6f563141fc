import type { OcrLine } from '../providers/ocr.js';

/**
 * Labels broken over two or three lines (a diagram's box 'Other / Recognition Models', a street sign 'Rue / de la
 * Paix', a map's place name) read as sparse text come out line by line across the page: tesseract's sparse mode
 * makes every line its own block and orders the blocks by height on the page, so the first lines of three boxes
 * side by side come before their second lines ('Other Other Other Detection Models Recognition Models ...'). These
 * functions find such stacks by geometry and give each one's lines together.
 */

/** The next line of a label starts at most this many line heights below the one above it. */
const MAX_GAP = 1;
/** Lines of one label have heights within this ratio (a title over a caption is not one label). */
const MAX_HEIGHT_RATIO = 1.8;
/** The lines of one label overlap by at least this share of the narrower line's width. */
const MIN_OVERLAP = 0.5;
/** A label has at most this many lines; a longer run of stacked lines is a column of text or a table's column, left in tesseract's order. */
const MAX_LINES = 3;

const height = (l: OcrLine) => Math.max(1, l.bbox.y1 - l.bbox.y0);
const width = (l: OcrLine) => Math.max(1, l.bbox.x1 - l.bbox.x0);
const readable = (l: OcrLine) => /[\p{L}\p{N}]/u.test(l.text);

/** Whether `b` is the line right under `a` in one label: close below it, of similar height, overlapping it across. */
function continues(a: OcrLine, b: OcrLine): boolean {
  const ha = height(a);
  const hb = height(b);
  if (Math.max(ha, hb) / Math.min(ha, hb) > MAX_HEIGHT_RATIO) return false;
  const gap = b.bbox.y0 - a.bbox.y1;
  if (gap < -0.25 * Math.min(ha, hb) || gap > MAX_GAP * Math.min(ha, hb)) return false;
  const overlap = Math.min(a.bbox.x1, b.bbox.x1) - Math.max(a.bbox.x0, b.bbox.x0);
  return overlap >= MIN_OVERLAP * Math.min(width(a), width(b));
}

/**
 * The lines grouped into labels, in the order of each group's first line: a line is joined to the one under it when
 * each is the other's only candidate (so a line over two columns, or two lines over one, join nothing), and chains
 * longer than MAX_LINES are split back into single lines.
 */
export function labelStacks(lines: readonly OcrLine[]): OcrLine[][] {
  const n = lines.length;
  const below: number[][] = Array.from({ length: n }, () => []);
  const above: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) {
    if (!readable(lines[i]!)) continue;
    for (let j = 0; j < n; j++) {
      if (i === j || !readable(lines[j]!) || !continues(lines[i]!, lines[j]!)) continue;
      below[i]!.push(j);
      above[j]!.push(i);
    }
  }
  const next = new Array<number>(n).fill(-1);
  const hasPrev = new Array<boolean>(n).fill(false);
  for (let i = 0; i < n; i++) {
    const j = below[i]!.length === 1 ? below[i]![0]! : -1;
    if (j >= 0 && above[j]!.length === 1) {
      next[i] = j;
      hasPrev[j] = true;
    }
  }
  const groupOf = new Array<number>(n).fill(-1);
  const groups: number[][] = [];
  for (let i = 0; i < n; i++) {
    if (hasPrev[i]) continue;
    const chain = [i];
    for (let k = next[i]!; k >= 0 && chain.length <= MAX_LINES; k = next[k]!) chain.push(k);
    const members = chain.length > MAX_LINES ? chain.map((k) => [k]) : [chain];
    for (const m of members) {
      for (const k of m) groupOf[k] = groups.length;
      groups.push(m);
    }
  }
  // A line left out (a cycle cannot form, but keep every line whatever happens) is a group of its own.
  for (let i = 0; i < n; i++) {
    if (groupOf[i] === -1) {
      groupOf[i] = groups.length;
      groups.push([i]);
    }
  }
  const order: OcrLine[][] = [];
  const seen = new Set<number>();
  for (let i = 0; i < n; i++) {
    const g = groupOf[i]!;
    if (seen.has(g)) continue;
    seen.add(g);
    order.push(groups[g]!.map((k) => lines[k]!));
  }
  return order;
}

/**
 * The text of a sparse reading with each stacked label's lines together (labelStacks), or null when no label spans
 * more than one line (the reading's own text is then kept as it is).
 */
export function sparseTextByLabel(lines: readonly OcrLine[]): string | null {
  const groups = labelStacks(lines);
  if (groups.every((g) => g.length === 1)) return null;
  return `${groups.map((g) => g.map((l) => l.text.trim()).join('\n')).join('\n\n')}\n`;
}
