import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/core/errors.js';
import { ocrTextToParagraphs } from '../../src/extract/image.js';
import { extractorFor } from '../../src/extract/registry.js';
import type { OcrEngine } from '../../src/extract/types.js';
import { createTesseractOcr, resolveLanguageData, type TesseractOcr } from '../../src/providers/tesseract-ocr.js';
import { extractImage, renderText, toBmp, words } from '../helpers/images.js';
import { SHARED } from '../helpers/media.js';

// One real tesseract.js worker shared by the whole file (a recognition takes about a second here).
let ocr: TesseractOcr;
beforeAll(() => {
  ocr = createTesseractOcr({ languages: resolveLanguageData(['eng']).found, workers: 1 });
});
afterAll(async () => {
  await ocr?.close();
});

const SENTENCE = ['The quick brown fox jumps over the lazy dog.', 'Invoice 4711 is due on 12 March 2026.'];
const EXPECTED = words(SENTENCE.join(' '));

async function rejection(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'expected the extraction to fail').not.toBeNull();
  if (!isAppError(err)) throw err;
  return { code: err.code, message: err.message };
}

/** A fake engine that records what it is given and answers a fixed text (for tests about decoding only). */
function recordingOcr(text = 'Recorded text'): OcrEngine & { images: Buffer[] } {
  const images: Buffer[] = [];
  return { name: 'fake', images, recognize: async (image) => (images.push(image), { text, confidence: 90 }) };
}

/** A PNG whose header claims width x height, followed by one compressed row of pixel data (a few hundred bytes). */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]);
}

describe('image extractor with tesseract.js', { timeout: 120_000 }, () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(SHARED, 'files/MANIFEST.json'), 'utf8')) as { file: string; kind: string; expect: string; phrases?: string[] }[];
  const images = manifest.filter((m) => m.kind === 'image');

  it('reads every image of the shared manifest with its phrases', async () => {
    expect(images.map((m) => m.file)).toContain('tesseractjs_testocr.png');
    for (const entry of images) {
      const bytes = fs.readFileSync(path.join(SHARED, 'files', entry.file));
      const { result } = await extractImage(bytes, ocr);
      for (const phrase of entry.phrases ?? []) expect(words(result.content), entry.file).toContain(words(phrase));
      expect(result.type).toBe('image');
    }
  });

  it('keeps paragraphs and reports size, pages, confidence and engine', async () => {
    const { result, progress } = await extractImage(fs.readFileSync(path.join(SHARED, 'files/tesseractjs_testocr.png')), ocr);
    // testocr.png has two paragraphs: a blank line between them, none inside them.
    const paragraphs = result.content.split('\n\n');
    expect(paragraphs).toHaveLength(2);
    expect(words(paragraphs[0]!)).toContain('12 point text to test the');
    expect(words(paragraphs[1]!)).toMatch(/^the quick brown dog jumped over the lazy fox/);
    expect(result.details).toMatchObject({ format: 'png', width: 640, height: 480, pages: 1, engine: 'tesseract.js' });
    expect(result.details?.confidence).toBeGreaterThan(80);
    expect(progress.at(-1)).toEqual({ unit: 'pages', done: 1, total: 1, phase: 'ocr' });
  });

  const png = renderText(SENTENCE);
  const formats: [string, string, () => Promise<Buffer>][] = [
    ['PNG', 'image/png', async () => png],
    ['JPEG', 'image/jpeg', () => sharp(png).jpeg({ quality: 75 }).toBuffer()],
    ['WebP', 'image/webp', () => sharp(png).webp({ quality: 75 }).toBuffer()],
    ['TIFF', 'image/tiff', () => sharp(png).tiff({ compression: 'lzw' }).toBuffer()],
    ['GIF', 'image/gif', () => sharp(png).gif().toBuffer()],
    ['BMP', 'image/bmp', () => toBmp(png)],
  ];
  it.each(formats)('reads a rendered sentence from %s', async (_name, mime, make) => {
    expect(extractorFor(mime)?.name).toBe('image');
    const { result } = await extractImage(await make(), ocr, { mime });
    expect(words(result.content)).toBe(EXPECTED);
    expect(result.details).toMatchObject({ width: 1400, pages: 1 });
  });

  it('reads an image turned by 90 degrees', async () => {
    const turned = await sharp(png).rotate(90).png().toBuffer();
    const { result } = await extractImage(turned, ocr);
    expect(words(result.content)).toBe(EXPECTED);
  });

  it('reads a scan that is upside down', async () => {
    const upsideDown = await sharp(fs.readFileSync(path.join(SHARED, 'files/tesseractjs_testocr.png')))
      .rotate(180)
      .png()
      .toBuffer();
    const { result } = await extractImage(upsideDown, ocr);
    expect(words(result.content)).toContain('quick brown dog jumped over the');
  });

  it('reads small text (a screenshot-sized image is enlarged before OCR)', async () => {
    const small = renderText(['Small print matters too.'], { width: 260, fontPx: 13 });
    const { result } = await extractImage(small, ocr);
    expect(words(result.content)).toBe('small print matters too');
  });

  it('OCRs every page of a multi-page TIFF under page headings, with progress per page', async () => {
    const pages = [renderText(['First page says alpha.']), renderText(['Second page says omega.'])];
    const tiff = await sharp(pages, { join: { animated: true } })
      .tiff()
      .toBuffer();
    const { result, progress } = await extractImage(tiff, ocr, { mime: 'image/tiff' });
    expect(result.content).toMatch(/^## Page 1\n\nFirst page says alpha\.\n\n## Page 2\n\nSecond page says omega\.$/);
    expect(result.details).toMatchObject({ format: 'tiff', pages: 2, ocrPages: [1, 2] });
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2]);
    expect(progress.every((p) => p.unit === 'pages' && p.total === 2)).toBe(true);
  });

  it('reads only the first frame of an animated GIF', async () => {
    const frames = [renderText(['Frame one is read.']), renderText(['Frame two is skipped.'])];
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const { result } = await extractImage(gif, ocr, { mime: 'image/gif' });
    expect(words(result.content)).toBe('frame one is read');
  });

  it('fails with EMPTY_CONTENT on an image without text', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect((await rejection(extractImage(blank, ocr))).code).toBe('EMPTY_CONTENT');
  });
});

