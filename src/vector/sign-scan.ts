import fs from 'node:fs';
import { codeWords, type QueryPlanes } from './binary-codes.js';

/**
 * Sign codes (vector/binary-codes.ts) held in WebAssembly memory and scored there by a SIMD kernel
 * (wasm/sign-scan.wat, built by `npm run build:wasm`): popcounts of 16 code bytes against the query's four bit
 * planes per instruction, about five times the speed of per-byte lookup tables in JavaScript. Each instance owns one
 * memory: codes from offset 0 (`codeWords(dims)` words a row), a scratch area for a scan's rows, scores and query
 * after them. Only indexes large enough for a binary stage create one.
 */

const PAGE = 65_536;
const wasmModule = new WebAssembly.Module(fs.readFileSync(new URL('./wasm/sign-scan.wasm', import.meta.url)));

type ScanFn = (codes: number, stride: number, rows: number, n: number, planes: number, lo: number, delta: number, out: number) => void;
type EncodeFn = (data: number, scales: number, mean: number, n: number, dims: number, out: number, stride: number) => void;

/** Rows the bulk encoder copies into the scratch area per call. */
const ENCODE_BATCH = 8192;

const align16 = (n: number): number => Math.ceil(n / 16) * 16;

export class SignCodes {
  private readonly memory: WebAssembly.Memory;
  private readonly scanFn: ScanFn;
  private readonly encodeFn: EncodeFn;
  private readonly stride: number;
  private capacity: number;
  private view: Uint32Array | null = null;

  constructor(
    readonly dims: number,
    rows: number,
  ) {
    this.stride = codeWords(dims) * 4;
    this.capacity = Math.max(1, rows);
    this.memory = new WebAssembly.Memory({ initial: Math.ceil((this.capacity * this.stride) / PAGE) + 1 });
    const { exports } = new WebAssembly.Instance(wasmModule, { env: { memory: this.memory } });
    this.scanFn = exports.scan as ScanFn;
    this.encodeFn = exports.encode as EncodeFn;
  }

  /** The codes, `codeWords(dims)` words a row (a view that changes when the memory grows: do not keep it). */
  get words(): Uint32Array {
    if (!this.view || this.view.buffer !== this.memory.buffer) this.view = new Uint32Array(this.memory.buffer, 0, (this.capacity * this.stride) / 4);
    return this.view;
  }

  /** Makes room for `rows` codes, keeping the ones written. */
  reserve(rows: number): void {
    if (rows <= this.capacity) return;
    this.capacity = Math.max(rows, this.capacity * 2);
    this.grow(this.capacity * this.stride);
    this.view = null;
  }

  /**
   * Approximate scores of `count` rows under `q`: rows `rows[0..count)`, or rows 0..count when `rows` is null. The
   * answer is a view of the scratch area, valid until the next call.
   */
  scan(q: QueryPlanes, rows: Int32Array | null, count: number): Float32Array {
    const rowsAt = align16(this.capacity * this.stride);
    const outAt = align16(rowsAt + (rows ? count * 4 : 0));
    const planesAt = align16(outAt + count * 4);
    this.grow(planesAt + q.planes.length);
    const buffer = this.memory.buffer;
    if (rows) new Int32Array(buffer, rowsAt, count).set(rows.subarray(0, count));
    new Uint8Array(buffer, planesAt, q.planes.length).set(q.planes);
    this.scanFn(0, this.stride, rows ? rowsAt : 0, count, planesAt, q.lo, q.delta, outAt);
    return new Float32Array(buffer, outAt, count);
  }

  /**
   * Writes the codes of int8 rows `fromRow..toRow` (row r: `data` from r x dims, times `scales[r]`) against `mean`,
   * as encodeSignsInt8 does (vector/binary-codes.ts), in the SIMD kernel: a cold load codes a million rows.
   */
  encodeInt8(data: Int8Array, scales: Float32Array, mean: Float32Array, fromRow: number, toRow: number): void {
    const dims = this.dims;
    const blocks = Math.ceil(dims / 16);
    const dataAt = align16(this.capacity * this.stride);
    const scalesAt = align16(dataAt + ENCODE_BATCH * dims + 16); // a block may read 16 bytes past the last row
    const meanAt = align16(scalesAt + ENCODE_BATCH * 4);
    this.grow(meanAt + blocks * 64);
    const padded = new Float32Array(blocks * 16).fill(Infinity);
    padded.set(mean.subarray(0, dims));
    new Float32Array(this.memory.buffer, meanAt, padded.length).set(padded);
    for (let from = fromRow; from < toRow; from += ENCODE_BATCH) {
      const n = Math.min(ENCODE_BATCH, toRow - from);
      const buffer = this.memory.buffer;
      new Int8Array(buffer, dataAt, n * dims).set(data.subarray(from * dims, (from + n) * dims));
      new Float32Array(buffer, scalesAt, n).set(scales.subarray(from, from + n));
      this.encodeFn(dataAt, scalesAt, meanAt, n, dims, from * this.stride, this.stride);
    }
  }

  private grow(bytes: number): void {
    const have = this.memory.buffer.byteLength;
    if (bytes > have) this.memory.grow(Math.ceil((bytes - have) / PAGE));
  }
}
