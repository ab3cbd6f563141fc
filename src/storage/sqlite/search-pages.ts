import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { PrefetchTarget } from './page-prefetch.js';

const ENTRY = new URL(`./page-prefetch-worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;
/** Registers tsx in the worker when the entry is TypeScript (shared with the extraction sandbox). */
const BOOTSTRAP = new URL('../../core/worker-bootstrap.mjs', import.meta.url);

/** Pages the warm-up reads at most: ~72 MB at 1M chunks (~18,500 pages), in case a store's trees are much larger. */
export const SEARCH_PAGES_BUDGET_BYTES = 128 << 20;

/**
 * The B-trees a search walks that are worth reading at start, in order: the interior pages of the chunk rows, of the
 * keyword rows (FTS5 content) and of the document heads (each chunk and head lookup walks them: at 1M, 2,320 + 485 +
 * 599 pages, and a cold search meets new ones until most are cached); FTS5's structure and document lengths whole
 * (bm25 reads the length of every matching row: 2,724 pages at 1M); then the chunk id index whole (each vector hit is
 * looked up by its random UUID: 12,336 leaves at 1M, 50 MB, which the searches of a cold start were still reading a
 * hundred searches later). The leaves of the row tables are too many to read and are left to the searches.
 */
export function searchPageTargets(db: Database.Database): PrefetchTarget[] {
  const root = db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ? AND rootpage > 0').pluck();
  const tables = db.prepare('SELECT table_name FROM keyword_indexes').pluck().all() as string[];
  const chunkIds = (db.pragma('index_list(chunks)') as { name: string; origin: string }[]).find(
    (i) => i.origin === 'u' && (db.pragma(`index_info(${i.name})`) as { name: string }[]).map((c) => c.name).join(',') === 'id',
  )?.name;
  const named: [string | undefined, boolean][] = [
    ['chunks', false],
    ...tables.map((fts): [string, boolean] => [`${fts}_content`, false]),
    ['documents_head', false],
    ...tables.flatMap((fts): [string, boolean][] => [
      [`${fts}_idx`, true],
      [`${fts}_docsize`, true],
    ]),
    [chunkIds, true],
  ];
  return named.flatMap(([name, leaves]) => {
    const page = name ? (root.get(name) as number | undefined) : undefined;
    return page ? [{ root: page, leaves }] : [];
  });
}

/** A walk of searchPageTargets on a worker thread: `done` answers the pages read; `stop` ends it early. */
export interface PageWarmUp {
  done: Promise<number>;
  stop: () => Promise<void>;
}

/**
 * Reads the pages of searchPageTargets of the database `file` into the OS cache on a worker thread, at most
 * `budgetBytes`. Synchronous reads there run at the disk's pace, neither waiting for the event loop (busy at start with
 * the vector image and the first searches) nor holding it. `done` never rejects: it answers 0 when the worker failed
 * (could not boot, could not read the file), and `onError` is told why, once.
 */
export function warmSearchPages(db: Database.Database, file: string, budgetBytes = SEARCH_PAGES_BUDGET_BYTES, onError?: (err: Error) => void): PageWarmUp {
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const worker = new Worker(BOOTSTRAP, { workerData: { entry: ENTRY, file, pageSize, targets: searchPageTargets(db), budget: Math.floor(budgetBytes / pageSize) } });
  const done = new Promise<number>((resolve) => {
    worker.once('message', (pages: number) => resolve(pages));
    worker.once('error', (err: Error) => {
      onError?.(err);
      resolve(0);
    });
    worker.once('exit', () => resolve(0));
  });
  return {
    done,
    stop: async () => {
      await worker.terminate();
    },
  };
}
