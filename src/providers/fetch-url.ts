import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { createError, errorMessage, isAppError } from '../core/errors.js';
import { refusalReason, type AddressPolicy } from './ssrf-guard.js';

export interface FetchOptions extends AddressPolicy {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export interface FetchedResource {
  url: string;
  /**
   * 2xx, or 304 when a conditional request found the resource unchanged (empty body), or 3xx for a redirect that
   * `followRedirect` refused (`url` is then its target, and the body empty: nothing was requested there).
   */
  status: number;
  contentType: string;
  body: Buffer;
  /** Validators for a later conditional request. */
  etag: string | null;
  lastModified: string | null;
}

/** Extra request headers, e.g. If-None-Match / If-Modified-Since for a conditional re-fetch. */
export interface FetchRequest {
  headers?: Record<string, string>;
  /** Whether to follow a redirect to `to` (default: always); refused = the redirect response is the result. */
  followRedirect?: (to: URL) => boolean;
}

/**
 * GETs a URL for extraction. Every hop's resolved address passes the SSRF guard at connect time (so DNS
 * rebinding cannot slip past a check made earlier), redirects are followed manually, and the body is capped.
 */
export async function fetchUrl(rawUrl: string, opts: FetchOptions, request: FetchRequest = {}): Promise<FetchedResource> {
  let url = parseHttpUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(url, opts, request.headers ?? {});
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (hop >= opts.maxRedirects) throw createError('URL_FETCH_FAILED', [rawUrl, `more than ${opts.maxRedirects} redirects`]);
      const to = parseHttpUrl(new URL(res.location, url).toString());
      if (request.followRedirect && !request.followRedirect(to)) {
        return { url: to.toString(), status: res.status, contentType: '', body: Buffer.alloc(0), etag: null, lastModified: null };
      }
      url = to;
      continue;
    }
    if (res.status >= 400) {
      // 4xx will not change on retry (except 408/429); server errors may.
      const permanent = res.status < 500 && res.status !== 408 && res.status !== 429;
      throw createError('URL_FETCH_FAILED', [url.toString(), `HTTP ${res.status}`], { permanent });
    }
    return { url: url.toString(), status: res.status, contentType: res.contentType, body: res.body, etag: res.etag, lastModified: res.lastModified };
  }
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw createError('URL_FETCH_FAILED', [raw, 'not a valid URL']);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw createError('URL_BLOCKED', [raw, `protocol ${url.protocol} is not allowed`]);
  }
  if (url.username || url.password) throw createError('URL_BLOCKED', [raw, 'credentials in URLs are not allowed']);
  return url;
}

interface RawResponse {
  status: number;
  location: string | undefined;
  contentType: string;
  body: Buffer;
  etag: string | null;
  lastModified: string | null;
}

function requestOnce(url: URL, opts: FetchOptions, extraHeaders: Record<string, string>): Promise<RawResponse> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      // A name that does not resolve will not resolve on a retry a few seconds later: a permanent failure.
      if (err && (err.code === 'ENOTFOUND' || err.code === 'ENODATA')) {
        return callback(createError('URL_FETCH_FAILED', [url.toString(), `${hostname} does not resolve`], { permanent: true }), '', 0);
      }
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      for (const a of list) {
        const reason = refusalReason(host, a.address, opts);
        if (reason) return callback(createError('URL_BLOCKED', [url.toString(), reason]), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  // Sockets skip the lookup for IP literals, so those are checked here.
  if (net.isIP(host)) {
    const reason = refusalReason(host, host, opts);
    if (reason) return Promise.reject(createError('URL_BLOCKED', [url.toString(), reason]));
  }
  return new Promise<RawResponse>((resolve, reject) => {
    const fail = (err: unknown) => {
      if (isAppError(err)) return reject(err);
      const cause = (err as { cause?: unknown }).cause;
      if (isAppError(cause)) return reject(cause);
      reject(createError('URL_FETCH_FAILED', [url.toString(), errorMessage(err)], { permanent: false, cause: err }));
    };
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: guardedLookup,
        headers: {
          'user-agent': 'Mnemo/0.1 (+self-hosted memory service)',
          accept: 'text/html,application/xhtml+xml,text/plain,text/markdown;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
          ...extraHeaders,
        },
        timeout: opts.timeoutMs,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        const etag = typeof res.headers.etag === 'string' ? res.headers.etag : null;
        const lastModified = typeof res.headers['last-modified'] === 'string' ? res.headers['last-modified'] : null;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location, contentType: '', body: Buffer.alloc(0), etag, lastModified });
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > opts.maxBytes) {
          res.destroy();
          return reject(createError('URL_FETCH_FAILED', [url.toString(), `body of ${declared} bytes exceeds the ${opts.maxBytes}-byte limit`]));
        }
        const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
        const stream = encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : encoding === 'deflate' ? res.pipe(zlib.createInflate()) : encoding === 'br' ? res.pipe(zlib.createBrotliDecompress()) : res;
        const parts: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            req.destroy();
            reject(createError('URL_FETCH_FAILED', [url.toString(), `body exceeds the ${opts.maxBytes}-byte limit`]));
            return;
          }
          parts.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => resolve({ status, location, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(parts), etag, lastModified }));
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`)));
    req.on('error', fail);
    req.end();
  });
}
