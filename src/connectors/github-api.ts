import type { ConnectorContext } from './types.js';
import { ProviderClient, type FailureKind } from './provider-client.js';

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
 * Server's /api/v3), through the connectors' provider client. Bad credentials → CONNECTOR_AUTH_FAILED; rate limits
 * (429, or 403 with the limit exhausted) → a transient CONNECTOR_FAILED carrying the wait (Retry-After or
 * x-ratelimit-reset) that the sync's retries honour; a 403 otherwise is a refused token; other 4xx are permanent.
 */
export class GitHubApi {
  private readonly http: ProviderClient;

  constructor(baseUrl: string, token: string, ctx: Pick<ConnectorContext, 'urlFetch' | 'signal'>) {
    this.http = new ProviderClient(
      {
        provider: 'github',
        baseUrl,
        token,
        headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
        messageOf: (b) => {
          const m = (b as { message?: unknown } | null)?.message;
          return typeof m === 'string' ? m : null;
        },
        classify: githubFailure,
        waitOf: (headers) => {
          const reset = Number(headers.get('x-ratelimit-reset'));
          return Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - Date.now()) : undefined;
        },
      },
      ctx,
    );
  }

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

  private async get(route: string): Promise<{ json: unknown; link: string | null }> {
    const res = await this.http.request('GET', route);
    return { json: await res.json(), link: res.headers.get('link') };
  }
}

function githubFailure(status: number, message: string, headers: Headers): FailureKind | null {
  const limited = status === 429 || (status === 403 && (headers.get('x-ratelimit-remaining') === '0' || /rate limit/i.test(message)));
  if (limited) return 'transient';
  return status === 403 ? 'auth' : null;
}

/** owner/name path segments, each encoded. */
function encodePath(fullName: string): string {
  return fullName.split('/').map(encodeURIComponent).join('/');
}