describe('image decoding', () => {
  it('applies the EXIF orientation before OCR', async () => {
    // Pixels stored sideways (portrait) with orientation 6: upright the image is landscape.
    const sideways = await sharp(renderText(['Upright after EXIF.']))
      .rotate(-90)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const fake = recordingOcr();
    const { result } = await extractImage(sideways, fake, { mime: 'image/jpeg' });
    const seen = await sharp(fake.images[0]).metadata();
    expect(seen.width).toBeGreaterThan(seen.height!);
    expect(result.details).toMatchObject({ engine: 'fake', confidence: 90 });
  });

  it('hands the engine a greyscale PNG with a resolution, alpha flattened on white', async () => {
    const transparent = await sharp(renderText(['x']))
      .ensureAlpha()
      .png()
      .toBuffer();
    const fake = recordingOcr();
    await extractImage(transparent, fake);
    const seen = await sharp(fake.images[0]).metadata();
    expect(seen).toMatchObject({ format: 'png', channels: 1, hasAlpha: false });
    expect(seen.density).toBeGreaterThanOrEqual(70);
  });

  it('fails with FILE_CORRUPT on a truncated PNG, random bytes and an empty file', async () => {
    const png = renderText(['Truncated']);
    for (const bytes of [png.subarray(0, Math.floor(png.length / 2)), Buffer.from('not an image at all, just text'), Buffer.alloc(0)]) {
      const { code } = await rejection(extractImage(bytes, recordingOcr()));
      expect(code).toBe('FILE_CORRUPT');
    }
  });

  it('fails with FILE_CORRUPT on a truncated BMP', async () => {
    const bmp = await toBmp(renderText(['Truncated bitmap']));
    const { code } = await rejection(extractImage(bmp.subarray(0, 200), recordingOcr(), { mime: 'image/bmp' }));
    expect(code).toBe('FILE_CORRUPT');
  });

  it('rejects a huge image from its header alone (EXTRACTION_LIMIT), before decoding any pixel', async () => {
    const fake = recordingOcr();
    const bomb = pngHeader(200_000, 200_000);
    expect(bomb.length).toBeLessThan(2000);
    const before = process.memoryUsage().rss;
    const { code, message } = await rejection(extractImage(bomb, fake, { maxPixels: 100_000_000 }));
    expect(code).toBe('EXTRACTION_LIMIT');
    expect(message).toContain('200000x200000');
    expect(fake.images).toHaveLength(0);
    // 40 gigapixels were never allocated (the process would have died), and memory barely moved.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);

    const bmp = Buffer.alloc(54);
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(100_000, 18);
    bmp.writeInt32LE(-100_000, 22);
    expect((await rejection(extractImage(bmp, fake, { mime: 'image/bmp' }))).code).toBe('EXTRACTION_LIMIT');
  });

  it('applies the configured pixel cap to ordinary images too', async () => {
    const { code, message } = await rejection(extractImage(renderText(['Too many pixels']), recordingOcr(), { maxPixels: 10_000 }));
    expect(code).toBe('EXTRACTION_LIMIT');
    expect(message).toContain('10000 pixels');
  });

  it('rejects a TIFF with more pages than allowed', async () => {
    const pages = [renderText(['one']), renderText(['two']), renderText(['three'])];
    const tiff = await sharp(pages, { join: { animated: true } })
      .tiff()
      .toBuffer();
    const { code } = await rejection(extractImage(tiff, recordingOcr(), { mime: 'image/tiff', maxPages: 2 }));
    expect(code).toBe('EXTRACTION_LIMIT');
  });

  it('fails with ENGINE_UNAVAILABLE and the reason when there is no OCR engine', async () => {
    const { code, message } = await rejection(extractImage(renderText(['x']), null, { unavailable: 'OCR is switched off (MNEMO_OCR=off)' }));
    expect(code).toBe('ENGINE_UNAVAILABLE');
    expect(message).toContain('MNEMO_OCR=off');
  });

  it('keeps paragraphs and drops lines without a letter or digit', () => {
    expect(ocrTextToParagraphs('First line\nsecond line\n\n\n\n— ~ |\n\nNext  paragraph \n')).toBe('First line\nsecond line\n\nNext paragraph');
    expect(ocrTextToParagraphs(' ~~ \n | ')).toBe('');
  });
});
