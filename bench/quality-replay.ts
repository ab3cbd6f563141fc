/**
 * Ranking experiments on an ingested quality dataset, without re-ingesting: the `--cache` entry of a
 * `bench:quality` run is opened, every query's first stage (SearchService.chunkEvidence: vector and keyword
 * candidates with their calibrated evidence and raw cosines) is read once and dumped, and orderings of those
 * candidates are scored with the benchmark's metrics in one process. Reproduces the served hybrid ranking.
 *
 *   npx tsx bench/quality-replay.ts --dataset locomo [--candidates 100] [--limit-questions N] [--scifact-docs N]
 *                                   [--reuse] [--diagnose]
 *
 * `--reuse` scores the last dump (bench/.cache/replay-<dataset>.json) instead of reading the store again;
 * `--diagnose` prints where the evidence of the hybrid ranking's misses ranks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { staticEmbedderHandle } from '../src/providers/create-embedder.js';
import { createRuntime } from '../src/runtime.js';
import { intentEvidence, queryIntent, withIntent } from '../src/search/query-intent.js';
import { BENCH_KEY, CACHE_DIR, intArg, loadAverage, log, parseEmbedderChoice, resolveEmbedder, round } from './lib.js';
import * as cache from './quality/cache.js';
import { mean, rankingOf } from './quality/metrics.js';
import { loadDataset } from './quality/loaders.js';
import type { DatasetName, QualityDataset } from './quality/types.js';
import { type Candidate, type ReplayQuery, setCorpus, VARIANTS } from './quality/replay-variants.js';

const { values: args } = parseArgs({
  options: {
    dataset: { type: 'string', default: 'locomo' },
    candidates: { type: 'string', default: '100' },
    'limit-questions': { type: 'string', default: '0' },
    /** LongMemEval only: these question ids and their haystacks (comma-separated). */
    'question-ids': { type: 'string' },
    'scifact-docs': { type: 'string', default: '0' },
    reuse: { type: 'boolean', default: false },
    diagnose: { type: 'boolean', default: false },
    only: { type: 'string' },
    shared: { type: 'string', default: path.resolve(CACHE_DIR, '..', '..', '..', 'shared', 'data') },
  },
  strict: true,
});

const name = args.dataset as DatasetName;
main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

async function main(): Promise<void> {
  const dataset = loadDataset(name, args.shared, intArg(args['limit-questions'], 0, 'limit-questions'), args);
  const dumpFile = path.join(CACHE_DIR, `replay-${name}.json`);
  const queries = args.reuse ? (JSON.parse(fs.readFileSync(dumpFile, 'utf8')) as ReplayQuery[]) : await dump(dataset, dumpFile);
  log(`${name}: ${queries.length} queries, load ${loadAverage().join(' ')}`);
  setCorpus(dataset.documents.map((d) => d.content));
  const variants = Object.entries(VARIANTS).filter(([v]) => !args.only || args.only.split(',').includes(v));
  const rows: string[] = [];
  for (const [variant, order] of variants) {
    const scores = queries.map((q) => {
      const ranking = rankingOf(
        order(q).map((c) => [c.unit]),
        'distinct-units',
      );
      const relevant = new Map(q.relevant);
      return Object.fromEntries(dataset.metrics.map((m) => [m.name, m.score(ranking, relevant)]));
    });
    const cells = dataset.metrics.map((m) => `${m.name} ${fmt(mean(scores.map((s) => s[m.name]!)), m.format)}`);
    const cats = [...new Set(queries.map((q) => q.category))].sort();
    const h = dataset.headline.metric;
    const byCat = cats.map((c) => `${c} ${fmt(mean(scores.filter((_, i) => queries[i]!.category === c).map((s) => s[h]!)), 'percent')}`);
    rows.push(`| ${variant} | ${cells.join(' | ')} | ${byCat.join(', ')} |`);
  }
  console.log(rows.join('\n'));
  if (args.diagnose) diagnose(queries, dataset);
}

function fmt(x: number, format: 'percent' | 'decimal'): string {
  return format === 'percent' ? `${round(x * 100, 2)}` : `${round(x, 4)}`;
}

