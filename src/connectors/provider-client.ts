import { createError, errorMessage, isAppError } from '../core/errors.js';
import { retryAfterMs } from '../core/retry.js';
import type { ConnectorContext } from './types.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** How a provider's failed answer counts, when its own rule decides (GitHub's 403 rate limits, Google's quota 403s). */
export type FailureKind = 'auth' | 'transient' | 'permanent';

export interface ProviderClientOptions {
  /** Provider name in error messages (CONNECTOR_FAILED "github: ..."). */
  provider: string;
  /** API base URL; routes are appended to it, and absolute URLs (paging links) must start with it. */
  baseUrl: string;
  token: string;
  /** Headers of every request (Notion-Version, GitHub's Accept). */
  headers?: Readonly<Record<string, string>>;
  /** The provider's error text from a failed answer's body (parsed JSON, or null), when it has one. */
  messageOf?(body: unknown): string | null | undefined;
  /** Overrides the default classification (401 auth, 429/5xx transient, other 4xx permanent) for some answers. */
  classify?(status: number, message: string, headers: Headers): FailureKind | null;
  /** Extra wait a rate-limited answer asks for beyond Retry-After (GitHub's x-ratelimit-reset). */
  waitOf?(headers: Headers): number | undefined;
}

/** The HTTP status a CONNECTOR_FAILED error carries, if it came from an answer. */
export function statusOf(err: unknown): number | undefined {
  return isAppError(err) ? (err.details as { status?: number } | undefined)?.status : undefined;
}

/** The wait (ms) a transient provider failure asked for (Retry-After), if any: the sync's retries honour it. */
export function retryAfterOf(err: unknown): number | undefined {
  return isAppError(err) ? (err.details as { retryAfterMs?: number } | undefined)?.retryAfterMs : undefined;
}

/**
 * The one HTTP client of the connectors: a bearer token, the deployment's timeout and the sync's cancellation on
 * every request, and one mapping of failures: network errors, 429 and 5xx are transient CONNECTOR_FAILED (carrying
 * the Retry-After wait for the retry helper), 401 is CONNECTOR_AUTH_FAILED (the connection needs re-authorisation),
 * other 4xx are permanent for the call. Each provider adds only its headers, error text and special cases.
 */
export class ProviderClient {
  constructor(
    private readonly opts: ProviderClientOptions,
    private readonly ctx: Pick<ConnectorContext, 'urlFetch' | 'signal'>,
  ) {}

  /** A successful response (its body unread); failures throw as described above. */
  async request(method: HttpMethod, pathOrUrl: string, body?: unknown): Promise<Response> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.opts.baseUrl}${pathOrUrl}`;
    // Paging links are absolute: the token goes only to the provider's own API.
    if (!url.startsWith(this.opts.baseUrl)) throw this.failure(`a paging link left the API host: ${new URL(url).host}`, true);
    const route = `${method} ${new URL(url).pathname}`;
    const timeout = AbortSignal.timeout(this.ctx.urlFetch.timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.opts.token}`,
          accept: 'application/json',
          'user-agent': 'mnemo-connector',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...this.opts.headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: this.ctx.signal ? AbortSignal.any([this.ctx.signal, timeout]) : timeout,
      });
    } catch (err) {
      throw this.failure(`${route}: ${timeout.aborted ? `no answer within ${this.ctx.urlFetch.timeoutMs} ms` : errorMessage(err)}`, false);
    }
    if (res.ok) return res;
    const text = await res.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    const message = this.opts.messageOf?.(parsed) || text.trim().slice(0, 200) || `HTTP ${res.status}`;
    const kind = this.opts.classify?.(res.status, message, res.headers) ?? (res.status === 401 ? 'auth' : res.status === 429 || res.status >= 500 ? 'transient' : 'permanent');
    if (kind === 'auth') throw createError('CONNECTOR_AUTH_FAILED', [this.opts.provider, res.status === 401 ? message : `${route}: ${message}`]);
    const wait = kind === 'transient' ? (retryAfterMs(res.headers) ?? this.opts.waitOf?.(res.headers)) : undefined;
    throw this.failure(`${route}: ${message}`, kind === 'permanent', { status: res.status, ...(wait !== undefined ? { retryAfterMs: wait } : {}) });
  }

  async json<T>(method: HttpMethod, pathOrUrl: string, body?: unknown): Promise<T> {
    return (await (await this.request(method, pathOrUrl, body)).json()) as T;
  }

  /** A response's bytes, refused above `maxBytes` (declared or read) as a permanent failure naming `what`. */
  async bytes(method: HttpMethod, pathOrUrl: string, maxBytes: number, what: string): Promise<Uint8Array> {
    const res = await this.request(method, pathOrUrl);
    const tooBig = () => this.failure(`${what} is over ${maxBytes} bytes`, true);
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body?.cancel();
      throw tooBig();
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of (res.body ?? []) as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > maxBytes) throw tooBig();
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  private failure(detail: string, permanent: boolean, details?: Record<string, unknown>) {
    return createError('CONNECTOR_FAILED', [this.opts.provider, detail], { permanent, ...(details ? { details } : {}) });
  }
}
