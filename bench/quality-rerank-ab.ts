/**
 * The rerank and its variants side by side on one cached ingestion, in one process: every query's first stage is
 * read once (SearchService.chunkEvidence, as a served search reads it) and then ordered as SearchService.searchChunks
 * does with `rerank: false` (hybrid) and with `rerank: true`, once per rerank variant (the rerank block of
 * searchChunks replayed: the top candidates, the passage-form cosines over sentence-length passages, the turn
 * context again, the first page kept). Scores with the benchmark's metrics, per dataset, on all queries and on the two
 * halves (even / odd query index) used to fit and check weights; per-query wins and losses against hybrid.
 *
 *   npx tsx bench/quality-rerank-ab.ts --dataset scifact|locomo|longmemeval [--variants a,b] [--scifact-docs N]
 *                                      [--limit-questions N] [--metric recall@5] [--grid] [--out file.json]
 *
 * Needs the `--cache` entry of a `bench:quality` run with the same flags.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { staticEmbedderHandle } from '../src/providers/create-embedder.js';
import { createRuntime } from '../src/runtime.js';
import { intentEvidence } from '../src/search/query-intent.js';
import { keepFirstPage, rerank, type RerankCandidate } from '../src/search/rerank.js';
import { contentKey } from '../src/services/search.js';
import { BENCH_KEY, intArg, loadAverage, log, parseEmbedderChoice, resolveEmbedder, round } from './lib.js';
import * as cache from './quality/cache.js';
import { mean, rankingOf } from './quality/metrics.js';
import { RERANK_GRID, RERANK_VARIANTS } from './quality/rerank-variants.js';
import { loadDataset } from './quality/loaders.js';
import type { DatasetName } from './quality/types.js';

const { values: args } = parseArgs({
  options: {
    dataset: { type: 'string', default: 'scifact' },
    variants: { type: 'string' },
    'limit-questions': { type: 'string', default: '0' },
    'scifact-docs': { type: 'string', default: '0' },
    out: { type: 'string' },
    /** The weight grid (bench/quality/rerank-variants.ts RERANK_GRID) after the single-weight variants. */
    grid: { type: 'boolean', default: false },
    /** The metric whose per-query wins and losses are counted (default: the dataset's headline metric). */
    metric: { type: 'string' },
    shared: { type: 'string', default: process.env.MNEMO_SHARED_DATA ?? path.resolve(import.meta.dirname, '..', '..', 'shared', 'data') },
  },
  strict: true,
});

type RerankFn = (terms: readonly string[], candidates: readonly RerankCandidate[]) => Map<string, number>;

const name = args.dataset as DatasetName;
main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

