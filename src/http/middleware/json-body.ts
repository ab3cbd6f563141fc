import type { Middleware } from 'koa';
import { createError } from '../../core/errors.js';
import type { AppState } from '../context.js';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Deepest nesting any request body may have: the API's own shapes need a fraction of it (filters: 8 levels). */
export const MAX_JSON_DEPTH = 32;

/**
 * Reads JSON bodies (DELETE included: the SDK sends bodies on DELETE). Malformed JSON is a 400, an oversized body
 * a 413, a non-JSON content type (multipart included) a 415. Bodies of `multipartPaths` are left to their routes;
 * bodies of `rawPaths` are read unparsed into `ctx.state.rawBody`.
 */
export const jsonBody = ({ limit, multipartPaths = [], rawPaths }: { limit: number; multipartPaths?: readonly string[]; rawPaths?: RegExp }): Middleware<AppState> =>
  async function jsonBody(ctx, next) {
    ctx.state.body = undefined;
    if (!METHODS_WITH_BODY.has(ctx.method)) return next();
    // Upload routes read their own (multipart) bodies under their own size cap.
    if (multipartPaths.includes(ctx.path)) return next();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > limit) throw createError('BODY_TOO_LARGE', [limit]);
    // Webhook deliveries: the bytes as received (signatures are computed over them), in whatever type they come.
    if (rawPaths?.test(ctx.path)) {
      ctx.state.rawBody = await readBody(ctx.req, limit);
      return next();
    }
    const type = ctx.get('content-type').split(';')[0]!.trim().toLowerCase();
    if (type === 'multipart/form-data') throw createError('UNSUPPORTED_MEDIA_TYPE', [type]);
    const raw = await readBody(ctx.req, limit);
    if (raw.length === 0) return next();
    if (type && type !== 'application/json' && !type.endsWith('+json') && type !== 'text/plain') {
      throw createError('UNSUPPORTED_MEDIA_TYPE', [type]);
    }
    const text = raw.toString('utf8');
    if (text.trim() === '') return next();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (err) {
      // A RangeError here is a nesting too deep for the parser itself: still the client's input, still a 400.
      throw createError('MALFORMED_JSON', [(err as Error).message]);
    }
    // `null` is a body, not the absence of one: refused like 123, [] or true (no route takes it), never read as {}.
    if (body === null) {
      throw createError('VALIDATION_FAILED', ['the body must be a JSON object, not null'], { details: [{ path: 'body', message: 'expected an object, received null' }] });
    }
    const depth = jsonDepth(body, MAX_JSON_DEPTH);
    if (depth > MAX_JSON_DEPTH) {
      throw createError('VALIDATION_FAILED', [`JSON nested deeper than ${MAX_JSON_DEPTH} levels`], {
        details: [{ path: 'body', message: `nesting deeper than ${MAX_JSON_DEPTH} levels` }],
      });
    }
    ctx.state.body = body;
    await next();
  };

function readBody(req: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        reject(createError('BODY_TOO_LARGE', [limit]));
        return;
      }
      parts.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(parts));
    });
    req.on('error', (err) => {
      if (!done) reject(createError('VALIDATION_FAILED', [`could not read body: ${err.message}`]));
    });
  });
}

/** Nesting depth of a parsed JSON value, counted without recursion and stopping once past `limit`. */
export function jsonDepth(value: unknown, limit: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const depth = d + 1;
    if (depth > max) max = depth;
    if (max > limit) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth]);
  }
  return max;
}
