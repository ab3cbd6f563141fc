import { components, type Comp } from './connected-components.js';
import { otsu } from './otsu.js';

/**
 * Lines of large type on a document page (a title, a header band), found from the pixels. Tesseract's page layout
 * can drop or cut such a line while it reads the body text under it: a bitonal brochure's 128-px title came out as
 * 'Riverside / ommunity / arden' (its bold capitals 'C' and 'G' dropped as non-text blobs). Each line found here is
 * read again alone, as one line, at a scale where its characters are ordinary (ocr-page.ts, pass 'large-lines').
 */
export interface LargeLine {
  /** The line's box on the page (pixels, x1/y1 exclusive), padded round its characters. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Height of its tallest character (page pixels). */
  height: number;
  /** Left and right of its characters (page pixels), without the padding. */
  left: number;
  right: number;
}

/** A character is large at this many times the page's median character height (or more). */
const LARGE_RATIO = 2;
/** Pages with fewer characters than this have no body text to measure a title against. */
const MIN_CHARACTERS = 40;
/** Characters shorter than this (sample pixels) are specks; taller than this share of the page, pictures. */
const MIN_HEIGHT = 4;
const MAX_HEIGHT_SHARE = 0.2;
/** Ink share of a character's box: outlines of frames and table grids are emptier, filled blocks fuller. */
const MIN_FILL = 0.1;
const MAX_FILL = 0.9;
/** A box this much wider than tall is a rule or a run of touching letters; runs are kept up to this. */
const MAX_ASPECT = 12;
/** Two large characters are on one line when their heights overlap by this share of the shorter one... */
const SAME_LINE = 0.5;
/** ...and the gap between them is at most this many line heights (a word space in display type). */
const MAX_GAP = 1.5;
/** At most this many lines are returned (the tallest first): each costs one small reading. */
const MAX_LINES = 6;

/**
 * The lines of large characters on a page, top to bottom. `gray` is one byte per pixel (dark text on light paper);
 * `scale` maps its pixels to the page's (page = gray x scale). A line needs two large characters, or one run of
 * touching ones at least twice as wide as tall; a page whose ink is mostly dark ground (a photo) has none.
 */
export function findLargeLines(gray: Uint8Array, width: number, height: number, scale = 1): LargeLine[] {
  const t = otsu(gray);
  const ink = new Uint8Array(gray.length);
  let dark = 0;
  for (let i = 0; i < gray.length; i++) if (gray[i]! < t) dark += ink[i] = 1;
  if (dark > gray.length * 0.4) return [];
  const chars = components(ink, width, height).comps.filter((c) => {
    const w = c.x1 - c.x0;
    const h = c.y1 - c.y0;
    const fill = c.area / (w * h);
    return h >= MIN_HEIGHT && h <= height * MAX_HEIGHT_SHARE && w <= width * 0.9 && w / h <= MAX_ASPECT && fill >= MIN_FILL && fill <= MAX_FILL;
  });
  if (chars.length < MIN_CHARACTERS) return [];
  const heights = chars.map((c) => c.y1 - c.y0).sort((a, b) => a - b);
  const body = heights[Math.floor(heights.length / 2)]!;
  const large = chars.filter((c) => c.y1 - c.y0 >= LARGE_RATIO * body).sort((a, b) => a.x0 - b.x0);
  const lines: Comp[][] = [];
  for (const c of large) {
    const h = c.y1 - c.y0;
    const line = lines.find((l) => {
      const box = boxOf(l);
      const lh = box.y1 - box.y0;
      const overlap = Math.min(box.y1, c.y1) - Math.max(box.y0, c.y0);
      return overlap >= SAME_LINE * Math.min(h, lh) && c.x0 - box.x1 <= MAX_GAP * Math.max(h, lh);
    });
    if (line) line.push(c);
    else lines.push([c]);
  }
  return lines
    .map((l) => ({ box: boxOf(l), count: l.length, tallest: Math.max(...l.map((c) => c.y1 - c.y0)) }))
    .filter(({ box, count, tallest }) => count >= 2 || box.x1 - box.x0 >= 2 * tallest)
    .sort((a, b) => b.tallest - a.tallest)
    .slice(0, MAX_LINES)
    .map(({ box, tallest }) => {
      const padY = Math.round(tallest * 0.3);
      const padX = Math.round(tallest * 0.6);
      return {
        x0: Math.floor(Math.max(0, box.x0 - padX) * scale),
        y0: Math.floor(Math.max(0, box.y0 - padY) * scale),
        x1: Math.ceil(Math.min(width, box.x1 + padX) * scale),
        y1: Math.ceil(Math.min(height, box.y1 + padY) * scale),
        height: Math.round(tallest * scale),
        left: Math.floor(box.x0 * scale),
        right: Math.ceil(box.x1 * scale),
      };
    })
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}

function boxOf(cs: readonly Comp[]): { x0: number; y0: number; x1: number; y1: number } {
  return { x0: Math.min(...cs.map((c) => c.x0)), y0: Math.min(...cs.map((c) => c.y0)), x1: Math.max(...cs.map((c) => c.x1)), y1: Math.max(...cs.map((c) => c.y1)) };
}
