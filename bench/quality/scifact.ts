/**
 * SciFact (BEIR layout): all 5,183 abstracts in one container tag, the claims with qrels in the train split as
 * queries, scored at document level (chunks of one abstract count once).
 */
import fs from 'node:fs';
import path from 'node:path';
import { METRICS } from './metrics.js';
import { type BenchDocument, type BenchQuery, type QualityDataset, sample } from './types.js';

const TAG = 'scifact';

interface CorpusLine {
  _id: string;
  title: string;
  text: string;
}

interface QueryLine {
  _id: string;
  text: string;
}

function readJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

/** query id -> (corpus id -> grade) from a BEIR qrels TSV with a header line. */
export function parseQrels(tsv: string): Map<string, Map<string, number>> {
  const qrels = new Map<string, Map<string, number>>();
  for (const line of tsv.split('\n').slice(1)) {
    const [qid, docId, score] = line.trim().split('\t');
    if (!qid || !docId || score === undefined) continue;
    const grade = Number(score);
    if (!(grade > 0)) continue;
    let m = qrels.get(qid);
    if (!m) qrels.set(qid, (m = new Map()));
    m.set(docId, grade);
  }
  return qrels;
}

/**
 * `corpusLimit` > 0 keeps that many abstracts (for a run that must fit a loaded machine): every abstract relevant to a
 * sampled claim, then an evenly spaced share of the others as distractors. A smaller corpus is an easier ranking, so
 * such a run compares models or modes with each other, not with full-corpus figures.
 */
export function loadSciFact(dataDir: string, limitQuestions: number, corpusLimit = 0): QualityDataset {
  const dir = path.join(dataDir, 'scifact');
  const fullCorpus = readJsonl<CorpusLine>(path.join(dir, 'corpus.jsonl'));
  const texts = new Map(readJsonl<QueryLine>(path.join(dir, 'queries.jsonl')).map((q) => [q._id, q.text]));
  const qrels = parseQrels(fs.readFileSync(path.join(dir, 'qrels', 'train.tsv'), 'utf8'));
  const all: BenchQuery[] = [...qrels].filter(([qid]) => texts.has(qid)).map(([qid, relevant]) => ({ id: qid, q: texts.get(qid)!, containerTag: TAG, category: 'claim', relevant }));
  const queries = sample(all, limitQuestions);
  const corpus = corpusLimit > 0 ? sliceCorpus(fullCorpus, queries, corpusLimit) : fullCorpus;
  const documents: BenchDocument[] = corpus.map((d) => ({
    content: `${d.title}\n\n${d.text}`,
    containerTag: TAG,
    customId: d._id,
    title: d.title,
    metadata: { docId: d._id },
  }));
  return {
    name: 'scifact',
    title: corpusLimit > 0 ? `SciFact (${corpus.length} of ${fullCorpus.length} abstracts, train-split claims)` : 'SciFact (5,183 abstracts, train-split claims)',
    unitKey: 'docId',
    requestLimit: 100,
    documents,
    queries,
    metrics: [METRICS.ndcg(10), METRICS.recall(10), METRICS.recall(100)],
    headline: { metric: 'nDCG@10', target: 0.7 },
    references: [{ metric: 'nDCG@10', value: 0.665, source: 'BM25 in BEIR (test split)' }],
    loadStats: { abstracts: corpus.length, corpusAbstracts: fullCorpus.length, queriesWithQrels: qrels.size, queriesWithoutText: qrels.size - all.length },
    // Claims against abstracts: nothing here is a person's or project's memory.
    memoryModes: false,
    notes: [
      'one document per abstract (title, blank line, abstract; title also sent as `title`), one container tag',
      "queries: train-split qrels (BEIR's published numbers use the 300 test claims, whose qrels are not in ../shared)",
      ...(corpusLimit > 0 ? [`corpus cut to ${corpus.length} abstracts (--scifact-docs): the sampled claims' relevant ones plus evenly spaced others; easier than the full corpus`] : []),
      'recall@100 counts the distinct abstracts among the 100 chunks the API returns at most, so it can be below a true top-100',
    ],
  };
}

/** The relevant abstracts of `queries`, then evenly spaced others, up to `limit` (at least every relevant one). */
export function sliceCorpus<T extends { _id: string }>(corpus: readonly T[], queries: readonly BenchQuery[], limit: number): T[] {
  const relevant = new Set(queries.flatMap((q) => [...q.relevant.keys()]));
  const keep = corpus.filter((d) => relevant.has(d._id));
  const others = corpus.filter((d) => !relevant.has(d._id));
  const room = Math.max(0, limit - keep.length);
  for (let i = 0; i < room && i < others.length; i++) keep.push(others[Math.floor((i * others.length) / room)]!);
  return keep;
}
