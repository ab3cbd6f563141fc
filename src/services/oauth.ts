import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Actor } from '../core/actor.js';
import type { AgentAccessStore, OAuthClientRecord, OAuthConsent, OAuthGrantRecord } from '../storage/accounts.js';
import type { Store } from '../storage/store.js';
import { actorOf, authenticate, type AccessTokenVerifier, type KeyRejection, type Principal } from './auth.js';

export const ACCESS_TOKEN_PREFIX = 'mnemo_at_';
export const REFRESH_TOKEN_PREFIX = 'mnemo_rt_';
export const SIGN_IN_CODE_PREFIX = 'mnemo_signin_';
export const GRANT_ID_PREFIX = 'oag_';
const CODE_TTL_MS = 10 * 60_000;
export const SIGN_IN_TTL_MS = 15 * 60_000;

/** An OAuth error (RFC 6749 §5.2 / RFC 7591 §3.2.2 codes) with its HTTP status. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

const token = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');
const sameString = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A redirect URI a client may register: https, or http only to a loopback host (native apps, RFC 8252); no fragment. */
export function redirectUriProblem(uri: string): string | null {
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return `${uri} is not an absolute URL`;
  }
  if (u.hash) return `${uri} has a fragment`;
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) return null;
  // Private-use schemes of native apps (cursor://, vscode://) are allowed; javascript:, data: and the like are not.
  if (/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$|^(cursor|vscode|vscode-insiders|windsurf|claude):$/i.test(u.protocol)) return null;
  return `${uri} must use https (or http to a loopback address)`;
}

export interface ClientRegistration {
  redirectUris: string[];
  name: string;
  tokenEndpointAuthMethod: OAuthClientRecord['tokenEndpointAuthMethod'];
  metadata: Record<string, unknown>;
}

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
}

export interface TokenPair {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface OAuthOptions {
  accessTtlSeconds: number;
  refreshTtlDays: number;
}

/**
 * OAuth 2.1 for MCP clients: dynamic registration, authorization code with PKCE (S256 only), access tokens bound
 * to the MCP resource and rotating refresh tokens (a replayed one revokes the grant), all stored hashed.
 */
export class OAuthService implements AccessTokenVerifier {
  private readonly store: AgentAccessStore;

  constructor(
    private readonly accounts: Store,
    private readonly opts: OAuthOptions,
  ) {
    this.store = accounts.agentAccess;
  }

  scopeOf(permission: 'read' | 'write'): string {
    return permission === 'write' ? 'mnemo:read mnemo:write' : 'mnemo:read';
  }

  /** RFC 7591: a public client (PKCE only) unless it asks for a secret. */
  async register(r: ClientRegistration): Promise<{ client: OAuthClientRecord; secret: string | null }> {
    for (const uri of r.redirectUris) {
      const problem = redirectUriProblem(uri);
      if (problem) throw new OAuthError('invalid_redirect_uri', problem);
    }
    const secret = r.tokenEndpointAuthMethod === 'none' ? null : token('mnemo_cs_');
    const client: OAuthClientRecord = {
      id: `mcp_client_${randomBytes(12).toString('base64url')}`,
      secretHash: secret ? sha256(secret) : null,
      name: r.name,
      redirectUris: [...r.redirectUris],
      tokenEndpointAuthMethod: r.tokenEndpointAuthMethod,
      metadata: r.metadata,
      createdAt: new Date().toISOString(),
    };
    await this.store.insertOAuthClient(client);
    return { client, secret };
  }

  /**
   * Checks an authorization request before the consent page shows. Unknown client or a redirect URI that is not
   * registered character for character: never redirected to (the caller shows an error page).
   */
  async checkClient(clientId: string, redirectUri: string): Promise<OAuthClientRecord> {
    const client = clientId.length <= 200 ? await this.store.getOAuthClient(clientId) : null;
    if (!client) throw new OAuthError('invalid_client', 'Unknown client_id: register the client first', 401);
    if (!client.redirectUris.includes(redirectUri)) throw new OAuthError('invalid_request', 'redirect_uri is not registered for this client (it must match exactly)');
    return client;
  }

