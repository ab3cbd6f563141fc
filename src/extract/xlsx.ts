import { createError } from '../core/errors.js';
import { formatNumber, markdownTable, trimEmpty } from './markdown-table.js';
import { coreTitle, isXmlPart, relationships } from './ooxml.js';
import { dateKind, excelDate, type DateKind } from './spreadsheet-dates.js';
import type { Extractor } from './types.js';
import { attr, find, kids, parseXml, type XNode } from './xml.js';
import { normalizeText } from './text-decode.js';
import { readZip, type ZipArchive } from './zip.js';

/** Rows kept per sheet and cells in the whole workbook; beyond them the output says how much was left out. */
export const MAX_SHEET_ROWS = 10_000;
export const MAX_WORKBOOK_CELLS = 500_000;
const MAX_COLUMNS = 500;

/**
 * XLSX → markdown: each sheet as `## <sheet name>` and a table (shared and inline strings, numbers without float
 * noise, booleans, dates in ISO form by their number format), empty rows and columns trimmed.
 */
export const xlsxExtractor: Extractor = {
  name: 'xlsx',
  mimes: [
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-excel.sheet.macroenabled.12',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  ],
  async extract(input, ctx) {
    const zip = await readZip(await input.bytes(), ctx, { format: 'XLSX', want: isXmlPart });
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
      const part = rels.get(attr(sheet, 'id') ?? '');
      const xml = part ? zip.text(part) : null;
      if (!xml) continue;
      const { rows, omitted } = readSheet(parseXml(xml, part!), { shared, dateStyles, date1904, budget });
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
  dateStyles: Map<number, DateKind>;
  date1904: boolean;
  budget: number;
}

function readSheet(root: XNode, c: SheetContext): { rows: string[][]; omitted: number } {
  const data = find(root, 'sheetData');
  const rows: string[][] = [];
  let omitted = 0;
  let cells = 0;
  let next = 1;
  for (const row of data ? kids(data, 'row') : []) {
    const index = Number(attr(row, 'r') ?? next);
    next = index + 1;
    const values: string[] = [];
    let nextCol = 0;
    for (const cell of kids(row, 'c')) {
      const col = columnIndex(attr(cell, 'r')) ?? nextCol;
      nextCol = col + 1;
      if (col >= MAX_COLUMNS) continue;
      values[col] = cellText(cell, c);
    }
    if (!values.some((v) => v)) continue;
    if (rows.length >= MAX_SHEET_ROWS || cells + values.length > c.budget) {
      omitted++;
      continue;
    }
    cells += values.length;
    rows.push(Array.from(values, (v) => v ?? ''));
  }
  return { rows, omitted };
}

function cellText(cell: XNode, c: SheetContext): string {
  const t = attr(cell, 't') ?? 'n';
  const v = kids(cell, 'v')[0];
  const raw = v ? v.children.map((x) => x.text ?? '').join('') : '';
  switch (t) {
    case 's':
      return c.shared[Number(raw)] ?? '';
    case 'inlineStr': {
      const is = kids(cell, 'is')[0];
      return is ? richText(is) : raw;
    }
    case 'b':
      return raw === '1' ? 'TRUE' : raw === '0' ? 'FALSE' : raw;
    case 'str':
    case 'e':
    case 'd':
      return raw;
    default:
      if (raw === '') return '';
      const kind = c.dateStyles.get(Number(attr(cell, 's') ?? 0));
      return kind ? excelDate(Number(raw), c.date1904, kind) : formatNumber(raw);
  }
}

/** Text of a shared-string item or inline string: its t and its runs' t, not phonetic hints (rPh). */
function richText(si: XNode): string {
  const tText = (t: XNode) => t.children.map((x) => x.text ?? '').join('');
  return si.children.map((n) => (n.name === 't' ? tText(n) : n.name === 'r' ? kids(n, 't').map(tText).join('') : '')).join('');
}

function sharedStrings(zip: ZipArchive): string[] {
  const xml = zip.text('xl/sharedStrings.xml');
  if (!xml) return [];
  const sst = find(parseXml(xml, 'xl/sharedStrings.xml'), 'sst');
  return sst ? kids(sst, 'si').map(richText) : [];
}

/** Indexes into cellXfs whose number format shows a date or time. */
function dateStyleIndexes(zip: ZipArchive): Map<number, DateKind> {
  const out = new Map<number, DateKind>();
  const xml = zip.text('xl/styles.xml');
  if (!xml) return out;
  const styles = parseXml(xml, 'xl/styles.xml');
  const custom = new Map<number, string>();
  for (const f of kids(find(styles, 'numFmts') ?? styles, 'numFmt')) custom.set(Number(attr(f, 'numFmtId')), attr(f, 'formatCode') ?? '');
  for (const [i, xf] of kids(find(styles, 'cellXfs') ?? styles, 'xf').entries()) {
    const id = Number(attr(xf, 'numFmtId') ?? 0);
    const kind = dateKind(id, custom.get(id));
    if (kind) out.set(i, kind);
  }
  return out;
}

/** "C12" → 2 (zero-based column), or null when absent. */
function columnIndex(ref: string | undefined): number | null {
  const letters = ref ? /^[A-Z]+/i.exec(ref)?.[0] : undefined;
  if (!letters) return null;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
