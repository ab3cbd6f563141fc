import { buildZip } from '../unit/extract/fixtures.js';

/**
 * Small files that each hit one parser's worst case (issue 27): generated here, never committed. Each is a few KB to
 * a few MB and, parsed on the event loop, blocked the server for seconds to minutes.
 */
export const nestedHtml = (n: number) => `<html><body>${'<div>'.repeat(n)}text${'</div>'.repeat(n)}</body></html>`;

/** Many moderately deep stacks: within the nesting limit, but slow for Readability (seconds), for the time limit. */
export const slowHtml = (stacks = 40, depth = 120) => `<html><body>${`${'<div>'.repeat(depth)}<p>some words of text here</p>${'</div>'.repeat(depth)}`.repeat(stacks)}</body></html>`;

export const nestedJson = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;

export const nestedRtf = (n: number) => `{\\rtf1\\ansi ${'{'.repeat(n)}deep${'}'.repeat(n)}}`;

/** A DOCX package whose word/document.xml nests `n` elements (and, with `entity`, uses an undeclared-by-xmldom entity bomb). */
export function hostileDocx(o: { depth?: number; entityBomb?: boolean }): Buffer {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  let body = '<w:p><w:r><w:t>hello</w:t></w:r></w:p>';
  let doctype = '';
  if (o.depth) body = `${'<w:sdt><w:sdtContent>'.repeat(o.depth / 2)}${body}${'</w:sdtContent></w:sdt>'.repeat(o.depth / 2)}`;
  if (o.entityBomb) {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    doctype = `<!DOCTYPE lolz [<!ENTITY lol0 "lol">${levels}]>`;
    body = '<w:p><w:r><w:t>&lol9;</w:t></w:r></w:p>';
  }
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    { name: 'word/document.xml', data: `<?xml version="1.0"?>${doctype}<w:document ${W}><w:body>${body}</w:body></w:document>` },
  ]);
}

/** An ODT whose content.xml nests `n` spans. */
export function nestedOdt(n: number): Buffer {
  const NS = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';
  const body = `<text:p>${'<text:span>'.repeat(n)}deep${'</text:span>'.repeat(n)}</text:p>`;
  return buildZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', store: true },
    { name: 'content.xml', data: `<?xml version="1.0"?><office:document-content ${NS}><office:body><office:text>${body}</office:text></office:body></office:document-content>` },
  ]);
}

/** A CSV of one row with `columns` quoted fields full of doubled quotes (the quoting state machine's busiest input). */
export const wideCsv = (columns: number) => `${Array.from({ length: columns }, (_, i) => `"a""b""${i}"`).join(',')}\n`;

/** Markdown of `n` nested list levels and block quotes. */
export const nestedMarkdown = (n: number) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- ${'>'.repeat(i % 50)} item ${i}`).join('\n');
