import fs from 'node:fs';
import type { QueryPlanes } from './binary-codes.js';

/**
 * A copy of one scope's sign codes (a tag's rows, or every row) transposed for the scan: rows in groups of 16, each
 * group holding, per code byte, one 16-byte vector of that byte of its 16 rows, scored by wasm/transposed-scan.wat
 * with one table lookup per nibble position of 16 rows (~2x the row-major scan at 850k rows, same scores bit for
 * bit). It follows the scope's row list, which only grows at its end: a scan first appends the codes of rows added
 * since the last one. Codes of existing rows change only when the index recomputes its mean; the index then drops
 * its copies (VectorIndex, `codesEpoch`).
 */

const PAGE = 65_536;
const wasmModule = new WebAssembly.Module(fs.readFileSync(new URL('./wasm/transposed-scan.wasm', import.meta.url)));

type ScanFn = (codes: number, bytes: number, groups: number, tables: number, lo: number, delta: number, out: number) => void;
type TransposeFn = (src: number, from: number, n: number, bytes: number, dst: number) => void;

/** Rows staged (copied row-major after the code area) per transpose call. */
const STAGE_ROWS = 16_384;

const align16 = (n: number): number => Math.ceil(n / 16) * 16;

export class TransposedCodes {
  /** Rows of the scope copied so far (positions 0..filled of its row list). */
  filled = 0;
  private readonly memory: WebAssembly.Memory;
  private readonly scanFn: ScanFn;
  private readonly transposeFn: TransposeFn;
  /** Groups of 16 rows the code area holds. */
  private groups = 0;

  /** `stride`: bytes of one row's code (a multiple of 16). */
  constructor(
    private readonly stride: number,
    readonly epoch: number,
  ) {
    this.memory = new WebAssembly.Memory({ initial: 1 });
    const { exports } = new WebAssembly.Instance(wasmModule, { env: { memory: this.memory } });
    this.scanFn = exports.scan as ScanFn;
    this.transposeFn = exports.transpose as TransposeFn;
  }

  /** Copies the codes of scope positions filled..count (row `rows[i]`, or i when `rows` is null) from row-major `words`. */
  sync(words: Uint32Array, rows: Int32Array | null, count: number): void {
    if (count <= this.filled) return;
    const need = Math.ceil(count / 16);
    if (need > this.groups) {
      const groups = Math.max(need, this.groups * 2);
      this.grow(groups * this.stride * 16);
      this.groups = groups;
    }
    const stride = this.stride;
    // Rows are staged row-major after the code area (word by word, or in one copy for consecutive rows), then
    // scattered into their groups by the kernel.
    const stageAt = align16(this.groups * stride * 16);
    const batch = Math.min(STAGE_ROWS, count - this.filled);
    this.grow(stageAt + batch * stride);
    const stage = new Uint32Array(this.memory.buffer, stageAt, (batch * stride) / 4);
    const rowWords = stride / 4;
    for (let from = this.filled; from < count; from += batch) {
      const n = Math.min(batch, count - from);
      if (rows) {
        // A run of consecutive rows (a tag's documents come in runs) in one copy; a row alone word by word (a view
        // per row would cost more than its 12 words).
        for (let k = 0; k < n;) {
          let end = k + 1;
          while (end < n && rows[from + end] === rows[from + end - 1]! + 1) end++;
          const row = rows[from + k]! * rowWords;
          const at = k * rowWords;
          if (end - k > 1) stage.set(words.subarray(row, row + (end - k) * rowWords), at);
          else for (let w = 0; w < rowWords; w++) stage[at + w] = words[row + w]!;
          k = end;
        }
      } else {
        stage.set(words.subarray(from * rowWords, (from + n) * rowWords));
      }
      this.transposeFn(stageAt, from, n, stride, 0);
    }
    this.filled = count;
  }

  /** Scores of scope positions 0..count under `q` (count ≤ filled): a view valid until the next call. */
  scan(q: QueryPlanes, count: number): Float32Array {
    const stride = this.stride;
    const groups = Math.ceil(count / 16);
    const outAt = align16(this.groups * stride * 16);
    const tablesAt = align16(outAt + groups * 64);
    this.grow(tablesAt + stride * 32);
    const tables = new Uint8Array(this.memory.buffer, tablesAt, stride * 32);
    // Byte j's tables: the query's levels (bit b of dimension i is bit i of plane b) summed over each nibble's set bits.
    const levels = new Uint8Array(stride * 8);
    for (let b = 0; b < 4; b++) {
      for (let j = 0; j < stride; j++) {
        const plane = q.planes[b * stride + j]!;
        if (plane === 0) continue;
        for (let k = 0; k < 8; k++) if (plane & (1 << k)) levels[j * 8 + k]! += 1 << b;
      }
    }
    for (let j = 0; j < stride; j++) {
      for (let h = 0; h < 2; h++) {
        const base = j * 8 + h * 4;
        const at = j * 32 + h * 16;
        for (let nibble = 0; nibble < 16; nibble++) {
          tables[at + nibble] = (nibble & 1 ? levels[base]! : 0) + (nibble & 2 ? levels[base + 1]! : 0) + (nibble & 4 ? levels[base + 2]! : 0) + (nibble & 8 ? levels[base + 3]! : 0);
        }
      }
    }
    this.scanFn(0, stride, groups, tablesAt, q.lo, q.delta, outAt);
    return new Float32Array(this.memory.buffer, outAt, count);
  }

  private grow(bytes: number): void {
    const have = this.memory.buffer.byteLength;
    if (bytes > have) this.memory.grow(Math.ceil((bytes - have) / PAGE));
  }
}
