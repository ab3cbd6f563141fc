import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEmbedder } from '../../bench/lib.js';
import { officialClient } from '../../bench/memories/quality.js';
import { DEFAULT_RUN, runScenario, scoreScenario } from '../../bench/memories/run-scenario.js';
import { FIXTURES_DIR, loadScenarios } from '../../bench/memories/scenarios.js';
import { loadConfig } from '../../src/core/config.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import type { Embedder } from '../../src/providers/embedder.js';
import { createRuntime } from '../../src/runtime.js';
import { startDevServer, workflowBundle, type DevServer } from '../helpers/temporal.js';
import { testLogger } from '../helpers/test-logs.js';

/**
 * Issue 26, "both runners pass the memory scenario through the official client": representative scenarios of the
 * dev set (a move, a job change, a third party that must not merge, a correction, a named-speaker chat) through the
 * official `supermemory` client against a Mnemo process, embedded and on a real Temporal dev server. For every
 * question the first memories-mode result must hold the current answer (and not the stale one), and the profile
 * must pass every check of the scenario. The runtime is served on 127.0.0.1 in this process (the Temporal worker
 * takes the test's prebuilt workflow bundle) and uses the local embedding model, as a deployment does.
 */
const REPRESENTATIVE = ['move-i-boston-seattle', 'employer-figma-stripe', 'two-people-peanut-allergies', 'correction-peanut-allergy', 'named-maya-assistant'];
const scenarios = loadScenarios(FIXTURES_DIR).scenarios.filter((s) => REPRESENTATIVE.includes(s.id));

const API_KEY = 'memory-scenarios-key-0123456789abcdef';
let temporal: DevServer;
let embedder: Embedder;
beforeAll(async () => {
  [temporal, { embedder }] = await Promise.all([startDevServer(), resolveEmbedder('local')]);
}, 120_000);
afterAll(async () => {
  await embedder?.close?.();
  await temporal?.stop();
});

interface Served {
  baseURL: string;
  close(): Promise<void>;
}

async function serve(env: Record<string, string>): Promise<Served> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-memory-scenarios-'));
  const config = loadConfig({ MNEMO_API_KEY: API_KEY, MNEMO_DATA_DIR: dir, MNEMO_INGEST_POLL_MS: '50', ...env });
  const shared: Embedder = {
    id: embedder.id,
    kind: embedder.kind,
    dimensions: embedder.dimensions,
    calibration: embedder.calibration,
    embedDocuments: (t) => embedder.embedDocuments(t),
    embedQuery: (t) => embedder.embedQuery(t),
  };
  const runtime = await createRuntime(config, testLogger, {
    embedder: staticEmbedderHandle(shared),
    print: () => undefined,
    ...(env.TEMPORAL_ADDRESS ? { workflowBundle: await workflowBundle() } : {}),
  });
  await runtime.runner.start();
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise<void>((r) => server.once('listening', () => r()));
  const { port } = server.address() as { port: number };
  return {
    baseURL: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await runtime.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function memoryScenarios(mode: string, env: () => Record<string, string>): void {
  describe(`memory scenarios through the supermemory client (${mode})`, () => {
    let server: Served;

    beforeAll(async () => {
      server = await serve(env());
    }, 120_000);
    afterAll(async () => {
      await server?.close();
    });

    it('has the representative scenarios', () => {
      expect(scenarios.map((s) => s.id).sort()).toEqual([...REPRESENTATIVE].sort());
    });

    for (const id of REPRESENTATIVE) {
      it(`${id}: the current fact comes first and the profile is right`, async () => {
        const scenario = scenarios.find((s) => s.id === id)!;
        const observed = await runScenario(officialClient(server.baseURL, API_KEY), scenario, { ...DEFAULT_RUN, settleTimeoutMs: 60_000 });
        const score = scoreScenario(scenario, observed);
        expect(score.error).toBeUndefined();
        for (const q of score.questions) {
          expect(q.top1Current, `${q.q} → first result ${JSON.stringify(q.top)} (current at ${q.currentRank}, stale at ${q.staleRank})`).toBe(true);
        }
        expect(score.profile.failures).toEqual([]);
      }, 120_000);
    }
  });
}

memoryScenarios('embedded', () => ({}));
memoryScenarios('temporal', () => ({ TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: 'memory-scenarios' }));
