import type { TextChunk } from '../../../src/text/chunking.js';
import { estimateTokens } from '../../../src/text/tokenize.js';

/**
 * Every property chunkText promises, checked on one document: returns the violations (empty when all hold), so a
 * failing document reads as one list rather than the first of thousands of assertions.
 */
export function chunkViolations(text: string, chunks: readonly TextChunk[], maxTokens: number, overlapTokens: number): string[] {
  const max = Math.max(16, maxTokens);
  const overlap = Math.min(Math.max(0, overlapTokens), Math.floor(max / 2));
  const limit = Math.max(8, max - overlap);
  const out: string[] = [];
  const at = (c: TextChunk) => `chunk [${c.start}, ${c.end}) ${JSON.stringify(c.content.slice(0, 60))}`;
  chunks.forEach((c, i) => {
    if (!text.includes(c.content)) out.push(`${at(c)} is not a substring of the text`);
    if (text.slice(c.start, c.end) !== c.content) out.push(`${at(c)} is not text.slice(start, end)`);
    if (c.content === '' || c.content.trim() !== c.content) out.push(`${at(c)} is empty or not trimmed`);
    if (c.tokenCount !== estimateTokens(c.content)) out.push(`${at(c)} tokenCount ${c.tokenCount} is not the estimate`);
    if (c.tokenCount > max) out.push(`${at(c)} has ${c.tokenCount} tokens > ${max}`);
    if (c.start > 0 && !startsCleanly(text, c.start, limit)) out.push(`${at(c)} starts mid-word`);
    const prev = chunks[i - 1];
    if (!prev) return;
    if (c.start <= prev.start || c.end <= prev.end) out.push(`${at(c)} does not advance past ${at(prev)}`);
    if (c.start < prev.end) {
      const repeated = text.slice(c.start, prev.end);
      if (estimateTokens(repeated) > overlap) out.push(`${at(c)} repeats ${estimateTokens(repeated)} tokens > overlap ${overlap}`);
      if (!/[\s。！？｡]/.test(text[c.start - 1]!)) out.push(`${at(c)}: overlap starts mid-word`);
    }
  });
  // Nothing dropped: every non-whitespace character lies inside some chunk (chunks are in text order).
  let covered = 0;
  for (const c of chunks) {
    const gap = text.slice(covered, c.start);
    if (gap.trim() !== '') out.push(`text [${covered}, ${c.start}) ${JSON.stringify(gap.slice(0, 60))} is in no chunk`);
    covered = Math.max(covered, c.end);
  }
  if (text.slice(covered).trim() !== '') out.push(`text after ${covered} is in no chunk`);
  return out;
}

/** A chunk starts after whitespace or a CJK full stop, or inside a "word" too long for any chunk (a forced cut). */
function startsCleanly(text: string, start: number, limit: number): boolean {
  if (/[\s。！？｡」』）)"”’]/.test(text[start - 1]!)) return true;
  let a = start;
  let b = start;
  while (a > 0 && !/\s/.test(text[a - 1]!)) a--;
  while (b < text.length && !/\s/.test(text[b]!)) b++;
  return estimateTokens(text.slice(a, b)) > limit;
}
