import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { createError } from '../core/errors.js';
import { htmlFragmentToMarkdown } from './html-fragment.js';
import { decodeText, normalizeText } from './text-decode.js';
import type { Extractor } from './types.js';

/**
 * Uploaded HTML pages → the readable article (Readability, as for web pages added by URL) as markdown, converted
 * like DOCX and EPUB chapters: tables kept, links and emphasis as plain text. The whole body when Readability finds
 * no article.
 */
export const htmlExtractor: Extractor = {
  name: 'html',
  mimes: ['text/html', 'application/xhtml+xml'],
  async extract(input) {
    const { text, encoding } = decodeText(await input.bytes());
    const { document } = parseHTML(text);
    const pageTitle = document.querySelector('title')?.textContent?.trim() || null;
    let article: { title?: string | null; content?: string | null } | null = null;
    try {
      // Readability mutates the DOM it reads, so it gets its own copy.
      const { document: copy } = parseHTML(text);
      article = new Readability(copy as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200 }).parse();
    } catch {
      article = null;
    }
    const html = article?.content || document.querySelector('body')?.innerHTML || text;
    const markdown = normalizeText(htmlFragmentToMarkdown(html));
    if (!markdown) throw createError('EMPTY_CONTENT', [], { permanent: true });
    return { content: markdown, title: article?.title?.trim() || pageTitle, type: 'webpage', details: { format: 'html', encoding } };
  },
};
