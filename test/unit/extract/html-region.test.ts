import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { articleRegion } from '../../../src/extract/html-region.js';

const para = (n: number) => Array.from({ length: n }, (_, i) => `<p>Paragraph ${i} of the article with enough words to count as body text.</p>`).join('');

describe('article region', () => {
  it('keeps a layout wrapper whose class names a sidebar when it holds most of the text, and drops the sidebar inside it', () => {
    const html = `<html><body><div class="container right-sidebar"><div class="post">${para(12)}</div><div id="sidebar"><p>Popular posts this week</p></div></div><div class="cookie-bar"><p>We use cookies.</p></div></body></html>`;
    const region = articleRegion(parseHTML(html).document)!;
    expect(region.html).toContain('Paragraph 11 of the article');
    expect(region.html).not.toContain('Popular posts this week');
    expect(region.html).not.toContain('We use cookies');
  });

  it('still drops a related-posts box that holds less than half of the text', () => {
    const html = `<html><body><div class="entry">${para(6)}</div><div class="related-posts">${para(2).replace(/Paragraph/g, 'Teaser')}</div></body></html>`;
    const region = articleRegion(parseHTML(html).document)!;
    expect(region.html).toContain('Paragraph 5');
    expect(region.html).not.toContain('Teaser');
  });
});
