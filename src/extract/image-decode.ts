import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { brightestChannel, colourShare } from './ocr-colour.js';
import { createError } from '../core/errors.js';

/** Small images are enlarged up to this factor (tesseract reads text best at 20-40 px letter height). */
const MAX_UPSCALE = 2;
/** Images whose longer side is below this are enlarged; the result stays at most UPSCALE_TARGET on that side. */
const UPSCALE_BELOW = 1200;
const UPSCALE_TARGET = 2400;
/** Larger images are scaled down to this longer side before OCR (time and memory grow with the area). */
const MAX_SIDE = 6000;

export interface ImageInfo {
  format: string;
  width: number;
  height: number;
  /** Pages OCRed: every page of a TIFF, the first frame of an animated GIF or WebP. */
  pages: number;
}

// libvips' operation cache would keep the last decoded images (hundreds of MB) alive after their extraction.
sharp.cache(false);

const corrupt = (what: string, cause?: unknown) => createError('FILE_CORRUPT', [what], { permanent: true, cause });

function overLimit(width: number, height: number, maxPixels: number) {
  return createError('EXTRACTION_LIMIT', [`the image is ${width}x${height} (${width * height} pixels); the limit is ${maxPixels} pixels`], { permanent: true });
}

/** Width and height from a BMP header (BITMAPCOREHEADER or later), or null when it is not one. */
export function bmpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 26 || bytes.toString('latin1', 0, 2) !== 'BM') return null;
  const dib = bytes.readUInt32LE(14);
  if (dib === 12) return { width: bytes.readUInt16LE(18), height: bytes.readUInt16LE(20) };
  if (dib < 40) return null;
  return { width: Math.abs(bytes.readInt32LE(18)), height: Math.abs(bytes.readInt32LE(22)) };
}

/** An uncompressed (BI_RGB / BI_BITFIELDS) BMP with fewer pixel bytes than its header promises. */
function bmpTruncated(bytes: Buffer, size: { width: number; height: number }): boolean {
  const dib = bytes.readUInt32LE(14);
  if (dib < 40 || bytes.length < 34) return false;
  const compression = bytes.readUInt32LE(30);
  if (compression !== 0 && compression !== 3) return false;
  const bits = bytes.readUInt16LE(28);
  const row = Math.ceil((size.width * bits) / 32) * 4;
  return bytes.length < bytes.readUInt32LE(10) + row * size.height;
}

/** sharp reports a decompression bomb and broken data in its error message only. */
function decodeError(err: unknown, info: { width: number; height: number }, maxPixels: number): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return overLimit(info.width, info.height, maxPixels);
  return corrupt('the image data could not be decoded', err);
}

/** Scale factor for OCR: enlarge small images, shrink huge ones, never past maxPixels. */
function scaleFor(width: number, height: number, maxPixels: number): number {
  const longest = Math.max(width, height);
  let scale = 1;
  if (longest < UPSCALE_BELOW) scale = Math.min(MAX_UPSCALE, UPSCALE_TARGET / longest);
  else if (longest > MAX_SIDE) scale = MAX_SIDE / longest;
  const area = width * height * scale * scale;
  if (area > maxPixels) scale *= Math.sqrt(maxPixels / area);
  return scale;
}

/** Resolution written into the PNG for tesseract (it warns and guesses without one): the source's, scaled, else 300. */
function densityFor(source: number | undefined, scale: number): number {
  const dpi = source && source >= 50 ? source * scale : 300;
  return Math.round(Math.min(1200, Math.max(70, dpi)));
}

function prepare(image: Sharp, width: number, height: number, maxPixels: number, sourceDpi?: number): Promise<Buffer> {
  const scale = scaleFor(width, height, maxPixels);
  let pipeline = image.flatten({ background: '#ffffff' }).toColourspace('b-w');
  if (Math.abs(scale - 1) > 0.01) {
    pipeline = pipeline.resize({ width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), fit: 'fill', kernel: 'lanczos3' });
  }
  return pipeline.withDensity(densityFor(sourceDpi, scale)).png({ compressionLevel: 1 }).toBuffer();
}

/** Share of a page's pixels in light, saturated colour for its brightest-channel page (DecodedPage.brightest). */
const COLOUR_MIN_SHARE = 0.1;
/** The colour share is measured on a copy at most this many pixels on its longer side. */
const COLOUR_SAMPLE_SIDE = 1000;

