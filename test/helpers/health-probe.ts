/** GET /health latency while a server works: the "one request must never stall the service" checks (issue 27). */

export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

/** One GET /health: its latency in ms (5 s when it does not answer within 5 s). */
export async function healthLatency(baseURL: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
  await res?.arrayBuffer();
  return res?.ok ? performance.now() - t0 : 5_000;
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

/** The assertion message: both p95s and every latency. */
export function healthReport(latencies: number[], baseline: number[]): string {
  return `baseline p95 ${Math.round(p95(baseline))} ms; latencies (${latencies.length}): ${latencies.map((x) => Math.round(x)).join(' ')}`;
}
