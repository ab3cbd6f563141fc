import type { OcrEngine, OcrLine, OcrResult, OcrThreshold, PageLayout } from '../providers/ocr.js';
import { detectLanguage, languageByLetters, languagesIn } from '../text/language.js';
import type { DarkBoxCrops, OcrVariant, OcrVariantRequest, SceneLineCrops } from './ocr-variants.js';
import { replaceBoxLines, type BoxReading } from './ocr-box-readings.js';
import { replaceDimLines } from './ocr-dim-lines.js';
import type { LargeLineCrops } from './ocr-large-line-crops.js';
import { addLargeLines, readWhole, type LargeLineReading } from './ocr-large-line-text.js';
import { sparseTextByLabel } from './ocr-label-stacks.js';
import { sceneLinesToAdd, type SceneReading } from './scene-lines.js';
import { addMissingLines } from './ocr-missing-lines.js';
import { mergeWords } from './ocr-word-merge.js';
import { pngDensity, withPngDensity } from './png-density.js';
import { runInSandbox } from './sandbox/isolated.js';
import type { ExtractContext } from './types.js';

/**
 * Which extra passes a page may get, measured one by one on the tuning set of test/fixtures/real
 * (bench/extraction-quality.ts): sparse and language raised its phrase recall and are on by default, and so is deskew
 * (+1 phrase on the tuning set: the leaning eurotext scan; one extra sandbox job per page); largeText did
 * not change it (the tuning set's lost heading is misread, not dropped) and is off: on the held-out set it brings
 * back the dropped title of the skewed Linn scan, at about a quarter more time per page.
 */
export interface OcrPassOptions {
  /**
   * A poor first reading (mean word confidence below WEAK_CONFIDENCE), or a kept reading with little confident text
   * (score below SPARSE_SCORE: photographed signs whose first reading is empty at confidence 70), is read again as
   * sparse text, from the polarity image when the page has one (dark text on white everywhere).
   */
  sparse?: boolean;
  /** Without a language hint, a reading in a language other than the first one read is read again with its data. */
  language?: boolean;
  /**
   * When the first and sparse readings leave almost nothing (under NEAR_EMPTY_SCORE), the page is read as one
   * uniform block too (tesseract.js's old default): a 300x69 crop of a photographed ledger gave 'auto' no text
   * block at all, while one block read two of its four lines (the reading Mnemo gave before these passes).
   */
  block?: boolean;
  /** A page whose text lines lean by 0.5-10 degrees is turned level before the first reading (ocr-deskew.ts skewAngle). */
  deskew?: boolean;
  /**
   * A page with light text on dark (darkShare at least POLARITY_MIN_DARK) is read once more from the polarity page
   * with its ink lifted (ocr-polarity.ts liftDimInk); a kept line it reads clearly better is replaced (ocr-dim-lines.ts).
   */
  dim?: boolean;
  /** Tall lines (headings, titles) the full-size reading missed are looked for on the page at half size (off by default). */
  largeText?: boolean;
  /**
   * The lines of large type of a document page, found from its pixels (ocr-large-lines.ts: characters at least twice
   * the page's median height), that the kept reading did not read surely and whole are cut out and read alone as one
   * line at ordinary text size, and put in place of the pieces read (ocr-large-line-text.ts): a bitonal brochure's
   * bold title lost its capitals ('ommunity', 'arden'). A page without such a line costs a look at its pixels.
   */
  largeLines?: boolean;
  /**
   * Layout of the first reading. 'auto' (page segmentation by tesseract) read 58 of the tuning set's 74 phrases,
   * 'block' (tesseract.js's default, used until now) 57; on the held-out set 38 and 39 of 44.
   */
  firstLayout?: PageLayout;
  /** How ink is told from background in every reading ('global' by default; see RecognizeOptions.threshold). */
  threshold?: OcrThreshold;
  /**
   * A page with a mixed background (large dark and large light areas: a dark terminal in a light screenshot, see
   * ocr-deskew.ts mixedBackground) is read again with a threshold per tile, at 300 dpi or more (tesseract sizes its
   * tiles in inches; a screenshot's 72 dpi makes them too small). On the tuning set: +6 phrases (two terminal
   * screenshots and a wide UI screenshot with a dark panel); a page that is not mixed costs nothing.
   */
  local?: boolean;
  /**
   * A page where light text on a darker background covers at least POLARITY_MIN_DARK of the tiles (a terminal, a
   * sign, a dark panel) is read again with dark text on white in every region and its local contrast stretched
   * (ocr-polarity.ts); it then needs no per-tile threshold reading. See bench/README.md round 5.
   */
  polarity?: boolean;
  /**
   * A page given with its brightest-channel copy (image-decode.ts DecodedPage.brightest: at least a tenth of it is
   * light, saturated colour, e.g. the boxes of a diagram or coloured table headers) is read again from that copy,
   * where a coloured box is light and the dark text on it stays dark; the sparse reading then reads that copy too
   * when it was kept. See bench/README.md round 7.
   */
  colour?: boolean;
  /**
   * A kept sparse reading gives the lines of a label stacked over two or three lines together (ocr-label-stacks.ts):
   * a diagram's 'Other / Recognition Models' boxes side by side came out as 'Other Other Other Detection Models ...'.
   */
  labels?: boolean;
  /**
   * Each word of the kept reading is replaced by the same word (same box) of another reading of the page that is
   * clearly more sure of it (ocr-word-merge.ts): the polarity reading of a wide screenshot, kept for its dark panel,
   * read '72 hours' in the light part as '@2 hours', which the first reading had right. No extra reading.
   */
  words?: boolean;
  /**
   * Lines another reading of the page read confidently where the kept reading has no confident word are added to it
   * (ocr-missing-lines.ts), and a kept line that is a fragment of such a line is read whole: the first reading of an
   * aged newspaper page reads a reversed advert's line as 't Pembe', the polarity reading, not kept for the page (it
   * blurs the body columns), as 'at Pemberton & Sons'. No extra reading.
   */
  lines?: boolean;
  /**
   * Each dark box of a light page (ocr-dark-boxes.ts: a reversed advert on a newspaper page) is cut out, inverted and
   * read alone, and its reading replaces the kept lines inside it (ocr-box-readings.ts): every reading of the whole
   * page reads such a box in fragments ('t Pembe', 'Every', 'ing Reduced'), the box alone reads whole at confidence
   * 90-96. One small reading per box; a page without one costs a look at its grey levels.
   */
  boxes?: boolean;
  /**
   * A page whose readings leave little confident text (a photo of a street sign, a shop front, a label: tesseract's
   * layout finds no text block among trees and bricks) has its text lines found from the pixels (scene-text.ts),
   * each read alone as one line, and the lines read confidently added. Pages with text (scans, screenshots) never
   * get it.
   */
  scene?: boolean;
}

