/** GET /health latency while a server works: the "one request must never stall the service" checks (issue 27). */

export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

/**
 * The tests' liveness bound: every probe is answered within its 5 s timeout. Before issue 27's fixes one hostile
 * document held every request for 9 s to 20 min; an answering server stays far below 5 s even on a machine at load 19
 * (the longest seen: 3.1 s). The latency figure (p95 against the same server's idle p95) is a benchmark, where the
 * load is recorded beside it: `npm run bench:hostile`.
 */
export const STALL_MS = 5_000;

/** One GET /health: its latency in ms (`STALL_MS` when it does not answer within it). */
export async function healthLatency(baseURL: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(STALL_MS) }).catch(() => null);
  await res?.arrayBuffer();
  return res?.ok ? performance.now() - t0 : STALL_MS;
}

const pause = () => new Promise((r) => setTimeout(r, 20));

/** The machine's own noise before the work starts: `n` latencies 20 ms apart. */
export async function healthBaseline(baseURL: string, n = 30): Promise<number[]> {
  const baseline: number[] = [];
  for (let i = 0; i < n; i++) {
    baseline.push(await healthLatency(baseURL));
    await pause();
  }
  return baseline;
}

/** Latencies sampled 20 ms apart for as long as `work` runs (at least 40), and what the work gave. */
export async function healthWhile<T>(baseURL: string, work: Promise<T>): Promise<{ latencies: number[]; result: T }> {
  let finished = false;
  const settled = work.finally(() => {
    finished = true;
  });
  const latencies: number[] = [];
  while (!finished || latencies.length < 40) {
    latencies.push(await healthLatency(baseURL));
    await pause();
  }
  return { latencies, result: await settled };
}

export const longest = (values: number[]) => Math.max(...values);

/** The assertion message: the baseline's p95 (when measured), the p95 and every latency. */
export function healthReport(latencies: number[], baseline?: number[]): string {
  const before = baseline ? `baseline p95 ${Math.round(p95(baseline))} ms; ` : '';
  return `${before}p95 ${Math.round(p95(latencies))} ms; latencies (${latencies.length}): ${latencies.map((x) => Math.round(x)).join(' ')}`;
}
