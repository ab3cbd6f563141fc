import { requireRoot, requireWrite, tagsForWrite, type Actor } from '../core/actor.js';
import { createError } from '../core/errors.js';
import type { SecretBox } from '../core/secret-box.js';
import type { Connector, ConnectionSettings, ConnectorConnection, ResourcePage, WebhookDelivery, WebhookOutcome } from '../connectors/types.js';
import type { ConnectionRecord, SyncRunRecord } from '../storage/connections.js';
import type { Store } from '../storage/store.js';
import { connectorView, type ConnectionSyncDeps, type ConnectionSyncRunner } from './connection-sync.js';
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
    private readonly syncDeps: Pick<ConnectionSyncDeps, 'context'>,
  ) {}

  /** Names of the available connectors. */
  providers(): string[] {
    return [...this.connectors.keys()];
  }

  async create(actor: Actor, provider: string, input: CreateConnectionInput): Promise<{ id: string; authLink: null; expiresIn: null; redirectsTo?: string }> {
    requireRoot(actor, 'manage connections');
    requireWrite(actor);
    const connector = this.connector(provider);
    const settings = input.metadata ?? {};
    connector.validateConfig(settings, this.syncDeps.context);
    const secretEntries = Object.entries(settings).filter(([k]) => connector.credentialFields.includes(k));
    if (secretEntries.length > 0 && !this.box) throw createError('SECRET_KEY_REQUIRED', [provider]);
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
      credentials: secretEntries.length > 0 ? this.box!.seal(JSON.stringify(Object.fromEntries(secretEntries.map(([k, v]) => [k, String(v)])))) : null,
      status: 'active',
      state: null,
      syncEveryMs,
      nextSyncAt: now.getTime() + syncEveryMs,
      lastSyncAt: null,
      error: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await this.store.connections.insertConnection(conn);
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

  /** Starts a sync of every connection of the provider (optionally those carrying any of the tags). */
  async import(actor: Actor, provider: string, containerTags?: readonly string[]): Promise<{ started: number; running: number }> {
    requireRoot(actor, 'manage connections');
    requireWrite(actor);
    const conns = await this.matching(actor, provider, containerTags);
    if (conns.length === 0) throw createError('CONNECTION_NOT_FOUND', [containerTags?.length ? `${provider} for ${containerTags.join(', ')}` : provider]);
    let started = 0;
    for (const c of conns) {
      if (c.status === 'needs_reauth') continue;
      if ((await this.runner.trigger(c.orgId, c.id, 'manual')) === 'started') started++;
    }
    return { started, running: conns.length - started };
  }

  /** Documents synced by the provider's connections (optionally those carrying any of the tags). */
  async listDocuments(actor: Actor, provider: string, containerTags?: readonly string[]): Promise<DocumentRecord[]> {
    requireRoot(actor, 'manage connections');
    const out: DocumentRecord[] = [];
    for (const c of await this.matching(actor, provider, containerTags)) {
      const ids = (await this.store.connections.listSyncItems(actor.orgId, c.id)).map((i) => i.documentId);
      for (let i = 0; i < ids.length; i += DELETE_BATCH) out.push(...(await this.store.getDocumentsByIds(actor.orgId, ids.slice(i, i + DELETE_BATCH))));
    }
    return out;
  }

  async resources(actor: Actor, id: string, query: { page: number; perPage: number; parentId?: string }): Promise<ResourcePage> {
    const conn = await this.get(actor, id);
    const connector = this.connector(conn.provider);
    if (!connector.describeResources) return { resources: [], total_count: 0 };
    return connector.describeResources(connectorView(conn, this.box), query, { ...this.syncDeps.context });
  }

  async configure(actor: Actor, id: string, resources: readonly Record<string, unknown>[]): Promise<{ message: string; success: boolean }> {
    requireWrite(actor);
    const conn = await this.get(actor, id);
    if (!this.connector(conn.provider).describeResources) {
      throw createError('NOT_SUPPORTED', [`${conn.provider} connections have no resources to choose from (got ${resources.length})`]);
    }
    await this.store.connections.updateConnection(actor.orgId, id, { state: { ...(conn.state as object | null), resources }, updatedAt: new Date().toISOString() });
    return { message: `${resources.length} resources saved`, success: true };
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
    if (deleteDocuments) {
      const ids = (await this.store.connections.listSyncItems(conn.orgId, conn.id)).map((i) => i.documentId);
      for (let i = 0; i < ids.length; i += DELETE_BATCH) await this.documents.deleteMany(actor, ids.slice(i, i + DELETE_BATCH));
    }
    await this.store.connections.deleteConnection(conn.orgId, conn.id);
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
