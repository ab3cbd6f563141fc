import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { imageExtractor } from '../../src/extract/image.js';
import type { ExtractContext, ExtractedText, ExtractProgress, OcrEngine } from '../../src/extract/types.js';

/** A white page with black sans-serif lines of text, as PNG (the source of every other format in the tests). */
export function renderText(lines: readonly string[], o: { width?: number; fontPx?: number } = {}): Buffer {
  const fontPx = o.fontPx ?? 36;
  const width = o.width ?? 1400;
  const height = Math.round(fontPx * 1.6 * lines.length + fontPx * 2);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#000000';
  g.font = `${fontPx}px sans-serif`;
  g.textBaseline = 'top';
  lines.forEach((line, i) => g.fillText(line, fontPx, fontPx + i * fontPx * 1.6));
  return canvas.toBuffer('image/png');
}

/** Uncompressed 24-bit BMP (bottom-up rows, BGR) of any image sharp reads. */
export async function toBmp(image: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const row = Math.ceil((info.width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + row * info.height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(info.width, 18);
  out.writeInt32LE(info.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  for (let y = 0; y < info.height; y++) {
    const dst = 54 + (info.height - 1 - y) * row;
    for (let x = 0; x < info.width; x++) {
      const src = (y * info.width + x) * info.channels;
      out[dst + x * 3] = data[src + 2]!;
      out[dst + x * 3 + 1] = data[src + 1]!;
      out[dst + x * 3 + 2] = data[src]!;
    }
  }
  return out;
}

/** Lower case, letters and digits separated by single spaces: OCR punctuation and line breaks do not matter. */
export function words(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface ImageRun {
  result: ExtractedText;
  progress: ExtractProgress[];
}

/** The image extractor on these bytes with this OCR engine (null = unavailable). */
export async function extractImage(bytes: Buffer, ocr: OcrEngine | null, o: { mime?: string; maxPixels?: number; maxPages?: number; signal?: AbortSignal; unavailable?: string } = {}): Promise<ImageRun> {
  const progress: ExtractProgress[] = [];
  const ctx: ExtractContext = {
    signal: o.signal ?? new AbortController().signal,
    limits: {
      maxPages: o.maxPages ?? 1000,
      maxPixels: o.maxPixels ?? 1e8,
      maxAudioSeconds: 3600,
      maxUnzippedBytes: 1e9,
      maxZipEntries: 10_000,
      timeoutMs: 600_000,
      parseTimeoutMs: 60_000,
      workerHeapMb: 1024,
      maxDecodedPixels: 400_000_000,
      maxInflatedBytes: 256 * 1024 * 1024,
    },
    progress: (p) => progress.push(p),
    ocr,
    transcriber: null,
    ffmpeg: null,
    ...(o.unavailable ? { unavailable: { ocr: o.unavailable } } : {}),
    tmpDir: '/nonexistent-tmp-dir-not-used-by-images',
  };
  const input = { path: '/nonexistent/image', size: bytes.length, mime: o.mime ?? 'image/png', filename: null, bytes: async () => bytes };
  return { result: await imageExtractor.extract(input, ctx), progress };
}
