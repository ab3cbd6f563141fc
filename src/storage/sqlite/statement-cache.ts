import type Database from 'better-sqlite3';

/**
 * Prepared statements kept per connection, by SQL text. Search runs about ten statements a request and preparing
 * one costs 10-50 µs (an FTS5 join the most), so the hot path prepares each shape once. Only SQL of a bounded set
 * of shapes belongs here (table names and fixed columns; values are bound), never text built from request data.
 */
const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** At most this many statements per connection; the cache starts over beyond (a guard, not an expected size). */
const MAX_STATEMENTS = 256;

/** The connection's prepared statement of `sql`, prepared on first use. */
export function cachedStatement(db: Database.Database, sql: string): Database.Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    if (cache.size >= MAX_STATEMENTS) cache.clear();
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
