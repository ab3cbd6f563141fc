import { relationships } from './ooxml.js';
import { attr, find, findAll, kids, parseXml, type XNode } from './xml.js';
import type { ZipArchive } from './zip.js';

/**
 * The parts of a Word document mammoth leaves out: page headers and footers (word/header*.xml, footer*.xml, as the
 * document's sections reference them) and reviewers' comments (word/comments.xml). Each is read as plain paragraphs.
 */
export interface DocxMargins {
  /** Distinct header texts, in the order sections reference them. */
  headers: string[];
  footers: string[];
  /** Each comment with the document text it marks (commentRangeStart..End), when the document marks one. */
  comments: { author: string | null; text: string; on: string | null }[];
}

/** Text between each comment's range start and end in the document body, by comment id. */
function commentedText(document: XNode): Map<string, string> {
  const open = new Set<string>();
  const text = new Map<string, string>();
  const walk = (n: XNode) => {
    for (const c of n.children) {
      if (c.name === 'commentRangeStart' || c.name === 'commentRangeEnd') {
        const id = attr(c, 'id');
        if (id === undefined) continue;
        if (c.name === 'commentRangeStart') open.add(id);
        else open.delete(id);
      } else if (c.name === 't') {
        const t = c.children.map((x) => x.text ?? '').join('');
        for (const id of open) text.set(id, (text.get(id) ?? '') + t);
      } else {
        walk(c);
        if (c.name === 'p') for (const id of open) text.set(id, `${text.get(id) ?? ''} `);
      }
    }
  };
  walk(document);
  return new Map([...text].map(([id, t]) => [id, t.replace(/\s+/g, ' ').trim()]));
}

/** Paragraph texts of a WordprocessingML part: the w:t runs of each w:p, tabs and breaks as spaces. */
function paragraphs(root: XNode): string[] {
  const out: string[] = [];
  for (const p of findAll(root, 'p')) {
    let text = '';
    const walk = (n: XNode) => {
      for (const c of n.children) {
        if (c.name === 't') text += c.children.map((t) => t.text ?? '').join('');
        else if (c.name === 'tab' || c.name === 'br' || c.name === 'cr') text += ' ';
        else if (c.name !== 'p') walk(c);
      }
    };
    walk(p);
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean) out.push(clean);
  }
  return out;
}

/** The header and footer parts the document's sections reference, in order (rId → part via the relationships). */
function referencedParts(zip: ZipArchive, document: XNode, kind: 'header' | 'footer'): string[] {
  const rels = relationships(zip, 'word/document.xml');
  const out: string[] = [];
  for (const ref of findAll(document, `${kind}Reference`)) {
    const id = Object.entries(ref.attrs).find(([k]) => k.endsWith(':id'))?.[1];
    const part = id ? rels.get(id) : undefined;
    if (part && !out.includes(part)) out.push(part);
  }
  return out;
}

function partTexts(zip: ZipArchive, parts: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parts) {
    const xml = zip.text(part);
    if (!xml) continue;
    const text = paragraphs(parseXml(xml, part)).join('\n');
    // The same header on every section (or a first-page copy of the default one) is said once.
    if (text && !seen.has(text)) {
      seen.add(text);
      out.push(text);
    }
  }
  return out;
}

/** Headers, footers and comments of a DOCX package whose XML parts readZip has inflated. */
export function readDocxMargins(zip: ZipArchive): DocxMargins {
  const documentXml = zip.text('word/document.xml');
  const document = documentXml ? parseXml(documentXml, 'word/document.xml') : null;
  const headers = document ? partTexts(zip, referencedParts(zip, document, 'header')) : [];
  const footers = document ? partTexts(zip, referencedParts(zip, document, 'footer')) : [];
  const comments: DocxMargins['comments'] = [];
  const commentsXml = zip.text('word/comments.xml');
  if (commentsXml) {
    const root = find(parseXml(commentsXml, 'word/comments.xml'), 'comments');
    const anchors = document ? commentedText(document) : new Map<string, string>();
    for (const c of root ? kids(root, 'comment') : []) {
      const text = paragraphs(c).join(' ');
      if (text) comments.push({ author: attr(c, 'author')?.trim() || null, text, on: anchors.get(attr(c, 'id') ?? '') || null });
    }
  }
  return { headers, footers, comments };
}

/** The margins as markdown around the body: headers first, footers last, then the comments as a list. */
export function withMargins(body: string, m: DocxMargins): string {
  const parts = [...m.headers, body, ...m.footers];
  const comment = (c: DocxMargins['comments'][number]) => `- ${c.author ?? 'Comment'}${c.on ? ` on "${c.on}"` : ''}: ${c.text}`;
  if (m.comments.length) parts.push(`## Comments\n\n${m.comments.map(comment).join('\n')}`);
  return parts.filter(Boolean).join('\n\n');
}
