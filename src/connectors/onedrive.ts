import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ProviderEndpoints } from '../core/config.js';
import { createError, errorMessage } from '../core/errors.js';
import { ProviderClient, statusOf, type HttpMethod } from './provider-client.js';
import type { ChangeItem, ChangeList, Connector, ConnectorConnection, ConnectorContext, ItemContent, OAuthApp, WebhookDelivery, WebhookOutcome } from './types.js';

/** Files above this are listed as failed items rather than downloaded. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Subscriptions on drive items are asked for two days (within every account type's maximum), renewed within one. */
const SUBSCRIPTION_TTL_MS = 2 * 24 * 3600_000;
const SUBSCRIPTION_RENEW_MS = 24 * 3600_000;
const PAGE_SIZE = 200;
const ITEM_ID = /^[A-Za-z0-9!_.-]{1,200}$/;
const SELECT = 'id,name,eTag,cTag,size,lastModifiedDateTime,webUrl,parentReference,file,folder,deleted,root';

interface DriveItem {
  id: string;
  name?: string;
  eTag?: string;
  cTag?: string;
  size?: number;
  lastModifiedDateTime?: string;
  webUrl?: string;
  parentReference?: { id?: string; path?: string };
  file?: { mimeType?: string };
  folder?: { childCount?: number };
  deleted?: { state?: string };
  root?: Record<string, unknown>;
}

