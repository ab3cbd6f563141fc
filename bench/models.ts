/**
 * Embedding models and dtypes side by side in one run (`npm run bench:models`): for each variant, the model load
 * time, the latency of one query embedding at a time (as a search pays it), document throughput in batches of 32,
 * and dense-only retrieval quality (exact cosine, no keyword evidence) on LoCoMo (recall@5/10 of evidence turns in
 * the question's conversation) and on a SciFact slice (nDCG@10 over the abstracts of the sampled claims' slice).
 * Document and query vectors of every variant of one model are also crossed (documents by q8, queries by fp32,
 * ...), which answers "which dtype for documents, which for queries" without another inference.
 *
 *   npx tsx bench/models.ts [--variants minilm:fp32,bge:fp32,bge:q8] [--scifact-docs 2000] [--queries 300] [--locomo-conversations 6]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { createEmbedderHandle } from '../src/providers/create-embedder.js';
import type { Embedder } from '../src/providers/embedder.js';
import { BACKGROUND_SENTENCES, calibrateCosine, type VectorCalibration } from '../src/vector/calibrate.js';
import { dot } from '../src/vector/cosine.js';
import { environment, loadAverage, log, markdownTable, REPO_ROOT, round, summarize, writeResults } from './lib.js';
import { loadLocomo } from './quality/locomo.js';
import { ndcgAtK, recallAtK } from './quality/metrics.js';
import { loadSciFact } from './quality/scifact.js';

const MODEL_IDS: Record<string, string> = {
  minilm: 'sentence-transformers/all-MiniLM-L6-v2',
  bge: 'BAAI/bge-small-en-v1.5',
};

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const variants = arg('variants', 'minilm:fp32,bge:fp32,bge:q8')
  .split(',')
  .map((v) => {
    const [model, dtype] = v.split(':');
    if (!model || !MODEL_IDS[model] || !dtype) throw new Error(`bad variant ${v}`);
    return { name: v, model, modelId: MODEL_IDS[model], dtype };
  });
const sciDocs = Number(arg('scifact-docs', '2000'));
const maxQueries = Number(arg('queries', '300'));
/** LoCoMo conversations used (all 6 by default; fewer for a quick run on a busy machine). */
const locomoConversations = Number(arg('locomo-conversations', '6'));
const shared = process.env.MNEMO_SHARED_DATA ?? path.resolve(REPO_ROOT, '../shared/data');

async function load(modelId: string, dtype: string): Promise<Embedder> {
  const config = loadConfig({
    MNEMO_MODELS_DIR: path.join(REPO_ROOT, '.models'),
    MNEMO_EMBEDDING_ALLOW_DOWNLOAD: 'false',
    MNEMO_DATA_DIR: path.join(os.tmpdir(), 'mnemo-bench-models'),
    MNEMO_EMBEDDINGS: 'local',
    MNEMO_EMBEDDING_MODEL: modelId,
    MNEMO_EMBEDDING_DTYPE: dtype,
    MNEMO_LOG_LEVEL: 'silent',
  });
  return createEmbedderHandle(config, silentLogger).get();
}

async function embedAll(e: Embedder, texts: readonly string[]): Promise<{ vectors: Float32Array[]; seconds: number }> {
  const t0 = performance.now();
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += 32) vectors.push(...(await e.embedDocuments(texts.slice(i, i + 32))));
  return { vectors, seconds: (performance.now() - t0) / 1000 };
}

function rank(q: Float32Array, docs: readonly Float32Array[], ids: readonly string[], k: number): string[][] {
  const scored = docs.map((d, i) => ({ id: ids[i]!, s: dot(q, d) }));
  scored.sort((a, b) => b.s - a.s);
  return scored.slice(0, k).map((x) => [x.id]);
}

