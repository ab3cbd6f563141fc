import { createHash } from 'node:crypto';
import net from 'node:net';
import { createError, errorMessage, isAppError } from '../core/errors.js';
import { extractorFor, isExtractableName } from '../extract/registry.js';
import { decodeText } from '../extract/text-decode.js';
import { fetchUrl, type FetchedResource } from '../providers/fetch-url.js';
import { refusalReason } from '../providers/ssrf-guard.js';
import { ALLOW_ALL, parseRobots, type RobotsRules } from './robots.js';
import type { ChangeItem, ChangeList, ConnectionSettings, Connector, ConnectorConnection, ConnectorContext } from './types.js';

const DAY_MS = 86_400_000;
/** Product token matched against robots.txt groups. */
const AGENT = 'mnemo';
/** Largest page (HTML, text) the crawler reads: bigger pages are recorded as failed items. */
const PAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Largest linked file (PDF, office document, image, audio) read, under the URL fetch cap. */
const FILE_MAX_BYTES = 20 * 1024 * 1024;
const DEFAULT_MAX_DEPTH = 5;
/** Nested sitemaps of a sitemap index read at most. */
const MAX_SITEMAPS = 10;
const PAGE_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain|text\/markdown)\b/i;

/** Crawler state kept between syncs: the same-site links of each page read, so an unchanged (304) page still leads on. */
interface CrawlState {
  links: Record<string, string[]>;
  /** Extra start pages and limits saved through POST /v3/connections/{id}/configure (configureResources). */
  resources?: Record<string, unknown>[];
}

/** Start pages of a crawl with their depth: metadata.startUrl first, then the configured ones; and the page cap. */
function startsOf(conn: ConnectorConnection): { start: URL; starts: { url: string; maxDepth: number }[]; maxPages: number } {
  const { start, maxDepth } = settingsOf(conn.metadata);
  const starts = [{ url: start.toString(), maxDepth }];
  let maxPages = conn.documentLimit;
  for (const r of (conn.state as CrawlState | null)?.resources ?? []) {
    if (typeof r.url === 'string') starts.push({ url: r.url, maxDepth: typeof r.maxDepth === 'number' ? r.maxDepth : maxDepth });
    if (typeof r.maxPages === 'number') maxPages = Math.min(maxPages, r.maxPages);
  }
  return { start, starts, maxPages };
}

const RESOURCE_FIELDS = ['url', 'maxDepth', 'maxPages'];

/**
 * The crawler's selection (configure): `{url, maxDepth?}` entries are extra start pages on the startUrl's site, each
 * crawled to its own depth (default the connection's); a `{maxPages}` entry caps the pages read per crawl. Any other
 * field is refused, named.
 */
function crawlResources(conn: ConnectorConnection, resources: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const { start } = settingsOf(conn.metadata);
  const invalid = (why: string) => createError('CONNECTOR_CONFIG_INVALID', ['web-crawler', why]);
  return resources.map((r, i) => {
    const at = `resources[${i}]`;
    const unknown = Object.keys(r).find((k) => !RESOURCE_FIELDS.includes(k));
    if (unknown !== undefined) throw invalid(`${at}.${unknown} means nothing for a web crawler (it takes url, maxDepth and maxPages)`);
    if (r.url === undefined && r.maxPages === undefined) throw invalid(`${at} needs a url (a start page) or maxPages`);
    const out: Record<string, unknown> = {};
    if (r.url !== undefined) {
      let url: URL;
      try {
        url = new URL(String(r.url));
      } catch {
        throw invalid(`${at}.url is not a URL`);
      }
      if (url.origin !== start.origin || url.username || url.password) throw invalid(`${at}.url must be a page of ${start.origin} (the startUrl's site); another site needs a connection of its own`);
      url.hash = '';
      out.url = url.toString();
    }
    if (r.maxDepth !== undefined) {
      if (r.url === undefined) throw invalid(`${at}.maxDepth needs the url it applies to`);
      if (typeof r.maxDepth !== 'number' || !Number.isInteger(r.maxDepth) || r.maxDepth < 0 || r.maxDepth > 20) throw invalid(`${at}.maxDepth must be an integer from 0 to 20`);
      out.maxDepth = r.maxDepth;
    }
    if (r.maxPages !== undefined) {
      if (typeof r.maxPages !== 'number' || !Number.isInteger(r.maxPages) || r.maxPages < 1 || r.maxPages > 10_000) throw invalid(`${at}.maxPages must be an integer from 1 to 10000`);
      out.maxPages = r.maxPages;
    }
    return out;
  });
}

