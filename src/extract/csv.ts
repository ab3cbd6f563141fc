import { parse } from 'csv-parse/sync';
import { createError } from '../core/errors.js';
import { markdownTable, trimEmpty } from './markdown-table.js';
import { decodeText, normalizeText } from './text-decode.js';
import type { Extractor } from './types.js';
import { MAX_SHEET_ROWS } from './xlsx.js';

// On a tie the earlier one wins: a tab is rarely part of a value, a comma often is.
const DELIMITERS = ['\t', ',', ';', '|'] as const;

/** CSV and TSV → one markdown table (encoding detected, delimiter sniffed), capped at MAX_SHEET_ROWS rows with a note. */
export const csvExtractor: Extractor = {
  name: 'csv',
  mimes: ['text/csv', 'text/tab-separated-values', 'application/csv', 'text/x-csv', 'application/vnd.ms-excel.csv', 'text/comma-separated-values'],
  async extract(input, ctx) {
    const { text: raw, encoding } = decodeText(await input.bytes());
    const text = raw.replace(/^\uFEFF/, '');
    if (!text.trim()) throw createError('EMPTY_CONTENT', [], { permanent: true });
    const delimiter = input.mime === 'text/tab-separated-values' ? '\t' : sniffDelimiter(text);
    let records: string[][];
    try {
      records = parse(text, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        bom: true,
        to: MAX_SHEET_ROWS + 1,
      }) as string[][];
    } catch (err) {
      const line = (err as { lines?: unknown }).lines;
      throw createError('FILE_CORRUPT', [`not readable as CSV${typeof line === 'number' ? ` (line ${line})` : ''}`], { permanent: true, cause: err });
    }
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
    const rows = trimEmpty(records.slice(0, MAX_SHEET_ROWS).map((r) => r.map((c) => normalizeText(c))));
    if (rows.length === 0) throw createError('EMPTY_CONTENT', [], { permanent: true });
    const truncated = records.length > MAX_SHEET_ROWS;
    const note = truncated ? `\n\n_(more rows not shown: the extraction keeps the first ${MAX_SHEET_ROWS} rows of a CSV file)_` : '';
    return {
      content: markdownTable(rows) + note,
      title: null,
      type: 'text',
      details: { format: delimiter === '\t' ? 'tsv' : 'csv', encoding, delimiter, rows: rows.length, truncated },
    };
  },
};

/** The delimiter that splits the first lines (outside quotes) into the same, largest number of fields. */
export function sniffDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 20);
  let best: { d: string; score: number } = { d: ',', score: 0 };
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => countOutsideQuotes(l, d));
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const consistent = counts.filter((c) => c === first).length / counts.length;
    const score = consistent * 100 + Math.min(first, 50);
    if (score > best.score) best = { d, score };
  }
  return best.d;
}

function countOutsideQuotes(line: string, d: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === d && !quoted) n++;
  }
  return n;
}