async function main() {
  const locomo = loadLocomo(shared, 0);
  const keptTags = new Set([...new Set(locomo.documents.map((d) => d.containerTag))].slice(0, locomoConversations));
  locomo.documents = locomo.documents.filter((d) => keptTags.has(d.containerTag));
  locomo.queries = locomo.queries.filter((q) => keptTags.has(q.containerTag));
  const locomoQueries = locomo.queries.filter((_, i) => i % Math.max(1, Math.floor(locomo.queries.length / maxQueries)) === 0).slice(0, maxQueries);
  const sci = loadSciFact(shared, 0);
  // A slice of the corpus that holds every relevant abstract of the queries kept, padded with the rest in order.
  const sciQueries = sci.queries.slice(0, Math.min(sci.queries.length, maxQueries));
  const needed = new Set(sciQueries.flatMap((q) => [...q.relevant.keys()]));
  const sciDocsKept = [...sci.documents.filter((d) => needed.has(String(d.metadata.docId))), ...sci.documents.filter((d) => !needed.has(String(d.metadata.docId)))].slice(0, Math.max(sciDocs, needed.size));
  log(`LoCoMo: ${locomo.documents.length} turns, ${locomoQueries.length} questions; SciFact: ${sciDocsKept.length} abstracts, ${sciQueries.length} claims`);

  const vectors: Record<string, { locomoDocs: Float32Array[]; locomoQ: Float32Array[]; sciDocs: Float32Array[]; sciQ: Float32Array[]; cal: VectorCalibration; queryCal: VectorCalibration }> = {};
  const timing: Record<string, unknown> = {};
  for (const v of variants) {
    log(`${v.name}: loading`);
    const t0 = performance.now();
    const e = await load(v.modelId, v.dtype);
    const loadMs = performance.now() - t0;
    if (!e.id.includes(v.modelId)) throw new Error(`${v.name}: got ${e.id}`);
    // Warm-up, then one query at a time as a search pays it.
    for (const q of locomoQueries.slice(0, 10)) await e.embedQuery(q.q);
    const qTimes: number[] = [];
    const locomoQ: Float32Array[] = [];
    for (const q of locomoQueries) {
      const s = performance.now();
      locomoQ.push(await e.embedQuery(q.q));
      qTimes.push(performance.now() - s);
    }
    const sciQ: Float32Array[] = [];
    for (const q of sciQueries) sciQ.push(await e.embedQuery(q.q));
    // The background of a query against unrelated passages (a model with a query prefix differs from passage pairs).
    const bgDocs = await e.embedDocuments(BACKGROUND_SENTENCES);
    const bgQueries: Float32Array[] = [];
    for (const t of BACKGROUND_SENTENCES) bgQueries.push(await e.embedQuery(t));
    const cross: number[] = [];
    bgQueries.forEach((q, i) => bgDocs.forEach((d, j) => i !== j && cross.push(dot(q, d))));
    const cm = cross.reduce((a, b) => a + b, 0) / cross.length;
    const queryCal = { mean: cm, std: Math.max(0.03, Math.sqrt(cross.reduce((a, b) => a + (b - cm) ** 2, 0) / cross.length)) };
    log(`${v.name}: embedding ${locomo.documents.length} turns`);
    const lDocs = await embedAll(
      e,
      locomo.documents.map((d) => d.content),
    );
    log(`${v.name}: embedding ${sciDocsKept.length} abstracts`);
    const sDocs = await embedAll(
      e,
      sciDocsKept.map((d) => d.content),
    );
    await e.close?.();
    vectors[v.name] = { locomoDocs: lDocs.vectors, locomoQ, sciDocs: sDocs.vectors, sciQ, cal: e.calibration, queryCal };
    timing[v.name] = {
      loadMs: round(loadMs),
      queryMs: summarize(qTimes),
      locomoTurnsPerSecond: round(locomo.documents.length / lDocs.seconds),
      scifactAbstractsPerSecond: round(sciDocsKept.length / sDocs.seconds),
      calibration: e.calibration,
      queryCalibration: queryCal,
      loadAverage: loadAverage(),
    };
    log(`${v.name}: ${JSON.stringify(timing[v.name])}`);
  }

  // Quality of every (documents, queries) pair within one model.
  const quality: { docs: string; queries: string; locomoR5: number; locomoR10: number; scifactNdcg10: number }[] = [];
  for (const dv of variants) {
    for (const qv of variants.filter((x) => x.model === dv.model)) {
      const D = vectors[dv.name]!;
      const Q = vectors[qv.name]!;
      let r5 = 0;
      let r10 = 0;
      locomoQueries.forEach((q, qi) => {
        const idx = locomo.documents.map((d, i) => (d.containerTag === q.containerTag ? i : -1)).filter((i) => i >= 0);
        const ranking = rank(
          Q.locomoQ[qi]!,
          idx.map((i) => D.locomoDocs[i]!),
          idx.map((i) => String(locomo.documents[i]!.metadata.turnId)),
          10,
        );
        const rel = new Set(q.relevant.keys());
        r5 += recallAtK(ranking, rel, 5);
        r10 += recallAtK(ranking, rel, 10);
      });
      let nd = 0;
      sciQueries.forEach((q, qi) => {
        const ranking = rank(
          Q.sciQ[qi]!,
          D.sciDocs,
          sciDocsKept.map((d) => String(d.metadata.docId)),
          10,
        );
        nd += ndcgAtK(ranking, q.relevant, 10);
      });
      quality.push({
        docs: dv.name,
        queries: qv.name,
        locomoR5: round(r5 / locomoQueries.length, 4),
        locomoR10: round(r10 / locomoQueries.length, 4),
        scifactNdcg10: round(nd / sciQueries.length, 4),
      });
    }
  }
  // Calibrated similarity with the model's background (documents vs documents, as today, and queries vs
  // documents): relevant pairs should mostly clear the default threshold 0.5, the best off-topic result (LoCoMo
  // questions against SciFact abstracts and SciFact claims against LoCoMo turns) should not.
  const calibration: Record<string, unknown> = {};
  for (const v of variants) {
    const V = vectors[v.name]!;
    const zs = (cal: VectorCalibration) => {
      const relevant: number[] = [];
      locomoQueries.forEach((q, qi) => {
        locomo.documents.forEach((d, i) => {
          if (d.containerTag === q.containerTag && q.relevant.has(String(d.metadata.turnId))) relevant.push(dot(V.locomoQ[qi]!, V.locomoDocs[i]!));
        });
      });
      const sciIds = sciDocsKept.map((d) => String(d.metadata.docId));
      sciQueries.forEach((q, qi) => sciIds.forEach((id, i) => q.relevant.has(id) && relevant.push(dot(V.sciQ[qi]!, V.sciDocs[i]!))));
      const offTopic: number[] = [];
      V.locomoQ.forEach((q) => offTopic.push(Math.max(...V.sciDocs.map((d) => dot(q, d)))));
      V.sciQ.forEach((q) => offTopic.push(Math.max(...V.locomoDocs.map((d) => dot(q, d)))));
      const z = (c: number) => (c - cal.mean) / cal.std;
      const share = (xs: number[], t: number) => round(xs.filter((x) => calibrateCosine(x, cal) >= t).length / xs.length, 4);
      const q = (xs: number[], p: number) => round(z([...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!), 2);
      return {
        background: cal,
        relevantAbove05: share(relevant, 0.5),
        bestOffTopicAbove05: share(offTopic, 0.5),
        relevantZ: { p10: q(relevant, 0.1), p25: q(relevant, 0.25), median: q(relevant, 0.5) },
        bestOffTopicZ: { median: q(offTopic, 0.5), p90: q(offTopic, 0.9), p99: q(offTopic, 0.99), max: q(offTopic, 1) },
      };
    };
    calibration[v.name] = { documentBackground: zs(V.cal), queryBackground: zs(V.queryCal) };
  }
  console.log('\ncalibration', JSON.stringify(calibration, null, 1));

  // Agreement of the dtypes of one model: cosine between the two vectors of each text.
  const agreement: Record<string, unknown> = {};
  for (const a of variants) {
    for (const b of variants) {
      if (a.model !== b.model || a.name >= b.name) continue;
      const cos = vectors[a.name]!.locomoDocs.map((x, i) => dot(x, vectors[b.name]!.locomoDocs[i]!)).sort((x, y) => x - y);
      agreement[`${a.name} vs ${b.name}`] = { min: round(cos[0]!, 4), p5: round(cos[Math.floor(cos.length * 0.05)]!, 4), median: round(cos[cos.length >> 1]!, 4) };
    }
  }

  console.log(
    '\n' +
      markdownTable(
        ['variant', 'load ms', 'query p50 / p95 ms', 'LoCoMo turns/s', 'SciFact abstracts/s'],
        variants.map((v) => {
          const t = timing[v.name] as { loadMs: number; queryMs: { p50: number; p95: number }; locomoTurnsPerSecond: number; scifactAbstractsPerSecond: number };
          return [v.name, t.loadMs, `${round(t.queryMs.p50, 1)} / ${round(t.queryMs.p95, 1)}`, t.locomoTurnsPerSecond, t.scifactAbstractsPerSecond];
        }),
      ),
  );
  console.log(
    '\n' +
      markdownTable(
        ['documents', 'queries', 'LoCoMo R@5 (dense)', 'R@10', 'SciFact nDCG@10 (dense, slice)'],
        quality.map((q) => [q.docs, q.queries, q.locomoR5, q.locomoR10, q.scifactNdcg10]),
      ),
  );
  console.log('\nagreement', JSON.stringify(agreement));
  const file = writeResults('models', {
    environment: environment(),
    loadAverage: loadAverage(),
    data: { locomoTurns: locomo.documents.length, locomoQuestions: locomoQueries.length, scifactAbstracts: sciDocsKept.length, scifactClaims: sciQueries.length },
    timing,
    quality,
    calibration,
    agreement,
  });
  log(`wrote ${file}`);
  fs.rmSync(path.join(os.tmpdir(), 'mnemo-bench-models'), { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
