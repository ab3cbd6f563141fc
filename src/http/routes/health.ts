import type Router from '@koa/router';
import type { AppState } from '../context.js';
import type { AuthService } from '../../services/auth.js';
import type { HealthService } from '../../services/health.js';
import { defineRoute, mount, ok } from '../route.js';
import { HealthResponse } from '../schemas/system-responses.js';
import { presentedKey } from '../middleware/auth.js';

/**
 * GET /health (no key needed): liveness — status, version, uptime — for anyone, so probes and load balancers work
 * without credentials. With a root key of any organisation it also shows the store, runner, model and warnings.
 */
export const HEALTH_ROUTE = defineRoute({
  method: 'get',
  path: '/health',
  tag: 'system',
  auth: 'public',
  summary: 'Service health: status, version, uptime; with a root key also store, runner, providers and warnings',
  responses: { ...ok(HealthResponse), 503: { description: 'The store cannot serve', schema: HealthResponse } },
});

export function registerHealthRoutes(router: Router<AppState>, deps: { health: HealthService; auth: AuthService }): void {
  mount(router, HEALTH_ROUTE, async (ctx) => {
    const { httpStatus, ...report } = await deps.health.report();
    ctx.status = httpStatus;
    const key = presentedKey(ctx);
    const caller = key ? await deps.auth.authenticate(key) : undefined;
    const detailed = caller !== undefined && 'actor' in caller && caller.actor.containerTags === null;
    ctx.body = detailed ? report : { status: report.status, version: report.version, uptimeSeconds: report.uptimeSeconds };
  });
}
