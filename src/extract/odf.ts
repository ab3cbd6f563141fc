import { createError } from '../core/errors.js';
import { markdownTable, trimEmpty } from './markdown-table.js';
import type { ExtractContext, ExtractInput, ExtractedText, Extractor } from './types.js';
import { attr, find, kids, parseXml, textOf, type XNode } from './xml.js';
import { normalizeText } from './text-decode.js';
import { MAX_SHEET_ROWS } from './xlsx.js';
import { MAX_PARSED_PART_BYTES, readZip } from './zip.js';

/** Repeated rows/columns (table:number-*-repeated) are expanded at most this far; spreadsheets pad with huge repeats. */
const MAX_REPEAT = 100;

/**
 * OpenDocument text and presentations → markdown from content.xml: headings by outline level, paragraphs, nested
 * lists, tables; in presentations one `## Slide N: <name>` section per page with its speaker notes. Title from meta.xml.
 */
export const odtExtractor: Extractor = {
  name: 'odt',
  mimes: ['application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.text-template'],
  extract: (input, ctx) => extractOdf(input, ctx, 'ODT'),
};

export const odpExtractor: Extractor = {
  name: 'odp',
  mimes: ['application/vnd.oasis.opendocument.presentation', 'application/vnd.oasis.opendocument.presentation-template'],
  extract: (input, ctx) => extractOdf(input, ctx, 'ODP'),
};

/** OpenDocument spreadsheets: each sheet as `## <name>` and a table of its displayed cell text. */
export const odsExtractor: Extractor = {
  name: 'ods',
  mimes: ['application/vnd.oasis.opendocument.spreadsheet', 'application/vnd.oasis.opendocument.spreadsheet-template'],
  extract: (input, ctx) => extractOdf(input, ctx, 'ODS'),
};

async function extractOdf(input: ExtractInput, ctx: ExtractContext, format: 'ODT' | 'ODP' | 'ODS'): Promise<ExtractedText> {
  const wanted = new Set(['content.xml', 'meta.xml', 'META-INF/manifest.xml']);
  const zip = await readZip(await input.bytes(), ctx, { format, want: (n) => wanted.has(n), maxEntryBytes: MAX_PARSED_PART_BYTES });
  // A password-protected OpenDocument file is still a zip, but its manifest lists encryption data for content.xml.
  const manifest = zip.text('META-INF/manifest.xml');
  if (manifest && /full-path="content\.xml"[^>]*>\s*<(?:\w+:)?encryption-data/.test(manifest)) {
    throw createError('FILE_ENCRYPTED', [`password-protected ${format} document`], { permanent: true });
  }
  const xml = zip.text('content.xml');
  if (!xml) throw createError('FILE_CORRUPT', [`not an OpenDocument file (no content.xml in the ${format} package)`], { permanent: true });
  const body = find(parseXml(xml, 'content.xml'), 'body');
  const metaXml = zip.text('meta.xml');
  const metaTitle = metaXml ? find(parseXml(metaXml, 'meta.xml'), 'title') : null;
  let content = '';
  let slides = 0;
  if (format === 'ODP') {
    const pages = body ? kids(find(body, 'presentation') ?? body, 'page') : [];
    slides = pages.length;
    const sections: string[] = [];
    for (const [i, page] of pages.entries()) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
      sections.push(renderPage(page, i + 1));
      ctx.progress({ unit: 'slides', done: i + 1, total: pages.length });
    }
    content = sections.join('\n\n');
    if (!pages.some((p) => textOf(p).trim())) content = '';
  } else if (format === 'ODS') {
    const sheets = body ? kids(find(body, 'spreadsheet') ?? body, 'table') : [];
    const sections: string[] = [];
    for (const [i, sheet] of sheets.entries()) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
      const rendered = table(sheet);
      if (rendered) sections.push(`## ${attr(sheet, 'name') ?? `Sheet ${i + 1}`}\n\n${rendered}`);
      ctx.progress({ unit: 'sheets', done: i + 1, total: sheets.length });
    }
    content = sections.join('\n\n');
  } else {
    content = body ? blocks(find(body, 'text') ?? body, 0).join('\n\n') : '';
  }
  content = normalizeText(content.replace(/\n{3,}/g, '\n\n'));
  if (!content) throw createError('EMPTY_CONTENT', [], { permanent: true });
  const heading = format === 'ODS' ? null : (/^#{1,6} (?:Slide \d+: )?(.+)$/m.exec(content)?.[1]?.trim() ?? null);
  const title = (metaTitle ? textOf(metaTitle).trim() : '') || heading;
  return { content, title: title || null, type: 'text', details: { format: format.toLowerCase(), ...(slides ? { slides } : {}) } };
}