/** Below this mean word confidence the first reading is poor: maps, signs, UI with scattered labels. */
const WEAK_CONFIDENCE = 70;
/** Words read with less confidence than this do not count towards a reading's score. */
const MIN_WORD_CONFIDENCE = 50;
/** A kept reading with a score below this (about a dozen confidently read characters) is nearly empty. */
const NEAR_EMPTY_SCORE = 12;
/** A kept reading with a score below this (about three dozen confidently read characters) is read as sparse text too. */
const SPARSE_SCORE = 40;
/** The large-text pass runs on pages at least this tall (smaller ones have no heading tesseract loses). */
const LARGE_TEXT_MIN_HEIGHT = 1000;
/** A line of the half-size reading is a heading when at least this many times the page's median line height. */
const LARGE_TEXT_RATIO = 1.8;
const LARGE_TEXT_MIN_CONFIDENCE = 60;

export interface PageReading extends OcrResult {
  /** The passes run, in order: 'auto', 'polarity', 'dim', 'local' (or 'local-timeout'), 'colour', 'sparse', 'block', 'language:fra', 'words', 'lines', 'dim-lines', 'boxes', 'box-lines', 'large-text', 'large-lines' (and 'large-lines-added' when it put a line in), 'scene', 'scene-lines'. */
  passes: string[];
  /** The pass whose reading was kept (large-text only adds lines to it). */
  kept: string;
  /** The language data the kept reading used. */
  languages: readonly string[];
  /** Degrees the page was turned (clockwise) to level its lines before reading; absent when it was read as given. */
  deskew?: number;
}

