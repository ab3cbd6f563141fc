import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Page {
  status?: number;
  body?: string | Buffer;
  type?: string;
  headers?: Record<string, string>;
  /** Answer 304 to a matching If-None-Match. */
  etag?: string;
}

/** A small website on loopback for crawler tests: pages by path (mutable), request log, 304s on matching ETags. */
export interface TestSite {
  base: string;
  pages: Map<string, Page>;
  /** Every request as `<status> <path>`. */
  log: string[];
  /** Every request with its arrival time (epoch ms). */
  hits: { path: string; at: number }[];
  requests(path: string): number;
  close(): Promise<void>;
}

export async function startTestSite(): Promise<TestSite> {
  const pages = new Map<string, Page>();
  const log: string[] = [];
  const hits: { path: string; at: number }[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push({ path, at: Date.now() });
    const page = pages.get(path);
    const answer = (status: number, headers: Record<string, string>, body: string | Buffer = '') => {
      log.push(`${status} ${path}`);
      res.writeHead(status, headers);
      res.end(body);
    };
    if (!page) return answer(404, { 'content-type': 'text/plain' }, 'not found');
    if (page.etag && req.headers['if-none-match'] === page.etag) return answer(304, { etag: page.etag });
    answer(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8', ...(page.etag ? { etag: page.etag } : {}), ...page.headers }, page.body ?? '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    pages,
    log,
    hits,
    requests: (path) => log.filter((l) => l.endsWith(` ${path}`)).length,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const html = (title: string, body: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
