import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/core/logger.js';
import { detectFileType } from '../../src/extract/detect.js';
import { languageHint } from '../../src/text/language.js';
import type { OcrPassOptions } from '../../src/extract/ocr-page.js';
import { extractorFor } from '../../src/extract/registry.js';
import { closeExtractionSandbox } from '../../src/extract/sandbox/isolated.js';
import { createOcrFromConfig, type TesseractOcr } from '../../src/providers/tesseract-ocr.js';
import { phraseRecall, realFixtures } from '../helpers/real-fixtures.js';
import { makeContext, makeInput } from '../unit/extract/fixtures.js';

// Real tesseract.js with every installed language package, as the server builds it (MNEMO_OCR_LANGUAGES=eng).
let ocr: TesseractOcr;
beforeAll(() => {
  ocr = createOcrFromConfig({ enabled: true, languages: ['eng'], workers: 1 }, createLogger('silent')).engine!;
});
afterAll(async () => {
  await ocr?.close();
  await closeExtractionSandbox();
});

/** Labels of the tuning set's diagram read from its brightest-channel copy (without it: the title and one label). */
const COLOUR_LABELS = ['Pre-Process', 'CRAFT', 'Mid-Process', 'ResNet+LSTM+CTC', 'Post-Process', 'Data Generator', 'Training Pipeline', 'IMAGE', 'Output'];

const fixtures = Object.fromEntries(realFixtures('MANIFEST.json').map((f) => [f.file, f]));

async function read(file: string, o: { passes?: OcrPassOptions; metadata?: Record<string, unknown> } = {}) {
  const f = fixtures[file]!;
  const detected = await detectFileType(f.path, { filename: file, declared: [] });
  const ctx = { ...makeContext({ parseTimeoutMs: 300_000, timeoutMs: 600_000 }), ocr, ...(o.passes ? { ocrPasses: o.passes } : {}) };
  const hint = languageHint(o.metadata);
  const out = await extractorFor(detected.mime)!.extract(makeInput(fs.readFileSync(f.path), detected.mime, file), { ...ctx, ...(hint ? { language: hint } : {}) });
  return { out, ...phraseRecall(f.phrases, out.content) };
}