  /**
   * The consent page's sign-in: an API key of the person, or a one-time sign-in code from `npm run admin`. Returns
   * what the credential may grant; the code is used up.
   */
  async signIn(credential: string): Promise<{ actor: Actor; name: string } | { rejected: KeyRejection }> {
    const c = credential.trim();
    if (c.startsWith(SIGN_IN_CODE_PREFIX)) {
      const link = await this.store.takeSignInLink(sha256(c));
      if (!link) return { rejected: 'unknown' };
      if (Date.parse(link.expiresAt) <= Date.now()) return { rejected: 'expired' };
      const key = await this.accounts.accounts.getApiKey(link.keyId, link.orgId);
      if (!key || key.revokedAt) return { rejected: 'revoked' };
      if (!key.enabled) return { rejected: 'disabled' };
      if (key.expiresAt && Date.parse(key.expiresAt) <= Date.now()) return { rejected: 'expired' };
      return { actor: actorOf(key), name: key.name };
    }
    if (c.startsWith(ACCESS_TOKEN_PREFIX) || c.startsWith(REFRESH_TOKEN_PREFIX)) return { rejected: 'unknown' };
    const result = await authenticate(this.accounts, c);
    return 'rejected' in result ? result : { actor: result.actor, name: result.key.name };
  }

  /** A one-time sign-in code for the consent page, acting with the rights of `keyId` (admin CLI). */
  async createSignInCode(orgId: string, keyId: string, ttlMs = SIGN_IN_TTL_MS): Promise<{ code: string; expiresAt: string }> {
    const code = token(SIGN_IN_CODE_PREFIX);
    const now = Date.now();
    const expiresAt = new Date(now + ttlMs).toISOString();
    await this.store.insertSignInLink({ tokenHash: sha256(code), orgId, keyId, expiresAt, createdAt: new Date(now).toISOString() });
    return { code, expiresAt };
  }

  /** Issues an authorization code for what the person consented to (at most what their credential allows). */
  async approve(req: AuthorizationRequest, signedIn: Actor, choice: { containerTags: string[] | null; permission: 'read' | 'write' }): Promise<string> {
    if (signedIn.containerTags) {
      const outside = (choice.containerTags ?? ['(all projects)']).filter((t) => !signedIn.containerTags!.includes(t));
      if (outside.length > 0) throw new OAuthError('access_denied', `Your key cannot grant ${outside.join(', ')}`, 403);
    }
    if (choice.permission === 'write' && signedIn.permission !== 'write') throw new OAuthError('access_denied', 'Your key is read-only: it can grant read access only', 403);
    const code = token('mnemo_code_');
    const consent: OAuthConsent = {
      orgId: signedIn.orgId,
      subjectKeyId: signedIn.keyId,
      containerTags: choice.containerTags ? [...new Set(choice.containerTags)] : null,
      permission: choice.permission,
      rateLimitMax: signedIn.rateLimit?.max ?? null,
      rateLimitWindowMs: signedIn.rateLimit?.windowMs ?? null,
    };
    const now = Date.now();
    await this.store.insertOAuthCode({
      ...consent,
      codeHash: sha256(code),
      clientId: req.clientId,
      redirectUri: req.redirectUri,
      codeChallenge: req.codeChallenge,
      resource: req.resource,
      expiresAt: new Date(now + CODE_TTL_MS).toISOString(),
      createdAt: new Date(now).toISOString(),
    });
    return code;
  }

  /** Client authentication at the token endpoint: public clients name themselves; confidential ones prove the secret. */
  async authenticateClient(clientId: string | undefined, secret: string | undefined): Promise<OAuthClientRecord> {
    const client = clientId && clientId.length <= 200 ? await this.store.getOAuthClient(clientId) : null;
    if (!client) throw new OAuthError('invalid_client', 'Unknown client', 401);
    if (client.secretHash && !(secret && sameString(sha256(secret), client.secretHash))) throw new OAuthError('invalid_client', 'Client authentication failed', 401);
    return client;
  }

  /** grant_type=authorization_code: the code once, with the PKCE verifier and the same redirect URI and resource. */
  async exchangeCode(client: OAuthClientRecord, p: { code: string; codeVerifier: string; redirectUri: string; resource?: string }): Promise<TokenPair> {
    const code = await this.store.takeOAuthCode(sha256(p.code));
    if (!code || code.clientId !== client.id) throw new OAuthError('invalid_grant', 'The authorization code is invalid or was already used');
    if (Date.parse(code.expiresAt) <= Date.now()) throw new OAuthError('invalid_grant', 'The authorization code has expired');
    if (code.redirectUri !== p.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
    if (p.resource !== undefined && p.resource !== code.resource) throw new OAuthError('invalid_target', 'resource differs from the authorization request');
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(p.codeVerifier) || !sameString(s256(p.codeVerifier), code.codeChallenge)) {
      throw new OAuthError('invalid_grant', 'PKCE verification failed');
    }
    const pair = this.newPair();
    const now = new Date().toISOString();
    const { codeHash: _c, redirectUri: _r, codeChallenge: _cc, expiresAt: _e, createdAt: _ca, clientId: _ci, resource, ...consent } = code;
    const grant: OAuthGrantRecord = {
      ...consent,
      id: `${GRANT_ID_PREFIX}${randomBytes(12).toString('base64url')}`,
      clientId: client.id,
      clientName: client.name,
      resource,
      ...pair.hashes,
      previousRefreshHash: null,
      createdAt: now,
      updatedAt: now,
      revokedAt: null,
    };
    await this.store.insertOAuthGrant(grant);
    return { ...pair.tokens, scope: this.scopeOf(grant.permission) };
  }

