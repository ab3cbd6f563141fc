import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { darkShare, normalisePolarity } from '../../../src/extract/ocr-polarity.js';
import { makeOcrVariant } from '../../../src/extract/ocr-variants.js';
import { REAL } from '../../helpers/real-fixtures.js';

const W = 480;
const H = 240;

/**
 * A light page (grey 240) whose left half is a dark window (grey 40) holding lines of dim text strokes (grey 95: purple
 * or grey text on a terminal) and whose right half holds black text strokes (grey 20).
 */
function page(): Uint8Array {
  const g = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const left = x < W / 2;
      const bar = y % 30 >= 10 && y % 30 < 21 && x % 8 < 2 && x % 120 < 100; // strokes of letters, words, lines
      g[y * W + x] = left ? (bar ? 95 : 40) : bar ? 20 : 240;
    }
  }
  return g;
}

const at = (g: Uint8Array, x: number, y: number) => g[y * W + x]!;

describe('polarity normalisation (dark text on white in every region)', () => {
  it('turns dim light text on a dark window into black on white, and keeps black text on light paper black', () => {
    const out = normalisePolarity(page(), W, H);
    // Dim text in the dark window (95 on 40, less contrast than one page-wide threshold can split from paper).
    expect(at(out, 64, 75)).toBeLessThan(60);
    expect(at(out, 64, 65)).toBeGreaterThan(200);
    // Black text on the light half stays black, its paper white.
    expect(at(out, 384, 75)).toBeLessThan(60);
    expect(at(out, 384, 65)).toBeGreaterThan(200);
  });

  it('leaves a flat area white (its noise is not stretched into ink)', () => {
    const flat = new Uint8Array(W * H);
    for (let i = 0; i < flat.length; i++) flat[i] = 40 + ((i * 7919) % 9);
    const out = normalisePolarity(flat, W, H);
    expect(Math.min(...out)).toBeGreaterThan(150);
  });

  it('counts the tiles with light text: a page with a dark window of text, not a page of black text', () => {
    expect(darkShare(page(), W, H)).toBeGreaterThan(0.3);
    const paper = page().map((v, i) => (i % W < W / 2 ? (v === 95 ? 20 : 240) : v));
    expect(darkShare(paper, W, H)).toBe(0);
  });

  it('finds light text in real terminal screenshots, a sign photo and a white-on-blue poster, not in a bank statement or a scan', async () => {
    const look = async (file: string) => {
      const png = await sharp(fs.readFileSync(path.join(REAL, file)))
        .png()
        .toBuffer();
      return (await makeOcrVariant({ png: new Uint8Array(png), op: 'deskew', turn: false })).dark ?? 0;
    };
    for (const file of ['screenshot-rich-hello-world.png', 'screenshot-rich-features.jpg', 'photo-street-signs-white-on-colour.jpg', 'poster-white-on-blue.png']) {
      expect(await look(file), file).toBeGreaterThanOrEqual(0.1);
    }
    for (const file of ['bank-statement-screenshot.png', 'eurotext.png']) expect(await look(file), file).toBeLessThan(0.1);
  });

  it('derives the normalised page as a grey PNG of the same size with the page resolution kept', async () => {
    const input = await sharp(Buffer.from(page()), { raw: { width: W, height: H, channels: 1 } })
      .withDensity(144)
      .png()
      .toBuffer();
    const out = await makeOcrVariant({ png: new Uint8Array(input), op: 'polarity' });
    const meta = await sharp(Buffer.from(out.png)).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([W, H, 144]);
    const { data } = await sharp(Buffer.from(out.png)).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(data[75 * W + 64]).toBeLessThan(60);
  });
});
