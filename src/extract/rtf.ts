import iconv from 'iconv-lite';
import { createError } from '../core/errors.js';
import { normalizeText } from './text-decode.js';
import type { Extractor } from './types.js';

/**
 * RTF → text with a small tolerant parser: groups, control words, \uN Unicode (with \ucN fallback skipping),
 * \'hh bytes in the document code page (\ansicpgN, multi-byte pages decoded per run), \bin skipped, and the
 * destinations that are not body text (\* groups, font/colour/style tables, pictures, field instructions, headers,
 * footers) dropped. Table rows become markdown table rows. Title from \info\title.
 */
export const rtfExtractor: Extractor = {
  name: 'rtf',
  mimes: ['application/rtf', 'text/rtf', 'application/x-rtf', 'text/richtext'],
  async extract(input) {
    const source = (await input.bytes()).toString('latin1');
    if (!source.trimStart().startsWith('{\\rtf')) throw createError('FILE_CORRUPT', ['not an RTF document (no {\\rtf header)'], { permanent: true });
    const { text, title } = parseRtf(source);
    const content = normalizeText(text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n'));
    if (!content) throw createError('EMPTY_CONTENT', [], { permanent: true });
    return { content, title, type: 'text', details: { format: 'rtf' } };
  },
};

const SKIP = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'listtable',
  'listoverridetable',
  'revtbl',
  'rsidtbl',
  'generator',
  'filetbl',
  'pict',
  'object',
  'fldinst',
  'themedata',
  'colorschememapping',
  'latentstyles',
  'datastore',
  'xmlnstbl',
  'pgdsctbl',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'bkmkstart',
  'bkmkend',
  'shppict',
  'nonshppict',
  'template',
  'mmathPr',
  'wgrffmtfilter',
  'operator',
  'author',
  'company',
  'keywords',
  'comment',
]);
const SYMBOLS: Record<string, string> = {
  par: '\n',
  line: '\n',
  sect: '\n\n',
  page: '\n\n',
  tab: '\t',
  emdash: '—',
  endash: '–',
  bullet: '•',
  lquote: '‘',
  rquote: '’',
  ldblquote: '“',
  rdblquote: '”',
  emspace: ' ',
  enspace: ' ',
  qmspace: ' ',
};
const MAX_DEPTH = 512;

interface Group {
  skip: boolean;
  uc: number;
  title: boolean;
}

/** Parses RTF source (read as latin1, one char per byte) into plain text and the \info\title. */
export function parseRtf(src: string): { text: string; title: string | null } {
  let codepage = 'windows-1252';
  let out = '';
  let title = '';
  let bytes: number[] = [];
  let skipChars = 0;
  // Table rows: text since cellStart is the current cell; a row right after another (tableEnd) continues its table.
  let cells: string[] = [];
  let cellStart = 0;
  let tableEnd = -1;
  const stack: Group[] = [];
  let g: Group = { skip: false, uc: 1, title: false };
  const emit = (s: string) => {
    flush();
    if (skipChars > 0) {
      const n = Math.min(skipChars, s.length);
      skipChars -= n;
      s = s.slice(n);
    }
    if (!s || g.skip) return;
    append(s);
  };
  const append = (s: string) => {
    if (g.title) title += s;
    else {
      // Text right after a table starts a new paragraph (a following row's cells are whitespace-trimmed anyway).
      if (out.length === tableEnd) out += '\n';
      out += s;
    }
  };
  const flush = () => {
    if (bytes.length === 0) return;
    const decoded = iconv.encodingExists(codepage) ? iconv.decode(Buffer.from(bytes), codepage) : Buffer.from(bytes).toString('latin1');
    bytes = [];
    if (!g.skip) append(decoded);
  };
  let i = 0;
  let groupStart = false;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '{') {
      flush();
      stack.push(g);
      g = { ...g };
      if (stack.length > MAX_DEPTH) {
        throw createError('EXTRACTION_LIMIT', [`the RTF document nests groups more than ${MAX_DEPTH} levels deep`], { permanent: true });
      }
      groupStart = true;
      i++;
      continue;
    }
    if (ch === '}') {
      flush();
      g = stack.pop() ?? g;
      groupStart = false;
      i++;
      continue;
    }
    if (ch === '\\') {
      const next = src[i + 1] ?? '';
      if (/[a-zA-Z]/.test(next)) {
        const m = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(src.slice(i + 1, i + 45))!;
        const word = m[1]!;
        const param = m[2] === undefined ? null : Number(m[2]);
        i += 1 + m[0].length;
        const first = groupStart;
        groupStart = false;
        // A control word ends any pending \uN fallback (the fallback is plain characters or \'hh).
        skipChars = 0;
        if (word === 'bin' && param !== null) {
          i += Math.max(0, param);
          continue;
        }
        if (word === 'u' && param !== null) {
          emit(String.fromCharCode(param < 0 ? param + 65536 : param));
          skipChars = g.uc;
          continue;
        }
        if (word === 'uc' && param !== null) g.uc = Math.max(0, param);
        else if (word === 'ansicpg' && param !== null) codepage = param === 65001 ? 'utf8' : `cp${param}`;
        else if (word === 'title' && first) g.title = true;
        else if ((word === 'cell' || word === 'nestcell') && !g.skip) {
          flush();
          cells.push(out.slice(cellStart).replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|'));
          out = out.slice(0, cellStart);
        } else if ((word === 'row' || word === 'nestrow') && !g.skip) {
          flush();
          out = out.slice(0, cellStart);
          const newTable = tableEnd !== out.length;
          if (newTable && out) out = out.replace(/\n*$/, '\n\n');
          out += `| ${cells.join(' | ')} |\n`;
          if (newTable) out += `|${' --- |'.repeat(Math.max(1, cells.length))}\n`;
          cells = [];
          cellStart = tableEnd = out.length;
        } else if (word === 'trowd' && cells.length === 0) {
          flush();
          cellStart = out.length;
        } else if (SKIP.has(word) && first) g.skip = true;
        else if (word in SYMBOLS) emit(SYMBOLS[word]!);
        continue;
      }
      i += 2;
      const first = groupStart;
      groupStart = false;
      if (next === "'") {
        const hex = src.slice(i, i + 2);
        i += 2;
        if (skipChars > 0) skipChars--;
        else if (/^[0-9a-fA-F]{2}$/.test(hex)) bytes.push(parseInt(hex, 16));
        continue;
      }
      if (next === '*' && first) g.skip = true;
      else if (next === '~') emit('\u00a0');
      else if (next === '_') emit('-');
      else if (next === '\n' || next === '\r') emit('\n');
      else if (next === '\\' || next === '{' || next === '}') emit(next);
      continue;
    }
    groupStart = false;
    if (ch === '\r' || ch === '\n') {
      i++;
      continue;
    }
    let j = i;
    while (j < src.length && !'\\{}\r\n'.includes(src[j]!)) j++;
    emit(src.slice(i, j));
    i = j;
  }
  flush();
  return { text: out, title: title.trim() || null };
}