async function main(): Promise<void> {
  const dataset = loadDataset(name, args.shared, intArg(args['limit-questions'], 0, 'limit-questions'), args);
  const variants: [string, RerankFn][] = [
    ['served', (t, c) => rerank(t, c)],
    ...Object.entries(args.grid ? { ...RERANK_VARIANTS, ...RERANK_GRID } : RERANK_VARIANTS).filter(([v]) => !args.variants || args.variants.split(',').includes(v)),
  ];
  const { embedder } = await resolveEmbedder(parseEmbedderChoice('local'));
  const docs = dataset.documents.map((d) => ({ ...d, taskType: 'superrag' as const }));
  const key = cache.cacheKey(name, docs, embedder.id);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mnemo-rerank-ab-${name}-`));
  const started = new Date().toISOString();
  const loadAtStart = loadAverage();
  const perQuery: { id: string; category: string; scores: Record<string, Record<string, number>> }[] = [];
  try {
    if (!cache.restore(key, dataDir)) throw new Error(`no cached ingestion ${key}: run bench:quality --datasets ${name} --cache first (same flags)`);
    const config = loadConfig({ MNEMO_API_KEY: BENCH_KEY, MNEMO_DATA_DIR: dataDir, MNEMO_LOG_LEVEL: 'silent' });
    const runtime = await createRuntime(config, silentLogger, { embedder: staticEmbedderHandle(embedder), print: () => undefined });
    try {
      const auth = await runtime.auth.authenticate(BENCH_KEY);
      if (!('actor' in auth)) throw new Error('bench key rejected');
      const orgId = auth.actor.orgId;
      const svc = runtime.search as unknown as SearchInternals;
      const opts = svc.opts;
      const unitOfDoc = new Map<string, string>();
      for (const [i, q] of dataset.queries.entries()) {
        const ev = await runtime.search.chunkEvidence(orgId, { q: q.q, containerTags: [q.containerTag] }, Math.max(opts.candidates, dataset.requestLimit * 3));
        const orderings: Record<string, readonly { id: string }[]> = { hybrid: ev.fused };
        const top = ev.fused.slice(0, opts.rerankCandidates);
        const asPassage =
          opts.keywordWeight === 0
            ? null
            : await svc.passageFormCosines(
                orgId,
                ev.embedder,
                q.q,
                ev.cosines,
                top.map((h) => h.id),
                ev.chunks,
              );
        const cosineOf = (id: string) => asPassage?.get(id) ?? ev.cosines.get(id);
        const cands: RerankCandidate[] = top.map((h) => {
          const text = ev.chunks.get(h.id)!.content;
          return {
            id: h.id,
            text,
            similarity: h.similarity,
            keyword: h.keyword,
            ...(h.expanded !== undefined ? { expanded: h.expanded } : {}),
            intent: intentEvidence(ev.intent, text),
            ...(cosineOf(h.id) !== undefined ? { cosine: cosineOf(h.id)! } : {}),
          };
        });
        for (const [v, fn] of variants) {
          const scores = fn(ev.terms, cands);
          const reranked = top.map((h) => ({ ...h, similarity: scores.get(h.id) ?? h.similarity })).sort((a, b) => b.similarity - a.similarity);
          const floor = reranked[reranked.length - 1]!.similarity;
          let fused = [...reranked, ...ev.fused.slice(top.length).map((h) => ({ ...h, similarity: Math.min(h.similarity, floor) }))];
          if (ev.context) fused = await ev.context(fused);
          orderings[v] = keepFirstPage(ev.fused, fused);
        }
        const docIds = [...new Set([...ev.chunks.values()].map((c) => c.documentId))].filter((d) => !unitOfDoc.has(d));
        for (const d of await runtime.store.documents.getDocumentsByIds(orgId, docIds)) unitOfDoc.set(d.id, String(d.metadata?.[dataset.unitKey] ?? d.id));
        const scores: Record<string, Record<string, number>> = {};
        for (const [v, order] of Object.entries(orderings)) {
          const seen = new Set<string>();
          const units: string[][] = [];
          for (const h of order) {
            if (units.length >= dataset.requestLimit) break;
            const chunk = ev.chunks.get(h.id)!;
            const k = contentKey(chunk.content);
            if (seen.has(k)) continue;
            seen.add(k);
            units.push([unitOfDoc.get(chunk.documentId) ?? chunk.documentId]);
          }
          const ranking = rankingOf(units, 'distinct-units');
          scores[v] = Object.fromEntries(dataset.metrics.map((m) => [m.name, m.score(ranking, q.relevant)]));
        }
        perQuery.push({ id: q.id, category: q.category, scores });
        if ((i + 1) % 100 === 0) log(`  ${i + 1}/${dataset.queries.length} queries (load ${loadAverage().join(' ')})`);
      }
    } finally {
      await runtime.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await embedder.close?.();
  }
  const names = ['hybrid', ...variants.map(([v]) => v)];
  const h = args.metric ?? dataset.headline.metric;
  if (!dataset.metrics.some((m) => m.name === h)) throw new Error(`--metric: ${h} is not a metric of ${name} (${dataset.metrics.map((m) => m.name).join(', ')})`);
  const table = names.map((v) => {
    const cell = (rows: typeof perQuery) => dataset.metrics.map((m) => fmt(mean(rows.map((r) => r.scores[v]![m.name]!)), m.format)).join(' / ');
    const even = perQuery.filter((_, i) => i % 2 === 0);
    const odd = perQuery.filter((_, i) => i % 2 === 1);
    const wins = perQuery.filter((r) => r.scores[v]![h]! > r.scores.hybrid![h]! + 1e-9).length;
    const losses = perQuery.filter((r) => r.scores[v]![h]! < r.scores.hybrid![h]! - 1e-9).length;
    return `| ${v} | ${cell(perQuery)} | ${cell(even)} | ${cell(odd)} | ${wins} / ${losses} |`;
  });
  const metricNames = dataset.metrics.map((m) => m.name).join(' / ');
  console.log(`\n${dataset.title}, ${perQuery.length} queries (${started.slice(11, 19)} UTC, load ${loadAtStart.join(' ')} -> ${loadAverage().join(' ')})`);
  console.log(`| variant | ${metricNames} | even half | odd half | ${h} wins / losses vs hybrid |\n|---|---|---|---|---|`);
  console.log(table.join('\n'));
  if (args.out) fs.writeFileSync(args.out, JSON.stringify({ dataset: name, started, loadAtStart, loadAtEnd: loadAverage(), perQuery }));
}

/** What the replay reads of SearchService beyond its public methods (TypeScript-private, reachable at run time). */
interface SearchInternals {
  opts: { candidates: number; rerankCandidates: number; keywordWeight: number };
  passageFormCosines(orgId: string, embedder: unknown, q: string, cosines: ReadonlyMap<string, number>, ids: readonly string[], chunks: ReadonlyMap<string, unknown>): Promise<Map<string, number> | null>;
}

function fmt(x: number, format: 'percent' | 'decimal'): string {
  return format === 'percent' ? `${round(x * 100, 2)}` : `${round(x, 4)}`;
}
