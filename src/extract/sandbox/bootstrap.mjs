// Worker-thread entry of the extraction sandbox (pool.ts). Node does not pass tsx on to worker threads, so when the
// worker module is TypeScript (npm start, vitest) tsx is registered here first.
import { workerData } from 'node:worker_threads';

const { entry } = workerData;
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);
