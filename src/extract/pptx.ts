import { createError } from '../core/errors.js';
import { formatNumber, markdownTable } from './markdown-table.js';
import { coreTitle, isXmlPart, relId, relationships } from './ooxml.js';
import type { Extractor } from './types.js';
import { attr, find, findAll, kids, parseXml, type XNode } from './xml.js';
import { normalizeText } from './text-decode.js';
import { MAX_PARSED_PART_BYTES, readZip, type ZipArchive } from './zip.js';

/**
 * PPTX → markdown: one `## Slide N: <title>` section per slide in presentation order, the text of its shapes in
 * reading order (top to bottom, then left to right), tables as markdown tables, picture alt text, and the speaker
 * notes (ppt/notesSlides, found through the slide's relationships) under `### Notes`.
 */
export const pptxExtractor: Extractor = {
  name: 'pptx',
  mimes: [
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
    'application/vnd.ms-powerpoint.presentation.macroenabled.12',
  ],
  async extract(input, ctx) {
    const zip = await readZip(await input.bytes(), ctx, { format: 'PPTX', want: isXmlPart, maxEntryBytes: MAX_PARSED_PART_BYTES });
    const slides = slideOrder(zip);
    if (slides.length === 0 && !zip.has('ppt/presentation.xml')) {
      throw createError('FILE_CORRUPT', ['not a PowerPoint presentation (no ppt/presentation.xml in the package)'], { permanent: true });
    }
    if (slides.length > ctx.limits.maxPages) {
      throw createError('EXTRACTION_LIMIT', [`${slides.length} slides; at most ${ctx.limits.maxPages} are extracted`], { permanent: true });
    }
    const sections: string[] = [];
    let firstTitle: string | null = null;
    let hasText = false;
    for (const [i, part] of slides.entries()) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
      const xml = zip.text(part);
      if (!xml) continue;
      const rels = relationships(zip, part);
      const chart = (rid: string) => {
        const target = rels.get(rid);
        const chartXml = target ? zip.text(target) : null;
        return chartXml ? chartMarkdown(parseXml(chartXml, target!)) : '';
      };
      const { title, body } = renderSlide(parseXml(xml, part), chart);
      firstTitle ??= title;
      if (title || body) hasText = true;
      const notesPart = [...rels.values()].find((t) => /notesSlides\/[^/]+\.xml$/.test(t));
      const notesXml = notesPart ? zip.text(notesPart) : null;
      const notes = notesXml ? renderNotes(parseXml(notesXml, notesPart!)) : '';
      if (notes) hasText = true;
      sections.push([`## Slide ${i + 1}${title ? `: ${title}` : ''}`, body, notes ? `### Notes\n\n${notes}` : ''].filter(Boolean).join('\n\n'));
      ctx.progress({ unit: 'slides', done: i + 1, total: slides.length });
    }
    if (!hasText) throw createError('EMPTY_CONTENT', [], { permanent: true });
    return { content: normalizeText(sections.join('\n\n')), title: coreTitle(zip) ?? firstTitle, type: 'text', details: { format: 'pptx', slides: slides.length } };
  },
};

/** Slide parts in presentation order (p:sldIdLst), falling back to slideN.xml numbering. */
function slideOrder(zip: ZipArchive): string[] {
  const xml = zip.text('ppt/presentation.xml');
  if (xml) {
    const rels = relationships(zip, 'ppt/presentation.xml');
    const list = find(parseXml(xml, 'ppt/presentation.xml'), 'sldIdLst');
    const parts = (list ? kids(list, 'sldId') : []).map((s) => rels.get(relId(s) ?? '')).filter((p): p is string => !!p);
    if (parts.length) return parts;
  }
  const num = (n: string) => Number(/(\d+)\.xml$/.exec(n)?.[1] ?? 0);
  return zip.names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).sort((a, b) => num(a) - num(b));
}

interface Block {
  title: boolean;
  y: number;
  x: number;
  text: string;
}

type ChartText = (relationshipId: string) => string;

function renderSlide(root: XNode, chart: ChartText): { title: string | null; body: string } {
  const tree = find(root, 'spTree');
  const blocks = tree ? shapes(tree, chart) : [];
  const titleBlock = blocks.find((b) => b.title && b.text);
  const rest = blocks.filter((b) => b !== titleBlock && b.text);
  // Stable sort: placeholders without their own position (inherited from the layout) keep document order first.
  rest.sort((a, b) => a.y - b.y || a.x - b.x);
  return { title: titleBlock ? normalizeText(titleBlock.text).replace(/\s*\n\s*/g, ' ') : null, body: rest.map((b) => b.text).join('\n\n') };
}