/** Characters read with confidence: the words at or above MIN_WORD_CONFIDENCE, weighted by it. */
export function readingScore(r: OcrResult): number {
  if (!r.lines) return r.text.replace(/[^\p{L}\p{N}]/gu, '').length * (r.confidence / 100);
  let score = 0;
  for (const line of r.lines) {
    for (const w of line.words) {
      if (w.confidence < MIN_WORD_CONFIDENCE) continue;
      score += w.text.replace(/[^\p{L}\p{N}]/gu, '').length * (w.confidence / 100);
    }
  }
  return score;
}

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Lines of `small` (a reading of the page at `factor` of its size) that are tall on the page and missing from `full`,
 * inserted into full's text before the first line below them. Tesseract drops text lines much taller than the
 * page's body text (a title over a column of 10-point text); at half size they are ordinary lines.
 */
export function mergeLargeLines(full: OcrResult, small: OcrResult, factor: number): { text: string; added: string[] } {
  const lines = (full.lines ?? []).filter((l) => l.confidence >= MIN_WORD_CONFIDENCE && l.text.trim());
  const bodyHeight = median(lines.map((l) => l.bbox.y1 - l.bbox.y0));
  const known = squash(full.text);
  let text = full.text;
  const added: string[] = [];
  for (const line of small.lines ?? []) {
    const height = (line.bbox.y1 - line.bbox.y0) / factor;
    const clean = line.text.replace(/\s+/g, ' ').trim();
    const key = squash(clean);
    if (key.length < 3 || line.confidence < LARGE_TEXT_MIN_CONFIDENCE || height < LARGE_TEXT_RATIO * bodyHeight || known.includes(key)) continue;
    const top = line.bbox.y0 / factor;
    const below = lines.find((l) => l.bbox.y0 >= top);
    const at = below ? text.indexOf(below.text.trim()) : -1;
    text = at >= 0 ? `${text.slice(0, at)}${clean}\n\n${text.slice(at)}` : `${text.trimEnd()}\n\n${clean}\n`;
    added.push(clean);
  }
  return { text, added };
}

/** The least resolution a page is declared to have for a per-tile threshold reading. */
const LOCAL_MIN_DPI = 300;
/** The per-tile reading may take this many times the first reading's time (at least LOCAL_MIN_MS) before it is given up. */
const LOCAL_TIME_FACTOR = 4;
const LOCAL_MIN_MS = 10_000;

/** Share of a page's tiles with light text for the polarity reading (ocr-polarity.ts darkShare). */
const POLARITY_MIN_DARK = 0.1;
/**
 * The dim reading's ink gain (ocr-polarity.ts liftDimInk): at 2.5 a Rich traceback's dim '(most recent call last)'
 * and its grey comment line read at 82-87; at 1 (the polarity page) they read as '© racent' and '117 toff'.
 */
const DIM_GAIN = 2.5;
/**
 * A page whose paper under its dark text is this unevenly lit (ocr-polarity.ts unevenLight: the dim tenth of it under
 * this share of the bright tenth's grey) gets the polarity reading too, whose background is flattened tile by tile: a
 * photographed book page darkening towards one edge lost every line's start to one threshold (0/6 phrases).
 */
const UNEVEN_LIGHT = 0.6;

/** The words of a reading that count towards its score (MIN_WORD_CONFIDENCE or more; the whole text when it has no word boxes): a photo's specks read as 'é' do not tell its language. */
function confidentText(r: OcrResult): string {
  if (!r.lines) return r.text;
  return r.lines
    .flatMap((l) => l.words)
    .filter((w) => w.confidence >= MIN_WORD_CONFIDENCE)
    .map((w) => w.text)
    .join(' ');
}

/** At most this many languages are read at once (each one more costs time on every uncertain word). */
const MAX_MIXED_LANGUAGES = 4;

/**
 * Tesseract codes of the language a reading is in (when one stands out), or of the languages a mixed page shows,
 * with English kept; null when that is what it was read with already, or no data for them is installed.
 */
function languagesToTry(ocr: OcrEngine, reading: OcrResult, current: readonly string[]): string[] | null {
  const text = reading.text;
  const one = detectLanguage(text);
  let found = one ? [one.tesseract] : languagesIn(text).map((l) => l.tesseract);
  // Few function words (a list, a table): the letters of the confidently read words may still tell the language.
  if (found.length === 0) {
    const byLetters = languageByLetters(confidentText(reading));
    if (byLetters) found = [byLetters.tesseract];
  }
  const codes = found.filter((c) => ocr.available?.includes(c)).slice(0, MAX_MIXED_LANGUAGES);
  if (codes.length === 0) return null;
  if (ocr.available?.includes('eng') && !codes.includes('eng')) codes.push('eng');
  if (codes.length === current.length && codes.every((c) => current.includes(c))) return null;
  return codes;
}

