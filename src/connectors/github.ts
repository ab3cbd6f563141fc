import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import picomatch from 'picomatch';
import type { ProviderEndpoints } from '../core/config.js';
import { createError } from '../core/errors.js';
import { GitHubApi, type GitHubTreeEntry } from './github-api.js';
import { statusOf } from './provider-client.js';
import type { ChangeItem, ChangeList, ConnectionSettings, Connector, ConnectorConnection, ConnectorContext, ItemContent, WebhookDelivery, WebhookOutcome } from './types.js';

/** Files imported when no `include` is given: documentation. */
export const DEFAULT_INCLUDE = ['**/*.md', '**/*.mdx', '**/*.markdown', '**/*.rst', '**/*.txt', '**/*.adoc', 'docs/**'];
/** Largest file imported; bigger ones are recorded as failed items with the reason. */
export const GITHUB_FILE_MAX_BYTES = 1024 * 1024;
/** Read as text; anything else matching the patterns goes to the content extractors as a file (PDF, DOCX...). */
const TEXT_EXT =
  /\.(md|mdx|markdown|rst|txt|adoc|asciidoc|org|html?|json|ya?ml|toml|csv|tsv|xml|ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|kt|rb|php|cs|c|h|cc|cpp|hpp|swift|scala|sh|bash|sql|ini|cfg|conf|env|gitignore|dockerfile)$/i;
const REPO_NAME = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

interface RepoState {
  branch: string;
  htmlUrl: string;
}

interface GitHubState {
  /** The selection saved by POST /v3/connections/{id}/configure (repositories from GET .../resources). */
  resources?: Record<string, unknown>[];
  /** Per repository: the default branch and web address seen at the last sync. */
  repos?: Record<string, RepoState>;
}

