import sharp from 'sharp';
import { darkShare, unevenLight } from './ocr-polarity.js';
import type { OcrVariant } from './ocr-variants.js';
import { otsu } from './otsu.js';

/** The skew search looks at the page at most this many pixels on its longer side. */
const SKEW_SAMPLE_SIDE = 1000;
/** Angles searched, either way (degrees): scans and photos lean a little; a page turned 90 degrees is OSD's job. */
const MAX_SKEW = 10;
/** Below this the page is left alone (tesseract's own line finding copes with it; turning costs a resample). */
const MIN_SKEW = 0.5;
/** The best angle must sharpen the row profile by this much over the page as it is (noise, pictures, tables). */
const SKEW_GAIN = 1.15;

/**
 * The angle (degrees, positive = text lines fall to the right) by which the page's text lines lean, found by a
 * projection-profile search on a downscaled, binarised copy: ink pixels are projected onto rows across the page at
 * each candidate angle, and the angle whose rows are most uneven (sum of squared row counts: lines and gaps line
 * up) wins, coarse steps first, then fine ones around the best. 0 when nothing leans clearly or the page has too
 * little (or too much) ink to tell. `gray` is one byte per pixel, dark = ink.
 */
export function skewAngle(gray: Uint8Array, width: number, height: number): number {
  const threshold = otsu(gray);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (gray[y * width + x]! < threshold) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  const share = xs.length / (width * height);
  if (share < 0.002 || share > 0.4) return 0;
  const diagonal = Math.ceil(Math.hypot(width, height));
  const rows = new Float64Array(2 * diagonal + 2);
  const profile = (deg: number): number => {
    const a = (deg * Math.PI) / 180;
    const sin = Math.sin(a);
    const cos = Math.cos(a);
    rows.fill(0);
    for (let i = 0; i < xs.length; i++) rows[Math.round(ys[i]! * cos - xs[i]! * sin) + diagonal]! += 1;
    let sum = 0;
    for (const r of rows) sum += r * r;
    return sum;
  };
  let best = 0;
  let bestScore = profile(0);
  const level = bestScore;
  const search = (from: number, to: number, step: number) => {
    for (let deg = from; deg <= to + 1e-9; deg += step) {
      const s = profile(deg);
      if (s > bestScore) {
        bestScore = s;
        best = deg;
      }
    }
  };
  search(-MAX_SKEW, MAX_SKEW, 0.5);
  search(best - 0.5, best + 0.5, 0.1);
  if (Math.abs(best) < MIN_SKEW || bestScore < level * SKEW_GAIN) return 0;
  return Math.round(best * 10) / 10;
}

/** Grey levels below this are dark background (or ink), above LIGHT light paper (or ink). */
const DARK = 80;
const LIGHT = 200;
/** Share of the page each of the dark and the light areas must cover for the background to count as mixed. */
const MIXED_SHARE = 0.15;

/**
 * Whether a page has both a large dark area and a large light one (at least MIXED_SHARE of its pixels each): a dark
 * terminal or app window inside a light screenshot, a dark panel in a light UI. One threshold for the whole page
 * (tesseract's default, Otsu) splits the two backgrounds and loses text of little contrast on either; a threshold
 * per tile keeps it. Text pages (ink is a few percent), posters on one colour and photos of one tone are not mixed.
 * `gray` is one byte per pixel.
 */
export function mixedBackground(gray: Uint8Array): boolean {
  let dark = 0;
  let light = 0;
  for (const v of gray) {
    if (v < DARK) dark++;
    else if (v > LIGHT) light++;
  }
  return gray.length > 0 && dark / gray.length >= MIXED_SHARE && light / gray.length >= MIXED_SHARE;
}

/** The page turned level when skewAngle finds a lean (and `turn`), else an empty png and angle 0; with mixedBackground's answer. */
export async function deskew(input: Buffer, width: number, height: number, turn: boolean, density?: number): Promise<OcrVariant> {
  if (!width || !height) return { png: new Uint8Array(0), width, height, angle: 0, mixed: false };
  const factor = Math.min(1, SKEW_SAMPLE_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * factor));
  const h = Math.max(1, Math.round(height * factor));
  const { data: raw, info: s } = await sharp(input).flatten({ background: '#ffffff' }).greyscale().resize({ width: w, height: h, fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const gray = new Uint8Array(s.width * s.height);
  for (let i = 0; i < gray.length; i++) gray[i] = raw[i * s.channels]!;
  const mixed = mixedBackground(gray);
  const dark = darkShare(gray, s.width, s.height);
  const light = unevenLight(gray, s.width, s.height).ratio;
  const angle = turn ? skewAngle(gray, s.width, s.height) : 0;
  if (angle === 0) return { png: new Uint8Array(0), width, height, angle: 0, mixed, dark, light };
  // Lines falling to the right by `angle` are levelled by turning the page that much anticlockwise.
  // The resolution goes with the page (tesseract guesses one, and its text size, without it).
  let turned = sharp(input).rotate(-angle, { background: '#ffffff' });
  if (density) turned = turned.withDensity(density);
  const { data, info } = await turned.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, angle, mixed, dark, light };
}
