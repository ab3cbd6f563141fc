/**
 * Where the memory step's time goes as one tag grows (issue 26 "Speed"): the offline extractor and rememberFacts run
 * in-process on a file-backed SQLite store for `--docs` similar chats into one tag (bench:memories' growth corpus,
 * without the HTTP API, chunking or the runner), with every store call and embedding timed. Per window of `--window`
 * documents at the start and at the end: ms per document of each call, so a lookup whose cost grows with the tag
 * stands out from the load of the machine (which slows every call alike, the embedder included).
 *
 * At the end, `--recall` relation lookups (facts of new chats) are asked of the store's vector search and of an exact
 * float scan of the tag (its memories embedded again): the share of the exact 8 nearest the store returns, i.e. what
 * the judge would have lost to the index's bounded rescoring.
 *
 * `--sql` also times every SQLite statement (by its SQL), to see which statement of a growing call grows.
 *
 *   npx tsx bench/memories/step-lookups.ts [--docs 3000] [--window 100] [--sql] [--write]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rememberFacts } from '../../src/memory/remember.js';
import { createMemoryEngine } from '../../src/memory/engine.js';
import { silentLogger } from '../../src/core/logger.js';
import { loadConfig } from '../../src/core/config.js';
import { DEFAULT_ORG_ID } from '../../src/services/auth.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import Database from 'better-sqlite3';
import { blobToVector } from '../../src/storage/sqlite/rows.js';
import type { Embedder } from '../../src/providers/embedder.js';
import { CallTimer, instrumentEmbedder, instrumentSql, instrumentStore } from '../instrument.js';
import { environment, intArg, loadAverage, log, parseEmbedderChoice, resolveEmbedder, round, writeResults } from '../lib.js';
import { generateChatDocuments } from './facts.js';

const { values: a } = parseArgs({
  options: {
    docs: { type: 'string', default: '3000' },
    window: { type: 'string', default: '100' },
    seed: { type: 'string', default: '42' },
    write: { type: 'boolean', default: false },
    sql: { type: 'boolean', default: false },
    recall: { type: 'string', default: '200' },
  },
});
const DOCS = intArg(a.docs, 3000, 'docs');
const WINDOW = intArg(a.window, 100, 'window');
const TAG = 'memory_bench_growth';

async function main() {
  const env = environment();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-step-lookups-'));
  const raw = new SqliteStore(path.join(dir, 'mnemo.db'));
  await raw.migrate();
  await raw.accounts.upsertOrganization({ id: DEFAULT_ORG_ID, name: 'Bench', slug: 'bench', createdAt: new Date().toISOString() });
  const timer = new CallTimer();
  const restoreSql = a.sql ? instrumentSql(timer, (sql) => `sql ${sql.slice(0, 160)}`) : null;
  const store = instrumentStore(raw, timer);
  const { embedder: base } = await resolveEmbedder(parseEmbedderChoice('local'));
  const embedder = instrumentEmbedder(base, timer);
  const engine = createMemoryEngine(loadConfig({}).llm, silentLogger);
  const docs = generateChatDocuments(intArg(a.seed, 42, 'seed'), DOCS);
  const windows: { from: number; docMs: number[]; calls: Record<string, { msPerDoc: number; callsPerDoc: number }> }[] = [];
  let current: { from: number; docMs: number[]; t0: Map<string, { ms: number; calls: number }> } | null = null;
  const close = () => {
    if (!current) return;
    const calls: Record<string, { msPerDoc: number; callsPerDoc: number }> = {};
    for (const [name, t] of timer.entries()) {
      const before = current.t0.get(name) ?? { ms: 0, calls: 0 };
      const n = current.docMs.length;
      calls[name] = { msPerDoc: round((t.ms - before.ms) / n, 2), callsPerDoc: round((t.calls - before.calls) / n, 2) };
    }
    windows.push({ from: current.from, docMs: current.docMs, calls });
    current = null;
  };
  for (const [i, content] of docs.entries()) {
    if (i === 0 || i === DOCS - WINDOW) current = { from: i, docMs: [], t0: new Map(timer.entries().map(([k, v]) => [k, { ...v }])) };
    const t0 = performance.now();
    const now = new Date().toISOString();
    const extracted = await engine.extractor.extract({ content, title: null, type: 'text', documentDate: now, metadata: {}, entityContext: null });
    const tx = performance.now();
    await rememberFacts({ memories: store.memories, embedder, judge: engine.judge }, { orgId: DEFAULT_ORG_ID, containerTags: [TAG], documentId: `doc-${i}`, now, forgetAfter: null, metadata: {} }, extracted.facts);
    timer.add('extract', tx - t0);
    current?.docMs.push(performance.now() - t0);
    if (i === WINDOW - 1 || i === DOCS - 1) close();
    if ((i + 1) % 250 === 0) log(`  ${i + 1}/${DOCS} documents, load ${loadAverage().join(' ')}`);
  }
  const [first, last] = windows;
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
  const growth = Object.fromEntries(
    Object.keys(last!.calls)
      .filter((k) => (last!.calls[k]?.msPerDoc ?? 0) >= 0.05)
      .map((k) => {
        const f = first!.calls[k] ?? { msPerDoc: 0, callsPerDoc: 0 };
        const l = last!.calls[k]!;
        const perCall = (c: { msPerDoc: number; callsPerDoc: number }) => (c.callsPerDoc > 0 ? round(c.msPerDoc / c.callsPerDoc, 3) : 0);
        return [k, { first: f.msPerDoc, last: l.msPerDoc, ratio: f.msPerDoc ? round(l.msPerDoc / f.msPerDoc, 2) : null, callsPerDoc: [f.callsPerDoc, l.callsPerDoc], msPerCall: [perCall(f), perCall(l)] }];
      }),
  );
  const memories = (await raw.memories.listMemories(DEFAULT_ORG_ID, { containerTags: [TAG], limit: 1, offset: 0 })).total;
  const recall = await relationRecall(raw, path.join(dir, 'mnemo.db'), base, engine, intArg(a.recall, 200, 'recall'));
  const result = {
    benchmark: 'memory-step-lookups',
    environment: env,
    documents: DOCS,
    window: WINDOW,
    memoriesInTag: memories,
    docMsP50: { first: round(median(first!.docMs)), last: round(median(last!.docMs)), ratio: round(median(last!.docMs) / median(first!.docMs), 2) },
    msPerDocument: growth,
    relationVectorRecall: recall,
    loadAverageAtEnd: loadAverage(),
  };
  console.log(JSON.stringify(result, null, 2));
  if (a.write) log(`wrote ${writeResults('memory-step-lookups', result)}`);
  restoreSql?.();
  await base.close?.();
  await raw.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Recall@8 of the store's relation vector lookups against an exact float scan of the tag's latest memories. */
