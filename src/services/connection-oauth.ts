import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { createError, errorMessage } from '../core/errors.js';
import type { OAuthApp } from '../connectors/types.js';

/** How long an authLink (and the state it carries) is valid: the wire's "1 hour". */
export const AUTH_LINK_TTL_SECONDS = 3600;
export const AUTH_LINK_EXPIRES_IN = '1 hour';

/** What the signed `state` of an authorization request carries. */
export interface OAuthState {
  orgId: string;
  connectionId: string;
  provider: string;
  /** Random, also kept on the pending connection: a state is good for one callback only. */
  nonce: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** The key that signs OAuth states, derived (HKDF-SHA256) from MNEMO_SECRET_KEY apart from every other use of it. */
export function oauthStateKey(masterSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterSecret, Buffer.alloc(0), 'mnemo oauth state v1', 32));
}

/** The key that signs setup (picker) links: a separate derivation, so a state can never pass for a setup link. */
export function setupLinkKey(masterSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterSecret, Buffer.alloc(0), 'mnemo setup link v1', 32));
}

/** A PKCE pair (RFC 7636): the verifier stays sealed with the pending connection, the S256 challenge goes out. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** `<base64url JSON>.<base64url HMAC-SHA256 of the first part>`. */
export function signState(key: Buffer, s: OAuthState): string {
  const payload = Buffer.from(JSON.stringify({ o: s.orgId, c: s.connectionId, p: s.provider, n: s.nonce, e: s.expiresAt })).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The state signed with `key`, unexpired at `nowSeconds`; null for anything else (tampered, expired, malformed). */
export function verifyState(key: Buffer, token: string, nowSeconds: number): OAuthState | null {
  if (token.length > 1024) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { o, c, p, n, e } = v;
  if (typeof o !== 'string' || typeof c !== 'string' || typeof p !== 'string' || typeof n !== 'string' || typeof e !== 'number' || !(e > nowSeconds)) return null;
  return { orgId: o, connectionId: c, provider: p, nonce: n, expiresAt: e };
}

/** The provider's authorization URL for a pending connection. */
export function authorizationUrl(app: OAuthApp, redirectUri: string, state: string, codeChallenge?: string): string {
  const url = new URL(app.authorizeUrl);
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (app.scopes.length > 0) url.searchParams.set('scope', app.scopes.join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  if (codeChallenge) {
    url.searchParams.set('code_challenge', codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  for (const [k, v] of Object.entries(app.authorizeParams ?? {})) url.searchParams.set(k, v);
  return url.toString();
}

/** What a token endpoint granted. */
export interface TokenSet {
  accessToken: string;
  /** Absent when the provider issues none (GitHub OAuth apps, Notion) or keeps the old one on refresh. */
  refreshToken: string | null;
  /** Epoch ms the access token expires at; null = the provider did not say (long-lived). */
  expiresAt: number | null;
  scope: string | null;
}

/**
 * Exchanges an authorization code (with its PKCE verifier when the app uses PKCE) for tokens at the provider's token
 * endpoint. A refusal (an `error` in the answer, a 4xx) is CONNECTOR_AUTH_FAILED with the provider's description;
 * tokens are never logged.
 */
export function exchangeCode(app: OAuthApp, code: string, redirectUri: string, timeoutMs: number, codeVerifier?: string): Promise<TokenSet> {
  const grant: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
  if (codeVerifier) grant.code_verifier = codeVerifier;
  return tokenRequest(app, grant, timeoutMs, 'the authorization code was refused');
}

/**
 * A new access token for a refresh token. Providers whose documentation requires it (Microsoft identity platform)
 * get the scopes again: those granted (`grantedScope`, as the token endpoint reported them), else those the app
 * asks for. A refusal (invalid_grant: revoked, expired, consent withdrawn) is CONNECTOR_AUTH_FAILED, so the
 * connection needs re-authorisation; network errors and 5xx are transient.
 */
export function refreshTokens(app: OAuthApp, refreshToken: string, timeoutMs: number, grantedScope?: string): Promise<TokenSet> {
  const grant: Record<string, string> = { grant_type: 'refresh_token', refresh_token: refreshToken };
  const scope = grantedScope?.trim() || app.scopes.join(' ');
  if (app.refreshWithScope && scope) grant.scope = scope;
  return tokenRequest(app, grant, timeoutMs, 'the refresh token was refused');
}

async function tokenRequest(app: OAuthApp, grant: Record<string, string>, timeoutMs: number, refusal: string): Promise<TokenSet> {
  let res: Response;
  try {
    const basic = app.tokenAuth === 'basic';
    res = await fetch(app.tokenUrl, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': basic ? 'application/json' : 'application/x-www-form-urlencoded',
        'user-agent': 'mnemo-connector',
        ...(basic ? { authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}` } : {}),
      },
      body: basic ? JSON.stringify(grant) : new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, ...grant }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw createError('CONNECTOR_FAILED', [app.provider, `token endpoint: ${errorMessage(err)}`], { permanent: false });
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.access_token !== 'string' || body.access_token === '') {
    const why = typeof body.error_description === 'string' ? body.error_description : typeof body.error === 'string' ? body.error : `HTTP ${res.status}`;
    if (res.status >= 500 || res.status === 429) throw createError('CONNECTOR_FAILED', [app.provider, `token endpoint: ${why}`], { permanent: false });
    throw createError('CONNECTOR_AUTH_FAILED', [app.provider, `${refusal}: ${why}`]);
  }
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token !== '' ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? Date.now() + expiresIn * 1000 : null,
    scope: typeof body.scope === 'string' ? body.scope : null,
  };
}

/** The sealed credential fields of a token set (a refresh that returns no refresh token keeps the old one). */
export function tokenCredentials(t: TokenSet, previous: Readonly<Record<string, string>> = {}): Record<string, string> {
  const { pkceVerifier: _v, accessToken: _a, refreshToken: _r, expiresAt: _e, scope: _s, ...rest } = previous;
  const refreshToken = t.refreshToken ?? previous.refreshToken;
  // The granted scopes, kept for refreshes that must name them (a refresh answer without them keeps the old ones).
  const scope = t.scope ?? previous.scope;
  return {
    ...rest,
    accessToken: t.accessToken,
    ...(refreshToken ? { refreshToken } : {}),
    ...(t.expiresAt !== null ? { expiresAt: String(t.expiresAt) } : {}),
    ...(scope ? { scope } : {}),
  };
}

/** Refresh this long before the access token expires (a sync page must not start with a token about to lapse). */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** The credentials carry a refresh token and the access token expires within the margin (or has). */
export function needsRefresh(credentials: Readonly<Record<string, string>> | null, now: number): boolean {
  if (!credentials?.refreshToken) return false;
  const expiresAt = Number(credentials.expiresAt);
  return !credentials.accessToken || (Number.isFinite(expiresAt) && expiresAt - REFRESH_MARGIN_MS <= now);
}

/**
 * Revokes a token at the provider (RFC 7009 style form body) on disconnect. Best effort: the connection goes
 * either way, so a failure is returned for logging, never thrown.
 */
export async function revokeToken(app: OAuthApp, token: string, timeoutMs: number): Promise<string | null> {
  if (!app.revokeUrl) return null;
  const basic = app.tokenAuth === 'basic';
  try {
    const res = await fetch(app.revokeUrl, {
      method: 'POST',
      headers: {
        'content-type': basic ? 'application/json' : 'application/x-www-form-urlencoded',
        'user-agent': 'mnemo-connector',
        ...(basic ? { authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}` } : {}),
        ...app.revokeHeaders,
      },
      body: basic ? JSON.stringify({ token }) : new URLSearchParams({ token, client_id: app.clientId, client_secret: app.clientSecret }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // 400 invalid_token: already revoked or expired, which is what was wanted.
    return res.ok || res.status === 400 ? null : `HTTP ${res.status}`;
  } catch (err) {
    return errorMessage(err);
  }
}
