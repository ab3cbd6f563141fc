import sharp from 'sharp';
import { findLargeLines, type LargeLine } from './ocr-large-lines.js';

/** 'large-lines': each large line's place on the page and its crop (grey, dark text on white, characters about LINE_TEXT_HEIGHT px tall), as PNG. */
export interface LargeLineCrops {
  lines: (LargeLine & { png: Uint8Array })[];
}

/** The line finder looks at the page at most this many pixels on its longer side. */
const SAMPLE_SIDE = 1600;
/** Each crop is scaled so its tallest characters are about this tall (tesseract reads 20-50 px capitals best). */
const LINE_TEXT_HEIGHT = 40;
/** White margin round a crop (pixels). */
const MARGIN = 16;
/** Crops are declared at this resolution (as the dark boxes' and scene lines' are). */
const CROP_DPI = 300;

/** The page's large lines (ocr-large-lines.ts findLargeLines on a copy of at most SAMPLE_SIDE px), each cut out of the page in grey and scaled down or up to ordinary text size. */
export async function largeLineCrops(input: Buffer): Promise<LargeLineCrops> {
  const { data: raw, info } = await sharp(input).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const gray = new Uint8Array(info.width * info.height);
  for (let i = 0; i < gray.length; i++) gray[i] = raw[i * info.channels]!;
  const page = () => sharp(Buffer.from(gray.buffer, gray.byteOffset, gray.byteLength), { raw: { width: info.width, height: info.height, channels: 1 } });
  const factor = Math.min(1, SAMPLE_SIDE / Math.max(info.width, info.height));
  const w = Math.max(1, Math.round(info.width * factor));
  const h = Math.max(1, Math.round(info.height * factor));
  let small = gray;
  if (factor < 1) {
    // A resized one-channel raw image comes back with three channels from sharp: the first is taken.
    const out = await page().resize({ width: w, height: h, fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    small = new Uint8Array(w * h);
    for (let i = 0; i < small.length; i++) small[i] = out.data[i * out.info.channels]!;
  }
  const lines: LargeLineCrops['lines'] = [];
  for (const line of findLargeLines(small, w, h, info.width / w)) {
    const width = Math.min(info.width, line.x1) - line.x0;
    const height = Math.min(info.height, line.y1) - line.y0;
    if (width < 1 || height < 1) continue;
    const scale = LINE_TEXT_HEIGHT / Math.max(1, line.height);
    const png = await page()
      .extract({ left: line.x0, top: line.y0, width, height })
      .resize({ width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), fit: 'fill', kernel: 'lanczos3' })
      .extend({ top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN, background: '#ffffff' })
      .withDensity(CROP_DPI)
      .png({ compressionLevel: 1 })
      .toBuffer();
    lines.push({ ...line, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) });
  }
  return { lines };
}
