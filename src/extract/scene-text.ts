import { components, type Comp } from './connected-components.js';

/**
 * Text lines in a scene photo (a street sign, a shop front, a label on a machine), found from the pixels before any
 * OCR. Tesseract's page layout finds no text block in such a photo (the sign is a small part of trees, bricks and
 * cars) and its sparse mode reads specks; a line cut out and read alone reads whole. The lines are found the way
 * text detectors without a model do: character-like connected components of a local-contrast binarisation (dark on
 * light and light on dark separately), chained into lines of similar height side by side.
 */

/** Local mean window, as a share of the working copy's longer side (strokes thinner than it stand out). */
const WINDOW_SHARE = 1 / 24;
/** A pixel is ink when it differs from its local mean by at least this many grey levels. */
const MIN_CONTRAST = 18;
/** Character-like components: height in pixels of the working copy, and as a share of its height. */
const MIN_CHAR_HEIGHT = 9;
const MAX_CHAR_SHARE = 0.35;
/** Width over height of one character (or two touching ones). */
const MAX_CHAR_ASPECT = 2.2;
const MIN_CHAR_ASPECT = 0.08;
/** Share of its box that a character's ink fills (a rule fills all of it, a frame or a branch little). */
const MIN_FILL = 0.12;
const MAX_FILL = 0.88;
/** Two characters of a line: heights within this ratio, centres this share of the taller apart vertically, gap at most this share of it. */
const HEIGHT_RATIO = 1.6;
const CENTRE_SHIFT = 0.3;
const MAX_GAP = 1.1;
/** A line has at least this many characters. */
const MIN_CHARS = 3;
/** A component taller than this many times a line's character height is not part of the line (a frame, a pole). */
const BAND_HEIGHT = 1.4;
/** At most this many lines are returned (the largest first): each costs one small reading. */
const MAX_LINES = 24;
/**
 * Two pieces of one character broken by the binarisation (a thin '1' of a generator's plate came apart at its flag):
 * one above the other, overlapping by PIECE_OVERLAP of the narrower one's width, at most PIECE_GAP of their joint
 * height apart (or overlapping by at most that), their joint box no taller than PIECE_HEIGHT times the taller piece
 * (two letters of stacked lines are twice as tall) and character-shaped (no wider than MAX_PIECE_ASPECT of its height).
 */
const PIECE_OVERLAP = 0.5;
const PIECE_GAP = 0.1;
const PIECE_HEIGHT = 2;
const MAX_PIECE_ASPECT = 1.2;

export interface SceneLine {
  /** Box on the page given (pixels; x1, y1 exclusive), padded round the characters. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The text is lighter than its background (white letters on a dark sign). */
  light: boolean;
  /** Characters found on it. */
  chars: number;
  /** Median character height (pixels of the page given). */
  height: number;
  /**
   * The line's ink as a clean image of the box (one byte per pixel, 0 = ink, 255 = paper; `maskWidth` x `maskHeight`
   * pixels of the searched copy): the components inside the line's band only, so a sign's frame, its edge and the
   * scene round it are not read with the letters.
   */
  mask: Uint8Array;
  maskWidth: number;
  maskHeight: number;
}

/** Mean grey of each pixel's square neighbourhood (radius r), from an integral image. */
function localMean(gray: Uint8Array, width: number, height: number, r: number): Float32Array {
  const w1 = width + 1;
  const sum = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += gray[y * width + x]!;
      sum[(y + 1) * w1 + x + 1] = sum[y * w1 + x + 1]! + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const xa = Math.max(0, x - r);
      const xb = Math.min(width, x + r + 1);
      const s = sum[yb * w1 + xb]! - sum[ya * w1 + xb]! - sum[yb * w1 + xa]! + sum[ya * w1 + xa]!;
      out[y * width + x] = s / ((yb - ya) * (xb - xa));
    }
  }
  return out;
}

/**
 * Each component, or the joint component when it is one of two pieces of a broken character (PIECE_OVERLAP): a
 * character whose halves are each too short to chain with its neighbours is one character again. Pieces are joined
 * in pairs only, so no chain of joins grows into a block of leaves. Indexed as `comps`.
 */