function settingsOf(settings: ConnectionSettings): { start: URL; maxDepth: number } {
  const raw = settings.startUrl;
  if (typeof raw !== 'string' || raw.trim() === '') throw createError('CONNECTOR_CONFIG_INVALID', ['web-crawler', 'metadata.startUrl is required (an http or https URL)']);
  let start: URL;
  try {
    start = new URL(raw.trim());
  } catch {
    throw createError('CONNECTOR_CONFIG_INVALID', ['web-crawler', `metadata.startUrl ${JSON.stringify(raw)} is not a URL`]);
  }
  if (start.protocol !== 'http:' && start.protocol !== 'https:') throw createError('CONNECTOR_CONFIG_INVALID', ['web-crawler', 'metadata.startUrl must be an http or https URL']);
  if (start.username || start.password) throw createError('CONNECTOR_CONFIG_INVALID', ['web-crawler', 'metadata.startUrl must not carry credentials']);
  const depth = settings.maxDepth;
  if (depth !== undefined && (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0 || depth > 20)) {
    throw createError('CONNECTOR_CONFIG_INVALID', ['web-crawler', 'metadata.maxDepth must be an integer from 0 to 20']);
  }
  start.hash = '';
  return { start, maxDepth: typeof depth === 'number' ? depth : DEFAULT_MAX_DEPTH };
}

/** The page URL a link names, without its fragment; null for other schemes. */
function normalise(href: string, base: string): string | null {
  try {
    const url = new URL(href.replace(/&amp;/g, '&'), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * Links of an HTML page (a href), resolved against its URL. One pass: each <a tag is read up to its '>' and the scan
 * goes on after it (one pattern over the page rescanned the rest of it from every unclosed "<a": 2 MB of them, the
 * largest page read, would have held the event loop for minutes).
 */
export function extractLinks(html: string, pageUrl: string): string[] {
  const out = new Set<string>();
  const open = /<a\b/gi;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const close = html.indexOf('>', m.index);
    if (close < 0) break; // no tag after this one is closed either
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html.slice(m.index, close));
    const url = href && normalise((href[1] ?? href[2] ?? href[3] ?? '').trim(), pageUrl);
    if (url) out.add(url);
    open.lastIndex = close + 1;
  }
  return [...out];
}

/** <loc> entries of a sitemap or sitemap index. */
function sitemapLocs(xml: string): { pages: string[]; sitemaps: string[] } {
  const locs = (s: string) => [...s.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const isIndex = /<sitemapindex\b/i.test(xml);
  return isIndex ? { pages: [], sitemaps: locs(xml) } : { pages: locs(xml), sitemaps: [] };
}

function decode(res: FetchedResource): string {
  return decodeText(res.body, { declared: /charset=([^;]+)/i.exec(res.contentType)?.[1] ?? null }).text;
}

/** A linked file the extractors read (by its declared type, else its name), e.g. a PDF or a DOCX. */
function isExtractableFile(res: FetchedResource): boolean {
  const mime = res.contentType.split(';')[0]!.trim().toLowerCase();
  if (mime && mime !== 'application/octet-stream' && extractorFor(mime)) return true;
  return isExtractableName(new URL(res.url).pathname);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });
}

/** The version a page is stored under: its validator when the server sends one, else a hash of its body. */
function versionOf(res: FetchedResource): string {
  if (res.etag) return `etag:${res.etag}`;
  if (res.lastModified) return `lm:${res.lastModified}`;
  return `sha256:${createHash('sha256').update(res.body).digest('hex')}`;
}