function list(settings: ConnectionSettings, key: string): string[] {
  const v = settings[key];
  if (v === undefined || v === '') return [];
  if (typeof v !== 'string') throw createError('CONNECTOR_CONFIG_INVALID', ['github', `metadata.${key} must be a comma-separated string`]);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The repository a selected resource names (GET .../resources lists them with full_name), or '' for none. */
const repoOf = (r: Record<string, unknown>) => (typeof r.full_name === 'string' ? r.full_name : typeof r.name === 'string' && r.name.includes('/') ? r.name : '');

/** The repositories a connection syncs: the saved selection when there is one, else `metadata.repositories`. */
export function selectedRepos(conn: Pick<ConnectorConnection, 'metadata' | 'state'>): string[] {
  const resources = (conn.state as GitHubState | null)?.resources;
  if (resources && resources.length > 0) {
    return [...new Set(resources.map(repoOf).filter((n) => REPO_NAME.test(n)))];
  }
  return list(conn.metadata, 'repositories');
}

function matcher(conn: ConnectorConnection): (p: string) => boolean {
  const include = list(conn.metadata, 'include');
  const exclude = list(conn.metadata, 'exclude');
  const inc = picomatch(include.length > 0 ? include : DEFAULT_INCLUDE, { dot: false });
  const exc = exclude.length > 0 ? picomatch(exclude, { dot: true }) : () => false;
  return (p) => inc(p) && !exc(p);
}

function tokenOf(conn: ConnectorConnection): string {
  const token = conn.credentials?.token ?? conn.credentials?.accessToken;
  if (!token) throw createError('CONNECTOR_AUTH_FAILED', ['github', 'the connection has no token']);
  return token;
}

const externalId = (repo: string, file: string) => `${repo}:${file}`;

function splitExternalId(id: string): { repo: string; file: string } {
  const i = id.indexOf(':');
  return { repo: id.slice(0, i), file: id.slice(i + 1) };
}

function verifySignature(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * github: the documentation of chosen repositories (markdown, reStructuredText, text and docs/** by default; any
 * files by `include` globs, minus `exclude`) from each repository's default branch. Connect with a personal access
 * token (`metadata.token`, sealed); the repositories come from `metadata.repositories` ("owner/name, ...") or from
 * the selection saved through configure (GET .../resources lists what the token can read). A file's blob SHA is its
 * version, so a sync reads only changed files; files gone from the branch (or repositories no longer selected) are
 * deleted. Pushes arrive at POST /v3/connections/github/webhook, signed with GITHUB_WEBHOOK_SECRET or the
 * connection's own `webhookSecret`.
 */
export function createGitHubConnector(endpoints: ProviderEndpoints['github']): Connector {
  const api = (conn: ConnectorConnection, ctx: ConnectorContext) => new GitHubApi(endpoints.apiUrl, tokenOf(conn), ctx);

  const oauth =
    endpoints.clientId && endpoints.clientSecret
      ? {
          provider: 'github',
          authorizeUrl: `${endpoints.oauthUrl}/login/oauth/authorize`,
          tokenUrl: `${endpoints.oauthUrl}/login/oauth/access_token`,
          clientId: endpoints.clientId,
          clientSecret: endpoints.clientSecret,
          scopes: ['repo'],
        }
      : undefined;
  return {
    provider: 'github',
    credentialFields: ['token', 'webhookSecret'],
    ...(oauth ? { oauth } : {}),

    validateConfig(settings) {
      if (settings.token !== undefined && (typeof settings.token !== 'string' || settings.token.trim() === '')) {
        throw createError('CONNECTOR_CONFIG_INVALID', ['github', 'metadata.token must be a non-empty string']);
      }
      if (settings.token === undefined && !oauth) {
        throw createError('CONNECTOR_CONFIG_INVALID', [
          'github',
          'metadata.token is required (a personal access token with read access to the repositories), or OAuth with GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET set on the server',
        ]);
      }
      for (const repo of list(settings, 'repositories')) {
        if (!REPO_NAME.test(repo)) throw createError('CONNECTOR_CONFIG_INVALID', ['github', `metadata.repositories: "${repo}" is not owner/name`]);
      }
      for (const key of ['include', 'exclude']) {
        for (const glob of list(settings, key)) {
          if (glob.length > 200) throw createError('CONNECTOR_CONFIG_INVALID', ['github', `metadata.${key}: a pattern is over 200 characters`]);
        }
      }
      if (settings.webhookSecret !== undefined && (typeof settings.webhookSecret !== 'string' || settings.webhookSecret.length < 16)) {
        throw createError('CONNECTOR_CONFIG_INVALID', ['github', 'metadata.webhookSecret must be a string of at least 16 characters']);
      }
    },

    /**
     * A selected repository GitHub no longer shows (404: deleted, renamed away, access withdrawn) does not stop the
     * others: its files are listed as failed items (their documents kept, the run counting them as failed) until
     * it comes back or leaves the selection.
     */
    async listChanges(conn, known, ctx): Promise<ChangeList> {
      const gh = api(conn, ctx);
      const state = (conn.state as GitHubState | null) ?? {};
      const wanted = matcher(conn);
      const items: ChangeItem[] = [];
      const repos: Record<string, RepoState> = {};
      let complete = true;
      for (const name of selectedRepos(conn)) {
        let entries: GitHubTreeEntry[];
        try {
          const repo = await gh.repo(name);
          repos[name] = { branch: repo.default_branch, htmlUrl: repo.html_url };
          const tree = await gh.tree(name, repo.default_branch);
          entries = tree.entries;
          // A cut listing cannot tell deleted files from unlisted ones: nothing is deleted after it.
          if (tree.truncated) complete = false;
        } catch (err) {
          if (statusOf(err) !== 404) throw err;
          const why = `repository ${name} is not found on GitHub (deleted, renamed or no longer shared with the token)`;
          ctx.logger.warn('github repository not found; its documents are kept', { connectionId: conn.id, repository: name });
          items.push({ externalId: `${name}:`, version: null, error: why });
          for (const [id, version] of known) if (splitExternalId(id).repo === name) items.push({ externalId: id, version, error: why });
          continue;
        }
        for (const e of entries) items.push(...itemOf(name, e, wanted));
      }
      return { items, state: { ...(state.resources ? { resources: state.resources } : {}), repos } satisfies GitHubState, complete };
    },

    async fetchItem(conn, item, ctx): Promise<ItemContent> {
      const { repo, file } = splitExternalId(item.externalId);
      const bytes = await api(conn, ctx).blob(repo, item.version!);
      const info = (conn.state as GitHubState | null)?.repos?.[repo];
      const url = info ? `${info.htmlUrl}/blob/${encodeURIComponent(info.branch)}/${file.split('/').map(encodeURIComponent).join('/')}` : null;
      const filepath = `/${repo}/${file}`;
      if (TEXT_EXT.test(file) || path.posix.basename(file).toLowerCase() === 'dockerfile') {
        return { text: bytes.toString('utf8'), mimeType: 'text/plain', title: null, url, filepath };
      }
      return { text: '', file: { bytes, filename: path.posix.basename(file), mimeType: null }, mimeType: 'application/octet-stream', title: null, url, filepath };
    },

    /** Repository objects as GET .../resources lists them (other fields they carry are kept, unread). */
    configureResources(_conn, resources) {
      resources.forEach((r, i) => {
        if (!REPO_NAME.test(repoOf(r))) throw createError('CONNECTOR_CONFIG_INVALID', ['github', `resources[${i}] names no repository: give full_name "owner/name" (as GET /v3/connections/{id}/resources lists them)`]);
      });
      return [...resources];
    },

    async describeResources(conn, query, ctx) {
      const { repos, hasNext } = await api(conn, ctx).userRepos(query.page, Math.min(100, Math.max(1, query.perPage)));
      const resources = repos.map((r) => ({
        id: r.id,
        name: r.full_name,
        full_name: r.full_name,
        private: r.private,
        default_branch: r.default_branch,
        html_url: r.html_url,
        description: r.description,
      }));
      return { resources, ...(hasNext ? {} : { total_count: (query.page - 1) * query.perPage + resources.length }) };
    },

    handleWebhook(delivery: WebhookDelivery, candidates: readonly ConnectorConnection[]): WebhookOutcome {
      const event = delivery.headers['x-github-event'];
      const signature = delivery.headers['x-hub-signature-256'];
      const signedFor = (c: ConnectorConnection) => {
        const secrets = [c.credentials?.webhookSecret, endpoints.webhookSecret].filter((s): s is string => Boolean(s));
        return secrets.some((s) => verifySignature(s, delivery.rawBody, signature));
      };
      let payload: { ref?: string; repository?: { full_name?: string; default_branch?: string } };
      try {
        payload = JSON.parse(readPayload(delivery)) as typeof payload;
      } catch {
        payload = {};
      }
      const repo = payload.repository?.full_name ?? '';
      // Deliveries for a repository reach the connections that sync it; a ping may come before any selection.
      const concerned = candidates.filter((c) => (repo ? selectedRepos(c).includes(repo) : true));
      const authentic = concerned.filter(signedFor);
      const deploymentSigned = endpoints.webhookSecret !== null && verifySignature(endpoints.webhookSecret, delivery.rawBody, signature);
      if (authentic.length === 0 && !deploymentSigned) {
        throw createError('WEBHOOK_SIGNATURE_INVALID', ['github', signature ? 'X-Hub-Signature-256 does not match' : 'X-Hub-Signature-256 is missing']);
      }
      if (event === 'ping') return { status: 200, body: { ok: true, event: 'ping' }, sync: [] };
      if (event !== 'push') return { status: 202, body: { ignored: event ?? 'unknown event' }, sync: [] };
      const branch = payload.repository?.default_branch;
      if (!branch || payload.ref !== `refs/heads/${branch}`) return { status: 202, body: { ignored: `push to ${payload.ref ?? 'unknown ref'}` }, sync: [] };
      const sync = authentic.map((c) => c.id);
      return { status: 202, body: { repository: repo, syncing: sync.length }, sync };
    },
  };
}

/** GitHub sends JSON, or a form with a `payload` field when the hook is set to application/x-www-form-urlencoded. */
function readPayload(delivery: WebhookDelivery): string {
  const type = (delivery.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const text = delivery.rawBody.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') return new URLSearchParams(text).get('payload') ?? '';
  return text;
}

function itemOf(repo: string, e: GitHubTreeEntry, wanted: (p: string) => boolean): ChangeItem[] {
  if (e.type !== 'blob' || !wanted(e.path)) return [];
  const id = externalId(repo, e.path);
  if ((e.size ?? 0) > GITHUB_FILE_MAX_BYTES) return [{ externalId: id, version: e.sha, error: `${e.path} is ${e.size} bytes, over the ${GITHUB_FILE_MAX_BYTES}-byte limit` }];
  return [{ externalId: id, version: e.sha }];
}
