import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFerretDb, type FerretDb } from '../helpers/ferretdb.js';
import { startServer } from '../helpers/server-process.js';
import { startDevServer, type DevServer } from '../helpers/temporal.js';
import { clientScenario, type Transcript } from './scenario.js';

/**
 * The same client scenario in every way Mnemo runs: embedded (SQLite + in-process runner), Temporal
 * (one workflow per document on a real Temporal dev server) and MongoDB (the MongoDB store on FerretDB).
 * All must pass and observe the same results.
 */
const transcripts: Record<string, Transcript> = { embedded: {}, temporal: {}, mongodb: {} };
let temporal: DevServer;
let ferret: FerretDb;

beforeAll(async () => {
  [temporal, ferret] = await Promise.all([startDevServer(), startFerretDb()]);
}, 120_000);
afterAll(async () => {
  await temporal?.stop();
  await ferret?.stop();
});

clientScenario('embedded', () => startServer(), transcripts.embedded!);
// The worker bundles workflows/ at start, as a default deployment does (other suites load the prebuilt bundle).
clientScenario('temporal', () => startServer({ TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: 'conformance' }), transcripts.temporal!);
clientScenario('mongodb', () => startServer({ MONGODB_URI: ferret.uri, MONGODB_DB: 'conformance' }), transcripts.mongodb!);

describe('conformance', () => {
  it('observes identical results in embedded and Temporal mode', () => {
    const embedded = transcripts.embedded!;
    expect(Object.keys(embedded).length).toBeGreaterThan(5);
    for (const key of Object.keys(embedded)) {
      expect(transcripts.temporal![key], `${key}: ${JSON.stringify(transcripts.temporal![key])} vs ${JSON.stringify(embedded[key])}`).toEqual(embedded[key]);
    }
  });

  it('observes identical results in embedded and MongoDB mode', () => {
    const embedded = transcripts.embedded!;
    expect(Object.keys(embedded).length).toBeGreaterThan(5);
    for (const key of Object.keys(embedded)) {
      expect(transcripts.mongodb![key], `${key}: ${JSON.stringify(transcripts.mongodb![key])} vs ${JSON.stringify(embedded[key])}`).toEqual(embedded[key]);
    }
  });
});
