import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { prefetchBtrees, type PrefetchTarget } from './page-prefetch.js';

/**
 * Bytes of B-tree pages the warm-up reads at most (page-prefetch.ts): the indexes every search seeks through whole,
 * the interior pages of the tables it reads rows from. At 1M chunks that is ~90 MB; a larger store gets its most used
 * B-trees first, up to this.
 */
export const SEARCH_PAGES_BUDGET_BYTES = 512 << 20;

/**
 * The B-trees a search seeks through, most used by a search first: per organisation's keyword index, FTS5's
 * structure record and document lengths (bm25 reads the length of every matching row: up to 20,000 rows of a 1M-chunk
 * table, on nearly every page of it); the chunk id index (~300 chunks looked up by id a search) and the documents'
 * primary key (the hits' documents); then the interior pages of the tables those lookups lead to (chunk rows, keyword
 * rows, document rows), whose leaves are too many to read and are left to the searches.
 */
export function searchPageTargets(db: Database.Database): PrefetchTarget[] {
  const root = db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ? AND rootpage > 0').pluck();
  const tables = db.prepare('SELECT table_name FROM keyword_indexes').pluck().all() as string[];
  const indexOf = (table: string, columns: string[], origin: string): string | undefined => {
    const list = db.pragma(`index_list(${table})`) as { name: string; origin: string }[];
    return list.find((i) => i.origin === origin && (db.pragma(`index_info(${i.name})`) as { name: string }[]).map((c) => c.name).join(',') === columns.join(','))?.name;
  };
  const named: [string | undefined, boolean][] = [
    // FTS5's structure record and doclists first: a search's document-frequency reads walk whole doclists (at 1M
    // chunks the first search read 122 MB of them, ~10 MB each of the next ones), and they lie in long runs.
    ...tables.flatMap((fts): [string, boolean][] => [
      [`${fts}_idx`, true],
      [`${fts}_data`, true],
      [`${fts}_docsize`, true],
    ]),
    [indexOf('chunks', ['id'], 'u'), true],
    [indexOf('documents', ['id'], 'pk'), true],
    ['chunks', false],
    ...tables.map((fts): [string, boolean] => [`${fts}_content`, false]),
    ['documents', false],
  ];
  return named.flatMap(([name, leaves]) => {
    const page = name ? (root.get(name) as number | undefined) : undefined;
    return page ? [{ root: page, leaves }] : [];
  });
}

/**
 * Reads the pages of searchPageTargets into the OS cache (page-prefetch.ts), at most SEARCH_PAGES_BUDGET_BYTES;
 * answers the pages read. `pause` runs between reads (false: stop). For a database file only (not ':memory:').
 */
export async function warmSearchPages(db: Database.Database, file: string, pause: () => Promise<boolean>, budgetBytes = SEARCH_PAGES_BUDGET_BYTES): Promise<number> {
  const targets = searchPageTargets(db);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const fd = await fs.promises.open(file, 'r');
  try {
    const pages = Math.floor((await fd.stat()).size / pageSize);
    return await prefetchBtrees({ fd: fd.fd, pageSize, pages }, targets, pause, Math.floor(budgetBytes / pageSize));
  } finally {
    await fd.close();
  }
}
