import sharp from 'sharp';
import { findDarkBoxes, type DarkBox } from './ocr-dark-boxes.js';
import { largeLineCrops, type LargeLineCrops } from './ocr-large-line-crops.js';
import { deskew } from './ocr-deskew.js';
import { liftDimInk, normalisePolarity } from './ocr-polarity.js';
import { sceneLineCrops, type SceneLineCrops } from './scene-line-crops.js';

export type { SceneLineCrops } from './scene-line-crops.js';

/** One image to derive for another OCR pass (the 'ocr-variant' sandbox job). */
export type OcrVariantRequest =
  /** 'scale': resized by `factor` (large headings read better smaller). */
  | { png: Uint8Array; op: 'scale'; factor: number }
  /**
   * 'deskew': turned level when its text lines lean by a small angle (see skewAngle; `turn: false` only looks), and
   * whether its background is mixed (see mixedBackground).
   */
  | { png: Uint8Array; op: 'deskew'; turn?: boolean }
  /**
   * 'polarity': dark text on white in every region, local contrast stretched (ocr-polarity.ts normalisePolarity); with
   * `dim`, every pixel's ink is multiplied by it too (liftDimInk: dim text beside bright text turns dark).
   */
  | { png: Uint8Array; op: 'polarity'; dim?: number }
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
  if (req.op === 'polarity') return polarity(input, meta.density, req.dim);
  const width = Math.max(1, Math.round((meta.width ?? 1) * req.factor));
  const height = Math.max(1, Math.round((meta.height ?? 1) * req.factor));
  const png = await sharp(input).resize({ width, height, fit: 'fill', kernel: 'lanczos3' }).png({ compressionLevel: 1 }).toBuffer();
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width, height };
}

/** The page as grey, dark text on white in every region (normalisePolarity), as PNG with the page's resolution. */
async function polarity(input: Buffer, density?: number, dim?: number): Promise<OcrVariant> {
  const { data: raw, info } = await sharp(input).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const gray = new Uint8Array(info.width * info.height);
  for (let i = 0; i < gray.length; i++) gray[i] = raw[i * info.channels]!;
  const even = normalisePolarity(gray, info.width, info.height);
  const out = dim ? liftDimInk(even, dim) : even;
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