/** Reads every query's first stage from the cached ingestion and writes it to `file`. */
async function dump(dataset: QualityDataset, file: string): Promise<ReplayQuery[]> {
  const { embedder } = await resolveEmbedder(parseEmbedderChoice('local'));
  const docs = dataset.documents.map((d) => ({ ...d, taskType: 'superrag' as const }));
  const key = cache.cacheKey(name, docs, embedder.id);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mnemo-replay-${name}-`));
  try {
    if (!cache.restore(key, dataDir)) throw new Error(`no cached ingestion ${key}: run bench:quality --datasets ${name} --cache first (same flags)`);
    const config = loadConfig({ MNEMO_API_KEY: BENCH_KEY, MNEMO_DATA_DIR: dataDir, MNEMO_LOG_LEVEL: 'silent' });
    const runtime = await createRuntime(config, silentLogger, { embedder: staticEmbedderHandle(embedder), print: () => undefined });
    try {
      const auth = await runtime.auth.authenticate(BENCH_KEY);
      if (!('actor' in auth)) throw new Error('bench key rejected');
      const orgId = auth.actor.orgId;
      const out: ReplayQuery[] = [];
      for (const [i, q] of dataset.queries.entries()) {
        const ev = await runtime.search.chunkEvidence(orgId, { q: q.q, containerTags: [q.containerTag] }, intArg(args.candidates, 100, 'candidates'));
        const docIds = [...new Set([...ev.chunks.values()].map((c) => c.documentId))];
        const byDoc = new Map((await runtime.store.documents.getDocumentsByIds(orgId, docIds)).map((d) => [d.id, d]));
        // Cosines of every candidate with the stored vector of the best hit of the hybrid and of the vector ordering
        // (a second pass in vector space: the best hit's vector added to the query's).
        const ids = ev.fused.map((h) => h.id);
        const intent = queryIntent(q.q);
        const vecTop = [...ev.fused].sort((a, b) => withIntent(b.vector, intentEvidence(intent, ev.chunks.get(b.id)!.content)) - withIntent(a.vector, intentEvidence(intent, ev.chunks.get(a.id)!.content)))[0];
        const topCos = async (id: string | undefined) => {
          if (!id) return new Map<string, number>();
          const [vec] = await embedder.embedDocuments([ev.chunks.get(id)!.embeddedContent]);
          return runtime.store.chunks.scoreChunkVectors(orgId, embedder.id, vec!, ids);
        };
        const [th, tv] = await Promise.all([topCos(ev.fused[0]?.id), topCos(vecTop?.id)]);
        // Query-side variants (round 10): the question embedded as a passage (no instruction), and the question
        // with its leading question word and auxiliary stripped ("When did Caroline go ..." -> "Caroline go ...").
        const [asDoc] = await embedder.embedDocuments([q.q]);
        const cd = await runtime.store.chunks.scoreChunkVectors(orgId, embedder.id, asDoc!, ids);
        const stripped = stripQuestion(q.q);
        const cs = stripped === q.q ? null : await runtime.store.chunks.scoreChunkVectors(orgId, embedder.id, await embedder.embedQuery(stripped), ids);
        const cands: Candidate[] = ev.fused.map((h) => {
          const chunk = ev.chunks.get(h.id)!;
          const meta = byDoc.get(chunk.documentId)?.metadata ?? {};
          return {
            unit: String(meta[dataset.unitKey] ?? chunk.documentId),
            text: chunk.content,
            similarity: h.similarity,
            v: h.vector,
            k: h.keyword,
            kf: h.expanded ?? h.keyword,
            cos: ev.cosines.get(h.id) ?? 0,
            th: th.get(h.id) ?? 0,
            tv: tv.get(h.id) ?? 0,
            cd: cd.get(h.id) ?? 0,
            cs: cs ? (cs.get(h.id) ?? 0) : (ev.cosines.get(h.id) ?? 0),
            doc: chunk.documentId,
          };
        });
        out.push({ id: q.id, q: q.q, category: q.category, terms: ev.terms, relevant: [...q.relevant], cands, calibration: embedder.calibration });
        if ((i + 1) % 100 === 0) log(`  ${i + 1}/${dataset.queries.length} queries read`);
      }
      fs.mkdirSync(CACHE_DIR, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(out));
      return out;
    } finally {
      await runtime.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await embedder.close?.();
  }
}

/** Rank of the best evidence unit in the hybrid ordering, for the queries whose evidence is not all in the top 10. */
function diagnose(queries: readonly ReplayQuery[], dataset: QualityDataset): void {
  const buckets = new Map<string, number>();
  const cats = new Map<string, Map<string, number>>();
  let total = 0;
  for (const q of queries) {
    const units = [...new Set(VARIANTS.hybrid!(q).map((c) => c.unit))];
    for (const [unit] of q.relevant) {
      total++;
      const r = units.indexOf(unit) + 1;
      const b = r === 0 ? 'not a candidate' : r <= 10 ? '1-10' : r <= 20 ? '11-20' : r <= 40 ? '21-40' : r <= 100 ? '41-100' : '>100';
      buckets.set(b, (buckets.get(b) ?? 0) + 1);
      const m = cats.get(q.category) ?? new Map<string, number>();
      m.set(b, (m.get(b) ?? 0) + 1);
      cats.set(q.category, m);
    }
  }
  const order = ['1-10', '11-20', '21-40', '41-100', '>100', 'not a candidate'];
  console.log(`\n${dataset.name}: rank of each evidence ${dataset.unitKey} in the hybrid ordering (${total} evidence units)`);
  console.log(`| category | ${order.join(' | ')} |`);
  for (const [c, m] of [['all', buckets] as const, ...[...cats].sort()]) console.log(`| ${c} | ${order.map((b) => m.get(b) ?? 0).join(' | ')} |`);
}

/** A question without its leading question word and auxiliary ("When did X go ..." -> "X go ..."). */
export function stripQuestion(q: string): string {
  const out = q.replace(/^\s*(?:when|what|where|who|whom|which|why|how(?: long| many| much| often)?)\s+(?:did|does|do|is|was|were|are|has|have|had|will|would|can|could|might)\s+/i, '').replace(/\?\s*$/, '');
  return out === q.replace(/\?\s*$/, '') ? q : out;
}
