import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ProviderEndpoints } from '../core/config.js';
import { createError, errorMessage, isAppError } from '../core/errors.js';
import { decodeText } from '../extract/text-decode.js';
import { DriveApi, FOLDER_MIME, type DriveChannel, type DriveFile } from './google-drive-api.js';
import type { ChangeItem, ChangeList, Connector, ConnectorConnection, ConnectorContext, ItemContent, OAuthApp, WebhookDelivery, WebhookOutcome } from './types.js';

/** Files above this are listed as failed items rather than downloaded. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Drive refuses exports above 10 MB. */
const MAX_EXPORT_BYTES = 10 * 1024 * 1024;
/** Drive channels live at most 7 days: a sync renews one that expires within a day. */
const CHANNEL_TTL_MS = 7 * 24 * 3600_000;
const CHANNEL_RENEW_MS = 24 * 3600_000;
const PAGE_SIZE = 100;
const DRIVE_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** Google Workspace files are exported; the rest of Google's own types (forms, sites, maps, shortcuts) are skipped. */
const EXPORTS: Record<string, { mimeType: string; ext: string }> = {
  'application/vnd.google-apps.document': { mimeType: 'text/markdown', ext: 'md' },
  'application/vnd.google-apps.spreadsheet': { mimeType: 'text/csv', ext: 'csv' },
  'application/vnd.google-apps.presentation': { mimeType: 'text/plain', ext: 'txt' },
};

interface Channel extends DriveChannel {
  token: string;
}

/** What a google-drive connection keeps between syncs (with `resources`, the selection saved through configure). */
interface DriveState {
  resources?: Record<string, unknown>[];
  /** The selection the state was built for: a changed selection lists again. */
  selection?: string;
  /** The changes feed position of the next incremental sync. */
  changesToken?: string;
  /** A full listing under way: the feed position taken before it, folders still to walk, the page within the first. */
  listing?: { startToken: string; queue: string[]; pageToken: string | null };
  /** Folders inside the selection (scoped syncs) with their paths: decides whether a changed file belongs. */
  folders?: Record<string, string>;
  channel?: Channel;
  /** The channel being replaced, still accepted until the new one is open and it is stopped. */
  previousChannel?: Channel;
}

interface Selection {
  key: string;
  folders: { id: string; name: string }[];
  files: string[];
}

function scopeOf(conn: ConnectorConnection): 'full' | 'selected' {
  return conn.metadata.syncScope === 'full' ? 'full' : 'selected';
}

/** The saved selection (picker or configure): folders and files by id. Malformed entries are ignored. */
function selectionOf(state: DriveState | null): Selection {
  const folders: { id: string; name: string }[] = [];
  const files: string[] = [];
  for (const r of state?.resources ?? []) {
    const id = typeof r.id === 'string' ? r.id : '';
    if (!DRIVE_ID.test(id)) continue;
    if (r.kind === 'folder' || r.mimeType === FOLDER_MIME) folders.push({ id, name: typeof r.name === 'string' ? r.name : id });
    else files.push(id);
  }
  const key = [...folders.map((f) => `d:${f.id}`), ...files.map((f) => `f:${f}`)].sort().join(',');
  return { key, folders, files };
}

const tokenOf = (conn: ConnectorConnection) => {
  const token = conn.credentials?.accessToken;
  if (!token) throw createError('CONNECTOR_AUTH_FAILED', ['google-drive', 'the connection has no access token: authorise it again']);
  return token;
};

/** A listed file as a change item: Workspace files and downloadable files sync; folders and other Google types do not. */
function itemOf(f: DriveFile): ChangeItem | null {
  if (f.mimeType === FOLDER_MIME || (f.mimeType.startsWith('application/vnd.google-apps.') && !EXPORTS[f.mimeType])) return null;
  const version = [f.version ?? '', f.modifiedTime ?? '', f.md5Checksum ?? ''].join(':');
  if (!EXPORTS[f.mimeType] && Number(f.size ?? 0) > MAX_FILE_BYTES) return { externalId: f.id, version, error: `over ${MAX_FILE_BYTES} bytes` };
  return { externalId: f.id, version };
}

