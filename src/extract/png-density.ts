import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The resolution a PNG declares (pHYs in pixels per metre, as dots per inch), or null when it declares none. */
export function pngDensity(png: Buffer): number | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE)) return null;
  for (let at = 8; at + 12 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'pHYs' && length === 9 && png[at + 16] === 1) return Math.round(png.readUInt32BE(at + 8) * 0.0254);
    if (type === 'IDAT' || type === 'IEND') return null;
    at += 12 + length;
  }
  return null;
}

/**
 * The PNG with its declared resolution set to `dpi` (its pHYs chunk replaced or added after IHDR; an eXIf chunk,
 * whose resolution would contradict it, dropped: pages reach OCR upright already); the pixels are not touched. Not a
 * PNG: returned as it is.
 */
export function withPngDensity(png: Buffer, dpi: number): Buffer {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE)) return png;
  const ppm = Math.round(dpi / 0.0254);
  const body = Buffer.alloc(13);
  body.write('pHYs', 0, 'latin1');
  body.writeUInt32BE(ppm, 4);
  body.writeUInt32BE(ppm, 8);
  body[12] = 1;
  const chunk = Buffer.alloc(21);
  chunk.writeUInt32BE(9, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(zlib.crc32(body), 17);
  const parts: Buffer[] = [png.subarray(0, 8)];
  for (let at = 8; at + 12 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (type !== 'pHYs' && type !== 'eXIf') parts.push(png.subarray(at, end));
    if (type === 'IHDR') parts.push(chunk);
    at = end;
  }
  return Buffer.concat(parts);
}
