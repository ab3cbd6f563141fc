/**
 * Query-embedding time of the local model under several ONNX Runtime session options, interleaved in one process
 * (each variant its own session, the same queries in turn), so a shared machine's load falls on every variant alike.
 * `npx tsx bench/search-embed-options.ts [--model BAAI/bge-small-en-v1.5] [--queries 150] [--variants a,b]`
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { localModelProfile } from '../src/providers/transformers-embedder.js';

const { values: args } = parseArgs({
  options: {
    model: { type: 'string', default: 'BAAI/bge-small-en-v1.5' },
    queries: { type: 'string', default: '150' },
    variants: { type: 'string' },
  },
});

const NO_SPIN = { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } };
const VARIANTS: Record<string, { dtype: 'q8' | 'fp32'; options: Record<string, unknown> }> = {
  current: { dtype: 'q8', options: { extra: { session: NO_SPIN } } },
  fp32: { dtype: 'fp32', options: { extra: { session: NO_SPIN } } },
  spin: { dtype: 'q8', options: {} },
  threads1: { dtype: 'q8', options: { intraOpNumThreads: 1, extra: { session: NO_SPIN } } },
  noarena: { dtype: 'q8', options: { enableCpuMemArena: false, enableMemPattern: false, extra: { session: NO_SPIN } } },
  basicopt: { dtype: 'q8', options: { graphOptimizationLevel: 'basic', extra: { session: NO_SPIN } } },
};

const QUERIES = [
  'when did the user move to lisbon',
  'what is the capital of france',
  'how do I configure the database connection pool',
  'symptoms of vitamin d deficiency in adults',
  'who manages the payments team',
  'best practices for rotating api keys',
  'what did caroline say about the adoption agency',
  'does aspirin reduce the risk of heart attack',
  'list of open issues about search speed',
  'which restaurant did we book for the anniversary',
];

const { pipeline, env } = await import('@huggingface/transformers');
env.localModelPath = `${path.resolve('.models')}/`;
env.allowLocalModels = true;
env.allowRemoteModels = false;
const profile = localModelProfile(args.model);
const names = (args.variants ?? Object.keys(VARIANTS).join(',')).split(',');
const runs = await Promise.all(
  names.map(async (name) => {
    const v = VARIANTS[name]!;
    const extractor = await pipeline('feature-extraction', args.model, { dtype: v.dtype, session_options: v.options as never });
    return { name, extractor, times: [] as number[], cpu: [] as number[] };
  }),
);
const n = Number(args.queries);
for (let i = 0; i < n + 10; i++) {
  const q = profile.queryPrefix + QUERIES[i % QUERIES.length]! + (i >= QUERIES.length ? ` ${i}` : '');
  for (const r of i % 2 === 0 ? runs : [...runs].reverse()) {
    const c = process.cpuUsage();
    const t = performance.now();
    const out = await r.extractor([q], { pooling: profile.pooling, normalize: true });
    const ms = performance.now() - t;
    const cu = process.cpuUsage(c);
    out.dispose();
    if (i >= 10) {
      r.times.push(ms);
      r.cpu.push((cu.user + cu.system) / 1000);
    }
  }
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
for (const r of runs) {
  console.log(`${r.name.padEnd(10)} p50 ${pct(r.times, 0.5).toFixed(1)} p95 ${pct(r.times, 0.95).toFixed(1)} mean ${mean(r.times).toFixed(1)} ms, cpu ${mean(r.cpu).toFixed(1)} ms`);
}
for (const r of runs) await r.extractor.dispose();
