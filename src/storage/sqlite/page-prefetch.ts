import fs from 'node:fs';

/**
 * Reads chosen B-trees of a SQLite database file into the operating system's page cache, so that the first searches
 * after a start on a cold cache find the pages they seek through in memory instead of waiting on the disk for each.
 * A search at 1M chunks looks up ~300 chunk rows by id, their keyword rows, ~150 documents by id and the FTS5
 * document lengths of every matching row: each lookup is a walk from a B-tree's root to a leaf, and on a cold cache
 * each page of the walk below the first few levels is a read of its own, scattered over a file of ~9 GB.
 *
 * The walk reads the file itself (SQLite's B-tree page format, https://sqlite.org/fileformat2.html#b_tree_pages)
 * through the thread pool, level by level from a root page, pages sorted and neighbours read together, so that the
 * event loop and SQLite's own connection are never held. It only reads: what it finds is a hint for the cache, never
 * used as data. A page the file does not hold yet (one written to the WAL since the last checkpoint) or one that is
 * not a B-tree page is skipped, and so are its children.
 */

/** B-tree page types (the first byte of a page's header). */
const INTERIOR_INDEX = 0x02;
const INTERIOR_TABLE = 0x05;
const LEAF_INDEX = 0x0a;
const LEAF_TABLE = 0x0d;

/**
 * Pages read together when they are this close: up to 128 KB read for nothing cost less than a read of their own,
 * which also waits for a turn of the event loop (busy with searches at start).
 */
const MAX_GAP_PAGES = 32;
/** Largest single read. */
const MAX_READ_BYTES = 1 << 20;
/** Reads in flight at once (the thread pool's four threads also read the vector image and the model). */
const READS_IN_FLIGHT = 2;

export interface PrefetchTarget {
  /** The B-tree's root page (sqlite_schema.rootpage). */
  root: number;
  /** Read the leaves too (an index a search seeks through, small enough to hold), or only the interior pages. */
  leaves: boolean;
}

export interface PrefetchFile {
  fd: number;
  pageSize: number;
  /** Pages in the file. */
  pages: number;
}

/** Runs of pages to read: sorted, neighbours closer than MAX_GAP_PAGES merged, each run at most MAX_READ_BYTES. */
export function pageRuns(pages: readonly number[], pageSize: number): { first: number; count: number }[] {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: { first: number; count: number }[] = [];
  const maxPages = Math.max(1, Math.floor(MAX_READ_BYTES / pageSize));
  for (const p of sorted) {
    const last = runs[runs.length - 1];
    if (last && p - (last.first + last.count) < MAX_GAP_PAGES && p - last.first < maxPages) last.count = p - last.first + 1;
    else runs.push({ first: p, count: 1 });
  }
  return runs;
}

/**
 * The child page numbers of a B-tree page (its interior cells' left children and its right-most child), or null for
 * a leaf; `page` is the page's bytes and `pageNo` its number (page 1 starts after the 100-byte file header). Children
 * outside the file are dropped. Answers undefined for a page that is not a B-tree page.
 */
export function childPages(page: Uint8Array, pageNo: number, filePages: number): number[] | null | undefined {
  const h = pageNo === 1 ? 100 : 0;
  const type = page[h];
  if (type === LEAF_INDEX || type === LEAF_TABLE) return null;
  if (type !== INTERIOR_INDEX && type !== INTERIOR_TABLE) return undefined;
  const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
  const cells = view.getUint16(h + 3);
  if (h + 12 + cells * 2 > page.byteLength) return undefined;
  const out: number[] = [];
  const add = (child: number) => {
    if (child >= 2 && child <= filePages) out.push(child);
  };
  for (let i = 0; i < cells; i++) {
    const at = view.getUint16(h + 12 + i * 2);
    if (at + 4 <= page.byteLength) add(view.getUint32(at));
  }
  add(view.getUint32(h + 8));
  return out;
}

/** Reads `runs` through the thread pool, READS_IN_FLIGHT at a time, and hands each page to `visit`. */
async function readRuns(file: PrefetchFile, runs: readonly { first: number; count: number }[], visit: (pageNo: number, page: Uint8Array) => void, pause: () => Promise<boolean>): Promise<boolean> {
  let next = 0;
  let stopped = false;
  const worker = async () => {
    const buffer = Buffer.alloc(Math.min(MAX_READ_BYTES, Math.max(...runs.map((r) => r.count), 1) * file.pageSize));
    while (!stopped && next < runs.length) {
      const run = runs[next++]!;
      const bytes = run.count * file.pageSize;
      const n = await new Promise<number>((resolve) => fs.read(file.fd, buffer, 0, bytes, (run.first - 1) * file.pageSize, (err, read) => resolve(err ? 0 : read)));
      for (let i = 0; (i + 1) * file.pageSize <= n; i++) visit(run.first + i, buffer.subarray(i * file.pageSize, (i + 1) * file.pageSize));
      if (!(await pause())) stopped = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, runs.length) }, worker));
  return !stopped;
}

/**
 * Reads the pages of each target B-tree in turn, level by level (every level with `leaves`, the interior levels only
 * otherwise), while the pages read stay within `budget` (a level that would pass it is left out, with the levels
 * below it); answers the number of pages read. `pause` runs between reads, false stops the walk.
 */
export async function prefetchBtrees(file: PrefetchFile, targets: readonly PrefetchTarget[], pause: () => Promise<boolean>, budget = Number.POSITIVE_INFINITY): Promise<number> {
  let read = 0;
  for (const target of targets) {
    let level = [target.root];
    while (level.length > 0 && read + level.length <= budget) {
      const wanted = new Set(level);
      const children: number[] = [];
      let leaves = false;
      const ok = await readRuns(
        file,
        pageRuns(level, file.pageSize),
        (pageNo, page) => {
          if (!wanted.delete(pageNo)) return;
          read++;
          const c = childPages(page, pageNo, file.pages);
          if (c === null) leaves = true;
          else if (c) for (const p of c) children.push(p);
        },
        pause,
      );
      if (!ok) return read;
      if (leaves || children.length === 0) break;
      // All leaves of a SQLite B-tree are at one depth: one child tells whether the next level is the leaves.
      if (!target.leaves && (await isLeafLevel(file, children[0]!))) break;
      level = children;
    }
  }
  return read;
}

async function isLeafLevel(file: PrefetchFile, pageNo: number): Promise<boolean> {
  const page = Buffer.alloc(file.pageSize);
  const n = await new Promise<number>((resolve) => fs.read(file.fd, page, 0, file.pageSize, (pageNo - 1) * file.pageSize, (err, read) => resolve(err ? 0 : read)));
  return n === file.pageSize && childPages(page, pageNo, file.pages) === null;
}
