/**
 * Query-embedding latency by ONNX Runtime thread settings, the models interleaved in one process so that they see the
 * same load: `npx tsx bench/query-threads.ts [--rounds 60] [--variants default,1,2-nospin,1-nospin]`.
 * Each variant is a session of its own; one query at a time, as a search embeds it (with bge's instruction prefix).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pipeline, env } from '@huggingface/transformers';
import { localModelProfile } from '../src/providers/transformers-embedder.js';
import { intArg, loadAverage, REPO_ROOT, summarize } from './lib.js';

const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '60' }, variants: { type: 'string', default: 'default,1,2-nospin,1-nospin' } },
});
env.localModelPath = `${path.join(REPO_ROOT, '.models')}/`;
env.allowRemoteModels = false;

const MODELS = ['sentence-transformers/all-MiniLM-L6-v2', 'BAAI/bge-small-en-v1.5'];
const QUERIES = [
  'what did Caroline say about the adoption agency',
  'When did Melanie paint a sunrise?',
  'dietary restrictions of the user',
  'vitamin D supplementation reduces fracture risk in older adults',
  'kubernetes deployment rollback strategy',
  'Where does the team meet on Fridays?',
  'gene expression in tumour cells under hypoxia',
  'book recommendations for a long flight',
];

function sessionOptions(variant: string): Record<string, unknown> | undefined {
  if (variant === 'default') return undefined;
  const [threads, spin] = variant.split('-');
  return {
    intraOpNumThreads: Number(threads),
    interOpNumThreads: 1,
    ...(spin === 'nospin' ? { extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } } } : {}),
  };
}

const variants = args.variants.split(',');
const rounds = intArg(args.rounds, 60, 'rounds');
const runs: { model: string; variant: string; prefix: string; run: (t: string) => Promise<unknown>; ms: number[] }[] = [];
for (const model of MODELS) {
  const profile = localModelProfile(model);
  for (const variant of variants) {
    const options = sessionOptions(variant);
    const extractor = await pipeline('feature-extraction', model, { dtype: profile.dtype, ...(options ? { session_options: options } : {}) });
    const run = (t: string) => extractor(profile.queryPrefix + t, { pooling: profile.pooling, normalize: true });
    for (const q of QUERIES.slice(0, 3)) await run(q); // warm-up
    runs.push({ model, variant, prefix: profile.queryPrefix, run, ms: [] });
  }
}
const loadAtStart = loadAverage();
for (let i = 0; i < rounds; i++) {
  for (const r of runs) {
    const t = performance.now();
    await r.run(QUERIES[i % QUERIES.length]!);
    r.ms.push(performance.now() - t);
  }
}
console.log(`load at start ${loadAtStart.join(' ')}, at end ${loadAverage().join(' ')}; ${rounds} rounds, variants interleaved`);
console.log('| model | threads | p50 ms | p95 ms | mean ms |\n|---|---|---|---|---|');
for (const r of runs) {
  const s = summarize(r.ms);
  console.log(`| ${r.model.split('/')[1]} | ${r.variant} | ${s.p50} | ${s.p95} | ${s.mean} |`);
}
