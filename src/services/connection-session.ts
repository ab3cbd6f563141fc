import { createError, isAppError } from '../core/errors.js';
import type { SecretBox } from '../core/secret-box.js';
import type { Connector, ConnectorConnection, ConnectorContext } from '../connectors/types.js';
import type { ConnectionRecord } from '../storage/connections.js';
import type { Store } from '../storage/store.js';
import { needsRefresh, refreshTokens, tokenCredentials } from './connection-oauth.js';

/** What a connector's calls need of the sync's dependencies. */
export interface SessionDeps {
  store: Store;
  /** Opens sealed credentials (keyed from the master secret); null only where a caller builds the deps without one. */
  box: SecretBox | null;
  /** What connectors get: fetch policy, logger and (Temporal activities) the cancellation signal. */
  context: ConnectorContext;
  /** MNEMO_PUBLIC_URL: connectors register change notifications at its webhook route (null = they poll). */
  publicUrl?: string | null;
}

/** The context a connector's call gets: the shared one plus its own public webhook URL (when there is one). */
export function connectorContext(deps: Pick<SessionDeps, 'context' | 'publicUrl'>, provider: string): ConnectorContext {
  const webhookUrl = deps.publicUrl ? `${deps.publicUrl}/v3/connections/${encodeURIComponent(provider)}/webhook` : null;
  return { ...deps.context, webhookUrl };
}

/** A refused credential (the connection needs re-authorisation) rather than any other failure. */
export function isAuthFailure(err: unknown): boolean {
  return isAppError(err) && err.code === 'CONNECTOR_AUTH_FAILED';
}

/** The connector's view of a connection without its credentials (what needsSetup reads), with the given state. */
export function settingsView(conn: ConnectionRecord, state: unknown): ConnectorConnection {
  return { id: conn.id, metadata: conn.metadata, credentials: null, documentLimit: conn.documentLimit, state };
}

/** The connector's view of a connection, credentials opened. */
export function connectorView(conn: ConnectionRecord, box: SecretBox | null): ConnectorConnection {
  let credentials: Record<string, string> | null = null;
  if (conn.credentials) {
    if (!box) throw createError('CONNECTOR_AUTH_FAILED', [conn.provider, 'MNEMO_SECRET_KEY is not set, so the stored credentials cannot be read']);
    try {
      credentials = JSON.parse(box.open(conn.credentials)) as Record<string, string>;
    } catch {
      throw createError('CONNECTOR_AUTH_FAILED', [conn.provider, 'the stored credentials cannot be decrypted (MNEMO_SECRET_KEY changed?)']);
    }
  }
  return { id: conn.id, metadata: conn.metadata, credentials, documentLimit: conn.documentLimit, state: conn.state };
}

/**
 * Runs a provider call with an OAuth connection's access token fresh: refreshed first when it expires within
 * REFRESH_MARGIN_MS, and once more when the provider refuses it anyway (revoked early, clock skew). The new tokens
 * are sealed into the connection at once. A refused refresh is CONNECTOR_AUTH_FAILED: the connection needs
 * re-authorisation. Connections without a refresh token (GitHub, Notion, API tokens) run the call as they are.
 */
export class TokenSession {
  constructor(
    private readonly deps: Pick<SessionDeps, 'store' | 'box' | 'context'>,
    private readonly conn: ConnectionRecord,
    private readonly connector: Connector,
    public view: ConnectorConnection,
  ) {}

  async run<T>(fn: (view: ConnectorConnection) => Promise<T>): Promise<T> {
    if (this.refreshable() && needsRefresh(this.view.credentials, Date.now())) await this.refresh();
    try {
      return await fn(this.view);
    } catch (err) {
      if (!isAuthFailure(err) || !this.refreshable()) throw err;
      await this.refresh();
      return fn(this.view);
    }
  }

  private refreshable(): boolean {
    return Boolean(this.connector.oauth && this.deps.box && this.view.credentials?.refreshToken);
  }

  private async refresh(): Promise<void> {
    const previous = this.view.credentials!;
    const tokens = await refreshTokens(this.connector.oauth!, previous.refreshToken!, this.deps.context.urlFetch.timeoutMs, previous.scope);
    const credentials = tokenCredentials(tokens, previous);
    await this.deps.store.connections.updateConnection(this.conn.orgId, this.conn.id, { credentials: this.deps.box!.seal(JSON.stringify(credentials)) });
    this.view = { ...this.view, credentials };
  }
}

/** One provider call with fresh tokens (see TokenSession). */
export function withFreshView<T>(deps: Pick<SessionDeps, 'store' | 'box' | 'context'>, conn: ConnectionRecord, connector: Connector, view: ConnectorConnection, fn: (view: ConnectorConnection) => Promise<T>): Promise<T> {
  return new TokenSession(deps, conn, connector, view).run(fn);
}

/**
 * Ends the change notifications a connection registered at its provider (Drive push channels, Graph subscriptions)
 * and forgets them, so nothing keeps posting for a connection that is deleted or waits for re-authorisation.
 * `fresh` refreshes the token first when it is due (a delete); after a refused credential the token is used as it
 * is (it may still be valid for a while when only the refresh was refused). Best effort: failures are logged.
 */
export async function releaseNotifications(deps: Pick<SessionDeps, 'store' | 'box' | 'context' | 'publicUrl'>, conn: ConnectionRecord, connector: Connector, fresh: boolean): Promise<void> {
  if (!connector.releaseNotifications) return;
  const ctx = connectorContext(deps, conn.provider);
  let view: ConnectorConnection;
  try {
    view = connectorView(conn, deps.box);
  } catch {
    return;
  }
  const release = (v: ConnectorConnection) => connector.releaseNotifications!(v, ctx);
  let state: unknown;
  try {
    state = fresh ? await withFreshView(deps, conn, connector, view, release) : await release(view);
  } catch (err) {
    // A refused refresh: the stored token may still stop them.
    state = await release(view).catch(() => null);
    deps.context.logger.warn('could not stop change notifications', { connectionId: conn.id, provider: conn.provider, error: err instanceof Error ? err.message : String(err) });
  }
  if (state !== null) await deps.store.connections.updateConnection(conn.orgId, conn.id, { state });
}
