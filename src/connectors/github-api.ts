import { createError, errorMessage } from '../core/errors.js';

/** Longest wait on a rate limit before the request counts as failed (the sync engine retries later). */
const MAX_RATE_WAIT_MS = 60_000;

export interface GitHubRepo {
  id: number;
  full_name: string;
  name: string;
  private: boolean;
  default_branch: string;
  html_url: string;
  description: string | null;
}

export interface GitHubTreeEntry {
  path: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  size?: number;
}

/**
 * The few GitHub REST calls the connector makes, against GITHUB_API_URL (api.github.com or a GitHub Enterprise
 * Server's /api/v3). Bad credentials → CONNECTOR_AUTH_FAILED; rate limits → a short wait (Retry-After or
 * x-ratelimit-reset, at most a minute) then a transient CONNECTOR_FAILED; other 4xx are permanent for the call.
 */
export class GitHubApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {}

  async repo(fullName: string): Promise<GitHubRepo> {
    return (await this.get(`/repos/${encodePath(fullName)}`)).json as GitHubRepo;
  }

  /** The repositories the token can read, one page (GitHub's own paging: page, per_page ≤ 100). */
  async userRepos(page: number, perPage: number): Promise<{ repos: GitHubRepo[]; hasNext: boolean }> {
    const res = await this.get(`/user/repos?per_page=${perPage}&page=${page}&sort=full_name`);
    return { repos: res.json as GitHubRepo[], hasNext: /rel="next"/.test(res.link ?? '') };
  }

  /** Every entry of a branch's tree (recursive); `truncated` when GitHub cut the listing (over 100k entries). */
  async tree(fullName: string, branch: string): Promise<{ entries: GitHubTreeEntry[]; truncated: boolean }> {
    const res = (await this.get(`/repos/${encodePath(fullName)}/git/trees/${encodeURIComponent(branch)}?recursive=1`)).json as {
      tree: GitHubTreeEntry[];
      truncated: boolean;
    };
    return { entries: res.tree ?? [], truncated: Boolean(res.truncated) };
  }

  /** A blob's bytes by SHA. */
  async blob(fullName: string, sha: string): Promise<Buffer> {
    const res = (await this.get(`/repos/${encodePath(fullName)}/git/blobs/${encodeURIComponent(sha)}`)).json as { content: string; encoding: string };
    if (res.encoding !== 'base64') return Buffer.from(res.content ?? '', 'utf8');
    return Buffer.from(res.content ?? '', 'base64');
  }

  private async get(route: string, attempt = 1): Promise<{ json: unknown; link: string | null }> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${route}`, {
        headers: {
          authorization: `Bearer ${this.token}`,
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          'user-agent': 'mnemo-connector',
        },
        signal: this.signal ? AbortSignal.any([this.signal, AbortSignal.timeout(this.timeoutMs)]) : AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw createError('CONNECTOR_FAILED', ['github', `GET ${route}: ${errorMessage(err)}`], { permanent: false });
    }
    if (res.ok) return { json: await res.json(), link: res.headers.get('link') };
    const text = await res.text().catch(() => '');
    const message = messageOf(text) ?? `HTTP ${res.status}`;
    if (res.status === 401) throw createError('CONNECTOR_AUTH_FAILED', ['github', message]);
    const limited = res.status === 429 || (res.status === 403 && (res.headers.get('x-ratelimit-remaining') === '0' || /rate limit/i.test(message)));
    if (limited) {
      const wait = rateWaitMs(res.headers);
      if (attempt === 1 && wait <= MAX_RATE_WAIT_MS) {
        await sleep(wait, this.signal);
        return this.get(route, attempt + 1);
      }
      throw createError('CONNECTOR_FAILED', ['github', `rate limited on GET ${route}: ${message}`], { permanent: false });
    }
    if (res.status === 403) throw createError('CONNECTOR_AUTH_FAILED', ['github', `GET ${route}: ${message}`]);
    throw createError('CONNECTOR_FAILED', ['github', `GET ${route}: ${message}`], { permanent: res.status < 500 });
  }
}

/** owner/name path segments, each encoded. */
function encodePath(fullName: string): string {
  return fullName.split('/').map(encodeURIComponent).join('/');
}

function messageOf(body: string): string | null {
  try {
    const m = (JSON.parse(body) as { message?: unknown }).message;
    return typeof m === 'string' ? m : null;
  } catch {
    return body.trim().slice(0, 200) || null;
  }
}

function rateWaitMs(headers: Headers): number {
  const retryAfter = Number(headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter * 1000;
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - Date.now());
  return 1000;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      },
      { once: true },
    );
  });
}
