import fs from 'node:fs';

/**
 * Int8 rows scored against a float query by a WebAssembly SIMD kernel (wasm/int8-dot.wat), bit for bit what
 * dotInt8 (vector/int8.ts) answers: the index's pool of candidates (thousands of rows a search) is scored here.
 * Rows are copied into the kernel's memory in batches (the index's arrays stay where they are, so views of them,
 * e.g. an image being written, remain valid). One module-wide instance: searches run one at a time on the thread.
 */

const PAGE = 65_536;
/** Rows copied and scored per kernel call. */
const BATCH = 1024;

type DotsFn = (data: number, n: number, dims: number, query: number, scales: number, out: number) => void;

let kernel: { memory: WebAssembly.Memory; dots: DotsFn } | null = null;

function instance(): { memory: WebAssembly.Memory; dots: DotsFn } {
  if (!kernel) {
    const module = new WebAssembly.Module(fs.readFileSync(new URL('./wasm/int8-dot.wasm', import.meta.url)));
    const memory = new WebAssembly.Memory({ initial: 8 });
    const { exports } = new WebAssembly.Instance(module, { env: { memory } });
    kernel = { memory, dots: exports.dots as DotsFn };
  }
  return kernel;
}

/** Whether the kernel serves rows of this many dimensions (whole 16-dimension blocks). */
export const kernelDims = (dims: number): boolean => dims > 0 && dims % 16 === 0;

/**
 * Calls `push(row, score)` for the `n` rows `rowAt(0..n)` with score = dotInt8(query, data, row x dims,
 * scales[row]), in that order. `dims` must satisfy kernelDims.
 */
export function scoreInt8Rows(query: Float32Array, data: Int8Array, scales: Float32Array, dims: number, rowAt: (i: number) => number, n: number, push: (row: number, score: number) => void): void {
  if (n === 0) return;
  const { memory, dots } = instance();
  const batch = Math.min(BATCH, n);
  const queryAt = 0;
  const scalesAt = dims * 8;
  const outAt = scalesAt + batch * 4 + ((8 - ((batch * 4) % 8)) % 8);
  const dataAt = outAt + batch * 8;
  const bytes = dataAt + batch * dims;
  if (bytes > memory.buffer.byteLength) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / PAGE));
  const buffer = memory.buffer;
  const q = new Float64Array(buffer, queryAt, dims);
  for (let i = 0; i < dims; i++) q[i] = query[i]!;
  const rowScales = new Float32Array(buffer, scalesAt, batch);
  const out = new Float64Array(buffer, outAt, batch);
  const rowData = new Int8Array(buffer, dataAt, batch * dims);
  const rows = new Int32Array(batch);
  for (let from = 0; from < n; from += batch) {
    const m = Math.min(batch, n - from);
    for (let k = 0; k < m; k++) {
      const row = rowAt(from + k);
      rows[k] = row;
      rowScales[k] = scales[row]!;
      rowData.set(data.subarray(row * dims, row * dims + dims), k * dims);
    }
    dots(dataAt, m, dims, queryAt, scalesAt, outAt);
    for (let k = 0; k < m; k++) push(rows[k]!, out[k]!);
  }
}
