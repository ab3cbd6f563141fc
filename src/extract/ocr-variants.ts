import sharp from 'sharp';
import { findDarkBoxes, type DarkBox } from './ocr-dark-boxes.js';
import { largeLineCrops, type LargeLineCrops } from './ocr-large-line-crops.js';
import { darkShare, normalisePolarity, unevenLight } from './ocr-polarity.js';
import { otsu } from './otsu.js';
import { binaryLine } from './scene-binary.js';
import { findSceneLines, type SceneLine } from './scene-text.js';

/** One image to derive for another OCR pass (the 'ocr-variant' sandbox job). */
export type OcrVariantRequest =
  /** 'scale': resized by `factor` (large headings read better smaller). */
  | { png: Uint8Array; op: 'scale'; factor: number }
  /**
   * 'deskew': turned level when its text lines lean by a small angle (see skewAngle; `turn: false` only looks), and
   * whether its background is mixed (see mixedBackground).
   */
  | { png: Uint8Array; op: 'deskew'; turn?: boolean }
  /** 'polarity': dark text on white in every region, local contrast stretched (ocr-polarity.ts normalisePolarity). */
  | { png: Uint8Array; op: 'polarity' }
  /** 'dark-boxes': each dark box of a light page (ocr-dark-boxes.ts) cut out and inverted, to be read alone (see DarkBoxCrops). */
  | { png: Uint8Array; op: 'dark-boxes' }
  /** 'scene-lines': the text lines of a photo (scene-text.ts), each cut out as dark text on white, to be read as one line (see SceneLineCrops). */
  | { png: Uint8Array; op: 'scene-lines' }
  /** 'large-lines': the lines of large type of a document page (ocr-large-lines.ts), each cut out to be read as one line. */
  | { png: Uint8Array; op: 'large-lines' };

export interface OcrVariant {
  png: Uint8Array;
  width: number;
  height: number;
  /** 'deskew': the angle the page was turned by (degrees, clockwise; 0 = left as it was, png is then empty). */
  angle?: number;
  /** 'deskew': the page has large dark and large light areas (mixedBackground). */
  mixed?: boolean;
  /** 'deskew': share of the page whose local background is dark (ocr-polarity.ts darkShare). */
  dark?: number;
  /** 'deskew': how evenly lit the paper under the page's dark text is, 1 = even (ocr-polarity.ts unevenLight). */
  light?: number;
}

/** 'dark-boxes': each box's place on the page and its crop, inverted (dark letters on light), as PNG. */
export interface DarkBoxCrops {
  boxes: (DarkBox & { png: Uint8Array })[];
}

/** 'scene-lines': each line's place on the page and its crop (dark text on white, text about SCENE_TEXT_HEIGHT px tall), as PNG. */
export interface SceneLineCrops {
  lines: (Omit<SceneLine, 'mask' | 'maskWidth' | 'maskHeight'> & { png: Uint8Array; grey: Uint8Array; binary: Uint8Array })[];
}

/** A box's crop is declared at this resolution: tesseract sizes its text guesses by it (measured at 300 on the newspaper pages). */
const BOX_DPI = 300;

/** The derived image as PNG with its size (or, for 'dark-boxes', the crops). Runs in the extraction sandbox. */
export function makeOcrVariant(req: Extract<OcrVariantRequest, { op: 'dark-boxes' }>): Promise<DarkBoxCrops>;
export function makeOcrVariant(req: Extract<OcrVariantRequest, { op: 'scene-lines' }>): Promise<SceneLineCrops>;
export function makeOcrVariant(req: Extract<OcrVariantRequest, { op: 'large-lines' }>): Promise<LargeLineCrops>;
export function makeOcrVariant(req: Exclude<OcrVariantRequest, { op: 'dark-boxes' | 'scene-lines' | 'large-lines' }>): Promise<OcrVariant>;
export function makeOcrVariant(req: OcrVariantRequest): Promise<OcrVariant | DarkBoxCrops | SceneLineCrops | LargeLineCrops>;
export async function makeOcrVariant(req: OcrVariantRequest): Promise<OcrVariant | DarkBoxCrops | SceneLineCrops | LargeLineCrops> {
  const input = Buffer.from(req.png.buffer, req.png.byteOffset, req.png.byteLength);
  if (req.op === 'dark-boxes') return darkBoxCrops(input);
  if (req.op === 'scene-lines') return sceneLineCrops(input);
  if (req.op === 'large-lines') return largeLineCrops(input);
  const meta = await sharp(input).metadata();
  if (req.op === 'deskew') return deskew(input, meta.width ?? 0, meta.height ?? 0, req.turn !== false, meta.density);
  if (req.op === 'polarity') return polarity(input, meta.density);
  const width = Math.max(1, Math.round((meta.width ?? 1) * req.factor));
  const height = Math.max(1, Math.round((meta.height ?? 1) * req.factor));
  const png = await sharp(input).resize({ width, height, fit: 'fill', kernel: 'lanczos3' }).png({ compressionLevel: 1 }).toBuffer();
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width, height };
}

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

