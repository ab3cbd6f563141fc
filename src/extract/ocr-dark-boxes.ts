/**
 * Dark boxes on a light page: a reversed display advert (white type on a black box) on a newspaper page. Every
 * reading of the whole page loses such a box's lines: the grey page's one threshold leaves it a dark block with
 * fragments ('t Pembe'), the polarity page leaks its per-tile decision across the box's edge, and tesseract's layout
 * joins the box's large lines with the neighbouring column's. Cut out, inverted and read alone, the box reads whole
 * (ocr-page.ts, ocr-box-readings.ts). A box is one region of dark cells filling most of its rectangle.
 */

/** Cells are squares of about this share of the page's longer side (at least 2 px). */
const CELL_SHARE = 1 / 400;
/** A cell is dark when its mean grey is below this share of the page's median grey (the paper). */
const DARK_SHARE = 0.5;
/** The page's median grey must be at least this (a light page; a dark page is the polarity reading's own case). */
const MIN_PAPER = 128;
/** A box covers at least this share of the page (smaller dark areas are letters, rules, pictures' shadows). */
const MIN_AREA = 0.004;
/** ...and at most this share (a page that is mostly dark is not a box on a page). */
const MAX_AREA = 0.5;
/** A box's dark cells fill at least this share of its bounding rectangle (a frame of rules or a text column does not). */
const MIN_FILL = 0.55;

export interface DarkBox {
  /** Bounding rectangle in pixels (x1, y1 exclusive). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Cell grid: mean grey per cell. */
function cells(gray: Uint8Array, width: number, height: number, cell: number): { cols: number; rows: number; mean: Float32Array } {
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const sum = new Float64Array(cols * rows);
  const count = new Uint32Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cell) * cols;
    for (let x = 0; x < width; x++) {
      const i = row + Math.floor(x / cell);
      sum[i]! += gray[y * width + x]!;
      count[i]! += 1;
    }
  }
  const mean = new Float32Array(cols * rows);
  for (let i = 0; i < mean.length; i++) mean[i] = sum[i]! / Math.max(1, count[i]!);
  return { cols, rows, mean };
}

/** Median grey level of a page (its ground: paper, or a terminal's background). */
export function medianGrey(gray: Uint8Array): number {
  const hist = new Uint32Array(256);
  for (const v of gray) hist[v]! += 1;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v]!;
    if (seen > gray.length / 2) return v;
  }
  return 255;
}

/** Connected regions (4-neighbour) of cells where `member` is true, as lists of cells. */
function regions(member: Uint8Array, cols: number, rows: number): { list: number[][] } {
  const label = new Int32Array(cols * rows).fill(-1);
  const list: number[][] = [];
  const stack: number[] = [];
  for (let start = 0; start < member.length; start++) {
    if (!member[start] || label[start]! >= 0) continue;
    const id = list.length;
    const cellsOf: number[] = [];
    label[start] = id;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      cellsOf.push(i);
      const x = i % cols;
      const y = (i - x) / cols;
      const next = [x > 0 ? i - 1 : -1, x < cols - 1 ? i + 1 : -1, y > 0 ? i - cols : -1, y < rows - 1 ? i + cols : -1];
      for (const j of next) {
        if (j < 0 || !member[j] || label[j]! >= 0) continue;
        label[j] = id;
        stack.push(j);
      }
    }
    list.push(cellsOf);
  }
  return { list };
}

/**
 * The dark boxes of a light page (one grey byte per pixel), top to bottom: regions of dark cells covering MIN_AREA to
 * MAX_AREA of the page and filling at least MIN_FILL of their rectangle. Empty for a dark page (a terminal, a dark
 * UI: the polarity reading's own case) and for a page without such boxes (text, rules, frames, photos).
 */
export function findDarkBoxes(gray: Uint8Array, width: number, height: number): DarkBox[] {
  if (width === 0 || height === 0) return [];
  const cell = Math.max(2, Math.round(Math.max(width, height) * CELL_SHARE));
  const { cols, rows, mean } = cells(gray, width, height, cell);
  const paper = medianGrey(gray);
  if (paper < MIN_PAPER) return [];
  const dark = new Uint8Array(cols * rows);
  for (let i = 0; i < dark.length; i++) dark[i] = mean[i]! < paper * DARK_SHARE ? 1 : 0;
  const total = cols * rows;
  const boxes: DarkBox[] = [];
  for (const own of regions(dark, cols, rows).list) {
    if (own.length < MIN_AREA * total) continue;
    let cx0 = cols;
    let cy0 = rows;
    let cx1 = 0;
    let cy1 = 0;
    for (const i of own) {
      const x = i % cols;
      const y = (i - x) / cols;
      cx0 = Math.min(cx0, x);
      cy0 = Math.min(cy0, y);
      cx1 = Math.max(cx1, x + 1);
      cy1 = Math.max(cy1, y + 1);
    }
    const rect = (cx1 - cx0) * (cy1 - cy0);
    if (own.length < MIN_FILL * rect || rect > MAX_AREA * total) continue;
    boxes.push({ x0: cx0 * cell, y0: cy0 * cell, x1: Math.min(width, cx1 * cell), y1: Math.min(height, cy1 * cell) });
  }
  return boxes.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}
