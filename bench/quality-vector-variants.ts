/**
 * Vector-only recall of LoCoMo under different embedded texts, without the service: every turn is embedded as each
 * variant's text, every question once, and turns are ranked by exact cosine within the question's conversation.
 *
 *   npx tsx bench/quality-vector-variants.ts [--limit-questions N] [--variants a,b]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CACHE_DIR, intArg, loadAverage, log, parseEmbedderChoice, REPO_ROOT, resolveEmbedder, round } from './lib.js';
import { loadLocomo } from './quality/locomo.js';
import { mean, rankingOf } from './quality/metrics.js';

const { values: args } = parseArgs({
  options: {
    'limit-questions': { type: 'string', default: '0' },
    variants: { type: 'string' },
    shared: { type: 'string', default: path.resolve(REPO_ROOT, '..', 'shared', 'data') },
  },
  strict: true,
});

interface Turn {
  tag: string;
  turnId: string;
  session: number;
  date: string;
  speaker: string;
  content: string;
  body: string;
}

const BODY = /^\[[^\]]*\]\s*[^:]+:\s*/;
const sentencesOf = (t: string): string[] => t.split(/(?<=[.!?])\s+(?=[A-Z"'(])/).filter((s) => s.trim().length > 0);

type DocVariant = (t: Turn, all: Turn[], i: number) => string[];
const DOC: Record<string, DocVariant> = {
  served: (t) => [t.content],
  'no date': (t) => [`${t.speaker}: ${t.body}`],
  'body only': (t) => [t.body],
  'said on': (t) => [`${t.speaker} said on ${t.date.replace(/^.* on /, '')}: ${t.body}`],
  'window 1': (t, all, i) => [
    [all[i - 1], t, all[i + 1]]
      .filter((x) => x && x.session === t.session)
      .map((x) => `${x!.speaker}: ${x!.body}`)
      .join('\n'),
  ],
  'served + sentences': (t) => {
    const s = sentencesOf(t.body);
    return s.length > 1 ? [t.content, ...s.map((x) => `${t.speaker}: ${x}`)] : [t.content];
  },
  'served + no date': (t) => [t.content, `${t.speaker}: ${t.body}`],
  'served + window 1': (t, all, i) => [t.content, ...DOC['window 1']!(t, all, i)],
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

async function main(): Promise<void> {
  const dataset = loadLocomo(args.shared, intArg(args['limit-questions'], 0, 'limit-questions'));
  const { embedder } = await resolveEmbedder(parseEmbedderChoice('local'));
  const turns: Turn[] = dataset.documents.map((d) => ({
    tag: d.containerTag,
    turnId: String(d.metadata!.turnId),
    session: Number(d.metadata!.session),
    date: String(d.metadata!.date),
    speaker: String(d.metadata!.speaker),
    content: d.content,
    body: d.content.replace(BODY, ''),
  }));
  log(`locomo: ${turns.length} turns, ${dataset.queries.length} questions, load ${loadAverage().join(' ')}`);
  const cacheFile = path.join(CACHE_DIR, `vector-variants-${embedder.id.replace(/[^A-Za-z0-9.]+/g, '_')}.json`);
  const memo = new Map<string, number[]>(fs.existsSync(cacheFile) ? (JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as [string, number[]][]) : []);
  async function embedDocs(texts: string[]): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((t) => !memo.has(`d:${t}`)))];
    for (let i = 0; i < missing.length; i += 64) {
      const vs = await embedder.embedDocuments(missing.slice(i, i + 64));
      vs.forEach((v, j) => memo.set(`d:${missing[i + j]}`, [...v]));
    }
    return texts.map((t) => Float32Array.from(memo.get(`d:${t}`)!));
  }
  const qvec = new Map<string, Float32Array>();
  for (const q of dataset.queries) {
    const key = `q:${q.q}`;
    if (!memo.has(key)) memo.set(key, [...(await embedder.embedQuery(q.q))]);
    qvec.set(q.id, Float32Array.from(memo.get(key)!));
  }
  const names = args.variants ? args.variants.split(',') : Object.keys(DOC);
  for (const name of names) {
    const variant = DOC[name]!;
    const t0 = performance.now();
    const texts = turns.map((t, i) => variant(t, turns, i));
    const flat = await embedDocs(texts.flat());
    let k = 0;
    const vecs = texts.map((ts) => ts.map(() => flat[k++]!));
    const byCat = new Map<string, number[]>();
    const all: number[] = [];
    for (const q of dataset.queries) {
      const qv = qvec.get(q.id)!;
      const scored = turns
        .map((t, i) => ({ t, s: Math.max(...vecs[i]!.map((v) => dot(v, qv))) }))
        .filter((x) => x.t.tag === q.containerTag)
        .sort((a, b) => b.s - a.s);
      const r = dataset.metrics[2]!.score(
        rankingOf(
          scored.map((x) => [x.t.turnId]),
          'distinct-units',
        ),
        q.relevant,
      );
      all.push(r);
      byCat.set(q.category, [...(byCat.get(q.category) ?? []), r]);
    }
    const cats = [...byCat]
      .sort()
      .map(([c, v]) => `${c} ${round(mean(v) * 100, 1)}`)
      .join(', ');
    console.log(`| ${name} | ${round(mean(all) * 100, 2)} | ${cats} | ${Math.round((performance.now() - t0) / 1000)} s |`);
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    fs.writeFileSync(cacheFile, JSON.stringify([...memo]));
  }
  await embedder.close?.();
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