describe('OCR of real photos, screenshots and scans', { timeout: 300_000 }, () => {
  it('reads a map with scattered labels as sparse text when the first reading is poor', async () => {
    const r = await read('baiona-map.jpg');
    expect(r.missing).toEqual([]);
    expect(r.out.details?.ocrPasses).toContain('sparse');
    const without = await read('baiona-map.jpg', { passes: { sparse: false } });
    expect(without.found.length).toBeLessThan(r.found.length);
  });

  it('reads a French scan again with French data once the first reading shows French', async () => {
    const r = await read('scan-francais.pdf');
    expect(r.found.length).toBeGreaterThanOrEqual(9);
    expect(r.out.content).toContain('Portez ce vieux whisky au juge');
    expect(r.out.content).toMatch(/intérieure, à côté de l.alcôve/);
    expect(r.out.details?.ocrLanguages).toContain('fra');
    const english = await read('scan-francais.pdf', { passes: { language: false } });
    expect(english.found.length).toBeLessThan(r.found.length);
  });

  it('takes the language from the metadata hint without a first English reading', async () => {
    const r = await read('scan-francais.pdf', { metadata: { language: 'fr-FR' } });
    expect(r.found.length).toBeGreaterThanOrEqual(9);
    expect(r.out.details?.ocrPasses ?? []).not.toContain('language');
  });

  it('keeps the title line tesseract drops at full size when the large-text pass is on (a half-size reading)', async () => {
    // Deskew off: turned level, the page keeps its title without the large-text pass (next test).
    const r = await read('scan-rotated-skew.pdf', { passes: { largeText: true, deskew: false } });
    expect(r.missing).toEqual([]);
    expect(r.out.details?.ocrPasses).toContain('large-text');
    expect(r.out.content.indexOf('32 Track MIDI Sequence Recorder')).toBeLessThan(r.out.content.indexOf('Recording a Sequence'));
    const without = await read('scan-rotated-skew.pdf', { passes: { deskew: false } });
    expect(without.missing).toContain('32 Track MIDI Sequence Recorder');
  });

  it('keeps the title of the skewed scan once the page is turned level (deskew, on by default)', async () => {
    const r = await read('scan-rotated-skew.pdf');
    expect(r.out.details?.ocrPasses).toContain('deskew');
    expect(r.missing).toEqual([]);
  });

  it("keeps the two-line title of the Linn scan with tesseract's own page segmentation (it was dropped in one block)", async () => {
    const r = await read('scan-linn.pdf');
    expect(r.missing).toEqual([]);
    const block = await read('scan-linn.pdf', { passes: { firstLayout: 'block', largeLines: false } });
    expect(block.missing).toContain('32 Track MIDI Sequence Recorder');
    // The large-type pass (ocr-large-lines.ts) reads the title the block layout dropped.
    expect((await read('scan-linn.pdf', { passes: { firstLayout: 'block' } })).missing).toEqual([]);
  });

  it('turns a leaning scan level before reading it, and reads more of it so', async () => {
    const r = await read('eurotext.png');
    expect(r.out.details?.ocrPasses).toContain('deskew');
    const without = await read('eurotext.png', { passes: { deskew: false } });
    expect(without.out.details?.ocrPasses ?? []).not.toContain('deskew');
    expect(r.found.length).toBeGreaterThan(without.found.length);
  });

  it('reads a tiny photo crop as one block when page segmentation finds no text in it (as before the passes)', async () => {
    // By default the crop's uneven light (round 16) has the polarity reading find the figures first.
    expect((await read('numbers-photo-crop.png')).found).toEqual(expect.arrayContaining(['width_ths = 0.5', 'width_ths = 0.7']));
    const r = await read('numbers-photo-crop.png', { passes: { polarity: false } });
    expect(r.found).toEqual(expect.arrayContaining(['width_ths = 0.5', 'width_ths = 0.7']));
    expect(r.out.details?.ocrPasses).toContain('block');
    // Without the block reading, the sparse reading of its near-empty first reading finds specks, not the figures.
    const without = await read('numbers-photo-crop.png', { passes: { block: false, polarity: false } }).catch((err: { code?: string }) => ({ code: err.code, found: [] }));
    if ('code' in without) expect(without.code).toBe('EMPTY_CONTENT');
    expect(without.found).toEqual([]);
  });

  it('reads white text on colour, a bank statement screenshot and a terminal screenshot', async () => {
    for (const file of ['poster-white-on-blue.png', 'bank-statement-screenshot.png', 'macos-workflow-screenshot.png']) {
      const r = await read(file);
      expect(r.missing, file).toEqual([]);
    }
  });

  it('reads coloured and dim text in dark terminal screenshots again as dark text on white (polarity reading)', async () => {
    const r = await read('screenshot-rich-table-wrapped.png');
    expect(r.out.details?.ocrPasses).toContain('polarity');
    expect(r.missing).toEqual([]);
    expect(r.found).toEqual(expect.arrayContaining(['Production', 'Box Office', 'Dec 15, 2017']));
    const without = await read('screenshot-rich-table-wrapped.png', { passes: { polarity: false } });
    expect(without.out.details?.ocrPasses ?? []).not.toContain('polarity');
    expect(without.found.length).toBeLessThan(r.found.length);
    const hello = await read('screenshot-rich-hello-world.png');
    expect(hello.missing).toEqual([]);
    expect(hello.out.content).toContain('Hello World!');
  });

  it('reads the dim rows, coloured labels and table header of a JPEG terminal screenshot', async () => {
    const r = await read('screenshot-rich-features.jpg');
    expect(r.out.details?.ocrPasses).toContain('polarity');
    expect(r.found).toEqual(expect.arrayContaining(['Production Budget', 'Solo: A Star Wars Story', '$1,027,044,677', 'Truecolor (16.7 million)']));
  });

  it('reads a mixed page with a per-tile threshold when the polarity reading is off or not kept', async () => {
    const r = await read('screenshot-rich-table-wrapped.png', { passes: { polarity: false } });
    expect(r.out.details?.ocrPasses).toContain('local');
    const without = await read('screenshot-rich-table-wrapped.png', { passes: { polarity: false, local: false } });
    expect(without.found.length).toBeLessThan(r.found.length);
  });

  it('reads the dark panel of a wide UI screenshot (item name and amount)', async () => {
    const r = await read('wide-ui-screenshot.png');
    expect(r.found).toEqual(expect.arrayContaining(['AVOCADO COFFEE', '174,600']));
    const tiled = await read('wide-ui-screenshot.png', { passes: { polarity: false } });
    expect(tiled.missing).toEqual([]);
    expect(tiled.out.details?.ocrPasses).toContain('local');
  });

  it('takes each word from the reading of the page that is surest of it (word merge): "72 hours" from the grey page', async () => {
    // The polarity reading is kept for the screenshot's dark panel, but it reads the '72' of the light part as '@2'
    // (confidence 67); the first reading of the same pixels has '72' at 96.
    const r = await read('wide-ui-screenshot.png');
    expect(r.out.details?.ocrPasses).toEqual(expect.arrayContaining(['polarity', 'words']));
    expect(r.missing).toEqual([]);
    const without = await read('wide-ui-screenshot.png', { passes: { words: false } });
    expect(without.missing).toEqual(['This share link expires in 72 hours']);
  });

  it('takes a word whole from another reading where the kept one split it (word merge, a JPEG terminal screenshot)', async () => {
    // The first reading of the repl (kept) gives "' _loader__':" (two words at 55), the polarity reading "'__loader__':" at 83.
    const phrase = "'__loader__': <class '_frozen_importlib.BuiltinImporter'>";
    const r = await read('screenshot-rich-repl.jpg');
    expect(r.found).toContain(phrase);
    const without = await read('screenshot-rich-repl.jpg', { passes: { words: false } });
    expect(without.missing).toContain(phrase);
  });

  it("reads an aged newspaper's advert line whole from the polarity reading where the kept reading has a fragment (missing lines)", async () => {
    // The grey page's reading (kept for its body columns) reads the reversed advert's small line as 't Pembe'; the
    // polarity reading, not kept (it blurs the columns), reads 'at Pemberton & Sons' there at confidence 80 or more.
    const r = await read('scan-aged-newspaper-adverts.jpg');
    expect(r.out.details?.ocrPasses).toContain('lines');
    expect(r.found).toEqual(expect.arrayContaining(['at Pemberton & Sons', 'The Millbrook Courier', 'Celebrated Liver Pills', 'HARTMANN MUSIC HOUSE']));
    // The dark box read alone (below) reads that line too: without it, the line comes from the missing-lines merge.
    const without = await read('scan-aged-newspaper-adverts.jpg', { passes: { lines: false, boxes: false } });
    expect(without.missing).toContain('at Pemberton & Sons');
  }, 900_000);

  it("reads an aged newspaper's reversed advert whole from its dark box read alone, where the page's readings read fragments", async () => {
    // Every reading of the whole page reads the white-on-black advert in pieces ('CLEARANCE', 'SALE', 'Every',
    // 'ing Reduced'; 'GRAND' lost); the box cut out and inverted reads all of it, and replaces those pieces.
    const r = await read('scan-aged-newspaper-adverts.jpg');
    expect(r.out.details?.ocrPasses).toEqual(expect.arrayContaining(['boxes', 'box-lines']));
    expect(r.found).toEqual(expect.arrayContaining(['GRAND CLEARANCE SALE', 'at Pemberton & Sons', 'Everything Reduced', 'Celebrated Liver Pills']));
    expect(r.out.content).not.toMatch(/^ing Reduced$/m);
    const without = await read('scan-aged-newspaper-adverts.jpg', { passes: { boxes: false } });
    expect(without.missing).toEqual(expect.arrayContaining(['GRAND CLEARANCE SALE', 'Everything Reduced']));
  }, 900_000);

  it('reads photographed street signs as sparse text on the polarity image when the first reading is nearly empty', async () => {
    // The first reading of the signs (white on dark blue and green) scores almost nothing at confidence 70, so the
    // confidence rule alone never asked for a sparse reading; it is now also asked for by a low reading score.
    const r = await read('photo-street-signs-white-on-colour.jpg');
    expect(r.out.details?.ocrPasses).toEqual(expect.arrayContaining(['polarity', 'sparse']));
    expect(r.found).toEqual(expect.arrayContaining(['Yuyuan Rd', 'Seoul', '56Km', '205Km']));
  });

  it('reads the labels on the coloured boxes of a diagram from the brightest channel, enlarged (colour reading)', async () => {
    // In grey the light green, cyan and salmon boxes turn mid-grey and one threshold takes them for ink with the
    // dark labels on them: the title alone came through.
    const r = await read('screenshot-easyocr-framework-diagram.jpg');
    expect(r.out.details?.ocrPasses).toContain('colour');
    expect(r.found).toEqual(expect.arrayContaining(COLOUR_LABELS));
    const without = await read('screenshot-easyocr-framework-diagram.jpg', { passes: { colour: false } });
    expect(without.out.details?.ocrPasses ?? []).not.toContain('colour');
    expect(without.found.length).toBeLessThan(r.found.length - 4);
  });

  it("gives the two lines of each of a diagram's boxes side by side together (sparse reading, labels)", async () => {
    // Tesseract's sparse mode orders lines by height on the page: the three 'Other' lines of three boxes came first,
    // then 'Detection Models', 'Recognition Models', 'Decoders'.
    const r = await read('screenshot-easyocr-framework-diagram.jpg');
    expect(r.found).toEqual(expect.arrayContaining(['Other Detection Models', 'Other Recognition Models', 'Other Decoders']));
    const without = await read('screenshot-easyocr-framework-diagram.jpg', { passes: { labels: false } });
    expect(without.missing).toEqual(expect.arrayContaining(['Other Recognition Models', 'Other Decoders']));
  });

  it('does not read a page of one background again: white text on blue keeps its single reading', async () => {
    const r = await read('poster-white-on-blue.png');
    expect(r.out.details?.ocrPasses ?? []).not.toContain('local');
  });

  it('fails a photo of a crumpled dot-matrix receipt cleanly or reads some of it: never a crash', async () => {
    const f = fixtures['receipt-photo.jpg']!;
    const detected = await detectFileType(f.path, { filename: f.file, declared: [] });
    const outcome = await extractorFor(detected.mime)!
      .extract(makeInput(fs.readFileSync(f.path), detected.mime, f.file), { ...makeContext({ parseTimeoutMs: 300_000 }), ocr })
      .then(
        (r) => ({ ok: true as const, content: r.content }),
        (err: { code?: string }) => ({ ok: false as const, code: err.code }),
      );
    if (!outcome.ok) expect(outcome.code).toBe('EMPTY_CONTENT');
    // Read as sparse text (its first reading is nearly empty), two of the printed amounts come through.
    else expect(phraseRecall(f.phrases, outcome.content).found).toEqual(expect.arrayContaining(['200,000', '25,400']));
  });

  it("reads a street sign's lines that no reading of the whole photo finds, from lines found in its pixels (scene pass)", async () => {
    const r = await read('photo-sign-notice-parking.jpg');
    expect(r.out.details?.ocrPasses).toContain('scene-lines');
    expect(r.found).toEqual(expect.arrayContaining(['DOUBLE PARKING', 'AT ALL TIMES']));
    // Without it (main's path) the sign's lines are specks among the trees' readings.
    const without = await read('photo-sign-notice-parking.jpg', { passes: { scene: false } });
    expect(without.found).not.toContain('DOUBLE PARKING');
    expect(without.found).not.toContain('AT ALL TIMES');
  }, 900_000);

  it("reads a shop sign's descenders and a label's broken digit from the lines found in their photos' pixels", async () => {
    // On main the mask of 'copy centre' lost 'p' and 'y' (taller than the line's short letters) and read 'co centre';
    // the generator label's thin '1' came apart, so '25' was not chained to 'GM 1'.
    const sign = await read('photo-sign-copy-centre.jpg');
    expect(sign.out.details?.ocrPasses).toContain('scene-lines');
    expect(sign.found).toEqual(['copy centre']);
    const label = await read('photo-generator-label.jpg');
    expect(label.out.details?.ocrPasses).toContain('scene-lines');
    expect(label.found).toEqual(['GM 125']);
  }, 900_000);

  it("reads a barrier's tightly lettered 'NO PARKING' plate with its word gap (the plate's line found inside the barrier's)", async () => {
    // On main the plate's line was dropped as lying inside a line chained from the barrier's bars, its 'A' was joined to
    // a bar under it and left out of the mask, and its 6 px word gap between letters 0-3 px apart read 'NOPARKING'.
    const r = await read('photo-sign-no-parking.jpg');
    expect(r.out.details?.ocrPasses).toContain('scene-lines');
    expect(r.found).toEqual(['NO PARKING']);
  }, 900_000);

  it('reads a French list page again with French data, found by the accented letters of its words (few function words)', async () => {
    const r = await read('screenshot-french-country-list.png');
    expect(r.out.details?.ocrLanguages).toContain('fra');
    expect(r.found).toEqual(expect.arrayContaining(['États-Unis', 'Thaïlande']));
  });
});
