import { createError } from '../core/errors.js';
import { htmlFragmentToMarkdown } from './html-fragment.js';
import { readablePage } from './html-readable.js';
import { decodeText, normalizeText } from './text-decode.js';
import type { Extractor } from './types.js';

/**
 * Uploaded HTML pages → the readable article (Readability, as for web pages added by URL) as markdown, converted
 * like DOCX and EPUB chapters: tables kept, links and emphasis as plain text. The whole body when Readability finds
 * no article, or when the page is too deep or large for it (see html-readable.ts).
 */
export const htmlExtractor: Extractor = {
  name: 'html',
  mimes: ['text/html', 'application/xhtml+xml'],
  async extract(input) {
    const { text, encoding } = decodeText(await input.bytes());
    const page = readablePage(text);
    // readablePage has checked the nesting of the whole page, which bounds that of the part it returns.
    const markdown = normalizeText(htmlFragmentToMarkdown(page.html, { checked: true }));
    if (!markdown) throw createError('EMPTY_CONTENT', [], { permanent: true });
    const details: Record<string, unknown> = { format: 'html', encoding };
    if (page.readability === 'skipped') details.readability = 'skipped';
    return { content: markdown, title: page.title, type: 'webpage', details };
  },
};
