import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startWarmUp } from '../../src/runtime.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { addIndexed, makeOrg, MODEL, prng, randomUnit } from './store-fixtures.js';

/** The store's start-up warm-up: the vector indexes that have an image load before the first search asks. */
describe('SQLite warm-up', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-warm-up-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const rand = prng(7);
  const openWith = async (file: string) => {
    const store = new SqliteStore(file, { imageMinRows: 0 });
    await store.migrate();
    return store;
  };
  const add = (store: SqliteStore, orgId: string, i: number) =>
    addIndexed(
      store,
      orgId,
      [
        { text: `a ${i}`, vector: randomUnit(rand, 16) },
        { text: `b ${i}`, vector: randomUnit(rand, 16) },
      ],
      { containerTags: [`t${i % 3}`] },
    );

  it('loads the indexes that have an image and catches them up with later changes, before any search', async () => {
    const file = path.join(dir, 'mnemo.db');
    const org = makeOrg('warm');
    const small = makeOrg('no-image');
    const first = await openWith(file);
    await first.accounts.upsertOrganization(org);
    await first.accounts.upsertOrganization(small);
    for (let i = 0; i < 10; i++) await add(first, org.id, i);
    await first.chunks.vectorSearch(org.id, { vector: randomUnit(rand, 16), model: MODEL, limit: 5 });
    await first.close();
    // A change after the image (as another process would make it), and an organisation that never got an image.
    const second = await openWith(file);
    await add(second, org.id, 10);
    await add(second, small.id, 0);
    await second.close();

    const third = await openWith(file);
    try {
      expect(third.chunks.vectors.size(org.id)).toBe(0);
      await third.warmUp();
      expect(third.chunks.vectors.size(org.id)).toBe(22);
      expect(third.chunks.vectors.version(org.id, MODEL)).toBe(third.chunks.vectorSync.seq(org.id));
      expect(third.chunks.vectors.size(small.id)).toBe(0);
      // Searches then answer as a store that loaded on its first search.
      const query = randomUnit(rand, 16);
      const warm = await third.chunks.vectorSearch(org.id, { vector: query, model: MODEL, limit: 22 });
      const cold = await openWith(file);
      try {
        expect(warm).toEqual(await cold.chunks.vectorSearch(org.id, { vector: query, model: MODEL, limit: 22 }));
      } finally {
        await cold.close();
      }
    } finally {
      await third.close();
    }
  });

  it('reads the image off the event loop, and a search arriving meanwhile waits for that load and answers from it', async () => {
    const file = path.join(dir, 'mid.db');
    const org = makeOrg('mid');
    const first = await openWith(file);
    await first.accounts.upsertOrganization(org);
    for (let i = 0; i < 10; i++) await add(first, org.id, i);
    await first.chunks.vectorSearch(org.id, { vector: randomUnit(rand, 16), model: MODEL, limit: 5 });
    await first.close();

    const store = await openWith(file);
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    // The image's reads are held back until the search below has been sent.
    const realRead = fs.read;
    const held: (() => void)[] = [];
    const read = vi.spyOn(fs, 'read').mockImplementation(((...args: unknown[]) => {
      held.push(() => Reflect.apply(realRead, fs, args));
    }) as typeof fs.read);
    const install = vi.spyOn(store.chunks.vectors, 'install');
    try {
      const warming = store.warmUp();
      for (let i = 0; i < 50 && held.length === 0; i++) await turn();
      expect(held).toHaveLength(1);
      expect(store.chunks.vectors.size(org.id)).toBe(0);
      const query = randomUnit(rand, 16);
      let answered = false;
      const search = store.chunks.vectorSearch(org.id, { vector: query, model: MODEL, limit: 20 }).then((r) => {
        answered = true;
        return r;
      });
      for (let i = 0; i < 10; i++) await turn();
      // It waits for the load under way instead of loading the index itself.
      expect(answered).toBe(false);
      expect(store.chunks.vectors.size(org.id)).toBe(0);
      read.mockRestore();
      for (const release of held.splice(0)) release();
      const found = await search;
      await warming;
      expect(install).toHaveBeenCalledTimes(1);
      expect(await install.mock.results[0]!.value).toBe(true);
      expect(store.chunks.vectors.size(org.id)).toBe(20);
      // With no load under way, a search scans in the turn it is called in (nothing to wait for).
      const scan = vi.spyOn(store.chunks.vectors, 'search');
      const now = store.chunks.vectorSearch(org.id, { vector: query, model: MODEL, limit: 20 });
      expect(scan).toHaveBeenCalledTimes(1);
      expect(await now).toEqual(found);
      scan.mockRestore();
      const cold = await openWith(file);
      try {
        expect(found).toEqual(await cold.chunks.vectorSearch(org.id, { vector: query, model: MODEL, limit: 20 }));
      } finally {
        await cold.close();
      }
    } finally {
      read.mockRestore();
      await store.close();
    }
  });

  it("counts the searchable chunks of the indexes' organisations, so that the first search's keyword statistics need no count", async () => {
    const file = path.join(dir, 'count.db');
    const org = makeOrg('count');
    const first = await openWith(file);
    await first.accounts.upsertOrganization(org);
    for (let i = 0; i < 6; i++) await add(first, org.id, i);
    await first.chunks.vectorSearch(org.id, { vector: randomUnit(rand, 16), model: MODEL, limit: 5 });
    await first.close();

    const counts = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter(([sql]) => /count\(\*\)/i.test(String(sql))).length;
    for (const warm of [false, true]) {
      const store = await openWith(file);
      try {
        if (warm) await store.warmUp();
        const prepare = vi.spyOn(Database.prototype, 'prepare');
        try {
          const stats = await store.chunks.termStats(org.id, ['a']);
          expect(stats.totalChunks).toBe(12);
          // Without the warm-up, the first search counts.
          expect(counts(prepare)).toBe(warm ? 0 : 1);
        } finally {
          prepare.mockRestore();
        }
      } finally {
        await store.close();
      }
    }
  });

  it('leaves an index whose image cannot be trusted to the first search (a load from rows would hold the loop)', async () => {
    const file = path.join(dir, 'untrusted.db');
    const org = makeOrg('untrusted');
    const first = await openWith(file);
    await first.accounts.upsertOrganization(org);
    for (let i = 0; i < 4; i++) await add(first, org.id, i);
    await first.chunks.vectorSearch(org.id, { vector: randomUnit(rand, 16), model: MODEL, limit: 5 });
    await first.close();
    // An image ahead of the store (a database restored from an older copy than its image).
    const db = new Database(file);
    db.prepare('UPDATE vector_snapshots SET seq = seq + 1000').run();
    db.close();
    const second = await openWith(file);
    try {
      await second.warmUp();
      expect(second.chunks.vectors.size(org.id)).toBe(0);
      expect(await second.chunks.vectorSearch(org.id, { vector: randomUnit(rand, 16), model: MODEL, limit: 8 })).toHaveLength(8);
    } finally {
      await second.close();
    }
  });

  it('starts once the service listens, except in a worker-only process', async () => {
    const store = new SqliteStore(':memory:');
    const warmUp = vi.spyOn(store, 'warmUp');
    await startWarmUp({ store }, { role: 'all' });
    expect(warmUp).toHaveBeenCalledTimes(1);
    await startWarmUp({ store }, { role: 'worker' });
    expect(warmUp).toHaveBeenCalledTimes(1);
  });
});
