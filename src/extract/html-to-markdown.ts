import TurndownService from 'turndown';
import { fenceCodeBlocks } from './html-code.js';
import { readablePage } from './html-readable.js';

export interface HtmlExtraction {
  title: string | null;
  markdown: string;
  excerpt: string | null;
}

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(['script', 'style', 'noscript', 'iframe', 'svg', 'canvas', 'form'] as never);
fenceCodeBlocks(turndown);

/**
 * Extracts the readable article of an HTML page (Readability, within the bounds of html-readable.ts) and converts it
 * to markdown. A page nested deeper than MAX_HTML_DEPTH fails with EXTRACTION_LIMIT. Runs in the extraction sandbox
 * for documents (the 'html-page' job); called directly only on small trusted input.
 */
export function htmlToMarkdown(html: string, url?: string): HtmlExtraction {
  const page = readablePage(html, url);
  return { title: page.title, markdown: tidy(turndown.turndown(page.html)), excerpt: page.excerpt };
}

function tidy(md: string): string {
  return md
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