  /** grant_type=refresh_token: a new pair; the presented refresh token stops working. A replayed one revokes the grant. */
  async refresh(client: OAuthClientRecord, refreshToken: string): Promise<TokenPair> {
    const hash = sha256(refreshToken);
    const grant = refreshToken.startsWith(REFRESH_TOKEN_PREFIX) ? await this.store.findGrantByRefreshHash(hash) : null;
    if (!grant || grant.clientId !== client.id || grant.revokedAt) throw new OAuthError('invalid_grant', 'The refresh token is invalid');
    if (grant.refreshHash !== hash) {
      // A refresh token that was already rotated: someone else holds it. Nothing of this grant works any more.
      await this.store.revokeOAuthGrant(grant.id, new Date().toISOString());
      throw new OAuthError('invalid_grant', 'The refresh token was already used; the grant is revoked');
    }
    if (Date.parse(grant.refreshExpiresAt) <= Date.now()) throw new OAuthError('invalid_grant', 'The refresh token has expired');
    const pair = this.newPair();
    const rotated = await this.store.rotateOAuthGrant(grant.id, hash, { ...pair.hashes, updatedAt: new Date().toISOString() });
    if (!rotated) throw new OAuthError('invalid_grant', 'The refresh token was already used');
    return { ...pair.tokens, scope: this.scopeOf(rotated.permission) };
  }

  /** RFC 7009: revokes the grant of an access or refresh token; unknown tokens are ignored. */
  async revokeToken(client: OAuthClientRecord, presented: string): Promise<void> {
    const hash = sha256(presented);
    const grant = (await this.store.findGrantByAccessHash(hash)) ?? (await this.store.findGrantByRefreshHash(hash));
    if (grant && grant.clientId === client.id) await this.store.revokeOAuthGrant(grant.id, new Date().toISOString());
  }

  isAccessToken(presented: string): boolean {
    return presented.startsWith(ACCESS_TOKEN_PREFIX);
  }

  /** An access token to the caller it stands for; refused once expired or revoked, or once the consenting key is. */
  async verify(presented: string): Promise<{ actor: Actor; principal: Principal } | { rejected: KeyRejection }> {
    if (presented.length > 200) return { rejected: 'unknown' };
    const grant = await this.store.findGrantByAccessHash(sha256(presented));
    if (!grant) return { rejected: 'unknown' };
    if (grant.revokedAt) return { rejected: 'revoked' };
    if (Date.parse(grant.accessExpiresAt) <= Date.now()) return { rejected: 'expired' };
    const subject = await this.accounts.accounts.getApiKey(grant.subjectKeyId, grant.orgId);
    if (!subject || subject.revokedAt) return { rejected: 'revoked' };
    if (!subject.enabled) return { rejected: 'disabled' };
    if (subject.expiresAt && Date.parse(subject.expiresAt) <= Date.now()) return { rejected: 'expired' };
    const actor: Actor = {
      orgId: grant.orgId,
      keyId: grant.id,
      keyKind: grant.containerTags ? 'scoped' : subject.kind,
      containerTags: grant.containerTags,
      permission: grant.permission,
      rateLimit: grant.rateLimitMax !== null ? { max: grant.rateLimitMax, windowMs: grant.rateLimitWindowMs ?? 60_000 } : null,
      expiresAt: grant.accessExpiresAt,
    };
    return { actor, principal: { kind: 'oauth', name: grant.clientName } };
  }

  private newPair() {
    const access = token(ACCESS_TOKEN_PREFIX);
    const refresh = token(REFRESH_TOKEN_PREFIX);
    const now = Date.now();
    const accessExpiresAt = new Date(now + this.opts.accessTtlSeconds * 1000).toISOString();
    const refreshExpiresAt = new Date(now + this.opts.refreshTtlDays * 86_400_000).toISOString();
    return {
      tokens: { access_token: access, token_type: 'Bearer' as const, expires_in: this.opts.accessTtlSeconds, refresh_token: refresh },
      hashes: { accessHash: sha256(access), accessExpiresAt, refreshHash: sha256(refresh), refreshExpiresAt },
    };
  }
}
