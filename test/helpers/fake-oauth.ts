import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OAuth 2 authorization server for connector tests (Google- and Microsoft-style): GET /authorize answers a
 * redirect to the client's redirect_uri with a code (or `error=access_denied`), POST /token exchanges codes (PKCE S256
 * checked when a challenge was sent) and refresh tokens for short-lived access tokens, POST /revoke revokes a token.
 * Client authentication: form fields (client_id/client_secret) or HTTP Basic. API fakes ask `isValid(bearer)`.
 */
export interface FakeOAuth {
  /** Base URL: `${url}/authorize`, `${url}/token`, `${url}/revoke`. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The next consent is refused (error=access_denied). */
  deny: boolean;
  /** expires_in (seconds) of the access tokens issued from now on. */
  expiresIn: number;
  /** Refresh grants are refused with invalid_grant (a revoked or expired refresh token). */
  failRefresh: boolean;
  /**
   * Refresh grants without `scope` are refused (400 invalid_request), as Microsoft's authorization-code flow lists
   * scope as required on the refresh request (set by startFakeOAuth's requireRefreshScope).
   */
  readonly requireRefreshScope: boolean;
  /** Every authorize request's query (scope, code_challenge, access_type...). */
  readonly authorizeRequests: URLSearchParams[];
  /** Every token request's form (grant_type, code_verifier, refresh_token...). */
  readonly tokenRequests: URLSearchParams[];
  /** Tokens revoked through /revoke. */
  readonly revoked: string[];
  /** An access token this server issued, not expired, not revoked. */
  isValid(accessToken: string | undefined): boolean;
  /** Expires every access token issued so far (the next API call with one gets 401). */
  expireAll(): void;
  /** Follows an authLink like a browser: the URL the consent redirects to (the callback with code and state). */
  consent(authLink: string): Promise<string>;
  close(): Promise<void>;
}

interface Grant {
  redirectUri: string;
  challenge: string | null;
  scope: string;
}

export async function startFakeOAuth(opts: { clientId?: string; clientSecret?: string; requirePkce?: boolean; requireRefreshScope?: boolean } = {}): Promise<FakeOAuth> {
  const clientId = opts.clientId ?? 'fake-client-id.apps.example';
  const clientSecret = opts.clientSecret ?? 'fake-client-secret-0123456789';
  const codes = new Map<string, Grant>();
  const access = new Map<string, number>();
  const refresh = new Set<string>();
  const revoked: string[] = [];
  const authorizeRequests: URLSearchParams[] = [];
  const tokenRequests: URLSearchParams[] = [];

  const issue = (scope: string) => {
    const accessToken = `at_${randomBytes(12).toString('hex')}`;
    access.set(accessToken, Date.now() + fake.expiresIn * 1000);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: fake.expiresIn, scope };
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/authorize') {
      authorizeRequests.push(url.searchParams);
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_id') !== clientId || !redirectUri || q.get('response_type') !== 'code') return send(400, { error: 'invalid_request' });
      const challenge = q.get('code_challenge');
      if (challenge && q.get('code_challenge_method') !== 'S256') return send(400, { error: 'invalid_request', error_description: 'S256 only' });
      if (opts.requirePkce && !challenge) return send(400, { error: 'invalid_request', error_description: 'PKCE required' });
      const back = new URL(redirectUri);
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      if (fake.deny) {
        fake.deny = false;
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = `code_${randomBytes(8).toString('hex')}`;
        codes.set(code, { redirectUri, challenge, scope: q.get('scope') ?? '' });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && (url.pathname === '/token' || url.pathname === '/revoke')) {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        if (url.pathname === '/revoke') {
          const token = form.get('token') ?? url.searchParams.get('token');
          if (!token) return send(400, { error: 'invalid_request' });
          revoked.push(token);
          access.delete(token);
          refresh.delete(token);
          return send(200, {});
        }
        tokenRequests.push(form);
        const basic = req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString('utf8') : null;
        const [id, secret] = basic ? basic.split(':') : [form.get('client_id'), form.get('client_secret')];
        if (id !== clientId || secret !== clientSecret) return send(401, { error: 'invalid_client' });
        const grant = form.get('grant_type');
        if (grant === 'authorization_code') {
          const g = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          if (!g || g.redirectUri !== form.get('redirect_uri')) return send(400, { error: 'invalid_grant', error_description: 'Bad code or redirect_uri.' });
          if (g.challenge) {
            const verifier = form.get('code_verifier') ?? '';
            if (createHash('sha256').update(verifier).digest('base64url') !== g.challenge) return send(400, { error: 'invalid_grant', error_description: 'PKCE verification failed.' });
          }
          const refreshToken = `rt_${randomBytes(12).toString('hex')}`;
          refresh.add(refreshToken);
          return send(200, { ...issue(g.scope), refresh_token: refreshToken });
        }
        if (grant === 'refresh_token') {
          const rt = form.get('refresh_token') ?? '';
          if (fake.failRefresh || !refresh.has(rt)) return send(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
          if (fake.requireRefreshScope && !form.get('scope')) return send(400, { error: 'invalid_request', error_description: "AADSTS90014: The required field 'scope' is missing from the credential." });
          return send(200, issue(form.get('scope') ?? ''));
        }
        return send(400, { error: 'unsupported_grant_type' });
      });
      return;
    }
    send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeOAuth = {
    url: base,
    clientId,
    clientSecret,
    deny: false,
    expiresIn: 3600,
    failRefresh: false,
    requireRefreshScope: opts.requireRefreshScope ?? false,
    authorizeRequests,
    tokenRequests,
    revoked,
    isValid(token) {
      if (!token) return false;
      const until = access.get(token.replace(/^Bearer\s+/i, ''));
      return until !== undefined && until > Date.now();
    },
    expireAll() {
      for (const k of access.keys()) access.set(k, 0);
    },
    async consent(authLink) {
      const res = await fetch(authLink, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`authorize refused: ${res.status} ${await res.text()}`);
      return location;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
