import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server-process.js';
import { startDevServer, type DevServer } from '../helpers/temporal.js';
import { clientScenario, type Transcript } from './scenario.js';

/**
 * The same client scenario in every way Mnemo runs: embedded (SQLite + in-process runner) and Temporal
 * (one workflow per document on a real Temporal dev server). Both must pass and observe the same results.
 */
const transcripts: Record<string, Transcript> = { embedded: {}, temporal: {} };
let temporal: DevServer;

beforeAll(async () => {
  temporal = await startDevServer();
}, 120_000);
afterAll(async () => {
  await temporal?.stop();
});

clientScenario('embedded', () => startServer(), transcripts.embedded!);
clientScenario('temporal', () => startServer({ TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: 'conformance' }), transcripts.temporal!);

describe('conformance', () => {
  it('observes identical results in embedded and Temporal mode', () => {
    const embedded = transcripts.embedded!;
    expect(Object.keys(embedded).length).toBeGreaterThan(5);
    for (const key of Object.keys(embedded)) {
      expect(transcripts.temporal![key], `${key}: ${JSON.stringify(transcripts.temporal![key])} vs ${JSON.stringify(embedded[key])}`).toEqual(embedded[key]);
    }
  });
});
