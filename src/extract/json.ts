import { createError } from '../core/errors.js';
import { decodeText, normalizeText } from './text-decode.js';
import type { Extractor } from './types.js';

const MAX_DEPTH = 64;
/** Deeper nesting fails with EXTRACTION_LIMIT: values past MAX_DEPTH are kept as JSON text, and that is recursive. */
export const MAX_JSON_NESTING = 512;
/** Values rendered at most; the rest is summarised in a note (a 50 MB export would otherwise be millions of lines). */
export const MAX_JSON_VALUES = 100_000;

/**
 * JSON (and JSON Lines) → one line per value with its full key path (`order.items[2].name: Widget`). Each line
 * carries its own context, so any chunk of a large file stays searchable and meaningful; nesting deeper than
 * MAX_DEPTH is kept as compact JSON. Text that is not JSON is kept as plain text.
 */
export const jsonExtractor: Extractor = {
  name: 'json',
  mimes: ['application/json', 'text/json', 'application/ld+json', 'application/x-ndjson', 'application/jsonl', 'application/x-jsonlines', 'application/geo+json'],
  async extract(input) {
    const { text, encoding } = decodeText(await input.bytes());
    const source = text.replace(/^\uFEFF/, '').trim();
    if (!source) throw createError('EMPTY_CONTENT', [], { permanent: true });
    const values = parseJson(source);
    if (values === null) {
      return { content: normalizeText(source), title: null, type: 'text', details: { format: 'text', encoding, note: 'not valid JSON; kept as text' } };
    }
    if (values.some((v) => nesting(v, MAX_JSON_NESTING) > MAX_JSON_NESTING)) {
      throw createError('EXTRACTION_LIMIT', [`the JSON nests values more than ${MAX_JSON_NESTING} levels deep`], { permanent: true });
    }
    const sink: Sink = { lines: [], omitted: 0 };
    if (values.length === 1) render(values[0], '', sink, 0);
    else values.forEach((v, i) => render(v, `[${i}]`, sink, 0));
    const note = sink.omitted ? `\n\n_(${sink.omitted} more values not shown: the extraction keeps the first ${MAX_JSON_VALUES})_` : '';
    const content = normalizeText(sink.lines.join('\n') + note);
    if (!content) throw createError('EMPTY_CONTENT', [], { permanent: true });
    const first = values[0];
    const title = first && typeof first === 'object' && !Array.isArray(first) ? titleOf(first as Record<string, unknown>) : null;
    return { content, title, type: 'text', details: { format: values.length > 1 ? 'jsonl' : 'json', encoding } };
  },
};

/** One JSON document, or the records of a JSON Lines file, or null when it is neither. */
function parseJson(source: string): unknown[] | null {
  try {
    return [JSON.parse(source)];
  } catch {
    const lines = source.split(/\r?\n/).filter((l) => l.trim());
    if (lines.length < 2) return null;
    try {
      return lines.map((l) => JSON.parse(l) as unknown);
    } catch {
      return null;
    }
  }
}

interface Sink {
  lines: string[];
  omitted: number;
}

function render(value: unknown, path: string, sink: Sink, depth: number): void {
  // Past the cap only the count matters (for the note), so stop formatting values.
  if (sink.lines.length >= MAX_JSON_VALUES) {
    sink.omitted += countLeaves(value);
    return;
  }
  const out = sink.lines;
  if (value === null || typeof value !== 'object') {
    out.push(`${path || '(value)'}: ${scalar(value)}`);
    return;
  }
  if (depth >= MAX_DEPTH) {
    out.push(`${path}: ${JSON.stringify(value)}`);
    return;
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [`[${i}]`, v] as const) : Object.entries(value).map(([k, v]) => [key(k, path), v] as const);
  if (entries.length === 0) out.push(`${path || '(value)'}: ${Array.isArray(value) ? '[]' : '{}'}`);
  for (const [k, v] of entries) render(v, path + k, sink, depth + 1);
}

/** Nesting depth of a parsed value, counted without recursion and stopping once past `limit`. */
function nesting(value: unknown, limit: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > max) max = d + 1;
    if (max > limit) return max;
    for (const child of Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
  }
  return max;
}

function countLeaves(value: unknown, depth = 0): number {
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return 1;
  const children = Object.values(value);
  return children.length === 0 ? 1 : children.reduce((n: number, v) => n + countLeaves(v, depth + 1), 0);
}

function key(k: string, path: string): string {
  if (/^[\p{L}_$][\p{L}\p{N}_$-]*$/u.test(k)) return path ? `.${k}` : k;
  return `[${JSON.stringify(k)}]`;
}

function scalar(v: unknown): string {
  if (typeof v !== 'string') return String(v);
  // Multi-line strings keep their lines, indented under the key.
  return v.includes('\n') ? `\n  ${v.replace(/\r\n?/g, '\n').split('\n').join('\n  ')}` : v;
}

function titleOf(obj: Record<string, unknown>): string | null {
  for (const k of ['title', 'name', 'subject', 'headline']) {
    const v = obj[k];
    if (typeof v === 'string' && v.trim() && v.length <= 200) return v.trim();
  }
  return null;
}
