import { requireRoot, requireWrite, tagsForWrite, type Actor } from '../core/actor.js';
import { createError } from '../core/errors.js';
import type { SecretBox } from '../core/secret-box.js';
import type { Connector, ConnectionSettings, ConnectorConnection, ResourcePage, WebhookDelivery, WebhookOutcome } from '../connectors/types.js';
import type { ConnectionRecord, SyncRunRecord } from '../storage/connections.js';
import type { Store } from '../storage/store.js';
import { AUTH_LINK_EXPIRES_IN, AUTH_LINK_TTL_SECONDS, authorizationUrl, exchangeCode, newNonce, pkcePair, revokeToken, signState, tokenCredentials, verifyState } from './connection-oauth.js';
import type { ConnectionSyncDeps, ConnectionSyncRunner } from './connection-sync.js';
import { connectorView, releaseNotifications, settingsView, withFreshView } from './connection-session.js';
import { DEFAULT_TAGS, newId, type DocumentService } from './documents.js';
import type { DocumentRecord } from '../core/types.js';

export type { ConnectionRecord, SyncRunRecord };

export interface CreateConnectionInput {
  containerTags?: string[];
  documentLimit?: number;
  metadata?: ConnectionSettings | null;
  redirectUrl?: string;
}

export interface ConnectionServiceOptions {
  /** Sync interval per provider (overrides the connector's default); `default` for the others. */
  syncEveryMs: { default: number; byProvider: Readonly<Record<string, number>> };
  /** Signs OAuth states (derived from the master secret); null = OAuth connections cannot be created. */
  oauthStateKey?: Buffer | null;
  /** MNEMO_PUBLIC_URL: the base of OAuth callback URLs; null = the request's own origin. */
  publicUrl?: string | null;
  /** Signs setup (picker) links (derived from the master secret); null = no setup links. */
  setupLinkKey?: Buffer | null;
}

/** How long a setup (picker) link is valid. */
export const SETUP_LINK_TTL_SECONDS = 3600;

/** What a setup (picker) link opens: one connection of one organisation, until it expires. */
export interface SetupTarget {
  conn: ConnectionRecord;
  /** Where the browser goes once the selection is saved (the connection's redirectUrl), if anywhere. */
  redirectTo: string | null;
}

/** The OAuth step of a connection waiting for consent, kept in its state until the callback completes it. */
interface PendingOAuth {
  nonce: string;
  redirectUrl: string | null;
}

/** Query of GET /v3/connections/{provider}/callback. */
export interface OAuthCallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** Documents deleted per round when a connection goes with its documents. */
const DELETE_BATCH = 200;

/**
 * Connections to outside sources (POST /v3/connections/...): create, read, sync on demand, delete. Administration
 * of the organisation, so root keys only (scoped keys get 403, as for settings and keys); credentials are sealed
 * before they are stored and never returned.
 */
export class ConnectionService {
  constructor(
    private readonly store: Store,
    private readonly documents: DocumentService,
    private readonly connectors: ReadonlyMap<string, Connector>,
    private readonly runner: ConnectionSyncRunner,
    private readonly box: SecretBox | null,
    private readonly opts: ConnectionServiceOptions,
    private readonly syncDeps: Pick<ConnectionSyncDeps, 'context' | 'logger' | 'store' | 'box' | 'publicUrl'>,
  ) {}

  /** Names of the available connectors. */
  providers(): string[] {
    return [...this.connectors.keys()];
  }

