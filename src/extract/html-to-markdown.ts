import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

export interface HtmlExtraction {
  title: string | null;
  markdown: string;
  excerpt: string | null;
}

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(['script', 'style', 'noscript', 'iframe', 'svg', 'canvas', 'form'] as never);

/** Extracts the readable article of an HTML page (Readability) and converts it to markdown. */
export function htmlToMarkdown(html: string, url?: string): HtmlExtraction {
  const { document } = parseHTML(html);
  const pageTitle = document.querySelector('title')?.textContent?.trim() || null;
  let article: { title?: string | null; content?: string | null; excerpt?: string | null } | null = null;
  try {
    // Readability mutates the DOM it reads, so it gets its own copy.
    const { document: copy } = parseHTML(html);
    if (url) Object.defineProperty(copy, 'baseURI', { value: url });
    article = new Readability(copy as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  const bodyHtml = article?.content || document.querySelector('body')?.innerHTML || html;
  const markdown = tidy(turndown.turndown(bodyHtml));
  return { title: article?.title?.trim() || pageTitle, markdown, excerpt: article?.excerpt?.trim() || null };
}

function tidy(md: string): string {
  return md
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