async function relationRecall(store: SqliteStore, dbFile: string, embedder: Embedder, engine: ReturnType<typeof createMemoryEngine>, queries: number) {
  if (queries <= 0) return null;
  const { memories } = await store.memories.listMemories(DEFAULT_ORG_ID, { containerTags: [TAG], limit: 100_000, offset: 0, count: false });
  // The stored vectors, read from the file beside the store.
  const db = new Database(dbFile, { readonly: true });
  const stored = db.prepare('SELECT embedding FROM memories WHERE id = ?').pluck();
  const vectors = memories.map((m) => blobToVector(stored.get(m.id) as Buffer));
  db.close();
  const texts: string[] = [];
  for (const content of generateChatDocuments(intArg(a.seed, 42, 'seed') + 1, queries)) {
    const { facts } = await engine.extractor.extract({ content, title: null, type: 'text', documentDate: new Date().toISOString(), metadata: {}, entityContext: null });
    texts.push(...facts.map((f) => f.text));
    if (texts.length >= queries) break;
  }
  const asked = texts.slice(0, queries);
  const qv = await embedder.embedDocuments(asked);
  let found = 0;
  let wanted = 0;
  let top1 = 0;
  for (const v of qv) {
    const scores = new Map(vectors.map((m, i) => [memories[i]!.id, m.reduce((acc, x, k) => acc + x * v[k]!, 0)]));
    const exact = [...scores.values()].sort((x, y) => y - x).slice(0, 8);
    const got = (await store.memories.memoryVectorSearch(DEFAULT_ORG_ID, { containerTags: [TAG], vector: v, model: embedder.id, limit: 8 })).map((c) => scores.get(c.memoryId) ?? -1);
    // By score, not id: identical texts tie.
    found += got.filter((s) => s >= exact.at(-1)! - 1e-4).length;
    wanted += exact.length;
    if ((got[0] ?? -1) >= exact[0]! - 1e-4) top1++;
  }
  return { queries: qv.length, memories: memories.length, recallAt8: round(found / Math.max(1, wanted), 4), sameTop1: round(top1 / Math.max(1, qv.length), 4) };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
