import { setImmediate as nextTurn } from 'node:timers/promises';
import { estimateTokens, estimateTokensUpTo } from './tokenize.js';
import { lineSpans, sentenceSpans, sentenceSteps, trimSpan, wordSpans, type Span } from './sentences.js';

export interface ChunkingOptions {
  /** Upper bound of a chunk, in estimated tokens (overlap included). */
  maxTokens: number;
  /** Tokens of the previous chunk repeated at the start of the next one when a section is split. */
  overlapTokens: number;
}

export interface TextChunk {
  /** Always the verbatim slice `text.slice(start, end)` of the chunked text. */
  content: string;
  start: number;
  end: number;
  tokenCount: number;
  /** Headings enclosing the chunk's first block, outermost first. */
  headings: string[];
}

export const DEFAULT_CHUNK_TOKENS = 224;
export const STRATEGY = 'structure-aware-v2';

interface Block extends Span {
  kind: 'heading' | 'text' | 'code';
  level?: number;
  title?: string;
}

interface Unit extends Span {
  kind: Block['kind'];
  tokens: number;
  headings: string[];
  /** A unit that starts a new section (a heading). */
  sectionStart: boolean;
  /** False for the second and later pieces of a word cut by force: they start mid-word, so no overlap starts there. */
  clean: boolean;
}

/**
 * Splits markdown or plain text into token-bounded chunks along its structure: sections (headings) first, then
 * paragraphs, then sentences, then words. Consecutive small blocks are packed together; a section split across
 * chunks repeats the tail of the previous chunk (from a sentence or word start) as overlap. Every chunk is a verbatim
 * slice of `text`, and every non-whitespace character of `text` is in some chunk.
 */
