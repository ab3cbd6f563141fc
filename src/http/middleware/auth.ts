import type { Middleware } from 'koa';
import { createError } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import type { AuthService } from '../../services/auth.js';
import type { RateDecision, RateLimiter } from '../../services/rate-limiter.js';
import type { AppState } from '../context.js';

/** The API key a request presents, from `Authorization: Bearer`, `x-api-key` or `x-service-api-key`. */
export function presentedKey(ctx: { get(name: string): string }): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'))?.[1]?.trim();
  return bearer || ctx.get('x-api-key') || ctx.get('x-service-api-key') || undefined;
}

export interface AuthOptions {
  auth: AuthService;
  limiter: RateLimiter;
  /** Requests per window for each organisation; null = no organisation-wide limit. */
  orgRateLimit: { max: number; windowMs: number } | null;
  logger: Logger;
  /** Where the credentials are used: OAuth access tokens are accepted only on the resource they are bound to (mcp). */
  audience?: 'api' | 'mcp';
  /** The WWW-Authenticate challenge of a 401 (MCP: where to discover OAuth). */
  challenge?: (ctx: { protocol: string; host: string }) => string;
}

/**
 * Requires an API key in `Authorization: Bearer`, `x-api-key` or `x-service-api-key`, turns it into the request's
 * actor, and applies the key's and the organisation's rate limits (429 with retry-after and x-ratelimit-* headers).
 */
export const requireApiKey = ({ auth, limiter, orgRateLimit, logger, audience = 'api', challenge }: AuthOptions): Middleware<AppState> =>
  async function requireApiKey(ctx, next) {
    const result = await auth.authenticate(presentedKey(ctx), audience);
    if ('rejected' in result) {
      if (result.rejected !== 'missing' && result.rejected !== 'unknown') logger.info('API key refused', { reason: result.rejected });
      ctx.set('WWW-Authenticate', challenge ? challenge(ctx) : 'Bearer');
      throw createError('UNAUTHORIZED');
    }
    const { actor } = result;
    const decisions: RateDecision[] = [];
    if (actor.rateLimit) decisions.push(limiter.hit(`key:${actor.keyId}`, actor.rateLimit.max, actor.rateLimit.windowMs));
    if (orgRateLimit) decisions.push(limiter.hit(`org:${actor.orgId}`, orgRateLimit.max, orgRateLimit.windowMs));
    // The tightest limit is the one a client needs to see.
    const shown = decisions.sort((a, b) => Number(a.allowed) - Number(b.allowed) || a.remaining - b.remaining)[0];
    if (shown) {
      ctx.set('x-ratelimit-limit', String(shown.limit));
      ctx.set('x-ratelimit-remaining', String(shown.remaining));
      ctx.set('x-ratelimit-reset', String(Math.ceil(shown.resetAt / 1000)));
      if (!shown.allowed) {
        const seconds = Math.max(1, Math.ceil((shown.resetAt - Date.now()) / 1000));
        ctx.set('retry-after', String(seconds));
        throw createError('RATE_LIMITED', [shown.limit, seconds], { details: { limit: shown.limit, retryAfterSeconds: seconds } });
      }
    }
    ctx.state.actor = actor;
    ctx.state.principal = result.principal;
    await next();
  };
