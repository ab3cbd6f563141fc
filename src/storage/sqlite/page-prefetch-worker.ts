import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { prefetchBtrees, type PrefetchTarget } from './page-prefetch.js';

/** Worker-thread entry of search-pages.ts: walks the targets with synchronous reads and posts the pages it read. */
const { file, pageSize, targets, budget } = workerData as { file: string; pageSize: number; targets: PrefetchTarget[]; budget: number };
const fd = fs.openSync(file, 'r');
try {
  const pages = Math.floor(fs.fstatSync(fd).size / pageSize);
  const buffer = Buffer.alloc(1 << 20);
  const read = (first: number, count: number) => {
    const n = fs.readSync(fd, buffer, 0, Math.min(buffer.byteLength, count * pageSize), (first - 1) * pageSize);
    return buffer.subarray(0, n);
  };
  parentPort!.postMessage(prefetchBtrees(read, { pageSize, pages }, targets, budget));
} finally {
  fs.closeSync(fd);
}
