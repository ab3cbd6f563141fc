import sharp from 'sharp';

/** One image to derive for another OCR pass (the 'ocr-variant' sandbox job). */
export interface OcrVariantRequest {
  png: Uint8Array;
  /** 'scale': resized by `factor` (large headings read better smaller). */
  op: 'scale';
  factor: number;
}

/** The derived image as PNG with its size. Runs in the extraction sandbox. */
export async function makeOcrVariant(req: OcrVariantRequest): Promise<{ png: Uint8Array; width: number; height: number }> {
  const input = Buffer.from(req.png.buffer, req.png.byteOffset, req.png.byteLength);
  const meta = await sharp(input).metadata();
  const width = Math.max(1, Math.round((meta.width ?? 1) * req.factor));
  const height = Math.max(1, Math.round((meta.height ?? 1) * req.factor));
  const png = await sharp(input).resize({ width, height, fit: 'fill', kernel: 'lanczos3' }).png({ compressionLevel: 1 }).toBuffer();
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width, height };
}
