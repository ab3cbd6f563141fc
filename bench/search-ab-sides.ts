/**
 * The setup of the in-process A/B scripts (search-service-ab.ts, search-after-activation.ts): reads
 * `<treeA> <treeB> <serve-probe.json> [rounds]`, embeds the job's queries once (a fixed-vector embedder then answers
 * for both sides: the embedder is not what is compared) and opens each tree's own SqliteStore and SearchService on the
 * kept database. Tree B's config and logger are used for both.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ServeProbeJob } from './serve-probe-job.js';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { createTransformersEmbedder } from '../src/providers/transformers-embedder.js';
import type { Embedder, EmbedderHandle } from '../src/providers/embedder.js';
import type { SearchService } from '../src/services/search.js';
import type { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import { serveProbeEnv } from './serve-probe-job.js';

export interface AbQuery {
  q: string;
  containerTag?: string;
}

export interface AbSide {
  store: SqliteStore;
  service: SearchService;
}

export interface AbSetup {
  trees: { a: string; b: string };
  /** The embedding model the kept database was built with. */
  model: string;
  queries: AbQuery[];
  sides: { a: AbSide; b: AbSide };
  /** The kept database file both sides open. */
  file: string;
  /** The organisation of the kept database's chunks. */
  orgId: string;
  rounds: number;
}

export async function openAbSides(script: string, argv: readonly string[], defaultRounds: number): Promise<AbSetup> {
  const [treeA, treeB, jobFile, roundsArg] = argv;
  if (!treeA || !treeB || !jobFile) throw new Error(`usage: ${script} <treeA> <treeB> <serve-probe.json> [rounds]`);
  const job = JSON.parse(fs.readFileSync(jobFile.replace(/^@/, ''), 'utf8')) as ServeProbeJob;
  const config = loadConfig(serveProbeEnv(job, process.env));
  const model = job.model ?? 'BAAI/bge-small-en-v1.5';
  const real = await createTransformersEmbedder({ model, modelsDir: path.resolve('.models'), cacheDir: '/nonexistent', allowDownload: false, dtype: 'q8', batchSize: 8 });
  const queries = job.bodies.map((b) => JSON.parse(b) as AbQuery);
  const vectors = new Map<string, Float32Array>();
  for (const q of queries) vectors.set(q.q, await real.embedQuery(q.q));
  await real.close?.();
  const embedder: Embedder = {
    id: real.id,
    kind: real.kind,
    dimensions: real.dimensions,
    calibration: real.calibration,
    embedDocuments: () => Promise.reject(new Error(`${script} embeds no documents`)),
    embedQuery: (text) => Promise.resolve(vectors.get(text)!),
  };
  const handle: EmbedderHandle = { get: () => Promise.resolve(embedder), status: () => ({ state: 'ready', provider: 'local', model, dimensions: embedder.dimensions }) };

  const file = path.join(job.dataDir, 'mnemo.db');
  const open = async (root: string): Promise<AbSide> => {
    const { SqliteStore: StoreOfTree } = (await import(path.resolve(root, 'src/storage/sqlite/sqlite-store.ts'))) as { SqliteStore: typeof SqliteStore };
    const { SearchService: Service } = (await import(path.resolve(root, 'src/services/search.ts'))) as { SearchService: typeof SearchService };
    const store = new StoreOfTree(file);
    return { store, service: new Service(store, handle, config.search, silentLogger) };
  };
  const sides = { a: await open(treeA), b: await open(treeB) };
  const db = new Database(file, { readonly: true });
  const orgId = (db.prepare('SELECT org_id FROM chunks LIMIT 1').get() as { org_id: string }).org_id;
  db.close();
  return { trees: { a: treeA, b: treeB }, model, queries, sides, file, orgId, rounds: Number(roundsArg ?? defaultRounds) };
}
