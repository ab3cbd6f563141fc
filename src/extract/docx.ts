import mammoth from 'mammoth';
import { createError } from '../core/errors.js';
import { readDocxMargins, withMargins } from './docx-parts.js';
import { htmlFragmentToMarkdown } from './html-fragment.js';
import { coreTitle, isXmlPart } from './ooxml.js';
import { assertXmlDepth } from './xml.js';
import type { Extractor } from './types.js';
import { normalizeText } from './text-decode.js';
import { MAX_PARSED_PART_BYTES, readZip } from './zip.js';

const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

/**
 * DOCX → markdown via mammoth (headings, lists, tables, bold/italic; images become their alt text), with the page
 * headers before it, the footers after it and the comments in a last section (docx-parts.ts). mammoth reads the
 * archive with JSZip, which has no size limits, so the package is first read through readZip with verifyAll: every
 * entry it could decompress has been inflated and counted within the caps (whatever its name); mammoth is told not to
 * read images at all.
 */
export const docxExtractor: Extractor = {
  name: 'docx',
  mimes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.ms-word.document.macroenabled.12'],
  async extract(input, ctx) {
    const bytes = await input.bytes();
    const zip = await readZip(bytes, ctx, { format: 'DOCX', want: isXmlPart, verifyAll: true, maxEntryBytes: MAX_PARSED_PART_BYTES });
    if (!zip.has('word/document.xml') && !zip.names.some((n) => /^word\/document\d*\.xml$/.test(n))) {
      throw createError('FILE_CORRUPT', ['not a Word document (no word/document.xml in the package)'], { permanent: true });
    }
    // mammoth reads the parts recursively: their nesting is checked first, so a hostile part fails as a limit.
    for (const name of zip.names) {
      const xml = zip.has(name) ? zip.text(name) : null;
      if (xml) assertXmlDepth(xml, `the Word document part ${name}`);
    }
    let html: string;
    try {
      const result = await mammoth.convertToHtml({ buffer: bytes }, { styleMap: STYLE_MAP, convertImage: mammoth.images.imgElement(async () => ({ src: '' })) });
      html = result.value;
    } catch (err) {
      // mammoth's own words name its XML parser's internals (`[xmldom error] entity not found: ...`): kept as the cause.
      throw createError('FILE_CORRUPT', ['the Word document could not be read (its XML is malformed or unsupported)'], { permanent: true, cause: err });
    }
    const body = normalizeText(htmlFragmentToMarkdown(html, { what: 'the Word document' }));
    // mammoth reads the body only: headers, footers and comments are read from their own parts.
    const margins = readDocxMargins(zip);
    const content = normalizeText(withMargins(body, margins));
    if (!content) throw createError('EMPTY_CONTENT', [], { permanent: true });
    const heading = /^#{1,6} (.+)$/m.exec(content)?.[1]?.trim() ?? null;
    const details: Record<string, unknown> = { format: 'docx' };
    if (margins.headers.length) details.headers = margins.headers.length;
    if (margins.footers.length) details.footers = margins.footers.length;
    if (margins.comments.length) details.comments = margins.comments.length;
    return { content, title: coreTitle(zip) ?? heading, type: 'text', details };
  },
};
