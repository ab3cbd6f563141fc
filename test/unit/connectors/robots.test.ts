import { describe, expect, it } from 'vitest';
import { parseRobots } from '../../../src/connectors/robots.js';
import { extractLinks } from '../../../src/connectors/web-crawler.js';

describe('robots.txt', () => {
  const text = `# comment
User-agent: googlebot
Disallow: /

User-agent: *
Disallow: /private
Allow: /private/open
Disallow: /*.pdf$
Disallow:

Sitemap: https://example.com/sitemap.xml
`;

  it('uses the * group when no group names the agent; longest match wins, Allow wins ties', () => {
    const r = parseRobots(text, 'mnemo');
    expect(r.isAllowed('/')).toBe(true);
    expect(r.isAllowed('/private')).toBe(false);
    expect(r.isAllowed('/private/x')).toBe(false);
    expect(r.isAllowed('/private/open/page')).toBe(true);
    expect(r.isAllowed('/files/a.pdf')).toBe(false);
    expect(r.isAllowed('/files/a.pdf?x=1')).toBe(true);
    expect(r.sitemaps).toEqual(['https://example.com/sitemap.xml']);
  });

  it('uses the group that names the agent', () => {
    expect(parseRobots(text, 'Googlebot').isAllowed('/anything')).toBe(false);
    expect(parseRobots('User-agent: Mnemo\nDisallow: /x\n', 'mnemo').isAllowed('/x/y')).toBe(false);
    expect(parseRobots('', 'mnemo').isAllowed('/x')).toBe(true);
  });
});

describe('link extraction', () => {
  it('resolves links against the page, drops fragments and other schemes', () => {
    const links = extractLinks(`<a href="/a#top">A</a><a class=x href='b?x=1&amp;y=2'>B</a><a href=https://other.test/c>C</a><a href="mailto:x@y">m</a><a href="javascript:void 0">j</a>`, 'https://site.test/dir/page');
    expect(links).toEqual(['https://site.test/a', 'https://site.test/dir/b?x=1&y=2', 'https://other.test/c']);
  });
});

describe('robots.txt Crawl-delay', () => {
  it("takes the chosen group's Crawl-delay in ms, capped at 10 s, and none when absent", () => {
    expect(parseRobots('User-agent: *\nCrawl-delay: 2.5\n', 'mnemo').crawlDelayMs).toBe(2500);
    expect(parseRobots('User-agent: mnemo\nCrawl-delay: 1\n\nUser-agent: *\nCrawl-delay: 30\n', 'mnemo').crawlDelayMs).toBe(1000);
    expect(parseRobots('User-agent: *\nCrawl-delay: 3600\n', 'mnemo').crawlDelayMs).toBe(10_000);
    expect(parseRobots('User-agent: *\nCrawl-delay: soon\nDisallow: /x\n', 'mnemo').crawlDelayMs).toBe(0);
    expect(parseRobots('User-agent: other\nCrawl-delay: 5\n', 'mnemo').crawlDelayMs).toBe(0);
  });
});
