import { describe, expect, it } from 'vitest';
import { mergeWords, sameWordBox } from '../../../src/extract/ocr-word-merge.js';
import type { OcrLine, OcrResult } from '../../../src/providers/ocr.js';

type W = [text: string, confidence: number, x0: number, y0: number, x1: number, y1: number];

const line = (...words: W[]): OcrLine => ({
  text: words.map((w) => w[0]).join(' '),
  confidence: 80,
  bbox: { x0: Math.min(...words.map((w) => w[2])), y0: Math.min(...words.map((w) => w[3])), x1: Math.max(...words.map((w) => w[4])), y1: Math.max(...words.map((w) => w[5])) },
  words: words.map(([text, confidence, x0, y0, x1, y1]) => ({ text, confidence, bbox: { x0, y0, x1, y1 } })),
});
const reading = (...lines: OcrLine[]): OcrResult => ({ text: `${lines.map((l) => l.text).join('\n')}\n`, confidence: 80, lines });

// The wide UI screenshot of the tuning set: the polarity reading (kept for its dark panel) and the first reading of
// the same pixels, with the boxes tesseract gave.
const polarity = reading(line(['Linked', 96, 300, 100, 400, 130], ['Models', 96, 410, 100, 530, 130]), line(['in', 91, 2522, 245, 2560, 277], ['@2', 67, 2581, 241, 2615, 281], ['hours.', 96, 2636, 246, 2745, 269]));
const grey = reading(line(['in', 95, 2523, 246, 2558, 268], ['72', 96, 2581, 247, 2613, 268], ['hours.', 96, 2637, 247, 2744, 268]));

describe('mergeWords', () => {
  it("takes a word another reading of the page is clearly surer of, at the same place ('@2' at 67 -> '72' at 96)", () => {
    const m = mergeWords(polarity, [grey, polarity]);
    expect(m.replaced).toEqual([{ from: '@2', to: '72' }]);
    expect(m.result.text).toBe('Linked Models\nin 72 hours.\n');
    expect(m.result.lines![1]!.text).toBe('in 72 hours.');
    expect(m.result.lines![0]).toBe(polarity.lines![0]);
  });

  it('takes a word whole where the kept reading split it in two (and the other way round)', () => {
    const split = reading(line(["'", 55, 228, 864, 240, 900], ["_loader__':", 55, 246, 866, 420, 900], ['<class', 92, 440, 866, 540, 900]));
    const whole = reading(line(["'__loader__':", 83, 227, 864, 421, 905], ['<class', 92, 440, 866, 540, 900]));
    expect(mergeWords(split, [whole]).result.text).toBe("'__loader__': <class\n");
    const joined = reading(line(['in72', 60, 2523, 246, 2613, 268]));
    expect(mergeWords(joined, [grey]).result.text).toBe('in 72\n');
  });

  it('keeps the word when the other reading is not sure enough, or not surer by a clear margin', () => {
    const unsure = reading(line(['72', 78, 2581, 247, 2613, 268]));
    expect(mergeWords(polarity, [unsure]).replaced).toEqual([]);
    const slightly = reading(line(['@2', 85, 2581, 241, 2615, 281]));
    expect(mergeWords(slightly, [grey]).replaced).toEqual([]);
    expect(mergeWords(grey, [polarity]).result).toBe(grey);
  });

  it('keeps a word whose counterpart spans other columns (a prefix lost) or other rows (the line below)', () => {
    const long = reading(line(['naver-clova-ix/donut-base-finetuned-coxd-v2', 69, 230, 19, 983, 44]));
    const short = reading(line(['donut-base-finetuned-cord-v2', 88, 438, 19, 1018, 44]));
    expect(mergeWords(long, [short]).replaced).toEqual([]);
    const below = reading(line(['72', 96, 2581, 290, 2613, 311]));
    expect(mergeWords(polarity, [below]).replaced).toEqual([]);
  });

  it('leaves a reading without lines, or without other readings, as it is', () => {
    const plain: OcrResult = { text: 'x', confidence: 50 };
    expect(mergeWords(plain, [grey]).result).toBe(plain);
    expect(mergeWords(polarity, [polarity]).result).toBe(polarity);
  });
});

describe('sameWordBox', () => {
  it('matches boxes of nearly the same columns whatever the glyph heights, and nothing beside or below', () => {
    expect(sameWordBox({ x0: 2581, y0: 241, x1: 2615, y1: 281 }, { x0: 2581, y0: 247, x1: 2613, y1: 268 })).toBe(true);
    expect(sameWordBox({ x0: 0, y0: 0, x1: 100, y1: 20 }, { x0: 50, y0: 0, x1: 150, y1: 20 })).toBe(false);
    expect(sameWordBox({ x0: 0, y0: 0, x1: 100, y1: 20 }, { x0: 0, y0: 15, x1: 100, y1: 35 })).toBe(false);
  });
});