function conditionalHeaders(version: string | null | undefined): Record<string, string> {
  if (version?.startsWith('etag:')) return { 'if-none-match': version.slice(5) };
  if (version?.startsWith('lm:')) return { 'if-modified-since': version.slice(3) };
  return {};
}

/** 404/410: the page is gone (a known page not listed again is deleted). */
function isGone(err: unknown): boolean {
  return isAppError(err) && err.code === 'URL_FETCH_FAILED' && / HTTP (404|410)$/.test(err.message);
}

/**
 * web-crawler: pages of one site from `metadata.startUrl`, breadth first by same-origin links and the sitemap,
 * within robots.txt, `maxDepth` (default 5) and the connection's documentLimit. Every request goes through the
 * SSRF-guarded fetch; re-syncs are conditional (ETag, Last-Modified), so unchanged pages cost a 304. Linked files
 * the extractors read (PDF, office documents, images, audio) become documents of their own; robots.txt's
 * Crawl-delay spaces the requests (at most 10 s).
 */
export const webCrawler: Connector = {
  provider: 'web-crawler',
  credentialFields: [],
  defaultSyncEveryMs: 7 * DAY_MS,

  validateConfig(settings, ctx) {
    const { start } = settingsOf(settings);
    const host = start.hostname.replace(/^\[|\]$/g, '');
    // Names are checked at fetch time (they may resolve anywhere); a literal private address is refused at once.
    const reason = net.isIP(host) ? refusalReason(host, host, ctx.urlFetch) : null;
    if (reason) throw createError('CONNECTOR_CONFIG_INVALID', ['web-crawler', reason]);
  },

  configureResources: crawlResources,

  async listChanges(conn: ConnectorConnection, known, ctx: ConnectorContext): Promise<ChangeList> {
    const { start, starts, maxPages } = startsOf(conn);
    const previous = (conn.state as CrawlState | null)?.links ?? {};
    const resources = (conn.state as CrawlState | null)?.resources;
    const fetchOpts = { ...ctx.urlFetch, maxBytes: Math.min(ctx.urlFetch.maxBytes, FILE_MAX_BYTES) };
    const sameSite = (url: string) => new URL(url).origin === start.origin;
    const robots = await readRobots(start, fetchOpts);

    // Each page carries the depth limit of the start page it was reached from.
    const queue: { url: string; depth: number; maxDepth: number }[] = starts.map((s) => ({ url: s.url, depth: 0, maxDepth: s.maxDepth }));
    const queued = new Set(starts.map((s) => s.url));
    const enqueue = (url: string, depth: number, maxDepth = starts[0]!.maxDepth) => {
      if (depth > maxDepth || queued.has(url) || !sameSite(url)) return;
      queued.add(url);
      queue.push({ url, depth, maxDepth });
    };
    for (const page of await readSitemaps(start, robots, fetchOpts, ctx)) enqueue(page, 1);

    const items: ChangeItem[] = [];
    const links: Record<string, string[]> = {};
    let startReached = false;
    let lastFetchAt = 0;
    while (queue.length > 0 && items.length < maxPages) {
      if (ctx.signal?.aborted) throw createError('CONNECTOR_FAILED', ['web-crawler', 'sync cancelled']);
      const { url, depth, maxDepth } = queue.shift()!;
      const parsed = new URL(url);
      if (!robots.isAllowed(parsed.pathname + parsed.search)) continue;
      const knownVersion = known.get(url);
      let res: FetchedResource;
      // robots.txt's Crawl-delay: at least that long between two page requests.
      await sleep(lastFetchAt + robots.crawlDelayMs - Date.now(), ctx.signal);
      lastFetchAt = Date.now();
      try {
        // Only same-origin hops are followed: a redirect to another site is not requested at all.
        res = await fetchUrl(url, fetchOpts, { headers: conditionalHeaders(knownVersion), followRedirect: (to) => sameSite(to.toString()) });
      } catch (err) {
        if (isGone(err)) continue;
        items.push({ externalId: url, version: null, error: errorMessage(err) });
        // A page that failed this time still leads to the pages it linked to before.
        for (const next of previous[url] ?? []) enqueue(next, depth + 1, maxDepth);
        if (depth === 0) links[url] = previous[url] ?? [];
        continue;
      }
      // A same-origin link whose redirect leaves the start origin: the other site's page is not this crawl's to read.
      if (!sameSite(res.url)) continue;
      if (url === start.toString()) startReached = true;
      if (res.status === 304) {
        items.push({ externalId: url, version: knownVersion ?? null });
        links[url] = previous[url] ?? [];
      } else if (!PAGE_TYPES.test(res.contentType || 'text/html')) {
        // A linked PDF, office document, image...: kept as the document's original and extracted like an upload.
        // Types no extractor reads are left alone (not failures).
        if (!isExtractableFile(res)) continue;
        const filename = decodeURIComponent(new URL(res.url).pathname.split('/').pop() ?? '') || null;
        items.push({
          externalId: url,
          version: versionOf(res),
          content: { text: '', file: { bytes: res.body, filename, mimeType: res.contentType || null }, mimeType: res.contentType, title: null, url: res.url, filepath: null },
        });
      } else if (res.body.length > PAGE_MAX_BYTES) {
        items.push({ externalId: url, version: null, error: `page is ${res.body.length} bytes, over the ${PAGE_MAX_BYTES}-byte limit` });
        for (const next of previous[url] ?? []) enqueue(next, depth + 1, maxDepth);
        continue;
      } else {
        const text = decode(res);
        const pageLinks = /html/i.test(res.contentType || 'text/html') ? extractLinks(text, res.url).filter(sameSite) : [];
        links[url] = pageLinks;
        items.push({
          externalId: url,
          version: versionOf(res),
          content: { text, mimeType: res.contentType.split(';')[0]!.trim() || 'text/html', title: null, url: res.url, filepath: null },
        });
      }
      for (const next of links[url] ?? []) enqueue(next, depth + 1, maxDepth);
    }
    // Deletions are inferred only from a crawl that reached the start page; a site that is down deletes nothing.
    return { items, state: { links, ...(resources ? { resources } : {}) } satisfies CrawlState, complete: startReached };
  },
};

