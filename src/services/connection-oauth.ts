import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
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
export function authorizationUrl(app: OAuthApp, redirectUri: string, state: string): string {
  const url = new URL(app.authorizeUrl);
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (app.scopes.length > 0) url.searchParams.set('scope', app.scopes.join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  for (const [k, v] of Object.entries(app.authorizeParams ?? {})) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * Exchanges an authorization code for an access token at the provider's token endpoint (form body, JSON answer).
 * A refusal (an `error` in the answer, a 4xx) is CONNECTOR_AUTH_FAILED with the provider's description; the token
 * itself is never logged.
 */
export async function exchangeCode(app: OAuthApp, code: string, redirectUri: string, timeoutMs: number): Promise<{ accessToken: string; scope: string | null }> {
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
      body: basic
        ? JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: redirectUri })
        : new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, code, redirect_uri: redirectUri, grant_type: 'authorization_code' }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw createError('CONNECTOR_FAILED', [app.provider, `token endpoint: ${errorMessage(err)}`], { permanent: false });
  }
  const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; scope?: unknown; error?: unknown; error_description?: unknown };
  if (!res.ok || typeof body.access_token !== 'string' || body.access_token === '') {
    const why = typeof body.error_description === 'string' ? body.error_description : typeof body.error === 'string' ? body.error : `HTTP ${res.status}`;
    if (res.status >= 500) throw createError('CONNECTOR_FAILED', [app.provider, `token endpoint: ${why}`], { permanent: false });
    throw createError('CONNECTOR_AUTH_FAILED', [app.provider, `the authorization code was refused: ${why}`]);
  }
  return { accessToken: body.access_token, scope: typeof body.scope === 'string' ? body.scope : null };
}
