import type { Logger } from '../core/logger.js';
import type { FetchOptions } from '../providers/fetch-url.js';

/** Settings of a connection as a client sends them in `metadata`. */
export type ConnectionSettings = Record<string, string | number | boolean>;

/** What a connector sees of a connection: its settings, opened credentials and its own state from the last sync. */
export interface ConnectorConnection {
  id: string;
  metadata: ConnectionSettings;
  /** Secret settings (opened from the store's sealed form); null for credential-free providers. */
  credentials: Record<string, string> | null;
  documentLimit: number;
  /** What listChanges returned as `state` last time (null on the first sync). */
  state: unknown;
}

/** Outbound access a connector gets: the SSRF-guarded fetch's policy and limits, a logger, cancellation. */
export interface ConnectorContext {
  urlFetch: FetchOptions;
  logger: Logger;
  signal?: AbortSignal;
  /**
   * Public URL of POST /v3/connections/{provider}/webhook for this connector (MNEMO_PUBLIC_URL set), where change
   * notifications (Drive channels, Graph subscriptions) are sent; null = no notifications, syncs poll.
   */
  webhookUrl?: string | null;
  /**
   * Saves part of the connection's state at once (merged into the stored state), before the listing returns: a push
   * channel is saved before it is opened, so its very first notification is recognised. Present during syncs only.
   */
  saveState?(patch: Record<string, unknown>): Promise<void>;
}

/** A binary item (a PDF, an image, an office file, audio): extracted by the content extractors like an upload. */
export interface ItemFile {
  bytes: Uint8Array;
  /** Name at the source (its extension helps detection when the bytes do not decide). */
  filename: string | null;
  /** Type the source declared, if any (the bytes win; src/extract/detect.ts). */
  mimeType: string | null;
}

/** The content of one outside item, ready for the document service. */
export interface ItemContent {
  /** Text, markdown or HTML (the pipeline detects which); ignored ('' is fine) when `file` is set. */
  text: string;
  /** The item is a file: stored as the document's original and extracted by the pipeline. */
  file?: ItemFile;
  /** Tags for this item instead of the connection's (S3 `containerTagRegex`); validated like any add. */
  containerTags?: string[];
  mimeType: string;
  title: string | null;
  url: string | null;
  filepath: string | null;
  /**
   * The version of what was read (e.g. a hash of the content), when the listed version cannot tell every change
   * (Notion's minute-rounded edit times): stored instead of the listed one, and equal to the stored one = unchanged.
   */
  version?: string;
}

/** One item of a change list. */
export interface ChangeItem {
  /** Stable id of the item at the source (a URL, an object key, a path). */
  externalId: string;
  /** ETag, SHA or Last-Modified; equal to the synced version = unchanged (skipped). null = unknown. */
  version: string | null;
  /** Deleted at the source: its document is deleted. */
  deleted?: boolean;
  /** Content read while listing (the crawler reads pages to find links); otherwise fetchItem reads it. */
  content?: ItemContent;
  /** The item could not be read: recorded as a failed item and skipped (its document, if any, is kept). */
  error?: string;
}

export interface ChangeList {
  items: ChangeItem[];
  /** Saved with the connection and handed back on the next call (cursor, links seen). */
  state: unknown;
  /** More pages follow: listChanges is called again with the new state. */
  hasMore?: boolean;
  /** The items of every page together are everything at the source: known items not listed were deleted there. */
  complete: boolean;
}

/** A browsable resource of a connection (GitHub repositories) for GET /v3/connections/{id}/resources. */
export interface ResourcePage {
  resources: Record<string, unknown>[];
  total_count?: number;
}

/** An OAuth app the deployment configured for a provider (authorization-code flow; the callback stores the token). */
export interface OAuthApp {
  provider: string;
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  /** Extra query parameters of the authorization URL (Notion: owner=user). */
  authorizeParams?: Readonly<Record<string, string>>;
  /** How the client authenticates at the token endpoint: form fields (default) or HTTP Basic with a JSON body (Notion). */
  tokenAuth?: 'body' | 'basic';
  /** Send a PKCE challenge (S256) with the authorization request and its verifier with the code (RFC 7636). */
  pkce?: boolean;
  /** The refresh request names the scopes again (Microsoft's authorization-code flow requires `scope` there). */
  refreshWithScope?: boolean;
  /**
   * Where a token is revoked on disconnect (RFC 7009 style: form `token=` with the client's credentials; with
   * tokenAuth 'basic', JSON `{token}` under HTTP Basic, as Notion); absent = the provider has none.
   */
  revokeUrl?: string;
  /** Extra headers of the revocation request (Notion-Version). */
  revokeHeaders?: Readonly<Record<string, string>>;
}

