import { createError } from '../core/errors.js';
import { decodeText, normalizeText } from './text-decode.js';
import type { Extractor } from './types.js';

/** Plain text and markdown in any common encoding → normalised UTF-8 text. */
export const textExtractor: Extractor = {
  name: 'text',
  mimes: ['text/plain', 'text/markdown', 'text/x-markdown', 'text/x-log', 'text/x-rst', 'text/x-org', 'text/vtt', 'application/x-subrip'],
  async extract(input) {
    const { text, encoding } = decodeText(await input.bytes());
    const content = normalizeText(text);
    if (!content) throw createError('EMPTY_CONTENT', [], { permanent: true });
    return { content, title: null, type: 'text', details: { format: 'text', encoding } };
  },
};
