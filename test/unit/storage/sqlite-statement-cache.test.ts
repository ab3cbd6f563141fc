import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedStatement } from '../../../src/storage/sqlite/statement-cache.js';

describe('cachedStatement', () => {
  const open: Database.Database[] = [];
  const connect = () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x INTEGER)');
    open.push(db);
    return db;
  };
  afterEach(() => {
    for (const db of open.splice(0)) db.close();
  });

  it('prepares a statement once per connection and SQL text, and the kept statement sees later rows', () => {
    const a = connect();
    const b = connect();
    const sql = 'SELECT count(*) AS n FROM t WHERE x > ?';
    const first = cachedStatement(a, sql);
    expect(cachedStatement(a, sql)).toBe(first);
    expect(cachedStatement(b, sql)).not.toBe(first);
    expect(cachedStatement(a, 'SELECT x FROM t')).not.toBe(first);
    a.prepare('INSERT INTO t (x) VALUES (1), (5)').run();
    expect(cachedStatement(a, sql).get(2)).toEqual({ n: 1 });
    expect(cachedStatement(b, sql).get(2)).toEqual({ n: 0 });
  });

  it('re-prepares after the schema changed under a kept statement', () => {
    const db = connect();
    const sql = 'SELECT * FROM t';
    db.prepare('INSERT INTO t (x) VALUES (3)').run();
    expect(cachedStatement(db, sql).all()).toEqual([{ x: 3 }]);
    db.exec('ALTER TABLE t ADD COLUMN y TEXT');
    expect(cachedStatement(db, sql).all()).toEqual([{ x: 3, y: null }]);
  });
});