/**
 * Reads one page image (an image file's page, a scanned PDF page) with the passes that help: the page turned level
 * when its lines lean (deskew), a first reading in the hinted or configured languages; a reading with a threshold
 * per tile when the page has a mixed background (local); a sparse-text reading when the first one is poor; a reading with the data of the
 * language the text turns out to be in; then tall lines missed at full size, from a half-size reading. The reading
 * with the highest score (confidently read characters) is kept.
 */
export async function readPage(page: Buffer, ocr: OcrEngine, ctx: Pick<ExtractContext, 'signal' | 'limits' | 'language'>, passes: OcrPassOptions = {}, colourPage?: Buffer): Promise<PageReading> {
  const { signal } = ctx;
  const look = passes.deskew !== false || passes.local !== false || passes.polarity !== false ? await inspect(page, passes.deskew !== false, ctx) : null;
  const turned = look?.png ? look : null;
  const level = turned?.png ?? page;
  let png = level;
  const hinted = ctx.language && ocr.available?.includes(ctx.language.tesseract) ? [ctx.language.tesseract, ...(ctx.language.tesseract !== 'eng' && ocr.available.includes('eng') ? ['eng'] : [])] : undefined;
  let languages: readonly string[] = hinted ?? ocr.languages ?? [];
  let layout: PageLayout = passes.firstLayout ?? 'auto';
  let threshold: OcrThreshold = passes.threshold ?? 'global';
  const started = performance.now();
  const first = await ocr.recognize(png, { signal, layout, threshold, ...(hinted ? { languages: hinted } : {}) });
  const firstMs = performance.now() - started;
  let best: OcrResult = first;
  const run: string[] = [layout];
  const readings: OcrResult[] = [first];
  let kept: string = layout;
  const keep = (r: OcrResult, pass: string, l: PageLayout, langs: readonly string[]): boolean => {
    run.push(pass);
    readings.push(r);
    if (readingScore(r) <= readingScore(best)) return false;
    best = r;
    kept = pass;
    layout = l;
    languages = langs;
    return true;
  };

  const polar = passes.polarity !== false && threshold === 'global' && ((look?.dark ?? 0) >= POLARITY_MIN_DARK || (look?.light ?? 1) < UNEVEN_LIGHT);
  let normalised: Buffer | null = null;
  if (polar) {
    const request: OcrVariantRequest = { png: new Uint8Array(png), op: 'polarity' };
    const out = await runInSandbox<OcrVariant>('ocr-variant', request, ctx.limits, { signal, what: 'the page image', transfer: [request.png.buffer as ArrayBuffer] });
    normalised = Buffer.from(out.png.buffer, out.png.byteOffset, out.png.byteLength);
    if (keep(await ocr.recognize(normalised, { signal, layout, languages, autoRotate: false, threshold }), 'polarity', layout, languages)) png = normalised;
  }
  // Light text on dark (a terminal, a dark UI): the polarity page with its ink lifted reads dim text (a grey comment,
  // a dimmed caption) the stretch left too light. Not kept for the page: it replaces kept lines it reads clearly better.
  let dim: OcrResult | null = null;
  if (polar && passes.dim !== false && (look?.dark ?? 0) >= POLARITY_MIN_DARK) {
    const request: OcrVariantRequest = { png: new Uint8Array(level), op: 'polarity', dim: DIM_GAIN };
    const out = await runInSandbox<OcrVariant>('ocr-variant', request, ctx.limits, { signal, what: 'the page image', transfer: [request.png.buffer as ArrayBuffer] });
    dim = await ocr.recognize(Buffer.from(out.png.buffer, out.png.byteOffset, out.png.byteLength), { signal, layout, languages, autoRotate: false, threshold });
    run.push('dim');
  }
  // The per-tile threshold is for the same pages (a dark window on light paper); it runs when the polarity reading
  // was not kept (wide UI screenshot of the tuning set: the per-tile reading keeps all 9 phrases, the polarity one 8).
  if (passes.local !== false && png === level && threshold === 'global' && look?.mixed) {
    const dpi = pngDensity(level);
    const tiled = dpi !== null && dpi >= LOCAL_MIN_DPI ? level : withPngDensity(level, LOCAL_MIN_DPI);
    // A per-tile threshold can turn the noise of a flat dark area into thousands of specks (a Rich progress-bar
    // screenshot: 2 min instead of 3 s); the reading is given up after LOCAL_TIME_FACTOR times the first one's time.
    const budget = AbortSignal.timeout(Math.round(Math.max(LOCAL_MIN_MS, LOCAL_TIME_FACTOR * firstMs)));
    const local = await ocr.recognize(tiled, { signal: AbortSignal.any([signal, budget]), layout, languages, autoRotate: false, threshold: 'local' }).catch((err: unknown) => {
      if (signal.aborted || !budget.aborted) throw err;
      return null;
    });
    if (!local) run.push('local-timeout');
    else if (keep(local, 'local', layout, languages)) {
      png = tiled;
      threshold = 'local';
    }
  }
  // The brightest-channel page is of the page as given: it is not read when the page was turned level.
  let brightest: Buffer | null = null;
  if (passes.colour !== false && colourPage && !turned && threshold === 'global') {
    if (keep(await ocr.recognize(colourPage, { signal, layout, languages, autoRotate: false, threshold }), 'colour', layout, languages)) png = brightest = colourPage;
  }
  const beforeSparse = readingScore(best);
  if (passes.sparse !== false && (first.confidence < WEAK_CONFIDENCE || beforeSparse < SPARSE_SCORE)) {
    const source = brightest ?? (normalised && threshold === 'global' ? normalised : png);
    if (keep(await ocr.recognize(source, { signal, layout: 'sparse', languages, autoRotate: false, threshold }), 'sparse', 'sparse', languages)) png = source;
  }
  if (passes.block !== false && layout !== 'block' && beforeSparse < NEAR_EMPTY_SCORE) {
    keep(await ocr.recognize(png, { signal, layout: 'block', languages, autoRotate: false, threshold }), 'block', 'block', languages);
  }
  if (passes.language !== false && !hinted) {
    const other = languagesToTry(ocr, best, languages);
    if (other) keep(await ocr.recognize(png, { signal, layout, languages: other, autoRotate: false, threshold }), `language:${other[0]}`, layout, other);
  }
  // The other readings are of the page as given; a first reading of the page turned round has other boxes.
  const keptReading = best;
  if (passes.words !== false && readings.length > 1 && !first.rotated) {
    const merged = mergeWords(best, readings);
    if (merged.replaced.length) {
      best = merged.result;
      run.push('words');
    }
  }
  // A reading kept for the whole page can miss a region another one read (a reversed advert's line on a newspaper
  // page, read only by the polarity page): such lines are added where they stand (ocr-missing-lines.ts).
  if (passes.lines !== false && readings.length > 1 && !first.rotated) {
    const more = addMissingLines(
      best,
      readings.filter((r) => r !== keptReading),
    );
    if (more.added.length) {
      best = more.result;
      run.push('lines');
    }
  }
  if (dim && !first.rotated) {
    const lifted = replaceDimLines(best, dim);
    if (lifted.replaced.length) {
      best = lifted.result;
      run.push('dim-lines');
    }
  }
  // A dark box (a reversed advert) read alone reads whole where the page's readings read fragments of it.
  if (passes.boxes !== false && best.lines && !first.rotated) {
    const request: OcrVariantRequest = { png: new Uint8Array(level), op: 'dark-boxes' };
    const found = await runInSandbox<DarkBoxCrops>('ocr-variant', request, ctx.limits, { signal, what: 'the page image', transfer: [request.png.buffer as ArrayBuffer] });
    if (found.boxes.length) {
      const read: BoxReading[] = [];
      for (const { png: crop, ...box } of found.boxes) {
        const reading = await ocr.recognize(Buffer.from(crop.buffer, crop.byteOffset, crop.byteLength), { signal, layout: 'auto', languages, autoRotate: false, threshold: 'global' });
        read.push({ box, reading });
      }
      run.push('boxes');
      const merged = replaceBoxLines(best, read);
      if (merged.used.length) {
        best = merged.result;
        run.push('box-lines');
      }
    }
  }
  // A sparse reading gives every line on its own, ordered by height on the page: a label over two lines (a diagram's
  // box, a sign) is put back together (ocr-label-stacks.ts).
  let text = (passes.labels !== false && layout === 'sparse' && best.lines && sparseTextByLabel(best.lines)) || best.text;
  if (passes.largeText === true && layout !== 'sparse' && pngHeight(png) >= LARGE_TEXT_MIN_HEIGHT) {
    const request: OcrVariantRequest = { png: new Uint8Array(png), op: 'scale', factor: 0.5 };
    const half = await runInSandbox<{ png: Uint8Array }>('ocr-variant', request, ctx.limits, { signal, what: 'the page image', transfer: [request.png.buffer as ArrayBuffer] });
    const small = await ocr.recognize(Buffer.from(half.png.buffer, half.png.byteOffset, half.png.byteLength), { signal, layout, languages, autoRotate: false, threshold });
    run.push('large-text');
    const merged = mergeLargeLines(best, small, 0.5);
    if (merged.added.length) text = merged.text;
  }
  // A document page's lines of large type that the kept reading lost or cut are read alone (a title over body text).
  if (passes.largeLines !== false && layout !== 'sparse' && best.lines && !first.rotated && readingScore(keptReading) >= SPARSE_SCORE) {
    const request: OcrVariantRequest = { png: new Uint8Array(level), op: 'large-lines' };
    const found = await runInSandbox<LargeLineCrops>('ocr-variant', request, ctx.limits, { signal, what: 'the page image', transfer: [request.png.buffer as ArrayBuffer] });
    const read: LargeLineReading[] = [];
    for (const { png: crop, ...line } of found.lines) {
      if (readWhole(best, line)) continue;
      read.push({ line, reading: await ocr.recognize(Buffer.from(crop.buffer, crop.byteOffset, crop.byteLength), { signal, layout: 'line', languages, autoRotate: false, threshold: 'global' }) });
    }
    if (read.length) {
      run.push('large-lines');
      const merged = addLargeLines(text, best, read);
      if (merged.added.length) {
        text = merged.text;
        run.push('large-lines-added');
      }
    }
  }
  // A photo whose readings found little text: its text lines, found from the pixels, are read one by one.
  if (passes.scene !== false && (keptReading.confidence < WEAK_CONFIDENCE || readingScore(keptReading) < SPARSE_SCORE) && !first.rotated) {
    const request: OcrVariantRequest = { png: new Uint8Array(level), op: 'scene-lines' };
    const found = await runInSandbox<SceneLineCrops>('ocr-variant', request, ctx.limits, { signal, what: 'the page image', transfer: [request.png.buffer as ArrayBuffer] });
    run.push('scene');
    // Read in the hinted or configured languages: a language the junk of a photo's readings seemed to be in is no guide.
    const lineLanguages = hinted ?? ocr.languages ?? languages;
    const read: SceneReading[] = [];
    for (const { png: mask, grey, binary, ...line } of found.lines) {
      const readings: OcrResult[] = [];
      for (const crop of [mask, grey, binary])
        readings.push(await ocr.recognize(Buffer.from(crop.buffer, crop.byteOffset, crop.byteLength), { signal, layout: 'line', languages: lineLanguages, autoRotate: false, threshold: 'global' }));
      read.push({ line, readings });
    }
    const added = sceneLinesToAdd(text, read);
    if (added.length) {
      text = `${text.trimEnd()}\n\n${added.join('\n')}\n`;
      run.push('scene-lines');
    }
  }
  return { ...best, text, passes: run, kept, languages, ...(turned ? { deskew: -turned.angle } : {}) };
}

