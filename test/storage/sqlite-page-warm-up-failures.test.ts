import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as searchPages from '../../src/storage/sqlite/search-pages.js';
import type * as SearchPagesModule from '../../src/storage/sqlite/search-pages.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { queryTerms } from '../../src/text/tokenize.js';
import { addIndexed, makeOrg } from './store-fixtures.js';

// The real warm-up, counted: a start is observable as a call.
vi.mock('../../src/storage/sqlite/search-pages.js', async (importOriginal) => {
  const actual = await importOriginal<typeof SearchPagesModule>();
  return { ...actual, warmSearchPages: vi.fn(actual.warmSearchPages) };
});

/** The page warm-up (search-pages.ts) when it cannot run: the store serves on, says so once, and starts no late worker. */
describe('SQLite page warm-up failures', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-warm-fail-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const warn = () => vi.fn<(msg: string, fields?: Record<string, unknown>) => void>();

  const openStore = async (name: string, logger?: { warn: ReturnType<typeof warn> }) => {
    const file = path.join(dir, name);
    const store = new SqliteStore(file, { pageWarmUpMinBytes: 0, ...(logger ? { logger } : {}) });
    await store.migrate();
    const org = makeOrg(name);
    await store.accounts.upsertOrganization(org);
    await addIndexed(store, org.id, [{ text: 'herons fish at dawn' }]);
    return { store, org, file };
  };

  it('tells onError why a worker that cannot read the file failed, once, and answers 0 pages', async () => {
    const { store, file } = await openStore('gone.db');
    try {
      const onError = vi.fn();
      const db = (store as unknown as { db: Parameters<typeof searchPages.warmSearchPages>[0] }).db;
      const warmUp = searchPages.warmSearchPages(db, `${file}.missing`, undefined, onError);
      await expect(warmUp.done).resolves.toBe(0);
      expect(onError).toHaveBeenCalledTimes(1);
      expect(String(onError.mock.calls[0]![0])).toMatch(/ENOENT/);
    } finally {
      await store.close();
    }
  });

  it('logs a worker crash once and keeps serving', async () => {
    const logger = { warn: warn() };
    const { store, org, file } = await openStore('crash.db', logger);
    try {
      // The open connection keeps the unlinked file; the worker opens the path and finds a directory it cannot read.
      fs.unlinkSync(file);
      fs.mkdirSync(file);
      await expect(store.warmUp()).resolves.toBeUndefined();
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.warn.mock.calls[0]![0]).toMatch(/page warm-up failed/);
      expect(String(logger.warn.mock.calls[0]![1]?.error)).toMatch(/EISDIR/);
      const hits = await store.chunks.keywordSearch(org.id, { terms: queryTerms('herons'), limit: 5 });
      expect(hits).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it('starts no worker for a warm-up asked for while the store closes', async () => {
    const { store } = await openStore('closing.db');
    const started = vi.mocked(searchPages.warmSearchPages).mock.calls.length;
    const closing = store.close();
    await store.warmUp();
    await closing;
    expect(vi.mocked(searchPages.warmSearchPages).mock.calls.length).toBe(started);
  });
});
