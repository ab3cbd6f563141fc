import TurndownService from 'turndown';
import { fenceCodeBlocks } from './html-code.js';
import { checkHtmlDepth } from './html-shape.js';
import { markdownTable } from './markdown-table.js';

/**
 * HTML produced by a converter (mammoth for DOCX) or a book chapter (EPUB) → markdown, keeping all of it: no
 * Readability pass, which would drop what it takes for page chrome. Tables become GFM tables; images become their
 * alt text; links become their text and emphasis plain text, so phrases stay contiguous for search and chunks carry
 * no URLs.
 */
const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
turndown.remove(['script', 'style', 'noscript', 'iframe', 'svg', 'canvas', 'form', 'head'] as never);
// No backslash escapes ("\[1\]", "1\. "): the text is for reading and search, and escapes split words and phrases.
turndown.escape = (text: string) => text;
fenceCodeBlocks(turndown);

interface DomNode {
  nodeName: string;
  childNodes: ArrayLike<DomNode>;
  innerHTML?: string;
  getAttribute?(name: string): string | null;
}

turndown.addRule('table', {
  filter: 'table',
  replacement: (_content, node) => {
    const rows = rowsOf(node as unknown as DomNode).map((tr) =>
      Array.from(tr.childNodes)
        .filter((c) => c.nodeName === 'TD' || c.nodeName === 'TH')
        .map((c) => turndown.turndown(c.innerHTML ?? '')),
    );
    return rows.length ? `\n\n${markdownTable(rows)}\n\n` : '';
  },
});

turndown.addRule('plainInline', {
  filter: ['a', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'mark', 'span'],
  replacement: (content) => content,
});

turndown.addRule('image', {
  filter: 'img',
  replacement: (_content, node) => {
    const alt = (node as unknown as DomNode).getAttribute?.('alt')?.trim();
    return alt ? `[Image: ${alt.replace(/\s+/g, ' ')}]` : '';
  },
});

// Compact list markers ("- item", "1. item") instead of turndown's padded "-   item".
turndown.addRule('listItem', {
  filter: 'li',
  replacement: (content, node) => {
    const li = node as unknown as DomNode & { parentNode: DomNode & { children: ArrayLike<unknown> }; nextSibling: unknown };
    const parent = li.parentNode;
    let prefix = '- ';
    if (parent?.nodeName === 'OL') {
      const start = Number(parent.getAttribute?.('start') ?? 1) || 1;
      prefix = `${start + Array.prototype.indexOf.call(parent.children, li)}. `;
    }
    const body = content
      .replace(/^\n+/, '')
      .replace(/\n+$/, '\n')
      .replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
    return prefix + body + (li.nextSibling && !/\n$/.test(body) ? '\n' : '');
  },
});

/** The rows of a table, not those of tables nested in its cells. */
function rowsOf(table: DomNode): DomNode[] {
  const out: DomNode[] = [];
  const walk = (n: DomNode) => {
    for (const c of Array.from(n.childNodes)) {
      if (c.nodeName === 'TR') out.push(c);
      else if (c.nodeName === 'THEAD' || c.nodeName === 'TBODY' || c.nodeName === 'TFOOT') walk(c);
    }
  };
  walk(table);
  return out;
}

/**
 * Converts an HTML fragment or document body to markdown. turndown converts recursively, so the fragment's nesting
 * is checked first (EXTRACTION_LIMIT past MAX_HTML_DEPTH) unless the caller already checked the page it came from.
 */
export function htmlFragmentToMarkdown(html: string, options: { checked?: boolean; what?: string } = {}): string {
  if (!options.checked) checkHtmlDepth(html, options.what ?? 'the HTML content');
  return turndown
    .turndown(html)
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