async function readRobots(start: URL, opts: ConnectorContext['urlFetch']): Promise<RobotsRules> {
  try {
    const res = await fetchUrl(new URL('/robots.txt', start).toString(), opts);
    return parseRobots(decode(res), AGENT);
  } catch (err) {
    // No robots.txt (4xx) = no rules; a server error or unreachable site fails the sync (retried later).
    if (isAppError(err) && err.permanent && err.code === 'URL_FETCH_FAILED' && / HTTP 4\d\d$/.test(err.message)) return ALLOW_ALL;
    throw err;
  }
}

async function readSitemaps(start: URL, robots: RobotsRules, opts: ConnectorContext['urlFetch'], ctx: ConnectorContext): Promise<string[]> {
  const pending = robots.sitemaps.length > 0 ? [...robots.sitemaps] : [new URL('/sitemap.xml', start).toString()];
  const pages: string[] = [];
  for (let read = 0; pending.length > 0 && read < MAX_SITEMAPS; read++) {
    const url = normalise(pending.shift()!, start.toString());
    if (!url || new URL(url).origin !== start.origin) continue;
    try {
      const res = await fetchUrl(url, opts, { followRedirect: (to) => to.origin === start.origin });
      if (res.status >= 300) continue; // redirected to another site: not followed
      const found = sitemapLocs(decode(res));
      pages.push(...found.pages.map((p) => normalise(p, url)).filter((p): p is string => p !== null));
      pending.push(...found.sitemaps);
    } catch (err) {
      ctx.logger.debug('sitemap not read', { url, error: errorMessage(err) });
    }
  }
  return pages;
}
