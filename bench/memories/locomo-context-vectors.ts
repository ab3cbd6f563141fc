/**
 * Contextual memory vectors, measured offline (issue 26, round 17): copies a LoCoMo dev data directory that
 * locomo-diagnose.ts ingested (`--data`) once per shape, and rewrites every memory's stored vector in the copy with a
 * vector of the memory together with its source turn's context; the text stays as it is. locomo-dump.ts then runs the
 * questions through the service on each copy, so the read path is the served one (only the vectors differ).
 *
 * Shapes (the context is read from the source turn's neighbours in the tag, insertion order, as
 * store.documents.neighbourDocuments reads them):
 *   prev        the memory, then the turn before its source turn
 *   turn        the memory, then its source turn
 *   prevturn    the memory, then the turn before and the source turn
 *   win         the memory, then the turn before, the source turn and the turn after
 *   prevturn@λ  the unit mean of the memory's own vector and λ x the vector of "prevturn"'s context alone
 *
 *   npx tsx bench/memories/locomo-context-vectors.ts --data /tmp/x/locomo --out /tmp/x/ctx --shapes prev,prevturn,prevturn@0.5
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { resolveEmbedder } from '../lib.js';

const { values: a } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' }, shapes: { type: 'string', default: 'prev,turn,prevturn,win' } } });
if (!a.data || !a.out) throw new Error('--data <ingested dir> and --out <prefix> are required');
const { embedder } = await resolveEmbedder('local');

interface Doc {
  id: string;
  tags: string;
  content: string;
}
const source = new Database(path.join(a.data, 'mnemo.db'), { readonly: true });
const docs = source.prepare('SELECT id, container_tags AS tags, content FROM documents ORDER BY rowid').all() as Doc[];
const memories = source.prepare('SELECT id, memory, document_ids AS documentIds, embedding FROM memories WHERE embedding IS NOT NULL').all() as { id: string; memory: string; documentIds: string; embedding: Buffer }[];
source.close();

// Each document's place among its tag's documents, in insertion order.
const byTag = new Map<string, Doc[]>();
for (const d of docs) byTag.set(d.tags, [...(byTag.get(d.tags) ?? []), d]);
const place = new Map<string, { list: Doc[]; i: number }>();
for (const list of byTag.values()) list.forEach((d, i) => place.set(d.id, { list, i }));
const neighbour = (id: string, offset: number) => {
  const p = place.get(id);
  return p ? (p.list[p.i + offset]?.content ?? '') : '';
};

function contextOf(kind: string, documentId: string | undefined): string {
  if (!documentId) return '';
  const parts = { prev: [-1], turn: [0], prevturn: [-1, 0], win: [-1, 0, 1] }[kind];
  if (!parts) throw new Error(`unknown shape ${kind}`);
  return parts
    .map((o) => neighbour(documentId, o))
    .filter(Boolean)
    .join('\n');
}

const unit = (v: Float32Array) => {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
};
const toVector = (b: Buffer) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
const cache = new Map<string, Float32Array[]>();
async function embedAll(texts: string[]): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += 64) out.push(...(await embedder.embedDocuments(texts.slice(i, i + 64), { bulk: true })));
  return out;
}

for (const shape of a.shapes!.split(',')) {
  const t0 = performance.now();
  const [kind, weight] = shape.split('@') as [string, string | undefined];
  const firstSource = (m: (typeof memories)[number]) => (JSON.parse(m.documentIds) as string[])[0];
  let vectors: Float32Array[];
  if (weight === undefined) {
    vectors = await embedAll(
      memories.map((m) => {
        const ctx = contextOf(kind, firstSource(m));
        return ctx ? `${m.memory}\n${ctx}` : m.memory;
      }),
    );
  } else {
    const key = `ctx:${kind}`;
    if (!cache.has(key)) cache.set(key, await embedAll(memories.map((m) => contextOf(kind, firstSource(m)) || m.memory)));
    const ctx = cache.get(key)!;
    const w = Number(weight);
    vectors = memories.map((m, i) => unit(toVector(m.embedding).map((x, j) => x + w * ctx[i]![j]!)));
  }
  const dir = `${a.out}-${shape.replace('@', 'w')}`;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(a.data, dir, { recursive: true });
  const db = new Database(path.join(dir, 'mnemo.db'));
  const update = db.prepare('UPDATE memories SET embedding = ? WHERE id = ?');
  db.transaction(() => memories.forEach((m, i) => update.run(Buffer.from(vectors[i]!.buffer, vectors[i]!.byteOffset, vectors[i]!.byteLength), m.id)))();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  console.log(`${shape}: ${memories.length} memories re-embedded into ${dir} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
process.exit(0);
