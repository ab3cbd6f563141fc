/**
 * Duplicate-key error. MongoDB reports code 11000; FerretDB v1 reports an update that breaks a unique index as
 * InternalError (code 1) carrying SQLite's "UNIQUE constraint failed".
 */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return e.code === 11000 || (e.code === 1 && typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'));
}
