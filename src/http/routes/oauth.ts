import type Router from '@koa/router';
import { z } from 'zod';
import { OAuthError, type OAuthService } from '../../services/oauth.js';
import type { AppContext, AppState } from '../context.js';
import { consentPage, oauthErrorPage } from '../pages/consent.js';
import { TAG_PATTERN } from '../schemas/common.js';
import { defineRoute, mount, ok } from '../route.js';

/** Paths whose bodies arrive form-encoded (RFC 6749): read raw by jsonBody, parsed here. */
export const OAUTH_FORM_PATHS = /^\/oauth\/(authorize|token|revoke)$/;

export interface OAuthRouteDeps {
  oauth: OAuthService;
  /** This server's base URL as clients see it. */
  baseUrl: (ctx: { protocol: string; host: string }) => string;
}

const Str = (max: number) => z.string().min(1).max(max);

const AuthorizeQuery = z.object({
  response_type: z.string().max(50),
  client_id: Str(200),
  redirect_uri: Str(2000),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url SHA-256 of the PKCE verifier (S256)'),
  code_challenge_method: z.literal('S256', 'only S256 is supported'),
  state: z.string().max(2000).optional(),
  scope: z.string().max(500).optional(),
  resource: z.string().max(2000).optional(),
});

const Registration = z.looseObject({
  redirect_uris: z.array(Str(2000)).min(1).max(10),
  client_name: z.string().max(200).optional(),
  token_endpoint_auth_method: z.enum(['none', 'client_secret_post', 'client_secret_basic']).optional(),
  grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])).optional(),
  response_types: z.array(z.literal('code')).optional(),
});

const OAuthErrorBody = z.strictObject({ error: z.string(), error_description: z.string() }).describe('RFC 6749 error');
const oauthError = (description: string) => ({ description, schema: OAuthErrorBody });
const ProtectedResource = z.strictObject({
  resource: z.string(),
  authorization_servers: z.array(z.string()),
  bearer_methods_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  resource_name: z.string(),
});
const html = (description: string) => ({ description, contentType: 'text/html' });

const protectedResourceRoute = (path: string) => defineRoute({ method: 'get', path, tag: 'oauth', auth: 'public', summary: 'OAuth protected resource metadata of /mcp (RFC 9728)', responses: ok(ProtectedResource) });

