import { createError } from '../core/errors.js';
import { formatNumber, markdownTable, trimEmpty } from './markdown-table.js';
import { coreTitle, isXmlPart, relId, relationships } from './ooxml.js';
import { dateKind, excelDate, isPercentFormat, type DateKind } from './spreadsheet-dates.js';
import type { Extractor } from './types.js';
import { type RawCell, scanRows, scanSharedStrings } from './sheet-xml.js';
import { attr, find, kids, parseXml } from './xml.js';
import { normalizeText } from './text-decode.js';
import { MAX_SCANNED_PART_BYTES, readZip, type ZipArchive } from './zip.js';

/** Rows kept per sheet and cells in the whole workbook; beyond them the output says how much was left out. */
export const MAX_SHEET_ROWS = 10_000;
export const MAX_WORKBOOK_CELLS = 500_000;
const MAX_COLUMNS = 500;

/**
 * XLSX → markdown: each sheet as `## <sheet name>` and a table (shared and inline strings, numbers without float
 * noise, booleans, dates in ISO form by their number format, merged values repeated down the rows they span), empty
 * rows and columns trimmed. Worksheets and shared
 * strings are scanned (sheet-xml.ts), not parsed into a DOM; workbook, relationships and styles are small.
 */
export const xlsxExtractor: Extractor = {
  name: 'xlsx',
  mimes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel.sheet.macroenabled.12', 'application/vnd.openxmlformats-officedocument.spreadsheetml.template'],
  async extract(input, ctx) {
    const zip = await readZip(await input.bytes(), ctx, { format: 'XLSX', want: isXmlPart, maxEntryBytes: MAX_SCANNED_PART_BYTES });
    const workbookXml = zip.text('xl/workbook.xml');
    if (!workbookXml) throw createError('FILE_CORRUPT', ['not an Excel workbook (no xl/workbook.xml in the package)'], { permanent: true });
    const workbook = parseXml(workbookXml, 'xl/workbook.xml');
    const rels = relationships(zip, 'xl/workbook.xml');
    const date1904 = ['1', 'true'].includes(attr(find(workbook, 'workbookPr') ?? workbook, 'date1904') ?? '');
    const shared = sharedStrings(zip);
    const dateStyles = dateStyleIndexes(zip);
    const sheets = kids(find(workbook, 'sheets') ?? workbook, 'sheet');
    const sections: string[] = [];
    let budget = MAX_WORKBOOK_CELLS;
    let cells = 0;
    for (const [i, sheet] of sheets.entries()) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
      const name = attr(sheet, 'name') ?? `Sheet ${i + 1}`;
      const part = rels.get(relId(sheet) ?? '');
      const xml = part ? zip.text(part) : null;
      if (!xml) continue;
      const { rows, omitted } = readSheet(xml, { shared, dateStyles, date1904, budget });
      const table = trimEmpty(rows);
      const used = table.reduce((n, r) => n + r.length, 0);
      budget -= used;
      cells += used;
      const note = omitted > 0 ? `\n\n_(${omitted} more rows not shown: the extraction keeps at most ${MAX_SHEET_ROWS} rows per sheet and ${MAX_WORKBOOK_CELLS} cells per workbook)_` : '';
      sections.push(`## ${name}\n\n${table.length ? markdownTable(table) : '_(empty sheet)_'}${note}`);
      ctx.progress({ unit: 'sheets', done: i + 1, total: sheets.length });
    }
    if (cells === 0) throw createError('EMPTY_CONTENT', [], { permanent: true });
    return { content: normalizeText(sections.join('\n\n')), title: coreTitle(zip), type: 'text', details: { format: 'xlsx', sheets: sheets.length, cells } };
  },
};

interface SheetContext {
  shared: string[];
  dateStyles: Map<number, DateKind | 'percent'>;
  date1904: boolean;
  budget: number;
}

