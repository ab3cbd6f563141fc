import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngDensity, withPngDensity } from '../../../src/extract/png-density.js';

/** A grey PNG declaring `density`, or no resolution at all (its pHYs and eXIf chunks cut out). */
async function grey(density?: number): Promise<Buffer> {
  const img = sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } }).greyscale();
  const png = await img
    .withDensity(density ?? 72)
    .png()
    .toBuffer();
  if (density) return png;
  const parts = [png.subarray(0, 8)];
  for (let at = 8; at < png.length;) {
    const end = at + 12 + png.readUInt32BE(at);
    if (!['pHYs', 'eXIf'].includes(png.toString('latin1', at + 4, at + 8))) parts.push(png.subarray(at, end));
    at = end;
  }
  return Buffer.concat(parts);
}

describe('PNG resolution (pHYs)', () => {
  it('reads the resolution a PNG declares, and null when it declares none or is not a PNG', async () => {
    expect(pngDensity(await grey(72))).toBe(72);
    expect(pngDensity(await grey())).toBeNull();
    expect(pngDensity(Buffer.from('not a png at all, just some text here'))).toBeNull();
  });

  it('sets the resolution of a PNG that declares one and of one that declares none; the pixels stay', async () => {
    for (const source of [await grey(72), await grey()]) {
      const out = withPngDensity(source, 300);
      expect(pngDensity(out)).toBe(300);
      const meta = await sharp(out).metadata();
      expect(meta.density).toBe(300);
      expect([meta.width, meta.height]).toEqual([40, 30]);
      expect(await sharp(out).raw().toBuffer()).toEqual(await sharp(source).raw().toBuffer());
    }
  });

  it('leaves bytes that are not a PNG as they are', () => {
    const bytes = Buffer.from('GIF89a and then nothing a PNG would have');
    expect(withPngDensity(bytes, 300)).toBe(bytes);
  });
});
