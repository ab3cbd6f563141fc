import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { findSceneLines } from '../../../src/extract/scene-text.js';
import { sceneLinesToAdd, type SceneReading } from '../../../src/extract/scene-lines.js';
import type { OcrResult } from '../../../src/providers/ocr.js';

const W = 640;
const H = 480;

/** A seeded pseudo-random number in [0, 1) (the scene's texture is the same on every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/**
 * A street scene: a mid-grey ground with leaves (scattered blobs of other greys) and a sign plate at (x, y) with one
 * line of text, dark letters on a light plate or (light) white letters on a dark plate. Returns the grey pixels.
 */
function scene(text: string | null, light: boolean, x = 220, y = 180): Uint8Array {
  const canvas = createCanvas(W, H);
  const g = canvas.getContext('2d');
  g.fillStyle = '#777';
  g.fillRect(0, 0, W, H);
  const rnd = random(7);
  for (let i = 0; i < 400; i++) {
    const v = Math.round(60 + rnd() * 120);
    g.fillStyle = `rgb(${v},${v},${v})`;
    g.beginPath();
    g.ellipse(rnd() * W, rnd() * H, 4 + rnd() * 30, 3 + rnd() * 12, rnd() * Math.PI, 0, 2 * Math.PI);
    g.fill();
  }
  if (text) {
    g.fillStyle = light ? '#1a3a22' : '#eeeeee';
    g.fillRect(x - 20, y - 45, 300, 70);
    g.fillStyle = light ? '#f4f4f4' : '#151515';
    g.font = 'bold 40px DejaVu Sans';
    g.fillText(text, x, y);
  }
  const rgba = g.getImageData(0, 0, W, H).data;
  const grey = new Uint8Array(W * H);
  for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4]!;
  return grey;
}

describe('findSceneLines (text lines of a photo, from its pixels)', () => {
  it('finds a sign line of dark letters on a light plate among leaves, as dark text', () => {
    const lines = findSceneLines(scene('PARKING', false), W, H);
    const sign = lines.find((l) => l.x0 <= 225 && l.x1 >= 380 && l.y0 <= 155 && l.y1 >= 180 && l.y1 - l.y0 < 80);
    expect(sign).toBeDefined();
    expect(sign!.light).toBe(false);
    expect(sign!.chars).toBeGreaterThanOrEqual(6);
    // Its mask holds the letters' ink and little else (no plate edge).
    const ink = sign!.mask.filter((v) => v === 0).length / sign!.mask.length;
    expect(ink).toBeGreaterThan(0.1);
    expect(ink).toBeLessThan(0.5);
  });

  it('finds white letters on a dark plate as light text, boxes scaled to the page', () => {
    const lines = findSceneLines(scene('CENTRE', true), W, H, 2);
    const sign = lines.find((l) => l.light && l.x0 <= 450 && l.x1 >= 740 && l.y0 <= 310 && l.y1 >= 360);
    expect(sign).toBeDefined();
    expect(sign!.height).toBeGreaterThan(50);
  });

  it('finds no line of many characters in leaves alone', () => {
    const lines = findSceneLines(scene(null, false), W, H);
    expect(lines.filter((l) => l.chars >= 6)).toEqual([]);
  });
});

const reading = (text: string, confidence: number): OcrResult => ({ text, confidence });
const place = (y0: number, x0 = 10) => ({ x0, y0, x1: x0 + 100, y1: y0 + 30, light: false, chars: 6, height: 20 });

describe("sceneLinesToAdd (which readings of a photo's lines join its text)", () => {
  it('adds the surer reading of each line top to bottom, trimmed of a frame read as brackets', () => {
    const read: SceneReading[] = [
      { line: place(200), readings: [reading('[PARKING]', 88), reading('PARK1NG', 60)] },
      { line: place(100), readings: [reading('onference Centre', 90), reading('Conference Centre', 95)] },
    ];
    expect(sceneLinesToAdd('cr É / i er', read)).toEqual(['Conference Centre', 'PARKING']);
  });

  it('leaves out unsure and short readings, and adds nothing when the text has every sure line already', () => {
    const read: SceneReading[] = [
      { line: place(10), readings: [reading('HEARS', 38)] },
      { line: place(20), readings: [reading('ab', 96)] },
      { line: place(30), readings: [reading('NOTICE', 96)] },
      { line: place(40), readings: [reading('AT ALL TIMES', 94)] },
    ];
    // A line the specks had ('NOTICE') stays in the block, so the sign reads in order.
    expect(sceneLinesToAdd('some / NOTICE / words', read)).toEqual(['NOTICE', 'AT ALL TIMES']);
    expect(sceneLinesToAdd('NOTICE\nAT ALL TIMES', read)).toEqual([]);
  });

  it('adds an unsure line two crops read alike, and not one they read differently or only one read', () => {
    const read: SceneReading[] = [
      { line: place(10), readings: [reading('Car Parks', 20), reading('Car Parks', 42), reading('Car Parks’', 57)] },
      { line: place(20), readings: [reading('HEARS', 60), reading('HEAPS', 62), reading('', 0)] },
      { line: place(30), readings: [reading('rark', 52), reading('rark', 30), reading('mark', 45)] },
    ];
    expect(sceneLinesToAdd('Sports Centre', read)).toEqual(['Car Parks']);
  });
});

