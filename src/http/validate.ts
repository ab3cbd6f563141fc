import type { z } from 'zod';
import { createError, isAppError } from '../core/errors.js';

/** Parses input with a schema, or throws a 400 that names every offending field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({ path: [where, ...i.path.map(String)].join('.'), message: i.message }));
  const summary = details
    .slice(0, 5)
    .map((d) => `${d.path}: ${d.message}`)
    .join('; ');
  throw createError('VALIDATION_FAILED', [summary], { details });
}

/** Runs a parser that may throw coded errors (e.g. filters) and keeps them coded. */
export function parseWith<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (isAppError(err)) throw err;
    throw createError('VALIDATION_FAILED', [String(err)]);
  }
}