/** A pixel is light colour when its brightest channel is at least this and its channels spread by SATURATED or more. */
const COLOUR_LIGHT = 140;
const SATURATED = 60;

/**
 * Share of the pixels that are light, saturated colour (brightest channel at least COLOUR_LIGHT, channels apart by
 * SATURATED or more): the cyan, green and salmon boxes of a diagram, a coloured table header. Grey turns such a box
 * mid-grey, and one threshold for the page then takes the box with the dark text on it for ink. `rgb` is
 * `channels` bytes per pixel (R, G, B first).
 */
export function colourShare(rgb: Uint8Array, channels: number): number {
  const n = Math.floor(rgb.length / channels);
  if (n === 0 || channels < 3) return 0;
  let coloured = 0;
  for (let i = 0; i < n; i++) {
    const r = rgb[i * channels]!;
    const g = rgb[i * channels + 1]!;
    const b = rgb[i * channels + 2]!;
    const hi = Math.max(r, g, b);
    if (hi >= COLOUR_LIGHT && hi - Math.min(r, g, b) >= SATURATED) coloured++;
  }
  return coloured / n;
}

/** Grey from the brightest of R, G and B at each pixel (`channels` bytes per pixel): a coloured box turns light, dark text on it stays dark. */
export function brightestChannel(rgb: Uint8Array, channels: number): Uint8Array {
  const n = Math.floor(rgb.length / channels);
  const grey = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const o = i * channels;
    grey[i] = channels >= 3 ? Math.max(rgb[o]!, rgb[o + 1]!, rgb[o + 2]!) : rgb[o]!;
  }
  return grey;
}

