import { estimateTokens } from '../search/tokenize.js';

export interface ChunkingOptions {
  /** Upper bound of a chunk, in estimated tokens (overlap included). */
  maxTokens: number;
  /** Tokens of the previous chunk repeated at the start of the next one when a section is split. */
  overlapTokens: number;
}

export interface TextChunk {
  content: string;
  tokenCount: number;
  /** Headings enclosing the chunk's first block, outermost first. */
  headings: string[];
}

export const DEFAULT_CHUNK_TOKENS = 224;
export const STRATEGY = 'structure-aware-v1';

interface Block {
  kind: 'heading' | 'text' | 'code';
  text: string;
  level?: number;
}

interface Unit {
  text: string;
  tokens: number;
  headings: string[];
  /** A unit that starts a new section (after a heading). */
  sectionStart: boolean;
}

/**
 * Splits markdown or plain text into token-bounded chunks along its structure: sections (headings) first, then
 * paragraphs, then sentences, then words. Consecutive small blocks are packed together; a section split across
 * chunks repeats the tail of the previous chunk as overlap.
 */
export function chunkText(text: string, opts: ChunkingOptions): TextChunk[] {
  const max = Math.max(16, opts.maxTokens);
  const overlap = Math.min(Math.max(0, opts.overlapTokens), Math.floor(max / 2));
  const units = toUnits(parseBlocks(text), max, overlap);
  const chunks: TextChunk[] = [];
  let current: Unit[] = [];
  let tokens = 0;

  const flush = () => {
    if (current.length === 0) return;
    const content = current.map((u) => u.text).join('\n\n').trim();
    if (content) chunks.push({ content, tokenCount: estimateTokens(content), headings: current[0]!.headings });
    current = [];
    tokens = 0;
  };

  for (const unit of units) {
    const minSection = max / 4;
    if (unit.sectionStart && tokens >= minSection) flush();
    if (tokens + unit.tokens > max && current.length > 0) {
      const tail = unit.sectionStart ? [] : overlapTail(current, overlap);
      flush();
      for (const t of tail) {
        if (tokens + t.tokens + unit.tokens > max) break;
        current.push(t);
        tokens += t.tokens;
      }
    }
    current.push(unit);
    tokens += unit.tokens;
  }
  flush();
  return chunks;
}

/** Markdown-ish block parser: fenced code, ATX headings and blank-line separated paragraphs. */
function parseBlocks(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let para: string[] = [];
  const endPara = () => {
    const t = para.join('\n').trim();
    if (t) blocks.push({ kind: 'text', text: t });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      endPara();
      const code = [line];
      while (++i < lines.length) {
        code.push(lines[i]!);
        if (lines[i]!.trimStart().startsWith(fence[1]!)) break;
      }
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      endPara();
      blocks.push({ kind: 'heading', text: heading[2]!, level: heading[1]!.length });
      continue;
    }
    if (line.trim() === '') endPara();
    else para.push(line);
  }
  endPara();
  return blocks;
}

function toUnits(blocks: Block[], max: number, overlap: number): Unit[] {
  const units: Unit[] = [];
  const stack: { level: number; text: string }[] = [];
  let sectionStart = false;
  for (const b of blocks) {
    if (b.kind === 'heading') {
      while (stack.length > 0 && stack[stack.length - 1]!.level >= b.level!) stack.pop();
      stack.push({ level: b.level!, text: b.text });
      const headingLine = `${'#'.repeat(b.level!)} ${b.text}`;
      // A "heading" longer than a chunk (rare, but text is user input) is split like any long block.
      splitLong(headingLine, max).forEach((piece, i) =>
        units.push({ text: piece, tokens: estimateTokens(piece), headings: stack.map((h) => h.text), sectionStart: i === 0 }),
      );
      sectionStart = false;
      continue;
    }
    const headings = stack.map((h) => h.text);
    const tokens = estimateTokens(b.text);
    if (tokens <= max) {
      units.push({ text: b.text, tokens, headings, sectionStart });
    } else {
      // Leave room for the section heading (so heading and first piece share a chunk) and for the overlap
      // repeated from the previous piece, all within the bound.
      const last = stack[stack.length - 1];
      const reserve = last ? Math.min(Math.floor(max / 4), estimateTokens(`${'#'.repeat(last.level)} ${last.text}`) + 2) : 0;
      for (const piece of splitLong(b.text, Math.max(8, max - reserve - overlap))) {
        units.push({ text: piece, tokens: estimateTokens(piece), headings, sectionStart: false });
      }
    }
    sectionStart = false;
  }
  return units;
}

/** Splits an over-long block into sentences, packing them up to `max`; over-long sentences into word windows. */
function splitLong(text: string, max: number): string[] {
  const sentences = splitSentences(text).flatMap((s) => (estimateTokens(s) <= max ? [s] : splitWords(s, max)));
  const out: string[] = [];
  let cur = '';
  for (const s of sentences) {
    const next = cur ? `${cur} ${s}` : s;
    if (cur && estimateTokens(next) > max) {
      out.push(cur);
      cur = s;
    } else cur = next;
  }
  if (cur) out.push(cur);
  return out;
}

export function splitSentences(text: string): string[] {
  const parts = text.match(/[^.!?。！？\n]+(?:[.!?。！？]+["')\]]*|\n+|$)/g) ?? [text];
  return parts.map((s) => s.trim()).filter(Boolean);
}

function splitWords(sentence: string, max: number): string[] {
  const words = sentence.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let cur: string[] = [];
  let tokens = 0;
  for (const w of words) {
    const t = estimateTokens(w);
    if (tokens + t > max && cur.length > 0) {
      out.push(cur.join(' '));
      cur = [];
      tokens = 0;
    }
    // A single "word" longer than a chunk (a hash, a URL, a separator line) is cut by its token pieces.
    if (t > max) {
      if (cur.length > 0) {
        out.push(cur.join(' '));
        cur = [];
        tokens = 0;
      }
      const pieces = w.match(/[\p{L}\p{N}]{1,6}|[^\p{L}\p{N}]/gu) ?? [w];
      for (let i = 0; i < pieces.length; i += max) out.push(pieces.slice(i, i + max).join(''));
      continue;
    }
    cur.push(w);
    tokens += t;
  }
  if (cur.length > 0) out.push(cur.join(' '));
  return out;
}

/** Trailing sentences of the current chunk, up to `budget` tokens, to repeat as overlap. */
function overlapTail(units: Unit[], budget: number): Unit[] {
  if (budget <= 0) return [];
  const last = units[units.length - 1]!;
  const sentences = splitSentences(last.text);
  const tail: string[] = [];
  let tokens = 0;
  for (let i = sentences.length - 1; i >= 0; i--) {
    const t = estimateTokens(sentences[i]!);
    if (tokens + t > budget) break;
    tail.unshift(sentences[i]!);
    tokens += t;
  }
  if (tail.length === 0) return [];
  if (tail.length === sentences.length) return [last];
  const text = tail.join(' ');
  return [{ text, tokens: estimateTokens(text), headings: last.headings, sectionStart: false }];
}
