import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryTerms } from '../../src/search/tokenize.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { runStoreContract } from './store-contract.js';
import { addIndexed, axis, chunkIdsOf, isoAt, makeOrg, MODEL } from './store-fixtures.js';

runStoreContract('sqlite :memory:', async () => {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  return store;
});

describe('SqliteStore on a file', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-sqlite-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const open = async (file: string) => {
    const store = new SqliteStore(file);
    await store.migrate();
    return store;
  };

  it('keeps documents, chunks, both indexes, settings and keys across close and reopen', async () => {
    const file = path.join(dir, 'nested', 'mnemo.db');
    const org = makeOrg('file');
    const key = {
      id: 'key-1',
      orgId: org.id,
      name: 'k',
      keyHash: 'hash-file',
      prefix: 'mn_',
      containerTags: null,
      createdAt: isoAt(1),
      revokedAt: null,
    };
    const first = await open(file);
    await first.upsertOrganization(org);
    await first.insertApiKey(key);
    await first.updateSettings(org.id, { chunkSize: 256 });
    const { doc, chunks } = await addIndexed(first, org.id, [
      { text: 'persistent lighthouse keeper', vector: axis(0) },
      { text: 'second chunk about tides', vector: axis(1) },
    ]);
    const terms = queryTerms('lighthouse');
    const vectorBefore = await first.vectorSearch(org.id, { vector: axis(0), model: MODEL, limit: 5 });
    const keywordBefore = await first.keywordSearch(org.id, { terms, limit: 5 });
    await first.close();

    const second = await open(file);
    try {
      expect(await second.getOrganization(org.id)).toEqual(org);
      expect(await second.findApiKeyByHash('hash-file')).toEqual(key);
      expect(await second.getSettings(org.id)).toEqual({ chunkSize: 256 });
      expect(await second.getDocument(org.id, doc.id)).toEqual(doc);
      expect(await second.getChunks(org.id, doc.id)).toEqual(chunks);
      expect(await second.vectorSearch(org.id, { vector: axis(0), model: MODEL, limit: 5 })).toEqual(vectorBefore);
      expect(await second.keywordSearch(org.id, { terms, limit: 5 })).toEqual(keywordBefore);
      expect(chunkIdsOf(keywordBefore)).toEqual([chunks[0]!.id]);
    } finally {
      await second.close();
    }
  });

  it('records each migration once, however often migrate() runs', async () => {
    const file = path.join(dir, 'mnemo.db');
    const store = await open(file);
    expect(store.kind).toBe('sqlite');
    await store.migrate();
    await store.close();
    await (await open(file)).close();

    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
      expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    } finally {
      db.close();
    }
  });
});