/** A light plate on a mid-grey ground with one line of dark text; `cut` paints plate-coloured bars over parts of it. */
function plate(text: string, cut: (g: ReturnType<ReturnType<typeof createCanvas>['getContext']>, at: (i: number) => number) => void = () => {}): Uint8Array {
  const canvas = createCanvas(W, H);
  const g = canvas.getContext('2d');
  g.fillStyle = '#777';
  g.fillRect(0, 0, W, H);
  g.fillStyle = '#eeeeee';
  g.fillRect(100, 120, 440, 120);
  g.fillStyle = '#151515';
  g.font = '40px DejaVu Sans';
  g.fillText(text, 140, 190);
  // x of the i-th character's left edge
  cut(g, (i) => 140 + g.measureText(text.slice(0, i)).width);
  const rgba = g.getImageData(0, 0, W, H).data;
  const grey = new Uint8Array(W * H);
  for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4]!;
  return grey;
}

describe('findSceneLines: characters that reach out of the line or come apart', () => {
  it("keeps a line's descenders in its mask ('p' and 'y' of 'copy' reach below the short letters)", () => {
    // 'py' drawn 15% taller from the top of the short letters: a sign font's long descenders (the photo's 'copy').
    const grey = plate('co    centre', (g, at) => {
      g.fillStyle = '#151515';
      g.setTransform(1, 0, 0, 1.15, 0, -1.15 * 160 + 160);
      g.fillText('py', at(2), 190);
      g.setTransform(1, 0, 0, 1, 0, 0);
    });
    const lines = findSceneLines(grey, W, H);
    const sign = lines.find((l) => !l.light && l.x0 <= 145 && l.x1 >= 330);
    expect(sign).toBeDefined();
    // Rows of the mask below the baseline (y 190 on the page): the descenders' ink is there.
    const below = (y: number) => sign!.mask.subarray((y - sign!.y0) * sign!.maskWidth, (y - sign!.y0 + 1) * sign!.maskWidth).filter((v) => v === 0).length;
    let ink = 0;
    for (let y = 194; y < Math.min(sign!.y1, 204); y++) ink += below(y);
    expect(ink).toBeGreaterThan(20);
  });

  it("chains a digit broken in two with its neighbours ('GM 125' with its '1' cut across)", () => {
    const grey = plate('GM 125', (g, at) => {
      // a plate-coloured gap across the middle of the '1' only
      g.fillStyle = '#eeeeee';
      g.fillRect(at(3), 171, at(4) - at(3) - 1, 2);
    });
    const lines = findSceneLines(grey, W, H);
    const sign = lines.find((l) => !l.light && l.x0 <= 145 && l.y0 <= 165 && l.y1 >= 190);
    expect(sign).toBeDefined();
    // G, M, 1, 2, 5 in one line reaching to the '5'
    expect(sign!.chars).toBe(5);
  });
});

describe('findSceneLines: a small sign among a barrier', () => {
  it("keeps a line of small letters inside a larger line's box (hollow frames of a barrier chained as characters)", () => {
    const canvas = createCanvas(W, H);
    const g = canvas.getContext('2d');
    g.fillStyle = '#777';
    g.fillRect(0, 0, W, H);
    // Three hollow frames 60x110 side by side, 120 px apart: character-like to the finder, and chained into one line.
    g.strokeStyle = '#151515';
    g.lineWidth = 6;
    for (const x of [60, 240, 420]) g.strokeRect(x, 150, 60, 110);
    // A light plate with small dark letters between the first two frames, inside the frames' line box.
    g.fillStyle = '#eeeeee';
    g.fillRect(128, 185, 104, 40);
    g.fillStyle = '#151515';
    g.font = 'bold 16px DejaVu Sans';
    g.fillText('NO PARKING', 132, 212);
    const rgba = g.getImageData(0, 0, W, H).data;
    const grey = new Uint8Array(W * H);
    for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4]!;
    const lines = findSceneLines(grey, W, H);
    expect(lines.some((l) => !l.light && l.height > 80 && l.x0 <= 60 && l.x1 >= 480)).toBe(true);
    const sign = lines.find((l) => !l.light && l.height < 20 && l.x0 >= 125 && l.x1 <= 240);
    expect(sign).toBeDefined();
    expect(sign!.chars).toBeGreaterThanOrEqual(6);
  });

  it("keeps a letter's ink in the mask when a bar under it was joined to it as a broken character", () => {
    // A bar under the 'A' of 'NO PARKING', 3 px below it: joined to the 'A' as two pieces of one character, the pair
    // reaches far out of the line's box.
    let aLeft = 0;
    let aRight = 0;
    const grey = plate('NO PARKING', (g, at) => {
      aLeft = at(4);
      aRight = at(5);
      g.fillStyle = '#151515';
      g.fillRect(Math.round((aLeft + aRight) / 2) - 5, 193, 10, 40);
    });
    const lines = findSceneLines(grey, W, H);
    const sign = lines.find((l) => !l.light && l.x0 <= 145 && l.x1 >= 330 && l.y1 - l.y0 < 80);
    expect(sign).toBeDefined();
    // The 'A' columns of the mask hold its ink (above the baseline).
    let ink = 0;
    for (let y = 0; y < Math.min(sign!.maskHeight, 190 - sign!.y0); y++) for (let x = Math.ceil(aLeft) - sign!.x0 + 2; x < Math.floor(aRight) - sign!.x0 - 2; x++) if (sign!.mask[y * sign!.maskWidth + x] === 0) ink++;
    expect(ink).toBeGreaterThan(100);
  });
});
