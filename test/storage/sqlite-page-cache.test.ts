import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { makeChunk, makeDocument, makeOrg } from './store-fixtures.js';

/** Bytes this process has read through read/pread calls so far (page-cache hits included), from /proc/self/io. */
const readChars = () => Number(/^rchar: (\d+)/m.exec(fs.readFileSync('/proc/self/io', 'utf8'))![1]);

describe.skipIf(!fs.existsSync('/proc/self/io'))('SQLite page cache of the store (issue 28)', () => {
  const dirs: string[] = [];
  const stores: SqliteStore[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('reads rows it read a moment ago from its own cache, beyond the 16 MB of better-sqlite3', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-page-cache-'));
    dirs.push(dir);
    const file = path.join(dir, 'mnemo.db');
    const store = new SqliteStore(file, { pageWarmUpMinBytes: Number.POSITIVE_INFINITY });
    stores.push(store);
    await store.migrate();
    const org = makeOrg('cache');
    await store.accounts.upsertOrganization(org);
    const doc = makeDocument(org.id);
    await store.documents.insertDocument(doc);
    // ~24 MB of staged chunk rows of ~1 KB: rows that fit their leaf (SQLite reads overflow pages past its cache),
    // more than better-sqlite3's default cache (16 MB) holds, as a 1M-chunk database's search pages are.
    const ref = { orgId: org.id, documentId: doc.id, generation: doc.generation };
    const chunks = Array.from({ length: 24_000 }, (_, i) => makeChunk(ref, i, `row ${i} ${'lorem ipsum dolor sit amet '.repeat(17)}`));
    await store.chunks.replaceChunks(ref, chunks);
    const ids = chunks.map((c) => c.id);
    expect((await store.chunks.getChunksByIds(org.id, ids)).length).toBe(ids.length);
    const before = readChars();
    const again = await store.chunks.getChunksByIds(org.id, ids);
    const read = readChars() - before;
    expect(again.length).toBe(ids.length);
    // Every page is still in the cache: nothing is read again (slack for anything else the process reads meanwhile).
    expect(read).toBeLessThan(1 << 20);
  });
});
