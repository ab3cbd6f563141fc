/**
 * GET /health latency while hostile documents are parsed (issue 27's target: p95 under 100 ms more than the same
 * server's p95 just before). The tests only check that the server keeps answering (no probe waits 2 s); the latency
 * figure is measured here, where the machine's load is recorded beside it. Runs the tests' hostile set (one
 * pathological input per parser) against a started server, `--rounds` times, each round in a fresh container tag.
 *
 *   npm run bench:hostile -- [--rounds 3]
 */
import { parseArgs } from 'node:util';
import { healthBaseline, healthWhile, longest, p95 } from '../test/helpers/health-probe.js';
import { HOSTILE, hostileStatus, sendHostile } from '../test/helpers/hostile-set.js';
import { startServer, waitFor } from '../test/helpers/server-process.js';
import { environment, intArg, loadAverage, log, markdownTable, round, writeResults } from './lib.js';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' } }, strict: true });
const rounds = intArg(args.rounds, 3, 'rounds');

interface Round {
  baselineP95Ms: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  samples: number;
  addedP95Ms: number;
  loadAverage: number[];
  outcomes: Record<string, string>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const env = environment();
  log(`hostile documents: ${HOSTILE.length} per round, ${rounds} rounds; ${env.cores} cores, load ${env.loadAverageAtStart.join(' ')}`);
  const server = await startServer({ MNEMO_EMBEDDINGS: 'hash', MNEMO_OCR: 'off', MNEMO_EXTRACT_PARSE_TIMEOUT_MS: '2000' });
  const results: Round[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      const baseline = await healthBaseline(server.baseURL);
      const ids: string[] = [];
      for (const h of HOSTILE) {
        const sent = await sendHostile(server.baseURL, server.apiKey, h, `hostile-${r}`);
        if (!sent.id) throw new Error(`${h.name}: HTTP ${sent.status} ${sent.body}`);
        ids.push(sent.id);
      }
      const { latencies } = await healthWhile(
        server.baseURL,
        waitFor(async () => (await Promise.all(ids.map((id) => hostileStatus(server.baseURL, server.apiKey, id)))).every((d) => d.status === 'done' || d.status === 'failed'), 300_000, 500),
      );
      const outcomes: Record<string, string> = {};
      for (const [i, h] of HOSTILE.entries()) {
        const doc = await hostileStatus(server.baseURL, server.apiKey, ids[i]!);
        outcomes[h.name] = doc.status === 'failed' ? `failed ${doc.processingMetadata?.errorCode ?? ''}`.trim() : doc.status;
      }
      const row: Round = {
        baselineP95Ms: round(p95(baseline), 1),
        p50Ms: round(median(latencies), 1),
        p95Ms: round(p95(latencies), 1),
        maxMs: round(longest(latencies), 1),
        samples: latencies.length,
        addedP95Ms: round(p95(latencies) - p95(baseline), 1),
        loadAverage: loadAverage(),
        outcomes,
      };
      results.push(row);
      log(`round ${r + 1}: /health p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms (idle p95 ${row.baselineP95Ms} ms, +${row.addedP95Ms}), longest ${row.maxMs} ms, ${row.samples} samples; load ${row.loadAverage.join(' ')}`);
    }
  } finally {
    await server.stop('SIGKILL');
  }
  console.log(
    markdownTable(
      ['round', 'idle p95 ms', 'p50 ms', 'p95 ms', 'added p95 ms', 'longest ms', 'samples'],
      results.map((r, i) => [i + 1, r.baselineP95Ms, r.p50Ms, r.p95Ms, r.addedP95Ms, r.maxMs, r.samples]),
    ),
  );
  const file = writeResults('hostile', {
    benchmark: 'hostile',
    description: "GET /health latency (20 ms apart) while the tests' hostile documents (one per parser) are parsed, against the same server's idle latency just before; target: added p95 < 100 ms",
    environment: { ...env, loadAverageAtEnd: loadAverage() },
    documents: HOSTILE.map((h) => h.name),
    rounds: results,
    worstAddedP95Ms: Math.max(...results.map((r) => r.addedP95Ms)),
  });
  log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
