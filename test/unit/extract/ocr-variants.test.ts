import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mixedBackground, skewAngle } from '../../../src/extract/ocr-deskew.js';
import { makeOcrVariant } from '../../../src/extract/ocr-variants.js';
import { REAL } from '../../helpers/real-fixtures.js';

/** A page of `lines` dashed text-like bars falling to the right by `deg` degrees (white paper, black ink). */
function page(deg: number, width = 800, height = 600, lines = 12): Uint8Array {
  const g = new Uint8Array(width * height).fill(255);
  const slope = Math.tan((deg * Math.PI) / 180);
  for (let l = 0; l < lines; l++) {
    const y0 = 60 + l * 40;
    for (let x = 40; x < width - 40; x++) {
      if (x % 50 > 38) continue; // gaps between 'words'
      for (let t = 0; t < 8; t++) {
        const y = Math.round(y0 + x * slope) + t;
        if (y >= 0 && y < height) g[y * width + x] = 0;
      }
    }
  }
  return g;
}

describe('skew detection (projection profile)', () => {
  it('finds the angle text lines lean by, either way', () => {
    for (const deg of [-6, -2.5, 1.5, 4]) expect(Math.abs(skewAngle(page(deg), 800, 600) - deg), `${deg}`).toBeLessThanOrEqual(0.2);
  });

  it('leaves level pages, blank pages and pages of solid ink alone', () => {
    expect(skewAngle(page(0), 800, 600)).toBe(0);
    expect(skewAngle(page(0.2), 800, 600)).toBe(0);
    expect(skewAngle(new Uint8Array(800 * 600).fill(255), 800, 600)).toBe(0);
    expect(skewAngle(new Uint8Array(800 * 600).fill(0), 800, 600)).toBe(0);
  });

  it('turns a real scan that leans 3 degrees back level, and leaves the upright scan as it is', async () => {
    const upright = await sharp(fs.readFileSync(path.join(REAL, 'scan-phototest.tif')))
      .greyscale()
      .png()
      .toBuffer();
    const level = await makeOcrVariant({ png: new Uint8Array(upright), op: 'deskew' });
    expect(level.angle).toBe(0);
    expect(level.png.byteLength).toBe(0);
    // sharp turns clockwise for a positive angle: the lines then fall to the right.
    const leaning = await sharp(upright).rotate(3, { background: '#ffffff' }).png().toBuffer();
    const out = await makeOcrVariant({ png: new Uint8Array(leaning), op: 'deskew' });
    expect(Math.abs(out.angle! - 3)).toBeLessThanOrEqual(0.3);
    const meta = await sharp(Buffer.from(out.png)).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(out.width);
  });
});

describe('mixed background (a per-tile threshold reading)', () => {
  /** A light page with a dark window covering `share` of it. */
  const window = (share: number) => {
    const g = new Uint8Array(1000).fill(245);
    g.fill(40, 0, Math.round(share * 1000));
    return g;
  };

  it('is a page with both a large dark and a large light area, not a text page or a page of one tone', () => {
    expect(mixedBackground(window(0.6))).toBe(true);
    expect(mixedBackground(window(0.2))).toBe(true);
    expect(mixedBackground(window(0.05))).toBe(false);
    expect(mixedBackground(window(0.9))).toBe(false);
    expect(mixedBackground(new Uint8Array(1000).fill(128))).toBe(false);
    expect(mixedBackground(new Uint8Array(0))).toBe(false);
  });

  it('finds a dark terminal in a light screenshot, and not white text on blue or a bank statement', async () => {
    const look = async (file: string) => {
      const png = await sharp(fs.readFileSync(path.join(REAL, file)))
        .flatten({ background: '#ffffff' })
        .greyscale()
        .png()
        .toBuffer();
      return makeOcrVariant({ png: new Uint8Array(png), op: 'deskew', turn: false });
    };
    for (const file of ['screenshot-rich-hello-world.png', 'screenshot-rich-table-wrapped.png', 'wide-ui-screenshot.png']) {
      const out = await look(file);
      expect(out.mixed, file).toBe(true);
      expect(out.angle, file).toBe(0);
    }
    for (const file of ['poster-white-on-blue.png', 'bank-statement-screenshot.png', 'eurotext.png']) expect((await look(file)).mixed, file).toBe(false);
  });
});

describe("dark boxes cut out for a reading of their own ('dark-boxes')", () => {
  it('cuts out the reversed box of a light page and turns it dark on light, declared at 300 dpi', async () => {
    const width = 800;
    const height = 1000;
    const g = new Uint8Array(width * height).fill(230);
    // A black box (x 100-400, y 500-660) with a white bar in it (a letter of its reversed type).
    for (let y = 500; y < 660; y++) for (let x = 100; x < 400; x++) g[y * width + x] = y >= 560 && y < 600 && x >= 200 && x < 300 ? 240 : 15;
    const png = await sharp(Buffer.from(g), { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    const out = await makeOcrVariant({ png: new Uint8Array(png), op: 'dark-boxes' });
    expect(out.boxes).toHaveLength(1);
    const box = out.boxes[0]!;
    // Found to within a cell (3 px on this page).
    for (const [found, drawn] of [
      [box.x0, 100],
      [box.y0, 500],
      [box.x1, 400],
      [box.y1, 660],
    ] as const)
      expect(Math.abs(found - drawn)).toBeLessThanOrEqual(3);
    const crop = sharp(Buffer.from(box.png));
    const meta = await crop.metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([box.x1 - box.x0, box.y1 - box.y0, 300]);
    const { data, info } = await crop.greyscale().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y - box.y0) * info.width * info.channels + (x - box.x0) * info.channels]!;
    // The box's ground is light now, its letter dark.
    expect(at(150, 520)).toBeGreaterThan(200);
    expect(at(250, 580)).toBeLessThan(40);
    // A page without a dark box gives none (no crop, no reading).
    const plain = await sharp(Buffer.from(new Uint8Array(width * height).fill(230)), { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    expect((await makeOcrVariant({ png: new Uint8Array(plain), op: 'dark-boxes' })).boxes).toEqual([]);
  });
});
