import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp, { type Metadata, type Sharp } from 'sharp';
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

export interface DecodedImage {
  info: ImageInfo;
  /** Page `index` as a greyscale PNG ready for OCR (upright by EXIF, flattened on white, scaled). */
  page(index: number): Promise<Buffer>;
}

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
  return corrupt(`the image data could not be decoded (${message.split('\n')[0]})`, err);
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

/** BMP (sharp has no BMP loader): header checked against the pixel cap, then decoded by Skia (@napi-rs/canvas). */
async function decodeBmp(bytes: Buffer, maxPixels: number): Promise<DecodedImage> {
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
  const info: ImageInfo = { format: 'bmp', width: img.width, height: img.height, pages: 1 };
  return {
    info,
    page: () => prepare(sharp(rgba, { raw: { width: img.width, height: img.height, channels: 4 } }), img.width, img.height, maxPixels),
  };
}

/**
 * Reads the header (size, pages, EXIF orientation) without decoding pixels, so an image over `maxPixels` fails
 * with EXTRACTION_LIMIT before any allocation; sharp's limitInputPixels guards every decode as well (a TIFF page
 * larger than the first one). Unreadable or truncated data fails with FILE_CORRUPT.
 */
export async function decodeImage(bytes: Buffer, maxPixels: number): Promise<DecodedImage> {
  if (bytes.length === 0) throw corrupt('the image file is empty');
  if (bmpSize(bytes)) return decodeBmp(bytes, maxPixels);
  const options = { limitInputPixels: maxPixels, failOn: 'error' } as const;
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded here, so the size is checked below with a message naming it.
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch (err) {
    throw corrupt(`the image header could not be read (${err instanceof Error ? err.message : String(err)})`, err);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight && meta.format !== 'tiff' ? meta.pageHeight : (meta.height ?? 0);
  if (!width || !height) throw corrupt('the image has no size');
  if (width * height > maxPixels) throw overLimit(width, height, maxPixels);
  const info: ImageInfo = { format: meta.format ?? 'unknown', width, height, pages: meta.format === 'tiff' ? Math.max(1, meta.pages ?? 1) : 1 };
  return {
    info,
    async page(index) {
      try {
        // One page at a time; EXIF orientation applied (autoOrient), then size from the oriented page itself.
        const { data, info: px } = await sharp(bytes, { ...options, page: index, pages: 1 }).autoOrient().raw().toBuffer({ resolveWithObject: true });
        const raw = { width: px.width, height: px.height, channels: px.channels };
        return await prepare(sharp(data, { raw, limitInputPixels: maxPixels }), px.width, px.height, maxPixels, meta.density);
      } catch (err) {
        throw decodeError(err, { width, height }, maxPixels);
      }
    },
  };
}