function readSheet(xml: string, c: SheetContext): { rows: string[][]; omitted: number } {
  const rows = new Map<number, string[]>();
  let omitted = 0;
  let cells = 0;
  let rowNumber = 0;
  scanRows(xml, (row) => {
    if (rows.size >= MAX_SHEET_ROWS || cells >= c.budget) {
      if (row.hasValue()) omitted++;
      return;
    }
    const values: string[] = [];
    let nextCol = 0;
    const parsed = row.cells();
    rowNumber = rowIndex(parsed[0]?.ref) ?? rowNumber + 1;
    for (const cell of parsed) {
      const col = columnIndex(cell.ref) ?? nextCol;
      nextCol = col + 1;
      if (col >= MAX_COLUMNS) continue;
      values[col] = cellText(cell, c);
    }
    if (!values.some((v) => v)) return;
    if (cells + values.length > c.budget) {
      omitted++;
      return;
    }
    cells += values.length;
    rows.set(
      rowNumber,
      Array.from(values, (v) => v ?? ''),
    );
  });
  cells += fillMerged(rows, xml, c.budget - cells);
  return { rows: [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r), omitted };
}

const MERGE_CELL = /<(?:[\w.-]+:)?mergeCell\b[^>]*?\bref\s*=\s*["']([A-Z]+)(\d+):([A-Z]+)(\d+)["']/gi;

/**
 * A value in merged cells (<mergeCell ref="A2:B5">) belongs to every row the merge spans: it is repeated in the first
 * column of each of those rows, so a row read alone (a chunk, a search hit) still has it. Rows are added only while
 * `budget` cells allow; returns the cells added.
 */
function fillMerged(rows: Map<number, string[]>, xml: string, budget: number): number {
  let added = 0;
  for (const m of xml.matchAll(MERGE_CELL)) {
    const col = columnIndex(m[1])!;
    const first = Number(m[2]);
    const last = Math.min(Number(m[4]), first + MAX_SHEET_ROWS);
    const value = rows.get(first)?.[col];
    if (!value || col >= MAX_COLUMNS) continue;
    for (let r = first + 1; r <= last; r++) {
      let row = rows.get(r);
      if (!row) {
        if (rows.size >= MAX_SHEET_ROWS || added + col + 1 > budget) return added;
        row = [];
        rows.set(r, row);
      }
      if (row[col]) continue;
      while (row.length < col) {
        row.push('');
        added++;
      }
      if (row.length === col) added++;
      row[col] = value;
    }
  }
  return added;
}

function cellText(cell: RawCell, c: SheetContext): string {
  const raw = cell.value;
  switch (cell.type ?? 'n') {
    case 's':
      return c.shared[Number(raw)] ?? '';
    case 'inlineStr':
      return cell.inline ?? raw;
    case 'b':
      return raw === '1' ? 'TRUE' : raw === '0' ? 'FALSE' : raw;
    case 'str':
    case 'e':
    case 'd':
      return raw;
    default: {
      if (raw === '') return '';
      const kind = c.dateStyles.get(Number(cell.style ?? 0));
      if (kind === 'percent') return `${formatNumber(String(Number(raw) * 100))}%`;
      return kind ? excelDate(Number(raw), c.date1904, kind) : formatNumber(raw);
    }
  }
}

function sharedStrings(zip: ZipArchive): string[] {
  const xml = zip.text('xl/sharedStrings.xml');
  return xml ? scanSharedStrings(xml) : [];
}

/** Indexes into cellXfs whose number format shows a date, a time or a percentage. */
function dateStyleIndexes(zip: ZipArchive): Map<number, DateKind | 'percent'> {
  const out = new Map<number, DateKind | 'percent'>();
  const xml = zip.text('xl/styles.xml');
  if (!xml) return out;
  const styles = parseXml(xml, 'xl/styles.xml');
  const custom = new Map<number, string>();
  for (const f of kids(find(styles, 'numFmts') ?? styles, 'numFmt')) custom.set(Number(attr(f, 'numFmtId')), attr(f, 'formatCode') ?? '');
  for (const [i, xf] of kids(find(styles, 'cellXfs') ?? styles, 'xf').entries()) {
    const id = Number(attr(xf, 'numFmtId') ?? 0);
    const kind = isPercentFormat(id, custom.get(id)) ? 'percent' : dateKind(id, custom.get(id));
    if (kind) out.set(i, kind);
  }
  return out;
}

/** "C12" → 12 (one-based row number), or null when absent. */
function rowIndex(ref: string | undefined): number | null {
  const digits = ref ? /\d+$/.exec(ref)?.[0] : undefined;
  return digits ? Number(digits) : null;
}

/** "C12" → 2 (zero-based column), or null when absent. */
function columnIndex(ref: string | undefined): number | null {
  const letters = ref ? /^[A-Z]+/i.exec(ref)?.[0] : undefined;
  if (!letters) return null;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
