// Worker-thread entry shared by the extraction sandbox (src/extract/sandbox/pool.ts) and the search page warm-up
// (src/storage/sqlite/search-pages.ts): `new Worker(BOOTSTRAP, { workerData: { entry, … } })` runs the module
// `entry`. Node does not pass tsx on to worker threads, so when that module is TypeScript (npm start, vitest) tsx is
// registered here first. Keep it generic: it only registers tsx and imports the entry.
import { workerData } from 'node:worker_threads';

const { entry } = workerData;
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);