/** OAuth 2.1 for MCP clients, declared once; served only when MCP OAuth is configured. */
export const OAUTH_ROUTES = {
  resource: protectedResourceRoute('/.well-known/oauth-protected-resource'),
  resourceMcp: protectedResourceRoute('/.well-known/oauth-protected-resource/mcp'),
  server: defineRoute({
    method: 'get',
    path: '/.well-known/oauth-authorization-server',
    tag: 'oauth',
    auth: 'public',
    summary: 'OAuth authorization server metadata (RFC 8414)',
    responses: ok(z.looseObject({ issuer: z.string(), authorization_endpoint: z.string(), token_endpoint: z.string(), registration_endpoint: z.string() })),
  }),
  register: defineRoute({
    method: 'post',
    path: '/oauth/register',
    tag: 'oauth',
    auth: 'public',
    summary: 'Dynamic client registration (RFC 7591)',
    body: Registration,
    responses: {
      201: {
        description: 'The client, with client_id (and client_secret for confidential clients)',
        schema: z.looseObject({ client_id: z.string(), client_id_issued_at: z.number(), client_name: z.string(), redirect_uris: z.array(z.string()), token_endpoint_auth_method: z.string() }),
      },
      400: oauthError('invalid_redirect_uri or invalid_client_metadata'),
    },
  }),
  authorizePage: defineRoute({
    method: 'get',
    path: '/oauth/authorize',
    tag: 'oauth',
    auth: 'public',
    summary: 'The consent page: the person signs in with an API key or sign-in code and picks projects and permission',
    query: AuthorizeQuery,
    responses: { 200: html('The consent page'), 302: { description: 'Back to the client with an error (RFC 6749 §4.1.2.1)' }, 400: html('Unknown client or redirect_uri') },
  }),
  authorize: defineRoute({
    method: 'post',
    path: '/oauth/authorize',
    tag: 'oauth',
    auth: 'public',
    summary: "The consent form's answer: redirects back to the client with a code (or access_denied)",
    rawBody: 'application/x-www-form-urlencoded: the consent form (client_id, redirect_uri, code_challenge, state?, resource?, decision, credential, tags, permission)',
    responses: { 302: { description: 'Back to the client with code and state (and iss)' }, 400: html('The form could not be read, or an invalid project'), 401: html('The API key or sign-in code is not valid') },
  }),
  token: defineRoute({
    method: 'post',
    path: '/oauth/token',
    tag: 'oauth',
    auth: 'public',
    summary: 'Token endpoint: authorization_code (PKCE S256) or refresh_token grants',
    rawBody: 'application/x-www-form-urlencoded (or JSON): grant_type, code, code_verifier, redirect_uri, refresh_token, resource?, client credentials (or HTTP Basic)',
    responses: {
      200: { description: 'access_token, token_type, expires_in, refresh_token, scope', schema: z.looseObject({ access_token: z.string(), token_type: z.string() }) },
      400: oauthError('invalid_request, invalid_grant, unsupported_grant_type, invalid_target'),
      401: oauthError('invalid_client'),
    },
  }),
  revoke: defineRoute({
    method: 'post',
    path: '/oauth/revoke',
    tag: 'oauth',
    auth: 'public',
    summary: 'Revoke an access or refresh token (RFC 7009)',
    rawBody: 'application/x-www-form-urlencoded (or JSON): token, client credentials (or HTTP Basic)',
    responses: { 200: { description: 'Revoked (or unknown: nothing to do)', schema: z.strictObject({}) }, 400: oauthError('invalid_request'), 401: oauthError('invalid_client') },
  }),
};

/** Fields of a form-encoded (or JSON) body. */
function formOf(ctx: AppContext): Record<string, string> {
  const raw = ctx.state.rawBody?.toString('utf8') ?? '';
  if (ctx.is('application/json')) {
    try {
      const parsed = JSON.parse(raw || '{}') as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    } catch {
      throw new OAuthError('invalid_request', 'Malformed JSON body');
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

function sendOAuthError(ctx: AppContext, err: OAuthError): void {
  ctx.status = err.status;
  if (err.error === 'invalid_client' && err.status === 401) ctx.set('WWW-Authenticate', 'Basic realm="mnemo"');
  ctx.body = { error: err.error, error_description: err.description };
}

/** Client credentials from HTTP Basic (client_secret_basic) or the body (client_secret_post, or a public client's id). */
function clientCredentials(ctx: AppContext, form: Record<string, string>): { id: string | undefined; secret: string | undefined } {
  const basic = /^Basic\s+(.+)$/i.exec(ctx.get('authorization'))?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, 'base64')
      .toString('utf8')
      .split(':')
      .map((s) => decodeURIComponent(s));
    return { id, secret };
  }
  return { id: form.client_id, secret: form.client_secret };
}

const noStore = (ctx: AppContext) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
};

const pageHeaders = (ctx: AppContext) => {
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'html';
};

/** Redirects back to the client with the result (RFC 6749 §4.1.2), naming the issuer (RFC 9207). */
function redirectBack(ctx: AppContext, redirectUri: string, params: Record<string, string | undefined>, issuer: string): void {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  url.searchParams.set('iss', issuer);
  ctx.status = 302;
  ctx.redirect(url.href);
}

/**
 * OAuth 2.1 for MCP clients (RFC 9728 resource metadata, RFC 8414 server metadata, RFC 7591 registration,
 * authorization code + PKCE S256, RFC 7009 revocation). The errors are OAuth's own shape, as clients expect.
 */