/** The page as prepare() scales it, grey from the brightest channel of each pixel; null when it has little colour. */
async function prepareBrightest(image: Sharp, width: number, height: number, maxPixels: number, sourceDpi?: number): Promise<Buffer | null> {
  const flat = image.flatten({ background: '#ffffff' }).removeAlpha();
  const f = Math.min(1, COLOUR_SAMPLE_SIDE / Math.max(width, height));
  const sample = await flat
    .clone()
    .resize({ width: Math.max(1, Math.round(width * f)), height: Math.max(1, Math.round(height * f)), fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (colourShare(sample.data, sample.info.channels) < COLOUR_MIN_SHARE) return null;
  const scale = scaleFor(width, height, maxPixels);
  const sized = Math.abs(scale - 1) > 0.01 ? flat.resize({ width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), fit: 'fill', kernel: 'lanczos3' }) : flat;
  const { data, info } = await sized.raw().toBuffer({ resolveWithObject: true });
  const grey = brightestChannel(data, info.channels);
  return sharp(grey, { raw: { width: info.width, height: info.height, channels: 1 } })
    .withDensity(densityFor(sourceDpi, scale))
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** BMP (sharp has no BMP loader): header checked against the pixel cap, then decoded by Skia (@napi-rs/canvas). */
async function decodeBmp(bytes: Buffer, maxPixels: number): Promise<DecodedPage> {
  const size = bmpSize(bytes);
  if (!size || size.width === 0 || size.height === 0) throw corrupt('the BMP header is invalid');
  if (size.width * size.height > maxPixels) throw overLimit(size.width, size.height, maxPixels);
  // Skia paints whatever rows a cut-off BMP has; uncompressed ones are checked against the size they must have.
  if (bmpTruncated(bytes, size)) throw corrupt('the BMP is truncated');
  const img = await loadImage(bytes).catch((err: unknown) => {
    throw corrupt('the BMP data could not be decoded', err);
  });
  if (img.width !== size.width || img.height !== size.height) throw corrupt('the BMP data does not match its header');
  const canvas = createCanvas(img.width, img.height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, img.width, img.height);
  g.drawImage(img, 0, 0);
  const rgba = Buffer.from(g.getImageData(0, 0, img.width, img.height).data.buffer);
  const png = await prepare(sharp(rgba, { raw: { width: img.width, height: img.height, channels: 4 } }), img.width, img.height, maxPixels);
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width: img.width, height: img.height };
}

/**
 * Reads the header (size, pages) without decoding pixels, so an image over `maxPixels` fails with EXTRACTION_LIMIT
 * before any allocation. Unreadable data fails with FILE_CORRUPT.
 */
export async function readImageInfo(bytes: Buffer, maxPixels: number): Promise<ImageInfo> {
  if (bytes.length === 0) throw corrupt('the image file is empty');
  const bmp = bmpSize(bytes);
  if (bmp) {
    if (!bmp.width || !bmp.height) throw corrupt('the BMP header is invalid');
    if (bmp.width * bmp.height > maxPixels) throw overLimit(bmp.width, bmp.height, maxPixels);
    return { format: 'bmp', width: bmp.width, height: bmp.height, pages: 1 };
  }
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded here, so the size is checked below with a message naming it.
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch (err) {
    throw corrupt('the image header could not be read', err);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight && meta.format !== 'tiff' ? meta.pageHeight : (meta.height ?? 0);
  if (!width || !height) throw corrupt('the image has no size');
  if (width * height > maxPixels) throw overLimit(width, height, maxPixels);
  return { format: meta.format ?? 'unknown', width, height, pages: meta.format === 'tiff' ? Math.max(1, meta.pages ?? 1) : 1 };
}

/** One page to decode: the file's bytes, which page, the pixel cap. */
export interface ImagePageRequest {
  bytes: Uint8Array;
  index: number;
  maxPixels: number;
}

export interface DecodedPage {
  /** Greyscale PNG ready for OCR (upright by EXIF, flattened on white, scaled). */
  png: Uint8Array;
  /**
   * The same page as grey from the brightest channel of each pixel (same size and resolution as `png`), when at
   * least COLOUR_MIN_SHARE of it is light, saturated colour (ocr-colour.ts colourShare): coloured boxes turn light
   * while the dark text on them stays dark. Absent for pages without such colour.
   */
  brightest?: Uint8Array;
  /** Size of the page as decoded (before scaling). */
  width: number;
  height: number;
}

/**
 * Decodes one page in a single streaming libvips pipeline (orientation, flatten, greyscale, scale, PNG), so the
 * full-size pixels are never held as one buffer; sharp's limitInputPixels guards the decode (a TIFF page larger
 * than the first). Runs in the extraction sandbox ('image-page' job).
 */
export async function decodeImagePage(req: ImagePageRequest): Promise<DecodedPage> {
  const bytes = Buffer.from(req.bytes.buffer, req.bytes.byteOffset, req.bytes.byteLength);
  if (bmpSize(bytes)) return decodeBmp(bytes, req.maxPixels);
  const options = { limitInputPixels: req.maxPixels, failOn: 'error', page: req.index, pages: 1 } as const;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch (err) {
    throw corrupt('the image header could not be read', err);
  }
  const w = meta.width ?? 0;
  const h = meta.pageHeight && meta.format !== 'tiff' ? meta.pageHeight : (meta.height ?? 0);
  if (!w || !h) throw corrupt('the image has no size');
  if (w * h > req.maxPixels) throw overLimit(w, h, req.maxPixels);
  // EXIF orientations 5-8 turn the page a quarter: the upright page has the other width and height.
  const turned = (meta.orientation ?? 1) >= 5;
  const [width, height] = turned ? [h, w] : [w, h];
  try {
    const png = await prepare(sharp(bytes, options).autoOrient(), width, height, req.maxPixels, meta.density);
    const brightest = meta.channels !== undefined && meta.channels >= 3 ? await prepareBrightest(sharp(bytes, options).autoOrient(), width, height, req.maxPixels, meta.density) : null;
    return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width, height, ...(brightest ? { brightest: new Uint8Array(brightest.buffer, brightest.byteOffset, brightest.byteLength) } : {}) };
  } catch (err) {
    throw decodeError(err, { width: w, height: h }, req.maxPixels);
  }
}