interface Page {
  value: DriveItem[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

interface Subscription {
  id: string;
  clientState: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** What a onedrive connection keeps between syncs (with `resources`, the selection saved through configure). */
interface OneDriveState {
  resources?: Record<string, unknown>[];
  selection?: string;
  /** Where the next incremental sync reads the delta feed. */
  deltaLink?: string;
  /** A full listing under way: the feed position taken before it, folders still to walk, the next page's URL. */
  listing?: { deltaLink: string; queue: string[]; next: string | null };
  /** Folders inside the scope with their paths (drive root = ''). */
  folders?: Record<string, string>;
  subscription?: Subscription;
  /** The clientState of a subscription being created (saved first: its notifications may come before its id). */
  pendingClientState?: string;
}

interface Selection {
  key: string;
  folders: { id: string; name: string }[];
  files: string[];
}

const scopeOf = (conn: ConnectorConnection): 'full' | 'selected' => (conn.metadata.syncScope === 'full' ? 'full' : 'selected');

function selectionOf(state: OneDriveState | null): Selection {
  const folders: { id: string; name: string }[] = [];
  const files: string[] = [];
  for (const r of state?.resources ?? []) {
    const id = typeof r.id === 'string' ? r.id : '';
    if (!ITEM_ID.test(id)) continue;
    if (r.kind === 'folder') folders.push({ id, name: typeof r.name === 'string' ? r.name : id });
    else files.push(id);
  }
  return { key: [...folders.map((f) => `d:${f.id}`), ...files.map((f) => `f:${f}`)].sort().join(','), folders, files };
}

/** Graph's message from an error answer ({error: {code, message}}). */
const graphMessage = (body: unknown) => {
  const e = (body as { error?: { code?: string; message?: string } } | null)?.error;
  return [e?.code, e?.message].filter(Boolean).join(': ');
};

/** Microsoft Graph at MICROSOFT_GRAPH_URL through the connectors' provider client (paging links stay on its host). */
class GraphApi {
  private readonly http: ProviderClient;

  constructor(baseUrl: string, token: string, ctx: ConnectorContext) {
    this.http = new ProviderClient({ provider: 'onedrive', baseUrl, token, messageOf: graphMessage }, ctx);
  }

  request(method: HttpMethod, pathOrUrl: string, body?: unknown): Promise<Response> {
    return this.http.request(method, pathOrUrl, body);
  }

  json<T>(method: HttpMethod, pathOrUrl: string, body?: unknown): Promise<T> {
    return this.http.json<T>(method, pathOrUrl, body);
  }

  bytes(pathOrUrl: string, maxBytes: number, what: string): Promise<Uint8Array> {
    return this.http.bytes('GET', pathOrUrl, maxBytes, what);
  }

  children(folderId: string, next: string | null, top = PAGE_SIZE): Promise<Page> {
    return this.json('GET', next ?? `/me/drive/items/${encodeURIComponent(folderId)}/children?$top=${top}&$select=${SELECT}`);
  }

  /** The feed position as of now, without reading the drive (`token=latest`). */
  async latestDelta(): Promise<string> {
    let page = await this.json<Page>('GET', `/me/drive/root/delta?token=latest&$select=${SELECT}`);
    while (!page['@odata.deltaLink'] && page['@odata.nextLink']) page = await this.json<Page>('GET', page['@odata.nextLink']);
    if (!page['@odata.deltaLink']) throw createError('CONNECTOR_FAILED', ['onedrive', 'the delta feed gave no deltaLink'], { permanent: false });
    return page['@odata.deltaLink'];
  }
}

function itemOf(d: DriveItem): ChangeItem | null {
  if (d.folder || d.root || !d.file) return null;
  const version = d.eTag ?? d.cTag ?? d.lastModifiedDateTime ?? null;
  if ((d.size ?? 0) > MAX_FILE_BYTES) return { externalId: d.id, version, error: `over ${MAX_FILE_BYTES} bytes` };
  return { externalId: d.id, version };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * onedrive: files of a OneDrive (personal or for Business) through Microsoft Graph and OAuth (MICROSOFT_CLIENT_ID /
 * MICROSOFT_CLIENT_SECRET; Files.Read.All with offline_access, PKCE). The same model as google-drive: scoped by
 * default (the picker or configure selects folders and files; needs_setup until then), `metadata.syncScope: "full"`
 * for the whole drive. The first sync walks the scope's folders; later ones read Graph's delta feed from the
 * position taken before that walk (edits, new files, moves in and out of the scope, deletions; a folder deleted or
 * moved out of the scope makes the next sync walk again, since Graph may not list its children). Files go through
 * the content extractors (up to 50 MB). With MNEMO_PUBLIC_URL set, a Graph subscription on the drive root sends
 * change notifications to the webhook route (validation echoed, clientState checked) and is renewed within a day
 * of its expiry. Microsoft offers no token revocation endpoint: disconnecting deletes the stored tokens only.
 */
export function createOneDriveConnector(endpoints: ProviderEndpoints['microsoft']): Connector {
  const oauth: OAuthApp | undefined =
    endpoints.clientId && endpoints.clientSecret
      ? {
          provider: 'onedrive',
          authorizeUrl: `${endpoints.authUrl}/authorize`,
          tokenUrl: `${endpoints.authUrl}/token`,
          clientId: endpoints.clientId,
          clientSecret: endpoints.clientSecret,
          scopes: ['offline_access', 'Files.Read.All', 'User.Read'],
          pkce: true,
          // Microsoft's code flow lists `scope` as required on the refresh request.
          refreshWithScope: true,
        }
      : undefined;
  const api = (conn: ConnectorConnection, ctx: ConnectorContext) => {
    const token = conn.credentials?.accessToken;
    if (!token) throw createError('CONNECTOR_AUTH_FAILED', ['onedrive', 'the connection has no access token: authorise it again']);
    return new GraphApi(endpoints.graphUrl, token, ctx);
  };

  /** One page of a full walk of the scope (the drive root for syncScope full). */
  async function listingPage(graph: GraphApi, state: OneDriveState, sel: Selection, scoped: boolean, ctx: ConnectorContext): Promise<ChangeList> {
    const items: ChangeItem[] = [];
    let folders = state.folders ?? {};
    let listing = state.listing;
    if (!listing) {
      const deltaLink = await graph.latestDelta();
      if (scoped) {
        folders = Object.fromEntries(sel.folders.map((f) => [f.id, f.name]));
        for (const id of sel.files) {
          try {
            const item = itemOf(await graph.json<DriveItem>('GET', `/me/drive/items/${encodeURIComponent(id)}?$select=${SELECT}`));
            if (item) items.push(item);
          } catch (err) {
            if (statusOf(err) !== 404) throw err;
          }
        }
        listing = { deltaLink, queue: sel.folders.map((f) => f.id), next: null };
      } else {
        const root = await graph.json<DriveItem>('GET', '/me/drive/root?$select=id');
        folders = { [root.id]: '' };
        listing = { deltaLink, queue: [root.id], next: null };
      }
    }
    const folder = listing.queue[0];
    if (folder !== undefined) {
      const page = await graph.children(folder, listing.next);
      for (const d of page.value) {
        if (d.folder) {
          if (folders[d.id] === undefined) {
            folders = { ...folders, [d.id]: joinPath(folders[folder], d.name ?? d.id) };
            listing.queue.push(d.id);
          }
          continue;
        }
        const item = itemOf(d);
        if (item) items.push(item);
      }
      const next = page['@odata.nextLink'] ?? null;
      listing = next ? { ...listing, next } : { ...listing, queue: listing.queue.slice(1), next: null };
    }
    const base = { resources: state.resources, selection: sel.key, folders, subscription: state.subscription };
    if (listing.queue.length > 0) return { items, state: { ...base, listing } satisfies OneDriveState, hasMore: true, complete: true };
    return { items, state: await withSubscription(graph, { ...base, deltaLink: listing.deltaLink }, ctx), complete: true };
  }

  /** One page of the delta feed since the last sync. */
  async function deltaPage(graph: GraphApi, state: OneDriveState, sel: Selection, scoped: boolean, known: ReadonlyMap<string, string | null>, ctx: ConnectorContext): Promise<ChangeList> {
    const page = await graph.json<Page>('GET', state.deltaLink!);
    const folders = { ...(state.folders ?? {}) };
    const selectedFiles = new Set(sel.files);
    const items: ChangeItem[] = [];
    let relist = false;
    for (const d of page.value) {
      if (d.root) continue;
      const parent = d.parentReference?.id;
      const inside = parent !== undefined && folders[parent] !== undefined;
      if (d.deleted) {
        if (folders[d.id] !== undefined) {
          delete folders[d.id];
          relist = true;
        } else items.push({ externalId: d.id, version: null, deleted: true });
        continue;
      }
      if (d.folder) {
        const selectedFolder = sel.folders.some((f) => f.id === d.id);
        if (inside && !selectedFolder) folders[d.id] = joinPath(folders[parent!], d.name ?? d.id);
        else if (!selectedFolder && folders[d.id] !== undefined) {
          // Moved out of the scope: its files go, and only a walk can name them.
          delete folders[d.id];
          relist = true;
        }
        continue;
      }
      if (!(inside || selectedFiles.has(d.id) || (!scoped && parent === undefined))) {
        if (known.has(d.id)) items.push({ externalId: d.id, version: null, deleted: true });
        continue;
      }
      const item = itemOf(d);
      if (item) items.push(item);
    }
    const base: OneDriveState = { resources: state.resources, selection: sel.key, folders, subscription: state.subscription };
    const next = page['@odata.nextLink'];
    if (next) return { items, state: { ...base, deltaLink: next }, hasMore: true, complete: false };
    // A vanished folder: the next sync walks the scope again (complete), which removes what it held.
    const done: OneDriveState = relist ? base : { ...base, deltaLink: page['@odata.deltaLink'] ?? state.deltaLink! };
    return { items, state: await withSubscription(graph, done, ctx), complete: false };
  }

  return {
    provider: 'onedrive',
    credentialFields: [],
    oauthVariables: ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
    ...(oauth ? { oauth } : {}),

    validateConfig(settings) {
      if (settings.syncScope !== undefined && settings.syncScope !== 'full' && settings.syncScope !== 'selected') {
        throw createError('CONNECTOR_CONFIG_INVALID', ['onedrive', 'metadata.syncScope must be "full" (the whole drive) or "selected" (what the user picks; the default)']);
      }
    },

    needsSetup(conn) {
      if (scopeOf(conn) === 'full') return null;
      const sel = selectionOf(conn.state as OneDriveState | null);
      if (sel.folders.length + sel.files.length > 0) return null;
      return 'no files or folders are selected yet: choose them in the picker (setupUrl of GET /v3/connections/{id}) or with POST /v3/connections/{id}/configure';
    },

    /** Files and folders as GET .../resources lists them (id and kind read; other fields kept, unread). */
    configureResources(_conn, resources) {
      resources.forEach((r, i) => {
        if (typeof r.id !== 'string' || !ITEM_ID.test(r.id))
          throw createError('CONNECTOR_CONFIG_INVALID', ['onedrive', `resources[${i}].id must be a file or folder id (as GET /v3/connections/{id}/resources lists them)`]);
      });
      return [...resources];
    },

    async describeResources(conn, query, ctx) {
      const parent = query.parentId;
      if (parent !== undefined && !ITEM_ID.test(parent)) throw createError('CONNECTOR_CONFIG_INVALID', ['onedrive', 'parent_id is not a drive item id']);
      const graph = api(conn, ctx);
      const first = parent ? `/me/drive/items/${encodeURIComponent(parent)}/children` : '/me/drive/root/children';
      // Graph may answer fewer items than asked with more to come: pages follow its links, counts what it sent.
      let page: Page = { value: [] };
      let next: string | null = `${first}?$top=${query.perPage}&$select=${SELECT}`;
      let before = 0;
      for (let n = 1; n <= query.page; n++) {
        if (n > 1) before += page.value.length;
        if (!next) return { resources: [], total_count: before };
        page = await graph.json<Page>('GET', next);
        next = page['@odata.nextLink'] ?? null;
      }
      const resources = page.value.map((d) => ({
        id: d.id,
        name: d.name ?? d.id,
        kind: d.folder ? 'folder' : 'file',
        mimeType: d.folder ? 'folder' : (d.file?.mimeType ?? 'application/octet-stream'),
        ...(d.size !== undefined ? { size: d.size } : {}),
        ...(d.lastModifiedDateTime ? { modifiedTime: d.lastModifiedDateTime } : {}),
      }));
      return { resources, ...(next ? {} : { total_count: before + resources.length }) };
    },

    async listChanges(conn, known, ctx): Promise<ChangeList> {
      const graph = api(conn, ctx);
      const state = (conn.state as OneDriveState | null) ?? {};
      const scoped = scopeOf(conn) === 'selected';
      const sel = scoped ? selectionOf(state) : { key: 'full', folders: [], files: [] };
      if (state.deltaLink && state.selection === sel.key && !state.listing) {
        try {
          return await deltaPage(graph, state, sel, scoped, known, ctx);
        } catch (err) {
          // 410 Gone (resyncRequired) or an unknown token: walk again.
          if (![404, 410].includes(statusOf(err) ?? 0)) throw err;
          ctx.logger.info('onedrive delta token refused; listing again', { connectionId: conn.id });
        }
      }
      return listingPage(graph, { ...state, ...(state.selection === sel.key ? {} : { listing: undefined }) }, sel, scoped, ctx);
    },

    async fetchItem(conn, item, ctx): Promise<ItemContent> {
      const graph = api(conn, ctx);
      const d = await graph.json<DriveItem>('GET', `/me/drive/items/${encodeURIComponent(item.externalId)}?$select=${SELECT}`);
      const folders = (conn.state as OneDriveState | null)?.folders ?? {};
      const dir = d.parentReference?.id !== undefined ? folders[d.parentReference.id] : undefined;
      const bytes = await graph.bytes(`/me/drive/items/${encodeURIComponent(item.externalId)}/content`, MAX_FILE_BYTES, d.name ?? item.externalId);
      const mimeType = d.file?.mimeType ?? 'application/octet-stream';
      return {
        text: '',
        file: { bytes, filename: d.name ?? null, mimeType },
        mimeType,
        title: d.name ?? null,
        url: d.webUrl ?? null,
        filepath: dir !== undefined && d.name ? joinPath(dir, d.name) : null,
      };
    },

    async releaseNotifications(conn, ctx) {
      const state = (conn.state as OneDriveState | null) ?? {};
      if (state.subscription) await deleteSubscription(api(conn, ctx), state.subscription, ctx);
      return { ...state, subscription: undefined, pendingClientState: undefined } satisfies OneDriveState;
    },

    handleWebhook(delivery: WebhookDelivery, candidates: readonly ConnectorConnection[]): WebhookOutcome {
      // Graph checks the URL while a subscription is created: the token is echoed as text within 10 seconds.
      const validation = delivery.query.validationToken;
      if (validation !== undefined) {
        if (validation.length === 0 || validation.length > 1024) throw createError('WEBHOOK_SIGNATURE_INVALID', ['onedrive', 'bad validationToken']);
        return { status: 200, body: validation, sync: [] };
      }
      let notifications: { subscriptionId?: string; clientState?: string }[] = [];
      try {
        notifications = (JSON.parse(delivery.rawBody.toString('utf8')) as { value?: typeof notifications }).value ?? [];
      } catch {
        notifications = [];
      }
      const sync = new Set<string>();
      for (const n of notifications) {
        const owner = candidates.find((c) => {
          const state = c.state as OneDriveState | null;
          const s = state?.subscription;
          if (typeof n.clientState !== 'string') return false;
          if (s !== undefined && s.id === n.subscriptionId && sameSecret(s.clientState, n.clientState)) return true;
          return state?.pendingClientState !== undefined && sameSecret(state.pendingClientState, n.clientState);
        });
        if (owner) sync.add(owner.id);
      }
      if (sync.size === 0) throw createError('WEBHOOK_SIGNATURE_INVALID', ['onedrive', 'no notification names a subscription of ours with its clientState']);
      return { status: 202, body: { syncing: sync.size }, sync: [...sync] };
    },
  };
}

function joinPath(dir: string | undefined, name: string): string {
  return dir ? `${dir}/${name}` : name;
}

/**
 * The state with a live Graph subscription on the drive root when MNEMO_PUBLIC_URL is set: created on the first
 * sync, renewed when it expires within a day, created again when Graph no longer knows it. A new subscription's
 * clientState is saved before it is created, so notifications sent before its id is saved are recognised. A
 * refusal is logged; syncs still poll on their schedule.
 */
async function withSubscription(graph: GraphApi, state: OneDriveState, ctx: ConnectorContext): Promise<OneDriveState> {
  const current = state.subscription;
  if (!ctx.webhookUrl) {
    if (current) await deleteSubscription(graph, current, ctx);
    return { ...state, subscription: undefined, pendingClientState: undefined };
  }
  if (current && current.expiresAt - Date.now() > SUBSCRIPTION_RENEW_MS) return state;
  const expirationDateTime = new Date(Date.now() + SUBSCRIPTION_TTL_MS).toISOString();
  try {
    if (current) {
      try {
        const renewed = await graph.json<{ expirationDateTime: string }>('PATCH', `/subscriptions/${encodeURIComponent(current.id)}`, { expirationDateTime });
        return { ...state, subscription: { ...current, expiresAt: Date.parse(renewed.expirationDateTime) } };
      } catch (err) {
        if (statusOf(err) !== 404) throw err;
      }
    }
    const clientState = randomBytes(24).toString('base64url');
    await ctx.saveState?.({ pendingClientState: clientState });
    const created = await graph.json<{ id: string; expirationDateTime: string }>('POST', '/subscriptions', {
      changeType: 'updated',
      notificationUrl: ctx.webhookUrl,
      resource: '/me/drive/root',
      expirationDateTime,
      clientState,
    });
    return { ...state, subscription: { id: created.id, clientState, expiresAt: Date.parse(created.expirationDateTime) }, pendingClientState: undefined };
  } catch (err) {
    ctx.logger.warn('onedrive change notifications unavailable', { error: errorMessage(err) });
    return { ...state, pendingClientState: undefined };
  }
}

async function deleteSubscription(graph: GraphApi, subscription: Subscription, ctx: ConnectorContext): Promise<void> {
  try {
    await graph.request('DELETE', `/subscriptions/${encodeURIComponent(subscription.id)}`);
  } catch (err) {
    // Gone already (expired, deleted): nothing to stop.
    if (statusOf(err) !== 404) ctx.logger.info('onedrive subscription delete failed', { subscriptionId: subscription.id, error: errorMessage(err) });
  }
}
