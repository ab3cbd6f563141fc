/**
 * Which LoCoMo dev evidence turns the offline extractor gives no memory (issue 26, round 10): runs the extractor on
 * every turn directly (no service, no embedder) and prints, per question category, how many evidence turns yield no
 * fact, with `--examples N` of them (question, turn). Quick: a change to the extractor is measured in seconds, before
 * an ingestion.
 *
 *   npx tsx bench/memories/locomo-turns.ts [--shared ../shared/data] [--examples 40]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { extractFacts } from '../../src/memory/offline-extractor.js';
import { loadLocomo } from '../quality/locomo.js';

const { values: a } = parseArgs({ options: { shared: { type: 'string', default: '../shared/data' }, examples: { type: 'string', default: '0' }, seed: { type: 'string', default: '0' } } });
const dataset = loadLocomo(path.resolve(a.shared!), 0);
const factsOf = new Map<string, string[]>();
const textOf = new Map<string, string>();
let facts = 0;
for (const d of dataset.documents) {
  const key = `${d.containerTag} ${String(d.metadata?.turnId)}`;
  const r = extractFacts({ content: d.content, title: null, type: 'text', documentDate: '2024-01-01T00:00:00.000Z', metadata: d.metadata ?? {}, entityContext: null });
  factsOf.set(
    key,
    r.facts.map((f) => f.text),
  );
  textOf.set(key, d.content);
  facts += r.facts.length;
}
const byCat = new Map<string, { questions: number; uncovered: number }>();
const examples: string[] = [];
for (const q of dataset.queries) {
  const keys = [...q.relevant.keys()].map((u) => `${q.containerTag} ${u}`);
  const c = byCat.get(q.category) ?? { questions: 0, uncovered: 0 };
  byCat.set(q.category, c);
  c.questions++;
  if (keys.every((k) => (factsOf.get(k) ?? []).length === 0)) {
    c.uncovered++;
    examples.push(`[${q.category}] ${q.q} (${q.answer ?? ''})\n${keys.map((k) => `   ${textOf.get(k)}`).join('\n')}`);
  }
}
const withFacts = [...factsOf.values()].filter((f) => f.length > 0).length;
console.log(`turns ${factsOf.size}, with a fact ${withFacts} (${((100 * withFacts) / factsOf.size).toFixed(1)}%), facts ${facts} (${(facts / factsOf.size).toFixed(2)} a turn)`);
for (const [cat, c] of byCat) console.log(`  ${cat}: ${c.uncovered}/${c.questions} questions with no fact from any evidence turn`);
const n = Number(a.examples);
const step = Math.max(1, Math.floor(examples.length / Math.max(1, n)));
for (let i = Number(a.seed); i < examples.length && n > 0; i += step) console.log(examples[i]);
