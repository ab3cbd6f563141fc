import type { Middleware } from 'koa';
import { ERRORS, errorMessage, isAppError } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import type { AppState } from '../context.js';

/**
 * First middleware: maps every error to `{error, code, details?}` once. 4xx messages are shown and marked
 * not-retryable (the client SDK retries 409 and 5xx otherwise); 5xx are logged and hidden.
 */
export const errorHandler = ({ logger }: { logger: Logger }): Middleware<AppState> =>
  async function errorHandler(ctx, next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: `No route for ${ctx.method} ${ctx.path}`, code: 'ROUTE_NOT_FOUND' };
        ctx.set('x-should-retry', 'false');
      }
    } catch (err) {
      let status: number;
      let body: Record<string, unknown>;
      if (isAppError(err)) {
        status = err.status;
        body = { error: err.expose ? err.message : ERRORS.INTERNAL.message, code: err.code };
        if (err.expose && err.details !== undefined) body.details = err.details;
      } else if (isHttpError(err) && (err.status < 500 || err.status === 501)) {
        // The router answers an unknown method (e.g. TRACE) with 501; for a client that is a 405.
        status = err.status === 501 ? 405 : err.status;
        body = {
          error: status === 405 ? `Method ${ctx.method} not allowed on ${ctx.path}` : err.message,
          code: status === 405 ? 'METHOD_NOT_ALLOWED' : 'HTTP_ERROR',
        };
      } else {
        status = 500;
        body = { error: ERRORS.INTERNAL.message, code: 'INTERNAL', requestId: ctx.state.requestId };
      }
      if (status >= 500) {
        logger.error('request failed', {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          error: errorMessage(err),
          stack: err instanceof Error ? err.stack : undefined,
        });
      }
      ctx.status = status;
      ctx.body = body;
      ctx.set('x-should-retry', status >= 500 || status === 429 ? 'true' : 'false');
    }
  };

function isHttpError(err: unknown): err is { status: number; message: string } {
  return typeof err === 'object' && err !== null && typeof (err as { status?: unknown }).status === 'number';
}
