/**
 * The article region of a page without Readability's scoring: the largest <main>, [role=main] or <article> (else the
 * body), with the page's chrome taken out (navigation, banners, footers, sidebars, forms, hidden parts, share and
 * newsletter boxes). Used when Readability keeps much less text than this region (see html-readable.ts): the region
 * keeps every paragraph and code block in its structure, at the price of a little chrome.
 */

interface El {
  tagName: string;
  textContent: string | null;
  innerHTML: string;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<El>;
  remove(): void;
  closest?(selector: string): El | null;
}

interface Doc {
  body: El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
}

/** Elements that are never the article's text. */
const CHROME = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'svg',
  'canvas',
  'form',
  'button',
  'select',
  'input',
  'textarea',
  'nav',
  'aside',
  'dialog',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="complementary"]',
  '[role="search"]',
  '[role="dialog"]',
  '[aria-hidden="true"]',
  '[hidden]',
].join(',');

/** Class or id words of boxes around an article (compared as whole words of the attribute). */
const CHROME_WORDS =
  /(^|[\s_-])(comments?|share|sharing|social|related|newsletter|subscribe|subscription|sidebar|cookie|cookies|consent|promo|advert|advertisement|ads|breadcrumbs?|masthead|menu|popup|modal|signup)($|[\s_-])/i;

/** Whitespace-collapsed length of an element's text. */
export function textLength(el: { textContent: string | null } | null | undefined): number {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}

function hiddenByStyle(el: El): boolean {
  const style = el.getAttribute('style');
  return !!style && /(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}

/**
 * A box named like chrome that holds more than this share of the page's remaining text is a layout wrapper (a theme's
 * 'container right-sidebar' around the whole article), not a sidebar: it stays, and the chrome inside it goes.
 */
const CHROME_MAX_SHARE = 0.5;

/** Removes the chrome inside `root` (mutates it). A header or footer inside an <article> is the article's own: kept. */
function stripChrome(root: El): void {
  for (const el of Array.from(root.querySelectorAll(CHROME))) el.remove();
  for (const el of Array.from(root.querySelectorAll('header, footer'))) {
    if (!el.closest?.('article')) el.remove();
  }
  const total = textLength(root);
  for (const el of Array.from(root.querySelectorAll('[class], [id], [style]'))) {
    if (el.tagName === 'PRE' || el.tagName === 'CODE' || el.tagName === 'ARTICLE' || el.tagName === 'MAIN') continue;
    const words = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
    if (hiddenByStyle(el)) el.remove();
    else if (CHROME_WORDS.test(words) && textLength(el) <= CHROME_MAX_SHARE * total) el.remove();
  }
}

export interface ArticleRegion {
  html: string;
  /** Characters of text in the region once its chrome is out. */
  textLength: number;
}

/**
 * The article region of a parsed page (the document is changed: parse a copy for this). The largest main/article
 * candidate wins when it holds at least a third of the body's text; otherwise the body is the region.
 */
export function articleRegion(document: unknown): ArticleRegion | null {
  const doc = document as Doc;
  const body = doc.body;
  if (!body) return null;
  stripChrome(body);
  const bodyText = textLength(body);
  let best: El = body;
  let bestText = 0;
  for (const el of Array.from(doc.querySelectorAll('main, [role="main"], article'))) {
    const n = textLength(el);
    if (n > bestText) {
      best = el;
      bestText = n;
    }
  }
  if (bestText < bodyText / 3) best = body;
  return { html: best.innerHTML, textLength: textLength(best) };
}
