import type { ProviderEndpoints } from '../core/config.js';
import { createError, errorMessage } from '../core/errors.js';
import type { ChangeList, Connector, ConnectorConnection, ConnectorContext, ItemContent } from './types.js';
import { blocksToMarkdown, richText, type NotionBlock, type NotionRichText } from './notion-markdown.js';

const NOTION_VERSION = '2022-06-28';
/** Blocks read per page at most (nested ones included): a bigger page is cut with a note. */
const MAX_BLOCKS = 5_000;
/** Nesting followed at most. */
const MAX_DEPTH = 8;

interface NotionPage {
  object: 'page';
  id: string;
  url: string;
  last_edited_time: string;
  archived?: boolean;
  in_trash?: boolean;
  parent?: { type: string; database_id?: string };
  properties?: Record<string, NotionProperty>;
}

type NotionProperty = { type: string } & Record<string, unknown>;

/** A property's value as text (title, text, select, multi-select, number, date, checkbox, url, email, people...). */
function propertyText(p: NotionProperty): string {
  const v = p[p.type];
  switch (p.type) {
    case 'title':
    case 'rich_text':
      return richText(v as NotionRichText[]);
    case 'select':
    case 'status':
      return (v as { name?: string } | null)?.name ?? '';
    case 'multi_select':
      return ((v as { name: string }[] | null) ?? []).map((o) => o.name).join(', ');
    case 'date': {
      const d = v as { start?: string; end?: string | null } | null;
      return d?.start ? (d.end ? `${d.start} → ${d.end}` : d.start) : '';
    }
    case 'checkbox':
      return v ? 'yes' : 'no';
    case 'number':
    case 'url':
    case 'email':
    case 'phone_number':
      return v === null || v === undefined ? '' : String(v);
    case 'people':
      return ((v as { name?: string }[] | null) ?? []).map((u) => u.name ?? '').filter(Boolean).join(', ');
    default:
      return '';
  }
}

function titleOf(page: NotionPage): string {
  const title = Object.values(page.properties ?? {}).find((p) => p.type === 'title');
  return (title ? propertyText(title) : '').trim() || 'Untitled';
}

function tokenOf(conn: ConnectorConnection): string {
  const token = conn.credentials?.token ?? conn.credentials?.accessToken;
  if (!token) throw createError('CONNECTOR_AUTH_FAILED', ['notion', 'the connection has no token']);
  return token;
}

/** Notion's REST API at NOTION_API_URL: bearer token, Notion-Version; 401 → auth failure, 429/5xx → transient. */
class NotionApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly ctx: ConnectorContext,
  ) {}

  async call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
    let res: Response;
    const timeout = AbortSignal.timeout(this.ctx.urlFetch.timeoutMs);
    try {
      res = await fetch(`${this.baseUrl}${route}`, {
        method,
        headers: { authorization: `Bearer ${this.token}`, 'notion-version': NOTION_VERSION, 'content-type': 'application/json', 'user-agent': 'mnemo-connector' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: this.ctx.signal ? AbortSignal.any([this.ctx.signal, timeout]) : timeout,
      });
    } catch (err) {
      throw createError('CONNECTOR_FAILED', ['notion', `${method} ${route}: ${errorMessage(err)}`], { permanent: false });
    }
    if (res.ok) return (await res.json()) as T;
    const text = await res.text().catch(() => '');
    let message = `HTTP ${res.status}`;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // not JSON
    }
    if (res.status === 401) throw createError('CONNECTOR_AUTH_FAILED', ['notion', message]);
    throw createError('CONNECTOR_FAILED', ['notion', `${method} ${route}: ${message}`], { permanent: res.status !== 429 && res.status < 500 });
  }

  /** Every page the integration can read (POST /search, paged). */
  async pages(): Promise<NotionPage[]> {
    const out: NotionPage[] = [];
    let cursor: string | null = null;
    do {
      const page: { results: NotionPage[]; has_more: boolean; next_cursor: string | null } = await this.call('POST', '/search', {
        filter: { property: 'object', value: 'page' },
        page_size: 100,
        ...(cursor ? { start_cursor: cursor } : {}),
      });
      out.push(...page.results.filter((p) => p.object === 'page'));
      cursor = page.has_more ? page.next_cursor : null;
    } while (cursor);
    return out;
  }

  /** A block's children, recursively (tables' rows, toggles, nested lists), within the block and depth caps. */
  async children(id: string, budget: { left: number }, depth = 0): Promise<NotionBlock[]> {
    const out: NotionBlock[] = [];
    let cursor: string | null = null;
    do {
      const page: { results: NotionBlock[]; has_more: boolean; next_cursor: string | null } = await this.call(
        'GET',
        `/blocks/${encodeURIComponent(id)}/children?page_size=100${cursor ? `&start_cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      for (const block of page.results) {
        if (budget.left-- <= 0) return out;
        // Child pages are documents of their own: their blocks are not inlined.
        if (block.has_children && depth < MAX_DEPTH && block.type !== 'child_page' && block.type !== 'child_database') {
          block.children = await this.children(block.id, budget, depth + 1);
        }
        out.push(block);
      }
      cursor = page.has_more ? page.next_cursor : null;
    } while (cursor);
    return out;
  }
}

