/** Helpers shared by the benchmarks: statistics, memory sampling, embedder resolution, result files, tables. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { createEmbedderHandle } from '../src/providers/create-embedder.js';
import type { Embedder } from '../src/providers/embedder.js';
import { createHashEmbedder } from '../src/providers/hash-embedder.js';
import { writeLatest } from './results-files.js';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');
export const CACHE_DIR = path.join(BENCH_DIR, '.cache');
export const BENCH_KEY = 'bench-root-key-0123456789abcdef';

// ---------------------------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------------------------

export interface Summary {
  n: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarize(values: readonly number[]): Summary {
  const s = [...values].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return {
    n: s.length,
    mean: round(mean),
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    p99: round(percentile(s, 99)),
    min: round(s[0] ?? NaN),
    max: round(s[s.length - 1] ?? NaN),
  };
}

export function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export const mb = (bytes: number) => round(bytes / (1024 * 1024), 1);

// ---------------------------------------------------------------------------------------------------------------
// Memory
// ---------------------------------------------------------------------------------------------------------------

/**
 * Samples process.memoryUsage().rss on a timer and on demand (call sample() inside long synchronous loops, where
 * timers cannot fire). Peaks are tracked overall and per named phase.
 */
export class RssSampler {
  peak = 0;
  readonly phases: Record<string, number> = {};
  private phase = 'start';
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs = 50) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
    this.sample();
  }

  sample(): number {
    const rss = process.memoryUsage().rss;
    if (rss > this.peak) this.peak = rss;
    if (rss > (this.phases[this.phase] ?? 0)) this.phases[this.phase] = rss;
    return rss;
  }

  setPhase(name: string): void {
    this.sample();
    this.phase = name;
    this.sample();
  }

  stop(): { peakMb: number; phasesMb: Record<string, number> } {
    this.sample();
    clearInterval(this.timer);
    return { peakMb: mb(this.peak), phasesMb: Object.fromEntries(Object.entries(this.phases).map(([k, v]) => [k, mb(v)])) };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Embedder
// ---------------------------------------------------------------------------------------------------------------

export type EmbedderChoice = 'local' | 'hash';

export function parseEmbedderChoice(value: string | undefined): EmbedderChoice {
  if (value === undefined || value === 'local') return 'local';
  if (value === 'hash') return 'hash';
  throw new Error(`--embedder must be "local" or "hash", got "${value}"`);
}

/**
 * The embedder the service would use: the local ONNX model (MNEMO_MODELS_DIR, default ./.models, no download), or
 * the hash embedder when asked for or when the model cannot be loaded (with a printed warning).
 */
export async function resolveEmbedder(choice: EmbedderChoice): Promise<{ embedder: Embedder; choice: EmbedderChoice; warning?: string; loadMs: number }> {
  const t0 = performance.now();
  if (choice === 'hash') return { embedder: createHashEmbedder(), choice, loadMs: performance.now() - t0 };
  const passthrough = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('MNEMO_EMBEDDING_') || k === 'MNEMO_MODELS_DIR'));
  const config = loadConfig({
    MNEMO_MODELS_DIR: path.join(REPO_ROOT, '.models'),
    MNEMO_EMBEDDING_ALLOW_DOWNLOAD: 'false',
    ...passthrough,
    MNEMO_DATA_DIR: path.join(os.tmpdir(), 'mnemo-bench-models'),
    MNEMO_EMBEDDINGS: 'local',
    MNEMO_LOG_LEVEL: 'silent',
  });
  try {
    const embedder = await createEmbedderHandle(config, silentLogger).get();
    return { embedder, choice, loadMs: performance.now() - t0 };
  } catch (err) {
    const warning = `WARNING: local embedding model could not be loaded (${String(err).slice(0, 200)}); falling back to the hash embedder. Run \`npm run models:install\`.`;
    console.warn(warning);
    return { embedder: createHashEmbedder(), choice: 'hash', warning, loadMs: performance.now() - t0 };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Environment, files, output
// ---------------------------------------------------------------------------------------------------------------

export function environment() {
  let commit: string | null = null;
  let dirty: boolean | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim() !== '';
  } catch {
    // not a git checkout
  }
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    totalMemoryMb: mb(os.totalmem()),
    loadAverageAtStart: loadAverage(),
    commit,
    srcDirty: dirty,
  };
}

/** 1/5/15-minute load averages: other processes competing for the CPU make every number here slower. */
export function loadAverage(): number[] {
  return os.loadavg().map((x) => round(x, 2));
}

/** Total size of the files of a SQLite database (main file, WAL, shared memory). */
export function sqliteFilesSize(dbFile: string): { bytes: number; files: Record<string, number> } {
  const files: Record<string, number> = {};
  let bytes = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    const f = `${dbFile}${suffix}`;
    if (fs.existsSync(f)) {
      const size = fs.statSync(f).size;
      files[path.basename(f)] = size;
      bytes += size;
    }
  }
  return { bytes, files };
}

/**
 * Writes bench/results/<name>-latest.json, replacing the previous run's (the date is inside, environment().date;
 * earlier runs are in git), and returns its path. The folder's rule: bench/results-files.ts.
 */
export function writeResults(name: string, data: unknown): string {
  return writeLatest(RESULTS_DIR, name, data);
}

export function markdownTable(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: readonly string[]) => `| ${r.map((c, i) => String(c).padEnd(widths[i]!)).join(' | ')} |`;
  return [line(headers), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.map((r) => line(r.map(String)))].join('\n');
}

function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return String(x);
  return Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2);
}

export function log(msg: string): void {
  process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

export function intArg(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Serves an app on a free loopback port; returns the server and its base URL. Keep-alive sockets never time out:
 * a benchmark stalls the event loop (model inference, synchronous scans) past any idle timeout, and the server
 * would then close a socket the client is about to reuse (ECONNRESET). Only this process connects.
 */
export async function listenLocal(app: { listen(port: number, host: string): Server }): Promise<{ server: Server; baseUrl: string }> {
  const server = app.listen(0, '127.0.0.1');
  server.keepAliveTimeout = 0;
  await new Promise<void>((r) => server.once('listening', () => r()));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A small deterministic random generator (mulberry32): the same numbers for the same seed on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