  /**
   * Creates a connection. Credential providers sync at once; an OAuth provider (its app configured, no `token` in
   * metadata) answers an `authLink` valid one hour and waits (`pending_auth`) until the callback stores its token.
   * `origin` (the request's) makes the callback URL when MNEMO_PUBLIC_URL is not set.
   */
  async create(actor: Actor, provider: string, input: CreateConnectionInput, origin?: string): Promise<{ id: string; authLink: string | null; expiresIn: string | null; redirectsTo?: string }> {
    requireRoot(actor, 'manage connections');
    requireWrite(actor);
    const connector = this.connector(provider);
    const settings = input.metadata ?? {};
    if (connector.oauthVariables && !connector.oauth) {
      throw createError('OAUTH_NOT_CONFIGURED', [provider, connector.oauthVariables.join(' and ')], { details: { variables: connector.oauthVariables } });
    }
    connector.validateConfig(settings, this.syncDeps.context);
    // OAuth-only providers always authorise; the others (GitHub, Notion) may take a token in metadata instead.
    const oauth = connector.oauth && (connector.oauthVariables || settings.token === undefined) ? connector.oauth : null;
    const secretEntries = Object.entries(settings).filter(([k]) => connector.credentialFields.includes(k));
    if ((secretEntries.length > 0 || oauth) && !this.box) throw createError('SECRET_KEY_REQUIRED', [provider]);
    const stateKey = this.opts.oauthStateKey ?? null;
    if (oauth && !stateKey) throw createError('SECRET_KEY_REQUIRED', [provider]);
    const pending: PendingOAuth | null = oauth ? { nonce: newNonce(), redirectUrl: input.redirectUrl ?? null } : null;
    const pkce = oauth?.pkce ? pkcePair() : null;
    const sealedFields = Object.fromEntries(secretEntries.map(([k, v]) => [k, String(v)]));
    // The PKCE verifier waits sealed with the pending connection until the callback sends it with the code.
    if (pkce) sealedFields.pkceVerifier = pkce.verifier;
    const metadata = Object.fromEntries(Object.entries(settings).filter(([k]) => !connector.credentialFields.includes(k)));
    const now = new Date();
    const syncEveryMs = this.opts.syncEveryMs.byProvider[provider] ?? connector.defaultSyncEveryMs ?? this.opts.syncEveryMs.default;
    const conn: ConnectionRecord = {
      id: newId(),
      orgId: actor.orgId,
      provider,
      containerTags: tagsForWrite(actor, input.containerTags, DEFAULT_TAGS),
      documentLimit: input.documentLimit ?? 10_000,
      metadata,
      credentials: Object.keys(sealedFields).length > 0 ? this.box!.seal(JSON.stringify(sealedFields)) : null,
      status: pending ? 'pending_auth' : 'active',
      state: pending ? { oauth: pending } : null,
      syncEveryMs,
      // A connection waiting for consent is not due until its callback.
      nextSyncAt: pending ? null : now.getTime() + syncEveryMs,
      lastSyncAt: null,
      error: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await this.store.connections.insertConnection(conn);
    if (oauth && pending) {
      const state = signState(stateKey!, { orgId: conn.orgId, connectionId: conn.id, provider, nonce: pending.nonce, expiresAt: Math.floor(now.getTime() / 1000) + AUTH_LINK_TTL_SECONDS });
      const authLink = authorizationUrl(oauth, this.callbackUrl(provider, origin), state, pkce?.challenge);
      return { id: conn.id, authLink, expiresIn: AUTH_LINK_EXPIRES_IN, ...(input.redirectUrl ? { redirectsTo: input.redirectUrl } : {}) };
    }
    try {
      await this.runner.schedule(conn);
    } catch (err) {
      // A connection that would never sync is not kept (Temporal unreachable, say): the caller may simply retry.
      await this.store.connections.deleteConnection(conn.orgId, conn.id);
      throw err;
    }
    // The first sync starts at once; the schedule takes over from there.
    await this.runner.trigger(conn.orgId, conn.id, 'event');
    return { id: conn.id, authLink: null, expiresIn: null, ...(input.redirectUrl ? { redirectsTo: input.redirectUrl } : {}) };
  }

  async list(actor: Actor, containerTags?: readonly string[]): Promise<ConnectionRecord[]> {
    requireRoot(actor, 'manage connections');
    return this.store.connections.listConnections(actor.orgId, containerTags && containerTags.length > 0 ? { containerTags } : {});
  }

  async get(actor: Actor, id: string): Promise<ConnectionRecord> {
    requireRoot(actor, 'manage connections');
    const conn = await this.store.connections.getConnection(actor.orgId, id);
    if (!conn) throw createError('CONNECTION_NOT_FOUND', [id]);
    return conn;
  }

  /** The (oldest) connection of a provider carrying any of the tags. */
  async getByTags(actor: Actor, provider: string, containerTags: readonly string[]): Promise<ConnectionRecord> {
    requireRoot(actor, 'manage connections');
    this.connector(provider);
    const [conn] = await this.store.connections.listConnections(actor.orgId, { provider, containerTags });
    if (!conn) throw createError('CONNECTION_NOT_FOUND', [`${provider} for ${containerTags.join(', ')}`]);
    return conn;
  }

  /**
   * Starts a sync of every connection of the provider (optionally those carrying any of the tags). A connection
   * already syncing gets one more sync after the current one (queued), so the import sees every change made so far.
   */
  async import(actor: Actor, provider: string, containerTags?: readonly string[]): Promise<{ started: number; queued: number }> {
    requireRoot(actor, 'manage connections');
    requireWrite(actor);
    const conns = await this.matching(actor, provider, containerTags);
    if (conns.length === 0) throw createError('CONNECTION_NOT_FOUND', [containerTags?.length ? `${provider} for ${containerTags.join(', ')}` : provider]);
    let started = 0;
    let queued = 0;
    for (const c of conns) {
      if (c.status === 'needs_reauth' || c.status === 'pending_auth' || c.status === 'needs_setup') continue;
      if ((await this.runner.trigger(c.orgId, c.id, 'manual')) === 'started') started++;
      else queued++;
    }
    return { started, queued };
  }

  /** Documents synced by the provider's connections (optionally those carrying any of the tags). */
  async listDocuments(actor: Actor, provider: string, containerTags?: readonly string[]): Promise<DocumentRecord[]> {
    requireRoot(actor, 'manage connections');
    const out: DocumentRecord[] = [];
    for (const c of await this.matching(actor, provider, containerTags)) {
      const ids = (await this.store.connections.listSyncItems(actor.orgId, c.id)).map((i) => i.documentId);
      for (let i = 0; i < ids.length; i += DELETE_BATCH) out.push(...(await this.store.documents.getDocumentsByIds(actor.orgId, ids.slice(i, i + DELETE_BATCH))));
    }
    return out;
  }

  async resources(actor: Actor, id: string, query: { page: number; perPage: number; parentId?: string }): Promise<ResourcePage> {
    return this.describe(await this.get(actor, id), query);
  }

  async configure(actor: Actor, id: string, resources: readonly Record<string, unknown>[]): Promise<{ message: string; success: boolean; resources: Record<string, unknown>[] }> {
    requireWrite(actor);
    return this.saveSelection(await this.get(actor, id), resources);
  }

  private async describe(conn: ConnectionRecord, query: { page: number; perPage: number; parentId?: string }): Promise<ResourcePage> {
    const connector = this.connector(conn.provider);
    if (!connector.describeResources) return { resources: [], total_count: 0 };
    if (conn.status === 'pending_auth') throw createError('NOT_SUPPORTED', ['the connection is waiting for authorisation: open its authLink first']);
    const view = connectorView(conn, this.box);
    return withFreshView(this.syncDeps, conn, connector, view, (v) => connector.describeResources!(v, query, { ...this.syncDeps.context }));
  }

  /**
   * Saves a selection (configure, or the picker) after the connector checked it: repositories, drive folders and
   * files, a crawler's start pages and limits, Notion pages. A connection that waited for it (needs_setup) becomes
   * active, is scheduled and syncs at once. Answers what was saved.
   */
  private async saveSelection(conn: ConnectionRecord, given: readonly Record<string, unknown>[]): Promise<{ message: string; success: boolean; resources: Record<string, unknown>[] }> {
    const connector = this.connector(conn.provider);
    if (!connector.configureResources) {
      throw createError('NOT_SUPPORTED', [`${conn.provider} connections take no resources: their settings are in metadata when the connection is created`]);
    }
    const resources = connector.configureResources(settingsView(conn, conn.state), given);
    const { setup: _setup, ...kept } = (conn.state as Record<string, unknown> | null) ?? {};
    const state = { ...kept, resources };
    const now = new Date();
    const ready = conn.status === 'needs_setup' && !connector.needsSetup?.(settingsView(conn, state));
    const updated = await this.store.connections.updateConnection(conn.orgId, conn.id, {
      state,
      updatedAt: now.toISOString(),
      ...(ready ? { status: 'active' as const, error: null, nextSyncAt: now.getTime() + conn.syncEveryMs } : {}),
    });
    if (ready && updated) {
      await this.runner.schedule(updated);
      await this.runner.trigger(conn.orgId, conn.id, 'event');
    }
    return { message: `${resources.length} resources saved`, success: true, resources };
  }

  async syncRuns(actor: Actor, id: string, limit = 100): Promise<SyncRunRecord[]> {
    await this.get(actor, id);
    return this.store.connections.listSyncRuns(actor.orgId, id, limit);
  }

  /** Deletes a connection, its schedule and (unless deleteDocuments is false) the documents it synced. */
  async delete(actor: Actor, id: string, deleteDocuments: boolean): Promise<{ id: string; provider: string }> {
    requireWrite(actor);
    const conn = await this.get(actor, id);
    await this.remove(actor, conn, deleteDocuments);
    return { id: conn.id, provider: conn.provider };
  }

  /** Deletes the provider's connections carrying any of the tags; answers with the first one. */
  async deleteByProvider(actor: Actor, provider: string, containerTags: readonly string[], deleteDocuments: boolean): Promise<{ id: string; provider: string }> {
    requireRoot(actor, 'manage connections');
    requireWrite(actor);
    const conns = await this.matching(actor, provider, containerTags);
    if (conns.length === 0) throw createError('CONNECTION_NOT_FOUND', [`${provider} for ${containerTags.join(', ')}`]);
    for (const c of conns) await this.remove(actor, c, deleteDocuments);
    return { id: conns[0]!.id, provider };
  }

  /**
   * GET /v3/connections/{provider}/callback (no API key; the signed, single-use state authenticates it): exchanges the
   * code for a token, stores it sealed, activates and schedules the connection and starts its first sync. Answers
   * where to send the browser: the connection's redirectUrl (with connectionId and provider), or null for a page.
   */
  async completeOAuth(provider: string, q: OAuthCallbackQuery, origin: string): Promise<{ connectionId: string; redirectTo: string | null }> {
    const connector = this.connector(provider);
    const key = this.opts.oauthStateKey ?? null;
    if (!connector.oauth || !key || !this.box) throw createError('OAUTH_STATE_INVALID', [`no OAuth app is configured for ${provider}`]);
    const st = q.state ? verifyState(key, q.state, Date.now() / 1000) : null;
    if (!st || st.provider !== provider) {
      throw createError('OAUTH_STATE_INVALID', [q.state ? 'the state is not one this server issued for this provider, or it expired' : 'the state parameter is missing']);
    }
    const conn = await this.store.connections.getConnection(st.orgId, st.connectionId);
    const pending = (conn?.state as { oauth?: PendingOAuth } | null)?.oauth;
    if (!conn || conn.status !== 'pending_auth' || pending?.nonce !== st.nonce) {
      throw createError('OAUTH_STATE_INVALID', ['this authorization was already completed, or its connection is gone']);
    }
    if (q.error) throw createError('OAUTH_DENIED', [provider, q.error_description ? `${q.error}: ${q.error_description}` : q.error]);
    if (!q.code) throw createError('OAUTH_STATE_INVALID', ['the code parameter is missing']);
    const sealed = conn.credentials ? (JSON.parse(this.box.open(conn.credentials)) as Record<string, string>) : {};
    const token = await exchangeCode(connector.oauth, q.code, this.callbackUrl(provider, origin), this.syncDeps.context.urlFetch.timeoutMs, sealed.pkceVerifier);
    const credentials = tokenCredentials(token, sealed);
    const now = new Date();
    // A scoped drive first needs its selection: it waits (needs_setup) and the browser goes to the picker.
    const setup = connector.needsSetup?.(settingsView(conn, null)) ?? null;
    const active = await this.store.connections.updateConnection(conn.orgId, conn.id, {
      credentials: this.box.seal(JSON.stringify(credentials)),
      status: setup ? 'needs_setup' : 'active',
      state: setup && pending.redirectUrl ? { setup: { redirectUrl: pending.redirectUrl } } : null,
      error: setup,
      nextSyncAt: setup ? null : now.getTime() + conn.syncEveryMs,
      updatedAt: now.toISOString(),
    });
    if (active && setup) return { connectionId: conn.id, redirectTo: this.setupUrl(active, origin) };
    if (active) {
      await this.runner.schedule(active);
      await this.runner.trigger(conn.orgId, conn.id, 'event');
    }
    return { connectionId: conn.id, redirectTo: pending.redirectUrl ? withConnection(pending.redirectUrl, conn) : null };
  }

  /**
   * A signed link to the setup page (the picker) of a connection waiting for its selection, valid one hour; null
   * for a connection that needs none or when MNEMO_SECRET_KEY is not set.
   */
  setupUrl(conn: ConnectionRecord, origin: string | undefined): string | null {
    const key = this.opts.setupLinkKey ?? null;
    const base = this.opts.publicUrl ?? origin;
    if (conn.status !== 'needs_setup' || !key || !base) return null;
    const token = signState(key, { orgId: conn.orgId, connectionId: conn.id, provider: conn.provider, nonce: 'setup', expiresAt: Math.floor(Date.now() / 1000) + SETUP_LINK_TTL_SECONDS });
    return `${base}/v3/connection-setup/${token}`;
  }

  /** The connection a setup link opens (403 SETUP_LINK_INVALID for a forged, expired or orphaned link). */
  async setupTarget(token: string): Promise<SetupTarget> {
    const key = this.opts.setupLinkKey ?? null;
    const st = key ? verifyState(key, token, Date.now() / 1000) : null;
    const conn = st && st.nonce === 'setup' ? await this.store.connections.getConnection(st.orgId, st.connectionId) : null;
    if (!conn || conn.provider !== st!.provider) throw createError('SETUP_LINK_INVALID');
    const redirectUrl = (conn.state as { setup?: { redirectUrl?: string } } | null)?.setup?.redirectUrl;
    return { conn, redirectTo: redirectUrl ? withConnection(redirectUrl, conn) : null };
  }

  /** What the picker lists (the connector's resources) for a setup link. */
  async setupResources(token: string, query: { page: number; perPage: number; parentId?: string }): Promise<ResourcePage> {
    const { conn } = await this.setupTarget(token);
    return this.describe(conn, query);
  }

  /** Saves the picker's selection for a setup link; the connection then syncs. */
  async setupSave(token: string, resources: readonly Record<string, unknown>[]): Promise<{ message: string; success: boolean; resources: Record<string, unknown>[]; redirectTo: string | null }> {
    const { conn, redirectTo } = await this.setupTarget(token);
    return { ...(await this.saveSelection(conn, resources)), redirectTo };
  }

  private callbackUrl(provider: string, origin: string | undefined): string {
    const base = this.opts.publicUrl ?? origin;
    if (!base) throw createError('OAUTH_STATE_INVALID', ['MNEMO_PUBLIC_URL is not set and the request has no origin']);
    return `${base}/v3/connections/${encodeURIComponent(provider)}/callback`;
  }

  /**
   * A delivery at POST /v3/connections/{provider}/webhook (no API key): the connector authenticates it against the
   * provider's connections in every organisation and names those to sync now; each gets an "event" sync.
   */
  async webhook(provider: string, delivery: WebhookDelivery): Promise<WebhookOutcome> {
    const connector = this.connector(provider);
    if (!connector.handleWebhook) throw createError('WEBHOOK_NOT_SUPPORTED', [provider]);
    const records = (await this.store.connections.listConnectionsOfProvider(provider)).filter((c) => c.status !== 'needs_reauth');
    const candidates: ConnectorConnection[] = [];
    for (const c of records) {
      try {
        candidates.push(connectorView(c, this.box));
      } catch {
        // Credentials that cannot be opened: that connection cannot authenticate a delivery.
      }
    }
    const outcome = await connector.handleWebhook(delivery, candidates);
    for (const id of outcome.sync) {
      const conn = records.find((c) => c.id === id);
      if (conn) await this.runner.trigger(conn.orgId, conn.id, 'event');
    }
    return outcome;
  }

  private async remove(actor: Actor, conn: ConnectionRecord, deleteDocuments: boolean): Promise<void> {
    await this.runner.unschedule(conn.id);
    // Push channels and subscriptions would keep posting until they expire: stopped first, while the token works.
    const connector = this.connectors.get(conn.provider);
    if (connector) await releaseNotifications(this.syncDeps, conn, connector, true);
    await this.revoke(conn);
    if (deleteDocuments) {
      const ids = (await this.store.connections.listSyncItems(conn.orgId, conn.id)).map((i) => i.documentId);
      for (let i = 0; i < ids.length; i += DELETE_BATCH) await this.documents.deleteMany(actor, ids.slice(i, i + DELETE_BATCH));
    }
    await this.store.connections.deleteConnection(conn.orgId, conn.id);
  }

  /** Disconnect revokes the connection's token at the provider, where it has a revocation endpoint (best effort). */
  private async revoke(conn: ConnectionRecord): Promise<void> {
    const app = this.connectors.get(conn.provider)?.oauth;
    if (!app?.revokeUrl || !conn.credentials || !this.box) return;
    let credentials: Record<string, string>;
    try {
      credentials = JSON.parse(this.box.open(conn.credentials)) as Record<string, string>;
    } catch {
      return;
    }
    // Revoking the refresh token ends the whole grant (Google revokes the access tokens issued from it too).
    const token = credentials.refreshToken ?? credentials.accessToken;
    if (!token) return;
    const failure = await revokeToken(app, token, this.syncDeps.context.urlFetch.timeoutMs);
    if (failure) this.syncDeps.logger.warn('token revocation failed', { connectionId: conn.id, provider: conn.provider, error: failure });
  }

  private async matching(actor: Actor, provider: string, containerTags?: readonly string[]): Promise<ConnectionRecord[]> {
    this.connector(provider);
    return this.store.connections.listConnections(actor.orgId, { provider, ...(containerTags && containerTags.length > 0 ? { containerTags } : {}) });
  }

  private connector(provider: string): Connector {
    const c = this.connectors.get(provider);
    if (!c) throw createError('UNKNOWN_PROVIDER', [provider, this.providers().join(', ')], { details: { providers: this.providers() } });
    return c;
  }
}

/** A redirect URL with the connection's id and provider added (how the app learns which connection came back). */
function withConnection(redirectUrl: string, conn: ConnectionRecord): string {
  const target = new URL(redirectUrl);
  target.searchParams.set('connectionId', conn.id);
  target.searchParams.set('provider', conn.provider);
  return target.toString();
}
