import sharp from 'sharp';
import { binaryLine } from './scene-binary.js';
import { widenGaps, wordGaps } from './scene-gaps.js';
import { findSceneLines, type SceneLine } from './scene-text.js';

/** 'scene-lines': each line's place on the page and its crop (dark text on white, text about SCENE_TEXT_HEIGHT px tall), as PNG. */
export interface SceneLineCrops {
  lines: (Omit<SceneLine, 'mask' | 'maskWidth' | 'maskHeight'> & { png: Uint8Array; grey: Uint8Array; binary: Uint8Array })[];
}

/** A crop is declared at this resolution, as the dark boxes' are (tesseract sizes its text guesses by it). */
const CROP_DPI = 300;
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
export async function sceneLineCrops(input: Buffer): Promise<SceneLineCrops> {
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
    // A tightly lettered line's word gaps are widened in every crop (scene-gaps.ts), in the mask's pixels before scaling.
    const gaps = wordGaps(mask, maskWidth, maskHeight, line.height / (info.width / w));
    const wide = widenGaps(mask, maskWidth, maskHeight, gaps);
    const png = await sharp(Buffer.from(wide.pixels.buffer, wide.pixels.byteOffset, wide.pixels.byteLength), { raw: { width: wide.width, height: maskHeight, channels: 1 } })
      .resize({ width: Math.max(1, Math.round(wide.width * scale)), height: Math.max(1, Math.round(maskHeight * scale)), fit: 'fill', kernel: 'cubic' })
      .extend({ top: SCENE_MARGIN, bottom: SCENE_MARGIN, left: SCENE_MARGIN, right: SCENE_MARGIN, background: '#ffffff' })
      .withDensity(CROP_DPI)
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
      [stretched, binaryLine(stretched, body.info.width, body.info.height)].map((pixels) => {
        // The crop is `scale` pixels per pixel of the mask.
        const widened = widenGaps(pixels, body.info.width, body.info.height, gaps, scale);
        return sharp(widened.pixels, { raw: { width: widened.width, height: body.info.height, channels: 1 } })
          .extend({ top: SCENE_MARGIN, bottom: SCENE_MARGIN, left: SCENE_MARGIN, right: SCENE_MARGIN, background: '#ffffff' })
          .withDensity(CROP_DPI)
          .png({ compressionLevel: 1 })
          .toBuffer();
      }),
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