function joinBrokenCharacters(comps: Comp[], height: number): Comp[] {
  const out = [...comps];
  const taken = new Uint8Array(comps.length);
  const maxHeight = MAX_CHAR_SHARE * height;
  const order = comps
    .map((_, i) => i)
    .filter((i) => {
      const c = comps[i]!;
      return c.y1 - c.y0 >= 3 && c.y1 - c.y0 <= maxHeight && c.x1 - c.x0 <= MAX_PIECE_ASPECT * maxHeight;
    })
    .sort((a, b) => comps[a]!.x0 - comps[b]!.x0);
  for (let oi = 0; oi < order.length; oi++) {
    const ia = order[oi]!;
    const a = comps[ia]!;
    for (let oj = oi + 1; oj < order.length && !taken[ia]; oj++) {
      const ib = order[oj]!;
      const b = comps[ib]!;
      if (b.x0 >= a.x1) break;
      if (taken[ib]) continue;
      const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      if (overlap < PIECE_OVERLAP * Math.min(a.x1 - a.x0, b.x1 - b.x0)) continue;
      const box = { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
      const h = box.y1 - box.y0;
      const gap = Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1);
      if (Math.abs(gap) > PIECE_GAP * h || h > PIECE_HEIGHT * Math.max(a.y1 - a.y0, b.y1 - b.y0) || box.x1 - box.x0 > MAX_PIECE_ASPECT * h || h > maxHeight) continue;
      taken[ia] = taken[ib] = 1;
      out[ia] = out[ib] = { ...box, area: a.area + b.area };
    }
  }
  return out;
}

/** Whether a component is shaped like a character (or two touching ones) of readable size. */
function charLike(c: Comp, width: number, height: number): boolean {
  const w = c.x1 - c.x0;
  const h = c.y1 - c.y0;
  if (h < MIN_CHAR_HEIGHT || h > MAX_CHAR_SHARE * height) return false;
  if (w / h > MAX_CHAR_ASPECT || w / h < MIN_CHAR_ASPECT) return false;
  // Touching the edge: cut off, or a stripe of the scene.
  if (c.x0 === 0 || c.y0 === 0 || c.x1 === width || c.y1 === height) return false;
  const fill = c.area / (w * h);
  return fill >= MIN_FILL && fill <= MAX_FILL;
}

/** Characters chained into lines: neighbours of similar height, level with each other, a letter or word gap apart. */
function chain(chars: Comp[]): Comp[][] {
  const parent = chars.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const order = chars.map((_, i) => i).sort((a, b) => chars[a]!.x0 - chars[b]!.x0);
  for (let oi = 0; oi < order.length; oi++) {
    const a = chars[order[oi]!]!;
    const ha = a.y1 - a.y0;
    // Each character links to its nearest fitting neighbour to the right only: a line, not a cloud of specks.
    let best = -1;
    let bestGap = Infinity;
    for (let oj = oi + 1; oj < order.length; oj++) {
      const b = chars[order[oj]!]!;
      const hb = b.y1 - b.y0;
      const tall = Math.max(ha, hb);
      const gap = b.x0 - a.x1;
      if (gap > MAX_GAP * tall) {
        if (b.x0 - a.x1 > MAX_GAP * ha * HEIGHT_RATIO) break;
        continue;
      }
      if (gap < -0.3 * Math.min(a.x1 - a.x0, b.x1 - b.x0)) continue;
      if (tall / Math.min(ha, hb) > HEIGHT_RATIO) continue;
      if (Math.abs((a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2) > CENTRE_SHIFT * tall) continue;
      if (gap < bestGap) {
        bestGap = gap;
        best = order[oj]!;
      }
    }
    if (best >= 0) parent[find(order[oi]!)] = find(best);
  }
  const groups = new Map<number, Comp[]>();
  for (let i = 0; i < chars.length; i++) {
    const root = find(i);
    const g = groups.get(root);
    if (g) g.push(chars[i]!);
    else groups.set(root, [chars[i]!]);
  }
  return [...groups.values()];
}

function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/**
 * The ink of the components inside a line's box and band: none taller than BAND_HEIGHT times the line's characters
 * (a frame, a pole) or reaching out of the box (the sign's edge, the scene); dots and accents stay.
 */
function lineMask(
  comps: Comp[],
  pieces: Comp[],
  label: Int32Array,
  width: number,
  box: { x0: number; y0: number; x1: number; y1: number },
  h: number,
  chars: ReadonlySet<Comp>,
): { mask: Uint8Array; maskWidth: number; maskHeight: number } {
  const maskWidth = box.x1 - box.x0;
  const maskHeight = box.y1 - box.y0;
  const mask = new Uint8Array(maskWidth * maskHeight).fill(255);
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const id = label[y * width + x]!;
      if (id < 0) continue;
      // The line's own characters always stay ('p' and 'y' of 'copy' reach below a line of short letters). Others are
      // judged by their own piece: a letter joined to a bar of the barrier under it (joinBrokenCharacters) stays.
      const c = pieces[id]!;
      if (!chars.has(comps[id]!) && (c.y1 - c.y0 > BAND_HEIGHT * h || c.x0 < box.x0 || c.y0 < box.y0 || c.x1 > box.x1 || c.y1 > box.y1)) continue;
      mask[(y - box.y0) * maskWidth + (x - box.x0)] = 0;
    }
  }
  return { mask, maskWidth, maskHeight };
}