/**
 * The page looked at in the sandbox (ocr-variants.ts): turned level when its lines lean and `turn` (png, angle; png
 * null otherwise), whether its background is mixed, and the share of it with light text on a darker background.
 */
async function inspect(page: Buffer, turn: boolean, ctx: Pick<ExtractContext, 'signal' | 'limits'>): Promise<{ png: Buffer | null; angle: number; mixed: boolean; dark: number; light: number }> {
  const request: OcrVariantRequest = { png: new Uint8Array(page), op: 'deskew', turn };
  const out = await runInSandbox<OcrVariant>('ocr-variant', request, ctx.limits, { signal: ctx.signal, what: 'the page image', transfer: [request.png.buffer as ArrayBuffer] });
  const png = out.angle && out.png.byteLength > 0 ? Buffer.from(out.png.buffer, out.png.byteOffset, out.png.byteLength) : null;
  return { png, angle: png ? out.angle! : 0, mixed: out.mixed === true, dark: out.dark ?? 0, light: out.light ?? 1 };
}

/** Height of a PNG from its header (0 when it is not a PNG). */
function pngHeight(png: Buffer): number {
  return png.length >= 24 && png.readUInt32BE(0) === 0x89504e47 ? png.readUInt32BE(20) : 0;
}

export type { OcrLine };
