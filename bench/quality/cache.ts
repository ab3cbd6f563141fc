/**
 * Opt-in (`--cache`) copy of an ingested data directory in bench/.cache/quality, so search-side changes can be
 * measured without re-ingesting. The key covers everything ingestion depends on: the documents sent, the embedder,
 * package-lock.json and every file under src/ except the query-time-only ones below. Any other src change misses.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, REPO_ROOT } from '../lib.js';
import type { IngestReport } from './harness.js';
import type { BenchDocument } from './types.js';

const ROOT = path.join(CACHE_DIR, 'quality');

/** Files read only when answering a search, never when ingesting (re-check when search code moves). */
const QUERY_TIME_ONLY = [
  'src/vector/calibrate.ts',
  'src/search/feedback.ts',
  'src/search/hybrid.ts',
  'src/search/keyword-score.ts',
  'src/search/query-intent.ts',
  'src/search/rerank.ts',
  'src/search/short-passages.ts',
  'src/search/subword-terms.ts',
  'src/search/turn-context.ts',
  'src/services/search.ts',
  'src/vector/top-k.ts',
];
const QUERY_TIME_DIRS = ['src/http/'];

export function cacheKey(dataset: string, docs: readonly BenchDocument[], embedderId: string): string {
  const h = createHash('sha256').update(`${dataset}\n${embedderId}\n`).update(JSON.stringify(docs));
  for (const file of [...sourceFiles(path.join(REPO_ROOT, 'src')), path.join(REPO_ROOT, 'package-lock.json')]) {
    const rel = path.relative(REPO_ROOT, file).split(path.sep).join('/');
    if (QUERY_TIME_ONLY.includes(rel) || QUERY_TIME_DIRS.some((d) => rel.startsWith(d))) continue;
    h.update(`\n${rel}\n`).update(fs.readFileSync(file));
  }
  return `${prefix(dataset, embedderId)}${h.digest('hex').slice(0, 16)}`;
}

/** Entries of one dataset and embedder share a prefix, so that runs of two models keep one entry each. */
function prefix(dataset: string, embedderId: string): string {
  return `${dataset}-${embedderId.replace(/[^A-Za-z0-9.]+/g, '_')}-`;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Copies a cached data directory into `dataDir`; returns its ingest report, or null on a miss. */
export function restore(key: string, dataDir: string): IngestReport | null {
  const dir = path.join(ROOT, key);
  const report = path.join(dir, 'ingest.json');
  if (!fs.existsSync(report)) return null;
  fs.cpSync(path.join(dir, 'data'), dataDir, { recursive: true });
  return JSON.parse(fs.readFileSync(report, 'utf8')) as IngestReport;
}

/** Stores a closed data directory under `key`, replacing older entries of the same dataset and embedder. */
export function save(key: string, dataset: string, embedderId: string, dataDir: string, report: IngestReport): void {
  fs.mkdirSync(ROOT, { recursive: true });
  const own = prefix(dataset, embedderId);
  for (const e of fs.readdirSync(ROOT)) if (e.startsWith(own)) fs.rmSync(path.join(ROOT, e), { recursive: true, force: true });
  const dir = path.join(ROOT, key);
  fs.cpSync(dataDir, path.join(dir, 'data'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'ingest.json'), JSON.stringify(report));
}