export function chunkText(text: string, opts: ChunkingOptions): TextChunk[] {
  const steps = chunkSteps(text, opts);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Longest stretch chunkTextYielding computes before it lets the event loop serve others. */
const SLICE_MS = 20;

/**
 * The chunks of chunkText, computed in slices of about SLICE_MS with the event loop served in between: chunking a
 * 5M-character document takes seconds, which would otherwise stall every request of the process.
 */
export async function chunkTextYielding(text: string, opts: ChunkingOptions): Promise<TextChunk[]> {
  const steps = chunkSteps(text, opts);
  let sliceStart = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

/** chunkText as a generator that pauses (yields) after each small piece of work. */
function* chunkSteps(text: string, opts: ChunkingOptions): Generator<void, TextChunk[], void> {
  const max = Math.max(16, opts.maxTokens);
  const overlap = Math.min(Math.max(0, opts.overlapTokens), Math.floor(max / 2));
  const units = yield* toUnits(text, yield* parseBlocks(text), max, overlap);
  const chunks: TextChunk[] = [];
  let current: Unit[] = [];
  let tokens = 0;

  const flush = () => {
    if (current.length === 0) return;
    const { start } = current[0]!;
    const { end } = current[current.length - 1]!;
    const content = text.slice(start, end);
    chunks.push({ content, start, end, tokenCount: estimateTokens(content), headings: current[0]!.headings });
    current = [];
    tokens = 0;
  };

  for (const unit of units) {
    yield;
    if (unit.sectionStart && tokens >= max / 4) flush();
    if (tokens + unit.tokens > max && current.length > 0) {
      const tail = unit.sectionStart ? null : overlapTail(text, current, overlap);
      flush();
      if (tail && tail.tokens + unit.tokens <= max) {
        current.push(tail);
        tokens = tail.tokens;
      }
    }
    current.push(unit);
    // A chunk's slice never counts more than the sum of its units (only whitespace lies between them).
    tokens += unit.tokens;
  }
  flush();
  return chunks;
}

/** Markdown-ish block parser over line spans: fenced code, ATX headings and blank-line separated paragraphs. */
function* parseBlocks(text: string): Generator<void, Block[], void> {
  const lines = yield* lineRanges(text);
  const blocks: Block[] = [];
  let para = null as Span | null;
  const endPara = () => {
    const span = para && trimSpan(text, para);
    if (span) blocks.push({ kind: 'text', ...span });
    para = null;
  };
  for (let i = 0; i < lines.length; i++) {
    yield;
    const { start, end } = lines[i]!;
    const line = text.slice(start, end);
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      endPara();
      while (++i < lines.length && !text.slice(lines[i]!.start, lines[i]!.end).trimStart().startsWith(fence[1]!));
      const span = trimSpan(text, { start, end: lines[Math.min(i, lines.length - 1)]!.end });
      if (span) blocks.push({ kind: 'code', ...span });
      continue;
    }
    const heading = /^(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) {
      endPara();
      blocks.push({ kind: 'heading', ...trimSpan(text, { start, end })!, level: heading[1]!.length, title: heading[2]! });
      continue;
    }
    if (line.trim() === '') endPara();
    else para = { start: para?.start ?? start, end };
  }
  endPara();
  return blocks;
}

function* lineRanges(text: string): Generator<void, Span[], void> {
  const lines: Span[] = [];
  let start = 0;
  for (const m of text.matchAll(/\r\n|\r|\n/g)) {
    lines.push({ start, end: m.index });
    start = m.index + m[0].length;
    if (lines.length % 1024 === 0) yield;
  }
  lines.push({ start, end: text.length });
  return lines;
}

function* toUnits(text: string, blocks: Block[], max: number, overlap: number): Generator<void, Unit[], void> {
  const units: Unit[] = [];
  const stack: { level: number; title: string }[] = [];
  // Pieces of a split block leave room for the overlap repeated in front of them.
  const limit = Math.max(8, max - overlap);
  for (const b of blocks) {
    yield;
    if (b.kind === 'heading') {
      while (stack.length > 0 && stack[stack.length - 1]!.level >= b.level!) stack.pop();
      stack.push({ level: b.level!, title: b.title! });
    }
    const headings = stack.map((h) => h.title);
    // Counted up to just past a chunk: a 5 MB paragraph is known not to fit after its first few KB.
    const tokens = estimateTokensUpTo(text.slice(b.start, b.end), max);
    // A "heading" longer than a chunk (rare, but text is user input) is split like any long block.
    const pieces = tokens <= max ? [{ ...b, tokens, clean: true }] : yield* splitSpan(text, b, limit, b.kind === 'code' ? lineSteps : sentenceSteps);
    for (const [i, { start, end, tokens, clean }] of pieces.entries()) {
      units.push({ start, end, tokens, clean, kind: b.kind, headings, sectionStart: b.kind === 'heading' && i === 0 });
      if (i % 1024 === 1023) yield;
    }
  }
  return units;
}

interface Piece extends Span {
  tokens: number;
  clean: boolean;
}

/** Sentences (or lines of code) up to `limit` tokens; longer ones by words; a word longer than a chunk by force. */
function* splitSpan(text: string, span: Span, limit: number, parts: (text: string, start: number, end: number) => Generator<void, Span[], void>): Generator<void, Piece[], void> {
  const out: Piece[] = [];
  for (const part of yield* parts(text, span.start, span.end)) {
    yield;
    const tokens = estimateTokensUpTo(text.slice(part.start, part.end), limit);
    if (tokens <= limit) {
      out.push({ ...part, tokens, clean: true });
      continue;
    }
    // Words found as they are used (lazily), so a 2 MB sentence of "- - - ..." is read in steps, not in one go.
    for (const m of text.slice(part.start, part.end).matchAll(/\S+/gu)) {
      yield;
      const word = { start: part.start + m.index, end: part.start + m.index + m[0].length };
      const t = estimateTokensUpTo(m[0], limit);
      if (t <= limit) out.push({ ...word, tokens: t, clean: true });
      else yield* hardCut(text, word, limit, out);
    }
  }
  return out;
}

/** lineSpans in the shape of sentenceSteps (one linear regex pass: nothing to yield between). */
function* lineSteps(text: string, start: number, end: number): Generator<void, Span[], void> {
  return lineSpans(text, start, end);
}

/**
 * Cuts one over-long "word" (a hash, a URL, a separator line) into slices of at most `limit` tokens, by the same
 * pieces estimateTokens counts (letter/digit runs of up to 6 characters, single other characters).
 */
function* hardCut(text: string, word: Span, limit: number, out: Piece[]): Generator<void, void, void> {
  let start: number | null = null;
  let end = word.start;
  let count = 0;
  const cut = () => {
    if (start === null) return;
    // Only the first slice starts where the word does; the others start mid-word.
    out.push({ start, end, tokens: estimateTokens(text.slice(start, end)), clean: start === word.start });
    start = null;
    count = 0;
  };
  for (const m of text.slice(word.start, word.end).matchAll(/[\p{L}\p{N}]{1,6}|[^\s\p{L}\p{N}]/gu)) {
    start ??= word.start + m.index;
    end = word.start + m.index + m[0].length;
    if (++count === limit) {
      cut();
      yield;
    }
  }
  cut();
}

/**
 * The longest proper tail of the chunk made of `units` that fits in `budget` tokens and starts at a sentence start (a
 * line start in code), or failing that at a word start. It never reaches back past a heading or into a word cut by force.
 */
function overlapTail(text: string, units: Unit[], budget: number): Unit | null {
  if (budget <= 0) return null;
  const end = units[units.length - 1]!.end;
  // A tail is a proper suffix: repeating a whole chunk would make it redundant.
  const fits = (start: number) => start > units[0]!.start && estimateTokens(text.slice(start, end)) <= budget;
  let best: { start: number; unit: Unit } | null = null;
  scan: for (let i = units.length - 1; i >= 0; i--) {
    const u = units[i]!;
    const starts = (u.kind === 'code' ? lineSpans : sentenceSpans)(text, u.start, u.end)
      .map((s) => s.start)
      .reverse();
    for (const start of starts) {
      if (start === u.start && !u.clean) break scan;
      if (!fits(start)) break scan;
      best = { start, unit: u };
    }
    if (u.kind === 'heading' || !u.clean) break;
  }
  const last = units[units.length - 1]!;
  if (!best && last.kind !== 'heading') {
    for (const w of wordSpans(text, last.start, last.end).reverse()) {
      if ((w.start === last.start && !last.clean) || !fits(w.start)) break;
      best = { start: w.start, unit: last };
    }
  }
  if (!best) return null;
  const tokens = estimateTokens(text.slice(best.start, end));
  return { ...best.unit, start: best.start, end, tokens, sectionStart: false, clean: true };
}

/**
 * Legacy regex sentence splitter (splits at every "." and line break), kept for src/search/rerank.ts. Chunking uses
 * sentenceSpans (src/text/sentences.ts), which does not split numbers, versions or abbreviations.
 */
export function splitSentences(text: string): string[] {
  const parts = text.match(/[^.!?。！？\n]+(?:[.!?。！？]+["')\]]*|\n+|$)/g) ?? [text];
  return parts.map((s) => s.trim()).filter(Boolean);
}