/**
 * notion: the pages (database rows included) an integration was shared with, each rendered to markdown with its
 * title as heading and, for database rows, its properties as `name: value` lines first. Connect with an internal
 * integration token (`metadata.token`, sealed). `last_edited_time` is the version, so unchanged pages are not read
 * again; pages no longer shared, archived or in the trash lose their documents. NOTION_API_URL sets the API base.
 */
export function createNotionConnector(endpoints: ProviderEndpoints['notion']): Connector {
  const api = (conn: ConnectorConnection, ctx: ConnectorContext) => new NotionApi(endpoints.apiUrl, tokenOf(conn), ctx);
  const oauth =
    endpoints.clientId && endpoints.clientSecret
      ? {
          provider: 'notion',
          authorizeUrl: `${endpoints.apiUrl}/oauth/authorize`,
          tokenUrl: `${endpoints.apiUrl}/oauth/token`,
          clientId: endpoints.clientId,
          clientSecret: endpoints.clientSecret,
          scopes: [],
          authorizeParams: { owner: 'user' },
          tokenAuth: 'basic' as const,
          revokeUrl: `${endpoints.apiUrl}/oauth/revoke`,
          revokeHeaders: { 'notion-version': NOTION_VERSION },
        }
      : undefined;
  return {
    provider: 'notion',
    credentialFields: ['token'],
    ...(oauth ? { oauth } : {}),

    validateConfig(settings) {
      if (settings.token !== undefined && (typeof settings.token !== 'string' || settings.token.trim() === '')) {
        throw createError('CONNECTOR_CONFIG_INVALID', ['notion', 'metadata.token must be a non-empty string']);
      }
      if (settings.token === undefined && !oauth) {
        throw createError('CONNECTOR_CONFIG_INVALID', [
          'notion',
          'metadata.token is required (an internal integration token; share the pages with the integration), or OAuth with NOTION_CLIENT_ID and NOTION_CLIENT_SECRET set on the server',
        ]);
      }
    },

    async listChanges(conn, _known, ctx): Promise<ChangeList> {
      const pages = (await api(conn, ctx).pages()).filter((p) => !p.archived && !p.in_trash);
      return { items: pages.map((p) => ({ externalId: p.id, version: p.last_edited_time })), state: null, complete: true };
    },

    async fetchItem(conn, item, ctx): Promise<ItemContent> {
      const notion = api(conn, ctx);
      const page = await notion.call<NotionPage>('GET', `/pages/${encodeURIComponent(item.externalId)}`);
      const budget = { left: MAX_BLOCKS };
      const blocks = await notion.children(page.id, budget);
      const title = titleOf(page);
      const props =
        page.parent?.type === 'database_id'
          ? Object.entries(page.properties ?? {})
              .filter(([, p]) => p.type !== 'title')
              .map(([name, p]) => [name, propertyText(p)] as const)
              .filter(([, v]) => v !== '')
              .map(([name, v]) => `${name}: ${v}`)
          : [];
      const parts = [`# ${title}`, ...(props.length > 0 ? [props.join('\n')] : []), blocksToMarkdown(blocks)];
      if (budget.left < 0) parts.push(`_(cut at ${MAX_BLOCKS} blocks)_`);
      return { text: parts.filter((p) => p.trim() !== '').join('\n\n'), mimeType: 'text/markdown', title, url: page.url, filepath: null };
    },
  };
}
