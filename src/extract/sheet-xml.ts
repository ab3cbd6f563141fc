/**
 * A scanner for SpreadsheetML worksheet and shared-string parts. These are the large parts of a workbook (tens of MB
 * of very regular XML), where building a full DOM costs ~50x the text in memory; the scanner walks rows and cells
 * with regular expressions over the text instead and lets the caller stop early.
 */
export interface RawCell {
  ref: string | undefined;
  type: string | undefined;
  style: string | undefined;
  /** The <v> text, entities decoded. */
  value: string;
  /** Text of an inline string (<is>), entities decoded. */
  inline: string | null;
}

const P = '(?:[\\w.-]+:)?';
const ROW = new RegExp(`<${P}row\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${P}row>)`, 'g');
const VALUE = new RegExp(`<${P}v\\b[^>]*>([\\s\\S]*?)</${P}v>`);
const INLINE = new RegExp(`<${P}is\\b[^>]*>([\\s\\S]*?)</${P}is>`);
const SI = new RegExp(`<${P}si\\b[^>]*?(?:/>|>([\\s\\S]*?)</${P}si>)`, 'g');
const T = new RegExp(`<${P}t\\b[^>]*?(?:/>|>([\\s\\S]*?)</${P}t>)`, 'g');
const PHONETIC = new RegExp(`<${P}rPh\\b[\\s\\S]*?</${P}rPh>`, 'g');

export interface RawRow {
  /** The cells, parsed on demand. */
  cells(): RawCell[];
  /** Whether any cell holds a value, without parsing the cells (for rows past a cap, which are only counted). */
  hasValue(): boolean;
}

const HAS_VALUE = new RegExp(`<${P}(?:v|is)\\b`);

/** Calls onRow for each <row> in document order; onRow returns false to stop the scan. */
export function scanRows(xml: string, onRow: (row: RawRow) => boolean | void): void {
  for (const match of xml.matchAll(ROW)) {
    const body = match[2] ?? '';
    if (onRow({ cells: () => cellsOf(body), hasValue: () => HAS_VALUE.test(body) }) === false) return;
  }
}

/** The <c> elements of a row body, found with indexOf (a lazy regular expression here was ten times slower). */
function cellsOf(body: string): RawCell[] {
  const cells: RawCell[] = [];
  let i = 0;
  for (;;) {
    i = body.indexOf('<', i);
    if (i < 0) break;
    let j = i + 1;
    while (j < body.length && !' \t\r\n/>'.includes(body[j]!)) j++;
    const tag = body.slice(i + 1, j);
    const open = body.indexOf('>', j);
    if (open < 0) break;
    if (tag !== 'c' && !tag.endsWith(':c')) {
      i = open + 1;
      continue;
    }
    const attrs = body.slice(j, open);
    const type = attrOf(attrs, 't');
    let inner = '';
    if (body[open - 1] === '/') i = open + 1;
    else {
      const close = body.indexOf(`</${tag}>`, open);
      inner = body.slice(open + 1, close < 0 ? body.length : close);
      i = close < 0 ? body.length : close + tag.length + 3;
    }
    const v = inner ? VALUE.exec(inner) : null;
    const is = inner && type === 'inlineStr' ? INLINE.exec(inner) : null;
    cells.push({ ref: attrOf(attrs, 'r'), type, style: attrOf(attrs, 's'), value: v ? decodeEntities(v[1]!) : '', inline: is ? richText(is[1]!) : null });
  }
  return cells;
}

/** The shared-string table: each <si>'s text (plain or rich runs), phonetic hints (rPh) left out. */
export function scanSharedStrings(xml: string): string[] {
  return Array.from(xml.matchAll(SI), (m) => richText(m[1] ?? ''));
}

function richText(inner: string): string {
  return Array.from(inner.replace(PHONETIC, '').matchAll(T), (m) => decodeEntities(m[1] ?? '')).join('');
}

/** One attribute's value from an element's attribute text (names match with or without a namespace prefix). */
function attrOf(text: string, name: string): string | undefined {
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    const before = text[i - 1];
    if (before !== undefined && !' \t\r\n:'.includes(before)) continue;
    let k = i + name.length;
    while (text[k] === ' ') k++;
    if (text[k] !== '=') continue;
    k++;
    while (text[k] === ' ') k++;
    const quote = text[k];
    if (quote !== '"' && quote !== "'") continue;
    const end = text.indexOf(quote, k + 1);
    return decodeEntities(text.slice(k + 1, end < 0 ? text.length : end));
  }
  return undefined;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML character and predefined entity references → text; CDATA sections unwrapped. */
export function decodeEntities(s: string): string {
  if (!s.includes('&') && !s.includes('<![CDATA[')) return s;
  return s.replace(/<!\[CDATA\[([\s\S]*?)\]\]>|&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, cdata: string | undefined, ref: string | undefined) => {
    if (cdata !== undefined) return cdata;
    if (ref!.startsWith('#')) {
      const code = ref![1] === 'x' || ref![1] === 'X' ? parseInt(ref!.slice(2), 16) : parseInt(ref!.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return NAMED[ref!] ?? all;
  });
}
