import type { ApiKeyRecord, ContainerTagRecord, OrganizationRecord } from '../core/types.js';

export type ApiKeyPatch = Partial<Pick<ApiKeyRecord, 'name' | 'enabled' | 'revokedAt' | 'expiresAt' | 'expiryNotices'>>;

/** Activity of one container tag, computed from the documents that carry it. */
export interface ContainerTagStats {
  tag: string;
  documentCount: number;
  /** Earliest createdAt of its documents: when the tag came into use (a space without a record has no other date). */
  firstCreatedAt: string;
  /** Latest updatedAt of its documents. */
  lastActivityAt: string | null;
}

export type ContainerTagPatch = Partial<Pick<ContainerTagRecord, 'name' | 'entityContext'>>;

/**
 * Accounts port: organisations, API keys and container-tag spaces. Keys are global (looked up by hash, one
 * namespace for every organisation); everything else is addressed within an organisation.
 */
export interface AccountStore {
  upsertOrganization(org: OrganizationRecord): Promise<void>;
  getOrganization(orgId: string): Promise<OrganizationRecord | null>;
  listOrganizations(): Promise<OrganizationRecord[]>;

  /** Inserts a key; a key whose hash is already stored is left as it is. */
  insertApiKey(key: ApiKeyRecord): Promise<void>;
  findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** A key by id; with orgId, only a key of that organisation. */
  getApiKey(id: string, orgId?: string): Promise<ApiKeyRecord | null>;
  /** Keys of an organisation, oldest first, revoked ones included. */
  listApiKeys(orgId: string): Promise<ApiKeyRecord[]>;
  updateApiKey(id: string, patch: ApiKeyPatch): Promise<ApiKeyRecord | null>;
  /** Enabled, unrevoked keys of any organisation that expire at or before `before` (expiry notices). */
  listKeysExpiringBefore(before: string): Promise<ApiKeyRecord[]>;

  getContainerTag(orgId: string, tag: string): Promise<ContainerTagRecord | null>;
  /** Creates the space record when missing, then applies the patch; returns the result. */
  upsertContainerTag(orgId: string, tag: string, patch: ContainerTagPatch, now: string): Promise<ContainerTagRecord>;
  deleteContainerTag(orgId: string, tag: string): Promise<void>;
  /** Space records of the organisation (optionally only these tags). */
  listContainerTags(orgId: string, tags?: readonly string[]): Promise<ContainerTagRecord[]>;
  /** Document counts and last activity per tag that documents carry (optionally only these tags). */
  containerTagStats(orgId: string, tags?: readonly string[]): Promise<ContainerTagStats[]>;
}

/** A client registered by OAuth dynamic client registration (RFC 7591). */
export interface OAuthClientRecord {
  id: string;
  /** SHA-256 of the client secret; null for public clients (PKCE only). */
  secretHash: string | null;
  name: string;
  /** Compared exactly, character for character, with the redirect_uri of every request. */
  redirectUris: string[];
  tokenEndpointAuthMethod: 'none' | 'client_secret_post' | 'client_secret_basic';
  /** The rest of the registration as the client sent it (client_uri, logo_uri, …), returned on reads. */
  metadata: Record<string, unknown>;
  createdAt: string;
}

/** What a person granted a client on the consent page: the organisation, tags and permission. */
export interface OAuthConsent {
  orgId: string;
  /** The key (or sign-in link's key) the person proved themselves with. */
  subjectKeyId: string;
  /** Tags the client may use; null = every tag of the organisation. */
  containerTags: string[] | null;
  permission: 'read' | 'write';
  /** Requests per window, as for the key the person signed in with; null = no per-grant limit. */
  rateLimitMax: number | null;
  rateLimitWindowMs: number | null;
}

/** An authorization code, stored by its hash until its one use. */
export interface OAuthCodeRecord extends OAuthConsent {
  codeHash: string;
  clientId: string;
  redirectUri: string;
  /** S256 challenge of the client's PKCE verifier. */
  codeChallenge: string;
  /** The resource (RFC 8707) the tokens are bound to: this server's /mcp URL. */
  resource: string;
  expiresAt: string;
  createdAt: string;
}

/** One consent's tokens: a short-lived access token and a rotating refresh token, both stored hashed. */
export interface OAuthGrantRecord extends OAuthConsent {
  id: string;
  clientId: string;
  clientName: string;
  resource: string;
  accessHash: string;
  accessExpiresAt: string;
  refreshHash: string;
  refreshExpiresAt: string;
  /** The refresh token this one replaced: presenting it again revokes the grant (a stolen token was used). */
  previousRefreshHash: string | null;
  createdAt: string;
  updatedAt: string;
  revokedAt: string | null;
}

export interface OAuthTokenRotation {
  accessHash: string;
  accessExpiresAt: string;
  refreshHash: string;
  refreshExpiresAt: string;
  updatedAt: string;
}

/** A one-time sign-in link for the consent page, made by `npm run admin`. */
export interface SignInLinkRecord {
  tokenHash: string;
  orgId: string;
  /** The key whose rights the person signs in with (the organisation's root key unless the link names another). */
  keyId: string;
  expiresAt: string;
  createdAt: string;
}

/** An MCP session (Streamable HTTP), in the store so that every API process behind a load balancer knows it. */
export interface McpSessionRecord {
  id: string;
  orgId: string;
  /** The API key or OAuth grant that opened it: only the same principal may use it. */
  principalId: string;
  clientName: string | null;
  clientVersion: string | null;
  protocolVersion: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/**
 * How agents reach Mnemo: OAuth clients, authorization codes, grants (token pairs), consent-page sign-in links and
 * MCP sessions. Codes and links are taken once (read and deleted in one step), so two processes never both use one.
 */
export interface AgentAccessStore {
  insertOAuthClient(client: OAuthClientRecord): Promise<void>;
  getOAuthClient(id: string): Promise<OAuthClientRecord | null>;

  insertOAuthCode(code: OAuthCodeRecord): Promise<void>;
  /** Returns the code and deletes it; null when unknown or already taken. */
  takeOAuthCode(codeHash: string): Promise<OAuthCodeRecord | null>;

  insertOAuthGrant(grant: OAuthGrantRecord): Promise<void>;
  getOAuthGrant(id: string, orgId?: string): Promise<OAuthGrantRecord | null>;
  findGrantByAccessHash(accessHash: string): Promise<OAuthGrantRecord | null>;
  /** The grant whose current or previous refresh token has this hash. */
  findGrantByRefreshHash(refreshHash: string): Promise<OAuthGrantRecord | null>;
  /** Replaces the tokens only if `fromRefreshHash` is still current (one winner among racing refreshes). */
  rotateOAuthGrant(id: string, fromRefreshHash: string, next: OAuthTokenRotation): Promise<OAuthGrantRecord | null>;
  /** Grants of an organisation, oldest first, revoked ones included. */
  listOAuthGrants(orgId: string): Promise<OAuthGrantRecord[]>;
  revokeOAuthGrant(id: string, at: string): Promise<void>;

  insertSignInLink(link: SignInLinkRecord): Promise<void>;
  /** Returns the link and deletes it; null when unknown or already used. */
  takeSignInLink(tokenHash: string): Promise<SignInLinkRecord | null>;

  putMcpSession(session: McpSessionRecord): Promise<void>;
  getMcpSession(id: string): Promise<McpSessionRecord | null>;
  touchMcpSession(id: string, at: string): Promise<void>;
  deleteMcpSession(id: string): Promise<void>;
}
