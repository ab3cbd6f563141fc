import { createError } from '../core/errors.js';
import { htmlToMarkdown } from './html-to-markdown.js';
import { decodeText, normalizeText } from './text-decode.js';
import type { Extractor } from './types.js';

/** Uploaded HTML pages → the readable article as markdown (the same conversion as web pages added by URL). */
export const htmlExtractor: Extractor = {
  name: 'html',
  mimes: ['text/html', 'application/xhtml+xml'],
  async extract(input) {
    const { text, encoding } = decodeText(await input.bytes());
    const { markdown: raw, title } = htmlToMarkdown(text);
    const markdown = normalizeText(raw);
    if (!markdown.trim()) throw createError('EMPTY_CONTENT', [], { permanent: true });
    return { content: markdown, title, type: 'webpage', details: { format: 'html', encoding } };
  },
};
