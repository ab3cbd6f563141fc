/**
 * Reads chosen B-trees of a SQLite database file, so that the operating system's page cache holds them before the
 * first searches after a start on a cold cache. A search at 1M chunks looks up ~200 chunk rows, their keyword rows
 * and a page of document heads: each lookup walks a B-tree from its root to a leaf, and until the interior pages of
 * those trees are cached, a cold walk reads one or two of them besides the leaf (issue 28: searches 2-21 of a cold
 * start read ~1.4 MB a search more than later ones).
 *
 * The walk reads the file itself (SQLite's B-tree page format, https://sqlite.org/fileformat2.html#b_tree_pages), level
 * by level from a root page, pages sorted and neighbours read together. It only reads: what it finds is a hint for the
 * cache, never used as data. A page the file does not hold yet (one still in the WAL) or one that is not a B-tree page
 * is skipped, and so are its children. It is synchronous: run it on a worker thread (page-prefetch-worker.ts).
 */

/** B-tree page types (the first byte of a page's header). */
const INTERIOR_INDEX = 0x02;
const INTERIOR_TABLE = 0x05;
const LEAF_INDEX = 0x0a;
const LEAF_TABLE = 0x0d;

/** Pages read together when they are this close (a read of its own costs more than 32 KB read for nothing). */
const MAX_GAP_PAGES = 8;
/** Largest single read. */
const MAX_READ_BYTES = 1 << 20;

export interface PrefetchTarget {
  /** The B-tree's root page (sqlite_schema.rootpage). */
  root: number;
  /** Read the leaves too (a small B-tree a search seeks through), or only the interior pages. */
  leaves: boolean;
}

/** Reads `count` pages from page `first` (1-based) into a buffer; fewer bytes at the end of the file. */
export type PageReader = (first: number, count: number) => Uint8Array;

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

/**
 * Reads the pages of each target B-tree in turn, level by level (every level with `leaves`, the interior levels only
 * otherwise), while the pages read stay within `budget` pages (a level that would pass it is left out, with the levels
 * below it); answers the number of B-tree pages read.
 */
export function prefetchBtrees(read: PageReader, file: { pageSize: number; pages: number }, targets: readonly PrefetchTarget[], budget = Number.POSITIVE_INFINITY): number {
  let total = 0;
  for (const target of targets) {
    let level = [target.root];
    while (level.length > 0 && total + level.length <= budget) {
      const wanted = new Set(level);
      const children: number[] = [];
      let leaves = false;
      for (const run of pageRuns(level, file.pageSize)) {
        const bytes = read(run.first, run.count);
        for (let i = 0; (i + 1) * file.pageSize <= bytes.byteLength; i++) {
          const pageNo = run.first + i;
          if (!wanted.delete(pageNo)) continue;
          total++;
          const c = childPages(bytes.subarray(i * file.pageSize, (i + 1) * file.pageSize), pageNo, file.pages);
          if (c === null) leaves = true;
          else if (c) for (const p of c) children.push(p);
        }
      }
      if (leaves || children.length === 0) break;
      // All leaves of a SQLite B-tree are at one depth: one child tells whether the next level is the leaves.
      if (!target.leaves && childPages(read(children[0]!, 1), children[0]!, file.pages) === null) break;
      level = children;
    }
  }
  return total;
}