/**
 * The text lines of a photo, largest first (at most MAX_LINES). `gray` is one byte per pixel; the search runs on it as
 * given (callers pass a copy of about 1000 px on its longer side) and the boxes are scaled by `scale` (page pixels per
 * pixel of `gray`). Lines of dark and of light text are found separately; a box of one polarity inside a larger one
 * of the same polarity is dropped.
 */
export function findSceneLines(gray: Uint8Array, width: number, height: number, scale = 1): SceneLine[] {
  if (width < 16 || height < 16) return [];
  const r = Math.max(7, Math.round(Math.max(width, height) * WINDOW_SHARE));
  const mean = localMean(gray, width, height, r);
  const lines: SceneLine[] = [];
  for (const light of [false, true]) {
    const ink = new Uint8Array(width * height);
    for (let i = 0; i < ink.length; i++) ink[i] = (light ? gray[i]! - mean[i]! : mean[i]! - gray[i]!) >= MIN_CONTRAST ? 1 : 0;
    const { comps: pieces, label } = components(ink, width, height);
    const comps = joinBrokenCharacters(pieces, height);
    const chars = [...new Set(comps)].filter((c) => charLike(c, width, height));
    for (const group of chain(chars)) {
      if (group.length < MIN_CHARS) continue;
      const h = medianOf(group.map((c) => c.y1 - c.y0));
      const padX = Math.round(0.3 * h);
      const padY = Math.round(0.25 * h);
      const x0 = Math.max(0, Math.min(...group.map((c) => c.x0)) - padX);
      const y0 = Math.max(0, Math.min(...group.map((c) => c.y0)) - padY);
      const x1 = Math.min(width, Math.max(...group.map((c) => c.x1)) + padX);
      const y1 = Math.min(height, Math.max(...group.map((c) => c.y1)) + padY);
      lines.push({
        x0: Math.floor(x0 * scale),
        y0: Math.floor(y0 * scale),
        x1: Math.min(Math.round(width * scale), Math.ceil(x1 * scale)),
        y1: Math.min(Math.round(height * scale), Math.ceil(y1 * scale)),
        light,
        chars: group.length,
        height: h * scale,
        ...lineMask(comps, pieces, label, width, { x0, y0, x1, y1 }, h, new Set(group)),
      });
    }
  }
  const area = (l: SceneLine) => (l.x1 - l.x0) * (l.y1 - l.y0);
  lines.sort((a, b) => area(b) - area(a));
  const kept: SceneLine[] = [];
  for (const l of lines) {
    // Only a line of the same text size is part of the larger one: a sign's small lettering inside a box chained from
    // the bars of its barrier is a line of its own.
    const inside = kept.some((k) => k.light === l.light && l.x0 >= k.x0 && l.y0 >= k.y0 && l.x1 <= k.x1 && l.y1 <= k.y1 && l.height * HEIGHT_RATIO >= k.height);
    if (!inside) kept.push(l);
    if (kept.length >= MAX_LINES) break;
  }
  return kept;
}