function renderPage(page: XNode, n: number): string {
  const frames = page.children.filter((c) => c.name === 'frame' || c.name === 'custom-shape' || c.name === 'g');
  const titleFrame = frames.find((f) => attr(f, 'class') === 'title');
  const title = titleFrame ? inline(titleFrame).trim().replace(/\s+/g, ' ') : '';
  const body = frames.filter((f) => f !== titleFrame && attr(f, 'class') !== 'page-number').flatMap((f) => blocks(f, 0));
  const notesNode = kids(page, 'notes')[0];
  const notes = notesNode
    ? notesNode.children
        .filter((f) => attr(f, 'class') === 'notes')
        .flatMap((f) => blocks(f, 0))
        .join('\n\n')
    : '';
  return [`## Slide ${n}${title ? `: ${title}` : ''}`, body.join('\n\n'), notes.trim() ? `### Notes\n\n${notes}` : ''].filter(Boolean).join('\n\n');
}

/** Block-level content: headings, paragraphs, lists, tables, and the text boxes of drawing frames. */
function blocks(node: XNode, listDepth: number): string[] {
  const out: string[] = [];
  let lastList = -1;
  for (const c of node.children) {
    if (c.name !== 'list' && c.name !== '#text') lastList = -1;
    switch (c.name) {
      case 'h': {
        const text = inline(c).trim();
        if (text) out.push(`${'#'.repeat(Math.min(6, Math.max(1, Number(attr(c, 'outline-level') ?? 1))))} ${text}`);
        break;
      }
      case 'p': {
        const text = inline(c).trim();
        if (text) out.push(text);
        out.push(...kids(c, 'frame').flatMap((f) => blocks(f, listDepth)));
        break;
      }
      case 'list': {
        // Slides often hold one text:list per item: consecutive lists read as one.
        const rendered = list(c, listDepth);
        if (lastList === out.length - 1 && out.length > 0) out[out.length - 1] += `\n${rendered}`;
        else out.push(rendered);
        lastList = out.length - 1;
        break;
      }
      case 'table':
        out.push(table(c));
        break;
      case 'section':
      case 'frame':
      case 'text-box':
      case 'custom-shape':
      case 'g':
      case 'index-body':
      case 'table-of-content':
        out.push(...blocks(c, listDepth));
        break;
      case 'image': {
        const alt = [find(c, 'title'), find(c, 'desc')].map((n) => (n ? textOf(n).trim() : '')).find(Boolean);
        if (alt) out.push(`[Image: ${alt}]`);
        break;
      }
      default:
        break;
    }
  }
  return out.filter((b) => b.trim());
}

function list(node: XNode, depth: number): string {
  const lines: string[] = [];
  for (const item of [...kids(node, 'list-item'), ...kids(node, 'list-header')]) {
    const [first, ...rest] = blocks(item, depth + 1);
    if (first !== undefined) lines.push(`${'  '.repeat(depth)}- ${first.trimStart()}`);
    for (const more of rest) lines.push(more.startsWith('  '.repeat(depth + 1) + '-') ? more : `${'  '.repeat(depth + 1)}${more}`);
  }
  return lines.join('\n');
}

function table(node: XNode): string {
  const rows: string[][] = [];
  let omitted = 0;
  const collect = (n: XNode) => {
    for (const c of n.children) {
      if (c.name === 'table-row') {
        const cells: string[] = [];
        for (const cell of c.children.filter((x) => x.name === 'table-cell' || x.name === 'covered-table-cell')) {
          const text = blocks(cell, 0).join(' ');
          const repeat = Math.min(MAX_REPEAT, Number(attr(cell, 'number-columns-repeated') ?? 1));
          for (let i = 0; i < repeat; i++) cells.push(text);
        }
        const repeat = Math.min(MAX_REPEAT, Number(attr(c, 'number-rows-repeated') ?? 1));
        for (let i = 0; i < repeat; i++) {
          if (cells.some((x) => x.trim()) && rows.length >= MAX_SHEET_ROWS) omitted++;
          else rows.push(cells);
        }
      } else if (c.name === 'table-header-rows' || c.name === 'table-rows' || c.name === 'table-row-group') collect(c);
    }
  };
  collect(node);
  const trimmed = trimEmpty(rows);
  const note = omitted ? `\n\n_(${omitted} more rows not shown: the extraction keeps at most ${MAX_SHEET_ROWS} rows per table)_` : '';
  return trimmed.length ? markdownTable(trimmed) + note : '';
}

/** Inline text of a paragraph: spans, links, spaces (text:s), tabs, line breaks; notes' citations dropped. */
function inline(node: XNode): string {
  let out = '';
  for (const c of node.children) {
    // ODF collapses white space in text content; spaces that matter are text:s elements.
    if (c.name === '#text') out += (c.text ?? '').replace(/[\t\n\r ]+/g, ' ');
    else if (c.name === 's') out += ' '.repeat(Math.min(100, Number(attr(c, 'c') ?? 1)));
    else if (c.name === 'tab') out += '\t';
    else if (c.name === 'line-break') out += '\n';
    else if (c.name === 'note-citation' || c.name === 'frame' || c.name === 'annotation') continue;
    else if (c.name === 'note') {
      const body = find(c, 'note-body');
      if (body) out += ` (${blocks(body, 0).join(' ')})`;
    } else if (c.name === 'p' || c.name === 'h') out += `${inline(c)}\n`;
    else out += inline(c);
  }
  return out.replace(/[ \t]*\n[ \t]*/g, '\n');
}