/** An inbound notification at POST /v3/connections/{provider}/webhook (GitHub push, Drive channel, Graph subscription). */
export interface WebhookDelivery {
  /** Header names lower-cased. */
  headers: Readonly<Record<string, string | undefined>>;
  query: Readonly<Record<string, string | undefined>>;
  /** The body exactly as received (signatures are computed over it). */
  rawBody: Buffer;
}

/** What a connector makes of a webhook delivery: the HTTP answer, and which of the candidates to sync now. */
export interface WebhookOutcome {
  status: number;
  /** JSON (an object) or text (a string, sent as text/plain: Graph's validationToken echo). */
  body: Record<string, unknown> | string;
  /** Ids of the candidate connections to sync now (trigger "event"). */
  sync: readonly string[];
}

/**
 * A source of documents. One module per provider; the sync engine (services/connection-sync.ts) does the rest:
 * versions, limits, document adds/updates/deletes, retries and run records.
 */
export interface Connector {
  readonly provider: string;
  /** Settings that are secrets: taken out of metadata, sealed, never returned. Sealed with a key derived from the master secret. */
  readonly credentialFields: readonly string[];
  /**
   * The provider's OAuth app when the deployment configured one: a connection created without a `token` setting
   * then authorises through `authLink` and the callback. Absent = credentials come in `metadata`.
   */
  readonly oauth?: OAuthApp;
  /**
   * The provider only works through OAuth: without its app (`oauth` absent) a new connection is refused with a 400
   * naming these environment variables (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET).
   */
  readonly oauthVariables?: readonly string[];
  /**
   * Reads a delivery at POST /v3/connections/{provider}/webhook (no API key: the connector authenticates it, by a
   * signature over `rawBody` or a secret it registered). `candidates` are the provider's connections in every
   * organisation (credentials opened; those needing re-authorisation left out). A delivery that authenticates
   * against none of them throws WEBHOOK_SIGNATURE_INVALID. Absent = the provider takes no webhooks (404).
   */
  handleWebhook?(delivery: WebhookDelivery, candidates: readonly ConnectorConnection[]): Promise<WebhookOutcome> | WebhookOutcome;
  /** Default interval between scheduled syncs (absent = the deployment's default, every 4 hours). */
  readonly defaultSyncEveryMs?: number;
  /** Checks the settings of a new connection; throws CONNECTOR_CONFIG_INVALID naming the problem. */
  validateConfig(settings: ConnectionSettings, ctx: ConnectorContext): void;
  /** Items at the source, with the versions the last sync stored (`known`) for conditional reads. */
  listChanges(conn: ConnectorConnection, known: ReadonlyMap<string, string | null>, ctx: ConnectorContext): Promise<ChangeList>;
  /** Reads one listed item whose content the list did not carry. */
  fetchItem?(conn: ConnectorConnection, item: ChangeItem, ctx: ConnectorContext): Promise<ItemContent>;
  /**
   * Why the connection cannot sync yet (a scoped drive without a saved selection: "choose what to share at <picker>"),
   * or null when it can. Scheduled syncs skip it and record the reason; manual imports answer it as an error.
   */
  needsSetup?(conn: ConnectorConnection): string | null;
  describeResources?(conn: ConnectorConnection, query: { page: number; perPage: number; parentId?: string }, ctx: ConnectorContext): Promise<ResourcePage>;
  /**
   * Checks a selection sent to POST /v3/connections/{id}/configure (repositories, drive folders, start pages, Notion
   * pages) and answers what is saved as the connection's `resources`; throws CONNECTOR_CONFIG_INVALID naming an
   * entry or field that means nothing for this provider. Absent = the provider takes no selection (400 NOT_SUPPORTED).
   */
  configureResources?(conn: ConnectorConnection, resources: readonly Record<string, unknown>[]): Record<string, unknown>[];
  /**
   * Stops the change notifications the connection registered at the provider (Drive push channels, Graph
   * subscriptions), best effort (failures logged), and answers the connection's state without them. Called when the
   * connection is deleted and when its credential is refused (needs_reauth).
   */
  releaseNotifications?(conn: ConnectorConnection, ctx: ConnectorContext): Promise<unknown>;
}