/**
 * google-drive: files of a Google Drive, through OAuth (GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET; read-only scope, PKCE,
 * offline access for a refresh token). Scoped by default: only the folders (with everything inside) and files the
 * user picks sync, and until a selection is saved the connection waits (needs_setup, its picker at setupUrl);
 * `metadata.syncScope: "full"` syncs the whole drive. Google Docs are exported as markdown, Sheets as CSV, Slides as
 * text; other files go through the content extractors. The first sync lists everything; later ones read the changes
 * feed (edits, moves in and out of the selection, trash). With MNEMO_PUBLIC_URL set, a push channel on the feed
 * triggers a sync on each change and is renewed before its 7-day expiry.
 */
export function createGoogleDriveConnector(endpoints: ProviderEndpoints['google']): Connector {
  const oauth: OAuthApp | undefined =
    endpoints.clientId && endpoints.clientSecret
      ? {
          provider: 'google-drive',
          authorizeUrl: endpoints.authorizeUrl,
          tokenUrl: endpoints.tokenUrl,
          clientId: endpoints.clientId,
          clientSecret: endpoints.clientSecret,
          scopes: ['https://www.googleapis.com/auth/drive.readonly'],
          // offline + consent: Google issues a refresh token (again) on this consent.
          authorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
          pkce: true,
          revokeUrl: endpoints.revokeUrl,
        }
      : undefined;
  const api = (conn: ConnectorConnection, ctx: ConnectorContext) => new DriveApi(endpoints.driveApiUrl, tokenOf(conn), ctx);

  return {
    provider: 'google-drive',
    credentialFields: [],
    oauthVariables: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ...(oauth ? { oauth } : {}),

    validateConfig(settings) {
      if (settings.syncScope !== undefined && settings.syncScope !== 'full' && settings.syncScope !== 'selected') {
        throw createError('CONNECTOR_CONFIG_INVALID', ['google-drive', 'metadata.syncScope must be "full" (the whole drive) or "selected" (what the user picks; the default)']);
      }
    },

    needsSetup(conn) {
      if (scopeOf(conn) === 'full') return null;
      const sel = selectionOf(conn.state as DriveState | null);
      if (sel.folders.length + sel.files.length > 0) return null;
      return 'no files or folders are selected yet: choose them in the picker (setupUrl of GET /v3/connections/{id}) or with POST /v3/connections/{id}/configure';
    },

    /** Files and folders as GET .../resources lists them (id and kind read; other fields kept, unread). */
    configureResources(_conn, resources) {
      resources.forEach((r, i) => {
        if (typeof r.id !== 'string' || !DRIVE_ID.test(r.id))
          throw createError('CONNECTOR_CONFIG_INVALID', ['google-drive', `resources[${i}].id must be a file or folder id (as GET /v3/connections/{id}/resources lists them)`]);
      });
      return [...resources];
    },

    async describeResources(conn, query, ctx) {
      const parent = query.parentId ?? 'root';
      if (!DRIVE_ID.test(parent)) throw createError('CONNECTOR_CONFIG_INVALID', ['google-drive', 'parent_id is not a Drive id']);
      const drive = api(conn, ctx);
      // Drive may answer fewer files than asked with more to come: pages follow its tokens, counts what it sent.
      let token: string | null = null;
      let page: { files: DriveFile[]; nextPageToken?: string } = { files: [] };
      let before = 0;
      for (let n = 1; n <= query.page; n++) {
        if (n > 1) before += page.files.length;
        page = await drive.list(`'${parent}' in parents and trashed=false`, query.perPage, token);
        token = page.nextPageToken ?? null;
        if (!token && n < query.page) return { resources: [], total_count: before + page.files.length };
      }
      const resources = page.files.map((f) => ({
        id: f.id,
        name: f.name,
        kind: f.mimeType === FOLDER_MIME ? 'folder' : 'file',
        mimeType: f.mimeType,
        ...(f.size ? { size: Number(f.size) } : {}),
        ...(f.modifiedTime ? { modifiedTime: f.modifiedTime } : {}),
      }));
      return { resources, ...(token ? {} : { total_count: before + resources.length }) };
    },

    async listChanges(conn, known, ctx): Promise<ChangeList> {
      const drive = api(conn, ctx);
      const state = (conn.state as DriveState | null) ?? {};
      const scoped = scopeOf(conn) === 'selected';
      const sel = scoped ? selectionOf(state) : { key: 'full', folders: [], files: [] };
      if (state.changesToken && state.selection === sel.key && !state.listing) {
        try {
          return await changesPage(drive, state, sel, scoped, known, ctx);
        } catch (err) {
          // An expired or unknown feed position: list everything again.
          if (!(isAppError(err) && [400, 404, 410].includes((err.details as { status?: number } | undefined)?.status ?? 0))) throw err;
          ctx.logger.info('google-drive changes token refused; listing again', { connectionId: conn.id });
        }
      }
      return listingPage(drive, { ...state, ...(state.selection === sel.key ? {} : { listing: undefined }) }, sel, scoped, ctx);
    },

    async fetchItem(conn, item, ctx): Promise<ItemContent> {
      const drive = api(conn, ctx);
      const f = await drive.file(item.externalId);
      const folders = (conn.state as DriveState | null)?.folders ?? {};
      const dir = (f.parents ?? []).map((p) => folders[p]).find((p) => p !== undefined);
      const base = { title: f.name, url: f.webViewLink ?? null, filepath: dir !== undefined ? `${dir}/${f.name}` : null };
      const exp = EXPORTS[f.mimeType];
      if (exp?.ext === 'csv') {
        const bytes = await drive.export(f.id, exp.mimeType, MAX_EXPORT_BYTES);
        return { ...base, text: '', mimeType: exp.mimeType, file: { bytes, filename: `${f.name}.csv`, mimeType: exp.mimeType } };
      }
      if (exp) return { ...base, text: decodeText(Buffer.from(await drive.export(f.id, exp.mimeType, MAX_EXPORT_BYTES)), { declared: 'utf-8' }).text, mimeType: exp.mimeType };
      const bytes = await drive.download(f.id, MAX_FILE_BYTES);
      return { ...base, text: '', mimeType: f.mimeType, file: { bytes, filename: f.name, mimeType: f.mimeType } };
    },

    async releaseNotifications(conn, ctx) {
      const state = (conn.state as DriveState | null) ?? {};
      const drive = api(conn, ctx);
      for (const ch of [state.channel, state.previousChannel]) if (ch) await stopChannel(drive, ch, ctx);
      return { ...state, channel: undefined, previousChannel: undefined } satisfies DriveState;
    },

    handleWebhook(delivery: WebhookDelivery, candidates: readonly ConnectorConnection[]): WebhookOutcome {
      const id = delivery.headers['x-goog-channel-id'];
      const token = delivery.headers['x-goog-channel-token'] ?? '';
      const owner = candidates.find((c) => {
        const state = c.state as DriveState | null;
        return [state?.channel, state?.previousChannel].some((ch) => ch !== undefined && ch.id === id && sameSecret(ch.token, token));
      });
      if (!id || !owner) throw createError('WEBHOOK_SIGNATURE_INVALID', ['google-drive', id ? 'the channel or its token is not one of ours' : 'X-Goog-Channel-ID is missing']);
      // "sync" opens every channel: nothing changed yet.
      if (delivery.headers['x-goog-resource-state'] === 'sync') return { status: 200, body: { ok: true }, sync: [] };
      return { status: 200, body: { syncing: 1 }, sync: [owner.id] };
    },
  };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** One page of a full listing: every file (full scope) or a walk of the selected folders and files (scoped). */
async function listingPage(drive: DriveApi, state: DriveState, sel: Selection, scoped: boolean, ctx: ConnectorContext): Promise<ChangeList> {
  const items: ChangeItem[] = [];
  let folders = state.folders ?? {};
  let listing = state.listing;
  if (!listing) {
    listing = { startToken: await drive.startPageToken(), queue: scoped ? sel.folders.map((f) => f.id) : ['*'], pageToken: null };
    folders = scoped ? Object.fromEntries(sel.folders.map((f) => [f.id, f.name])) : {};
    for (const id of sel.files) {
      try {
        const f = await drive.file(id);
        if (!f.trashed) {
          const item = itemOf(f);
          if (item) items.push(item);
        }
      } catch (err) {
        // A picked file that is gone or unshared is no longer synced (its document goes as the listing is complete).
        if (!(isAppError(err) && (err.details as { status?: number } | undefined)?.status === 404)) throw err;
      }
    }
  }
  const folder = listing.queue[0];
  if (folder !== undefined) {
    const q = folder === '*' ? 'trashed=false' : `'${folder}' in parents and trashed=false`;
    const page = await drive.list(q, PAGE_SIZE, listing.pageToken);
    for (const f of page.files) {
      if (f.mimeType === FOLDER_MIME) {
        if (scoped && folders[f.id] === undefined) {
          folders = { ...folders, [f.id]: `${folders[folder] ?? ''}/${f.name}` };
          listing.queue.push(f.id);
        }
        continue;
      }
      const item = itemOf(f);
      if (item) items.push(item);
    }
    listing = page.nextPageToken ? { ...listing, pageToken: page.nextPageToken } : { ...listing, queue: listing.queue.slice(1), pageToken: null };
  }
  const base = { resources: state.resources, selection: sel.key, folders: scoped ? folders : {} };
  if (listing.queue.length > 0) return { items, state: { ...base, listing, channel: state.channel } satisfies DriveState, hasMore: true, complete: true };
  const done: DriveState = { ...base, changesToken: listing.startToken, channel: state.channel };
  return { items, state: await withChannel(drive, done, ctx), complete: true };
}

/** One page of the changes feed since the last sync. */
async function changesPage(drive: DriveApi, state: DriveState, sel: Selection, scoped: boolean, known: ReadonlyMap<string, string | null>, ctx: ConnectorContext): Promise<ChangeList> {
  const page = await drive.changes(state.changesToken!);
  const folders = { ...(state.folders ?? {}) };
  const selectedFiles = new Set(sel.files);
  const items: ChangeItem[] = [];
  for (const c of page.changes) {
    const f = c.file;
    if (c.removed || !f || f.trashed) {
      items.push({ externalId: c.fileId, version: null, deleted: true });
      if (folders[c.fileId] !== undefined && !sel.folders.some((s) => s.id === c.fileId)) delete folders[c.fileId];
      continue;
    }
    const parent = (f.parents ?? []).find((p) => folders[p] !== undefined);
    const inside = !scoped || selectedFiles.has(f.id) || parent !== undefined;
    if (f.mimeType === FOLDER_MIME) {
      // Folders created in (or moved into) the selection are walked by later changes; moved out, they leave it.
      if (scoped && parent !== undefined) folders[f.id] = `${folders[parent]}/${f.name}`;
      else if (scoped && !sel.folders.some((s) => s.id === f.id)) delete folders[f.id];
      continue;
    }
    if (!inside) {
      // Moved out of the selection: its document goes.
      if (known.has(f.id)) items.push({ externalId: f.id, version: null, deleted: true });
      continue;
    }
    const item = itemOf(f);
    if (item) items.push(item);
  }
  const next: DriveState = { resources: state.resources, selection: sel.key, folders, channel: state.channel, changesToken: page.nextPageToken ?? page.newStartPageToken ?? state.changesToken! };
  if (page.nextPageToken) return { items, state: next, hasMore: true, complete: false };
  return { items, state: await withChannel(drive, next, ctx), complete: false };
}

/**
 * The state with a live push channel on the changes feed when MNEMO_PUBLIC_URL is set: opened on the first sync,
 * replaced when it expires within a day (the old one stopped). The new channel's id and token are saved before the
 * watch request, so the notification Drive sends as it opens the channel (and any change right after) is
 * recognised; the old channel is accepted until it is stopped. A refused watch is logged; syncs still poll.
 */
async function withChannel(drive: DriveApi, state: DriveState, ctx: ConnectorContext): Promise<DriveState> {
  const old = state.channel;
  if (!ctx.webhookUrl) {
    if (old) await stopChannel(drive, old, ctx);
    return { ...state, channel: undefined, previousChannel: undefined };
  }
  if (old && old.expiration - Date.now() > CHANNEL_RENEW_MS) return state;
  const pending: Channel = { id: randomUUID(), resourceId: '', token: randomBytes(24).toString('base64url'), expiration: Date.now() + CHANNEL_TTL_MS };
  await ctx.saveState?.({ channel: pending, previousChannel: old });
  try {
    const opened = await drive.watch(state.changesToken!, { id: pending.id, address: ctx.webhookUrl, token: pending.token, expiration: pending.expiration });
    const channel = { ...opened, token: pending.token };
    if (old) {
      await ctx.saveState?.({ channel, previousChannel: undefined });
      await stopChannel(drive, old, ctx);
    }
    return { ...state, channel, previousChannel: undefined };
  } catch (err) {
    ctx.logger.warn('google-drive change notifications unavailable', { error: errorMessage(err) });
    return { ...state, channel: old, previousChannel: undefined };
  }
}

async function stopChannel(drive: DriveApi, channel: Channel, ctx: ConnectorContext): Promise<void> {
  // A channel saved but never opened has no resource id: nothing to stop.
  if (!channel.resourceId) return;
  await drive.stop(channel).catch((err: unknown) => ctx.logger.info('google-drive channel stop failed', { channelId: channel.id, error: errorMessage(err) }));
}