function shapes(tree: XNode, chart: ChartText): Block[] {
  const out: Block[] = [];
  for (const node of tree.children) {
    if (node.name === 'grpSp') out.push(...shapes(node, chart));
    else if (node.name === 'sp') {
      const type = placeholderType(node);
      const body = find(node, 'txBody');
      if (body) out.push({ title: type === 'title' || type === 'ctrTitle', ...position(node), text: paragraphs(body, type !== null) });
    } else if (node.name === 'graphicFrame') {
      const table = find(node, 'tbl');
      const chartRef = find(node, 'chart');
      if (table) out.push({ title: false, ...position(node), text: tableMarkdown(table) });
      else if (chartRef) out.push({ title: false, ...position(node), text: chart(relId(chartRef) ?? '') });
    } else if (node.name === 'pic') {
      const alt = (find(node, 'cNvPr')?.attrs.descr ?? '').trim();
      if (alt) out.push({ title: false, ...position(node), text: `[Image: ${alt.replace(/\s+/g, ' ')}]` });
    }
  }
  return out;
}

function placeholderType(sp: XNode): string | null {
  const ph = find(find(sp, 'nvSpPr') ?? sp, 'ph');
  return ph ? (attr(ph, 'type') ?? 'body') : null;
}

function position(node: XNode): { x: number; y: number } {
  const off = find(find(node, 'xfrm') ?? { name: '', attrs: {}, children: [] }, 'off');
  return off ? { x: Number(attr(off, 'x') ?? 0), y: Number(attr(off, 'y') ?? 0) } : { x: -1, y: -1 };
}

/** Paragraphs of a text body; in body placeholders and bulleted paragraphs each becomes a list item. */
function paragraphs(txBody: XNode, placeholder: boolean): string {
  const lines: string[] = [];
  for (const p of kids(txBody, 'p')) {
    const text = paragraphText(p).trim();
    if (!text) continue;
    const pPr = kids(p, 'pPr')[0];
    const level = Number((pPr && attr(pPr, 'lvl')) ?? 0);
    const bulleted = pPr ? !!find(pPr, 'buChar') || !!find(pPr, 'buAutoNum') : false;
    const none = pPr ? !!find(pPr, 'buNone') : false;
    lines.push((placeholder || bulleted) && !none ? `${'  '.repeat(level)}- ${text}` : text);
  }
  // A single line in a placeholder reads better as plain text than as a one-item list.
  if (lines.length === 1) return lines[0]!.replace(/^\s*- /, '');
  return lines.join('\n');
}

function paragraphText(p: XNode): string {
  let out = '';
  for (const c of p.children) {
    if (c.name === 'r' || c.name === 'fld')
      out += kids(c, 't')
        .map((t) => t.children.map((x) => x.text ?? '').join(''))
        .join('');
    else if (c.name === 'br') out += '\n';
  }
  return out;
}

function tableMarkdown(tbl: XNode): string {
  const rows = kids(tbl, 'tr').map((tr) =>
    kids(tr, 'tc').map((tc) => {
      const body = find(tc, 'txBody');
      return body ? kids(body, 'p').map(paragraphText).join(' ').trim() : '';
    }),
  );
  return markdownTable(rows);
}

/** A chart as its title and a table of categories × series values (the cached data in the chart part). */
function chartMarkdown(root: XNode): string {
  const titleNode = find(root, 'title');
  const title = titleNode
    ? kids(titleNode, 'tx')
        .map((t) =>
          findAll(t, 't')
            .map((x) => x.children.map((c) => c.text ?? '').join(''))
            .join(''),
        )
        .join('')
        .trim()
    : '';
  const points = (n: XNode | null) => (n ? findAll(n, 'pt').map((pt) => (find(pt, 'v')?.children[0]?.text ?? '').trim()) : []);
  const series = findAll(root, 'ser').map((ser) => ({ name: points(kids(ser, 'tx')[0] ?? null)[0] ?? '', cats: points(kids(ser, 'cat')[0] ?? null), vals: points(kids(ser, 'val')[0] ?? null).map(formatNumber) }));
  const cats = series.find((s) => s.cats.length)?.cats ?? [];
  const length = Math.max(cats.length, ...series.map((s) => s.vals.length));
  const rows = [['', ...series.map((s) => s.name)], ...Array.from({ length }, (_, i) => [cats[i] ?? '', ...series.map((s) => s.vals[i] ?? '')])];
  const table = series.length ? markdownTable(rows) : '';
  return [`Chart${title ? `: ${title}` : ''}`, table].filter(Boolean).join('\n\n');
}

/** The notes placeholder (type body) of a notes slide; the slide image and number placeholders are skipped. */
function renderNotes(root: XNode): string {
  const parts: string[] = [];
  for (const sp of findAll(root, 'sp')) {
    if (placeholderType(sp) !== 'body') continue;
    const body = find(sp, 'txBody');
    if (body)
      parts.push(
        kids(body, 'p')
          .map(paragraphText)
          .map((t) => t.trim())
          .filter(Boolean)
          .join('\n'),
      );
  }
  return parts.filter(Boolean).join('\n\n');
}