export function registerOAuthRoutes(router: Router<AppState>, { oauth, baseUrl }: OAuthRouteDeps): void {
  const resourceOf = (ctx: AppContext) => `${baseUrl(ctx)}/mcp`;

  const protectedResource = (ctx: AppContext) => {
    const base = baseUrl(ctx);
    ctx.body = {
      resource: `${base}/mcp`,
      authorization_servers: [base],
      bearer_methods_supported: ['header'],
      scopes_supported: ['mnemo:read', 'mnemo:write'],
      resource_name: 'Mnemo memory (MCP)',
    };
  };
  mount(router, OAUTH_ROUTES.resource, protectedResource);
  mount(router, OAUTH_ROUTES.resourceMcp, protectedResource);

  mount(router, OAUTH_ROUTES.server, (ctx) => {
    const base = baseUrl(ctx);
    ctx.body = {
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      scopes_supported: ['mnemo:read', 'mnemo:write'],
      authorization_response_iss_parameter_supported: true,
    };
  });

  mount(router, OAUTH_ROUTES.register, async (ctx) => {
    const parsed = Registration.safeParse(ctx.state.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.');
      sendOAuthError(ctx, new OAuthError(field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata', `${field || 'body'}: ${issue.message}`));
      return;
    }
    const b = parsed.data;
    try {
      const method = b.token_endpoint_auth_method ?? 'client_secret_basic';
      const { client, secret } = await oauth.register({ redirectUris: b.redirect_uris, name: b.client_name ?? 'MCP client', tokenEndpointAuthMethod: method, metadata: b });
      noStore(ctx);
      ctx.status = 201;
      ctx.body = {
        ...b,
        client_id: client.id,
        client_id_issued_at: Math.floor(Date.parse(client.createdAt) / 1000),
        ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
        client_name: client.name,
        redirect_uris: client.redirectUris,
        token_endpoint_auth_method: method,
        grant_types: b.grant_types ?? ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      };
    } catch (err) {
      if (err instanceof OAuthError) return sendOAuthError(ctx, err);
      throw err;
    }
  });

  mount(router, OAUTH_ROUTES.authorizePage, async (ctx) => {
    pageHeaders(ctx);
    const q = ctx.query as Record<string, unknown>;
    const clientId = typeof q.client_id === 'string' ? q.client_id : '';
    const redirectUri = typeof q.redirect_uri === 'string' ? q.redirect_uri : '';
    let client;
    try {
      client = await oauth.checkClient(clientId, redirectUri);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      ctx.status = 400;
      ctx.body = oauthErrorPage(err.description);
      return;
    }
    const issuer = baseUrl(ctx);
    const parsed = AuthorizeQuery.safeParse(q);
    const state = typeof q.state === 'string' ? q.state : undefined;
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return redirectBack(ctx, redirectUri, { error: 'invalid_request', error_description: `${issue.path.join('.')}: ${issue.message}`, state }, issuer);
    }
    const a = parsed.data;
    if (a.response_type !== 'code') return redirectBack(ctx, redirectUri, { error: 'unsupported_response_type', state }, issuer);
    if (a.resource !== undefined && a.resource !== resourceOf(ctx)) {
      return redirectBack(ctx, redirectUri, { error: 'invalid_target', error_description: `resource must be ${resourceOf(ctx)}`, state }, issuer);
    }
    const hidden: Record<string, string> = { client_id: a.client_id, redirect_uri: a.redirect_uri, code_challenge: a.code_challenge, code_challenge_method: 'S256' };
    if (a.state !== undefined) hidden.state = a.state;
    if (a.resource !== undefined) hidden.resource = a.resource;
    ctx.body = consentPage({ clientName: client.name, redirectHost: new URL(redirectUri).host || redirectUri, hidden });
  });

  mount(router, OAUTH_ROUTES.authorize, async (ctx) => {
    pageHeaders(ctx);
    let form: Record<string, string>;
    try {
      form = formOf(ctx);
    } catch {
      ctx.status = 400;
      ctx.body = oauthErrorPage('The form could not be read.');
      return;
    }
    let client;
    try {
      client = await oauth.checkClient(form.client_id ?? '', form.redirect_uri ?? '');
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      ctx.status = 400;
      ctx.body = oauthErrorPage(err.description);
      return;
    }
    const issuer = baseUrl(ctx);
    const parsed = AuthorizeQuery.safeParse({ ...form, response_type: 'code' });
    if (!parsed.success) return redirectBack(ctx, form.redirect_uri!, { error: 'invalid_request', state: form.state }, issuer);
    const a = parsed.data;
    if (form.decision !== 'approve') return redirectBack(ctx, a.redirect_uri, { error: 'access_denied', error_description: 'The person denied access', state: a.state }, issuer);

    const permission = form.permission === 'read' ? 'read' : 'write';
    const tagsText = (form.tags ?? '').slice(0, 2000);
    const again = (status: number, error: string) => {
      const hidden: Record<string, string> = { client_id: a.client_id, redirect_uri: a.redirect_uri, code_challenge: a.code_challenge, code_challenge_method: 'S256' };
      if (a.state !== undefined) hidden.state = a.state;
      if (a.resource !== undefined) hidden.resource = a.resource;
      ctx.status = status;
      ctx.body = consentPage({ clientName: client.name, redirectHost: new URL(a.redirect_uri).host || a.redirect_uri, hidden, error, tags: tagsText, permission });
    };
    const tags = tagsText.split(/[\s,]+/).filter(Boolean);
    const bad = tags.find((t) => !TAG_PATTERN.test(t));
    if (bad !== undefined) return again(400, `"${bad}" is not a valid project: use letters, digits, "_", "-", ".", ":" (at most 100)`);
    if (tags.length > 100) return again(400, 'At most 100 projects');
    const signedIn = await oauth.signIn(form.credential ?? '');
    if ('rejected' in signedIn) return again(401, 'That API key or sign-in code is not valid (or was already used, or has expired).');
    try {
      const code = await oauth.approve({ clientId: client.id, redirectUri: a.redirect_uri, codeChallenge: a.code_challenge, resource: a.resource ?? resourceOf(ctx) }, signedIn.actor, {
        containerTags: tags.length > 0 ? tags : signedIn.actor.containerTags ? [...signedIn.actor.containerTags] : null,
        permission,
      });
      redirectBack(ctx, a.redirect_uri, { code, state: a.state }, issuer);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      again(err.status, err.description);
    }
  });

  mount(router, OAUTH_ROUTES.token, async (ctx) => {
    noStore(ctx);
    try {
      const form = formOf(ctx);
      const creds = clientCredentials(ctx, form);
      const client = await oauth.authenticateClient(creds.id, creds.secret);
      if (form.grant_type === 'authorization_code') {
        if (!form.code || !form.code_verifier || !form.redirect_uri) throw new OAuthError('invalid_request', 'code, code_verifier and redirect_uri are required');
        ctx.body = await oauth.exchangeCode(client, { code: form.code, codeVerifier: form.code_verifier, redirectUri: form.redirect_uri, ...(form.resource ? { resource: form.resource } : {}) });
      } else if (form.grant_type === 'refresh_token') {
        if (!form.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
        if (form.resource && form.resource !== resourceOf(ctx)) throw new OAuthError('invalid_target', `resource must be ${resourceOf(ctx)}`);
        ctx.body = await oauth.refresh(client, form.refresh_token);
      } else {
        throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
      }
    } catch (err) {
      if (err instanceof OAuthError) return sendOAuthError(ctx, err);
      throw err;
    }
  });

  mount(router, OAUTH_ROUTES.revoke, async (ctx) => {
    noStore(ctx);
    try {
      const form = formOf(ctx);
      const creds = clientCredentials(ctx, form);
      const client = await oauth.authenticateClient(creds.id, creds.secret);
      if (!form.token) throw new OAuthError('invalid_request', 'token is required');
      await oauth.revokeToken(client, form.token);
      ctx.status = 200;
      ctx.body = {};
    } catch (err) {
      if (err instanceof OAuthError) return sendOAuthError(ctx, err);
      throw err;
    }
  });
}