/** The page turned level when skewAngle finds a lean (and `turn`), else an empty png and angle 0; with mixedBackground's answer. */
async function deskew(input: Buffer, width: number, height: number, turn: boolean, density?: number): Promise<OcrVariant> {
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

/** The page as grey, dark text on white in every region (normalisePolarity), as PNG with the page's resolution. */
async function polarity(input: Buffer, density?: number): Promise<OcrVariant> {
  const { data: raw, info } = await sharp(input).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const gray = new Uint8Array(info.width * info.height);
  for (let i = 0; i < gray.length; i++) gray[i] = raw[i * info.channels]!;
  const out = normalisePolarity(gray, info.width, info.height);
  let png = sharp(out, { raw: { width: info.width, height: info.height, channels: 1 } });
  if (density) png = png.withDensity(density);
  const data = await png.png({ compressionLevel: 1 }).toBuffer();
  return { png: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** The page's dark boxes (findDarkBoxes on the full-size grey page), each cut out and inverted. */
async function darkBoxCrops(input: Buffer): Promise<DarkBoxCrops> {
  const { data: raw, info } = await sharp(input).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const gray = new Uint8Array(info.width * info.height);
  for (let i = 0; i < gray.length; i++) gray[i] = raw[i * info.channels]!;
  const boxes: DarkBoxCrops['boxes'] = [];
  for (const box of findDarkBoxes(gray, info.width, info.height)) {
    const crop = await sharp(Buffer.from(gray.buffer, gray.byteOffset, gray.byteLength), { raw: { width: info.width, height: info.height, channels: 1 } })
      .extract({ left: box.x0, top: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0 })
      .negate()
      .withDensity(BOX_DPI)
      .png({ compressionLevel: 1 })
      .toBuffer();
    boxes.push({ ...box, png: new Uint8Array(crop.buffer, crop.byteOffset, crop.byteLength) });
  }
  return { boxes };
}

/** The text search looks at a photo at most this many pixels on its longer side. */
const SCENE_SAMPLE_SIDE = 1000;
/** Each line's crop is scaled so its characters are about this tall (tesseract reads 20-40 px capitals best)... */
const SCENE_TEXT_HEIGHT = 36;
/** ...within these factors. */
const SCENE_MIN_FACTOR = 0.5;
const SCENE_MAX_FACTOR = 4;
/** White margin round a crop (pixels): tesseract needs some paper round a line. */
const SCENE_MARGIN = 12;

/** The photo's text lines (findSceneLines on a copy of at most SCENE_SAMPLE_SIDE px), each cut out of the page, turned dark on light, stretched and scaled. */
async function sceneLineCrops(input: Buffer): Promise<SceneLineCrops> {
  const { data: raw, info } = await sharp(input).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const gray = new Uint8Array(info.width * info.height);
  for (let i = 0; i < gray.length; i++) gray[i] = raw[i * info.channels]!;
  const factor = Math.min(1, SCENE_SAMPLE_SIDE / Math.max(info.width, info.height));
  const w = Math.max(1, Math.round(info.width * factor));
  const h = Math.max(1, Math.round(info.height * factor));
  const page = () => sharp(Buffer.from(gray.buffer, gray.byteOffset, gray.byteLength), { raw: { width: info.width, height: info.height, channels: 1 } });
  // A resized one-channel raw image comes back with three channels from sharp: the first is taken.
  const small = factor < 1 ? firstChannel(await page().resize({ width: w, height: h, fit: 'fill' }).raw().toBuffer({ resolveWithObject: true })) : gray;
  const lines: SceneLineCrops['lines'] = [];
  for (const line of findSceneLines(small, w, h, info.width / w)) {
    // The line's own ink (scene-text.ts lineMask), scaled so its characters are about SCENE_TEXT_HEIGHT px tall.
    const scale = Math.min(SCENE_MAX_FACTOR, Math.max(SCENE_MIN_FACTOR, SCENE_TEXT_HEIGHT / (line.height / (info.width / w))));
    const { mask, maskWidth, maskHeight, ...place } = line;
    const png = await sharp(Buffer.from(mask.buffer, mask.byteOffset, mask.byteLength), { raw: { width: maskWidth, height: maskHeight, channels: 1 } })
      .resize({ width: Math.max(1, Math.round(maskWidth * scale)), height: Math.max(1, Math.round(maskHeight * scale)), fit: 'fill', kernel: 'cubic' })
      .extend({ top: SCENE_MARGIN, bottom: SCENE_MARGIN, left: SCENE_MARGIN, right: SCENE_MARGIN, background: '#ffffff' })
      .withDensity(BOX_DPI)
      .png({ compressionLevel: 1 })
      .toBuffer();
    // The same box of the page in grey, dark on light, stretched: it keeps letters the mask lost (one touching the sign's edge).
    const width = Math.min(info.width, line.x1) - line.x0;
    const height = Math.min(info.height, line.y1) - line.y0;
    let crop = page()
      .extract({ left: line.x0, top: line.y0, width, height })
      .resize({ width: Math.max(1, Math.round(width * scale * (w / info.width))), height: Math.max(1, Math.round(height * scale * (w / info.width))), fit: 'fill', kernel: 'lanczos3' });
    if (line.light) crop = crop.negate();
    // sharp negates after extending: the margin is added to the finished crop.
    const body = await crop.normalise({ lower: 2, upper: 98 }).raw().toBuffer({ resolveWithObject: true });
    const stretched = firstChannel(body);
    const [grey, binary] = await Promise.all(
      [stretched, binaryLine(stretched, body.info.width, body.info.height)].map((pixels) =>
        sharp(pixels, { raw: { width: body.info.width, height: body.info.height, channels: 1 } })
          .extend({ top: SCENE_MARGIN, bottom: SCENE_MARGIN, left: SCENE_MARGIN, right: SCENE_MARGIN, background: '#ffffff' })
          .withDensity(BOX_DPI)
          .png({ compressionLevel: 1 })
          .toBuffer(),
      ),
    );
    const bytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    lines.push({ ...place, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), grey: bytes(grey!), binary: bytes(binary!) });
  }
  return { lines };
}

function firstChannel({ data, info }: { data: Buffer; info: { width: number; height: number; channels: number } }): Uint8Array {
  const out = new Uint8Array(info.width * info.height);
  for (let i = 0; i < out.length; i++) out[i] = data[i * info.channels]!;
  return out;
}
