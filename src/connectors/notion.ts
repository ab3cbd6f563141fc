import { createHash } from 'node:crypto';
import type { ProviderEndpoints } from '../core/config.js';
import { createError } from '../core/errors.js';
import { ProviderClient } from './provider-client.js';
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
  parent?: { type: string; database_id?: string; page_id?: string };
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
      return ((v as { name?: string }[] | null) ?? [])
        .map((u) => u.name ?? '')
        .filter(Boolean)
        .join(', ');
    default:
      return '';
  }
}

function titleOf(page: NotionPage): string {
  const title = Object.values(page.properties ?? {}).find((p) => p.type === 'title');
  return (title ? propertyText(title) : '').trim() || 'Untitled';
}

/** What a notion connection keeps between syncs. */
interface NotionState {
  /** Pages chosen through configure (with their sub-pages); none = every page shared with the integration. */
  resources?: Record<string, unknown>[];
  /** When the last listing started: edits in its minute or later may hide behind an unchanged edit time. */
  listedAt?: string;
}

/** Notion rounds last_edited_time to the minute; a clock skew of this much between Notion and here is tolerated. */
const SKEW_MS = 60_000;
const NOTION_ID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const RESOURCE_FIELDS = ['id', 'title', 'name', 'url', 'object', 'kind'];
const bareId = (id: string) => id.replace(/-/g, '').toLowerCase();

/** A page's version: its (minute-rounded) edit time and a hash of what it renders to. */
const pageVersion = (lastEdited: string, text: string) => `${lastEdited}#${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;

/** The listed pages inside the selection: chosen pages, pages below them, and rows of chosen databases. */
function selectedPages(pages: readonly NotionPage[], resources: readonly Record<string, unknown>[] | undefined): NotionPage[] {
  const chosen = new Set((resources ?? []).map((r) => (typeof r.id === 'string' ? bareId(r.id) : '')).filter(Boolean));
  if (chosen.size === 0) return [...pages];
  const byId = new Map(pages.map((p) => [bareId(p.id), p]));
  const inside = (p: NotionPage, depth = 0): boolean => {
    if (chosen.has(bareId(p.id))) return true;
    const parent = p.parent?.page_id ?? p.parent?.database_id;
    if (!parent || depth > 50) return false;
    if (chosen.has(bareId(parent))) return true;
    const up = byId.get(bareId(parent));
    return up !== undefined && inside(up, depth + 1);
  };
  return pages.filter((p) => inside(p));
}

function tokenOf(conn: ConnectorConnection): string {
  const token = conn.credentials?.token ?? conn.credentials?.accessToken;
  if (!token) throw createError('CONNECTOR_AUTH_FAILED', ['notion', 'the connection has no token']);
  return token;
}

/** Notion's REST API at NOTION_API_URL (Notion-Version pinned) through the connectors' provider client. */
class NotionApi {
  private readonly http: ProviderClient;

  constructor(baseUrl: string, token: string, ctx: ConnectorContext) {
    this.http = new ProviderClient({ provider: 'notion', baseUrl, token, headers: { 'notion-version': NOTION_VERSION }, messageOf: (b) => (b as { message?: string } | null)?.message }, ctx);
  }

  call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
    return this.http.json<T>(method, route, body);
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
 * integration token (`metadata.token`, sealed) or OAuth. configure narrows the sync to chosen pages (with their
 * sub-pages) or databases. A page's version is its edit time with a hash of its rendering, so unchanged pages are
 * not read again and a second edit within the same minute is still seen; pages no longer shared, archived or in
 * the trash lose their documents. NOTION_API_URL sets the API base.
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

    /**
     * Pages whose edit time is older than the minute before the last listing are unchanged when their stored
     * version has that time. Any other page is read again, and the hash of its rendering decides (so a second edit
     * in the same minute as the last sync is seen, though Notion reports the same edit time).
     */
    async listChanges(conn, known, ctx): Promise<ChangeList> {
      const state = (conn.state as NotionState | null) ?? {};
      const listedAt = new Date().toISOString();
      const settledBefore = state.listedAt ? Math.floor(Date.parse(state.listedAt) / 60_000) * 60_000 - SKEW_MS : -Infinity;
      const pages = selectedPages(
        (await api(conn, ctx).pages()).filter((p) => !p.archived && !p.in_trash),
        state.resources,
      );
      const items = pages.map((p) => {
        const stored = known.get(p.id);
        const settled = Date.parse(p.last_edited_time) < settledBefore;
        return { externalId: p.id, version: settled && stored?.startsWith(`${p.last_edited_time}#`) ? stored : null };
      });
      return { items, state: { ...(state.resources ? { resources: state.resources } : {}), listedAt } satisfies NotionState, complete: true };
    },

    configureResources(_conn, resources) {
      return resources.map((r, i) => {
        const unknown = Object.keys(r).find((k) => !RESOURCE_FIELDS.includes(k));
        if (unknown !== undefined) throw createError('CONNECTOR_CONFIG_INVALID', ['notion', `resources[${i}].${unknown} means nothing for Notion (a resource is a page or database: {id, title?})`]);
        if (typeof r.id !== 'string' || !NOTION_ID.test(r.id)) throw createError('CONNECTOR_CONFIG_INVALID', ['notion', `resources[${i}].id must be a Notion page or database id`]);
        return { id: r.id, ...(typeof r.title === 'string' ? { title: r.title } : {}) };
      });
    },

    async describeResources(conn, query, ctx) {
      const pages = (await api(conn, ctx).pages()).filter((p) => !p.archived && !p.in_trash);
      const slice = pages.slice((query.page - 1) * query.perPage, query.page * query.perPage);
      return { resources: slice.map((p) => ({ id: p.id, title: titleOf(p), url: p.url, kind: 'page' })), total_count: pages.length };
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
      const text = parts.filter((p) => p.trim() !== '').join('\n\n');
      return { text, mimeType: 'text/markdown', title, url: page.url, filepath: null, version: pageVersion(page.last_edited_time, text) };
    },
  };
}
