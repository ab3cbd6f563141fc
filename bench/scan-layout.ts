/**
 * The row-major sign scan (src/vector/wasm/sign-scan.wat, rows by row list) beside the scan of a transposed copy
 * (src/vector/wasm/transposed-scan.wat, vector/transposed-codes.ts: 16 rows' same code byte in one register, the query
 * as a 16-entry table per nibble position, one i8x16.swizzle per nibble position of 16 rows instead of five
 * i8x16.popcnt per 16 code bytes of one row). Random 384-bit codes; the two kernels alternated per query; every
 * score is checked equal. The kernels alone, on codes laid out once (the index keeps its copies in step itself).
 *
 *   npx tsx bench/scan-layout.ts [--rows 850000] [--queries 30]
 *
 * Writes bench/results/scan-layout-latest.json.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { compileWat } from '../scripts/wasm/compile.js';
import { queryPlanes } from '../src/vector/binary-codes.js';
import { environment, intArg, log, summarize, writeResults } from './lib.js';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '850000' }, queries: { type: 'string', default: '30' } }, strict: true });
const N = Math.ceil(intArg(args.rows, 850_000, 'rows') / 16) * 16;
const QUERIES = intArg(args.queries, 30, 'queries');
const DIMS = 384;
const STRIDE = DIMS / 8;
const PAGE = 65_536;

type Scan = (...a: number[]) => void;
const instance = (binary: Uint8Array, bytes: number) => {
  const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / PAGE) + 2 });
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(binary), { env: { memory } });
  return { memory, scan: exports.scan as Scan };
};
const current = instance(fs.readFileSync(new URL('../src/vector/wasm/sign-scan.wasm', import.meta.url)), N * STRIDE + N * 8 + 4096);
const transposed = instance(await compileWat(new URL('../src/vector/wasm/transposed-scan.wat', import.meta.url).pathname), N * STRIDE + N * 4 + 8192);

log(`${N} random codes of ${DIMS} bits; load ${environment().loadAverageAtStart.join(' ')}`);
const codes = new Uint8Array(N * STRIDE);
let seed = 7;
for (let i = 0; i < codes.length; i++) {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  codes[i] = seed >>> 24;
}
new Uint8Array(current.memory.buffer, 0, codes.length).set(codes);
const groups = new Uint8Array(transposed.memory.buffer, 0, codes.length);
for (let r = 0; r < N; r++) for (let j = 0; j < STRIDE; j++) groups[((r >> 4) * STRIDE + j) * 16 + (r & 15)] = codes[r * STRIDE + j]!;
const rowsAt = N * STRIDE;
const outAt = rowsAt + N * 4;
const planesAt = outAt + N * 4;
new Int32Array(current.memory.buffer, rowsAt, N).set(Int32Array.from({ length: N }, (_, i) => i));
const tOut = N * STRIDE;
const tTables = tOut + N * 4;

const times: [number[], number[]] = [[], []];
let differing = 0;
for (let n = 0; n < QUERIES; n++) {
  const q = queryPlanes(Float32Array.from({ length: DIMS }, () => Math.random() - 0.5));
  new Uint8Array(current.memory.buffer, planesAt, q.planes.length).set(q.planes);
  const levels = new Uint8Array(DIMS);
  for (let i = 0; i < DIMS; i++) for (let b = 0; b < 4; b++) if (q.planes[b * STRIDE + (i >> 3)]! & (1 << (i & 7))) levels[i]! |= 1 << b;
  const tables = new Uint8Array(transposed.memory.buffer, tTables, STRIDE * 32);
  for (let j = 0; j < STRIDE; j++)
    for (let h = 0; h < 2; h++)
      for (let nib = 0; nib < 16; nib++) {
        let s = 0;
        for (let k = 0; k < 4; k++) if (nib & (1 << k)) s += levels[8 * j + 4 * h + k]!;
        tables[j * 32 + h * 16 + nib] = s;
      }
  for (const k of n % 2 ? [1, 0] : [0, 1]) {
    const t = performance.now();
    if (k === 0) current.scan(0, STRIDE, rowsAt, N, planesAt, q.lo, q.delta, outAt);
    else transposed.scan(0, STRIDE, N / 16, tTables, q.lo, q.delta, tOut);
    times[k]!.push(performance.now() - t);
  }
  const a = new Float32Array(current.memory.buffer, outAt, N);
  const b = new Float32Array(transposed.memory.buffer, tOut, N);
  for (let i = 0; i < N; i++) if (!Object.is(a[i], b[i])) (differing++, (i = N));
}
const result = {
  benchmark: 'scan-layout',
  date: new Date().toISOString(),
  environment: environment(),
  setup: { rows: N, dims: DIMS, queries: QUERIES },
  currentMs: summarize(times[0]),
  transposedPrototypeMs: summarize(times[1]),
  queriesWithDifferingScores: differing,
};
const file = writeResults('scan-layout', result);
console.log(JSON.stringify({ current: result.currentMs, transposed: result.transposedPrototypeMs, differing }, null, 2));
log(`written to ${file}`);
