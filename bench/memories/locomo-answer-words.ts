/**
 * Whether LoCoMo dev memories hold the words of the answer (issue 26, round 20): runs the offline extractor on every
 * turn document (no service, no embedder, as locomo-turns.ts) and, per question category, counts the questions whose
 * evidence turns say an answer word (stemmed, stopwords and the speakers' names left out) that no fact of those turns
 * holds: the turn gave a memory, but not one that answers. Prints `--examples N` of them (question, turn, facts).
 * Quick: an extractor change is measured in seconds, before an ingestion.
 *
 *   npx tsx bench/memories/locomo-answer-words.ts [--shared ../shared/data] [--examples 40] [--seed 0]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { documentDateOf } from '../../src/memory/document-date.js';
import { extractFacts } from '../../src/memory/offline-extractor.js';
import { term, words } from '../../src/text/tokenize.js';
import { loadLocomo } from '../quality/locomo.js';

const { values: a } = parseArgs({ options: { shared: { type: 'string', default: '../shared/data' }, examples: { type: 'string', default: '0' }, seed: { type: 'string', default: '0' } } });
const dataset = loadLocomo(path.resolve(a.shared!), 0);
const terms = (text: string) => new Set(words(text).flatMap((w) => term(w) ?? []));
const factsOf = new Map<string, string[]>();
const textOf = new Map<string, string>();
const speakersOf = new Map<string, Set<string>>();
let facts = 0;
for (const d of dataset.documents) {
  const key = `${d.containerTag} ${String(d.metadata?.turnId)}`;
  const metadata = d.metadata ?? {};
  const r = extractFacts({ content: d.content, title: null, type: 'text', documentDate: documentDateOf({ content: d.content, metadata, createdAt: '2024-01-01T00:00:00.000Z' }), metadata, entityContext: null });
  factsOf.set(
    key,
    r.facts.map((f) => f.text),
  );
  // The turn's words after its "[date] Speaker:" label: the label is in every turn, no fact needs to repeat it.
  textOf.set(key, d.content);
  const speaker = /^\[[^\]]*\]\s*([^:]+):/.exec(d.content)?.[1];
  if (speaker) speakersOf.set(d.containerTag, new Set([...(speakersOf.get(d.containerTag) ?? []), ...terms(speaker)]));
  facts += r.facts.length;
}
const body = (text: string) => text.replace(/^\[[^\]]*\]\s*[^:]+:\s*/, '');
const byCat = new Map<string, { questions: number; said: number; lost: number }>();
const examples: string[] = [];
for (const q of dataset.queries) {
  const c = byCat.get(q.category) ?? { questions: 0, said: 0, lost: 0 };
  byCat.set(q.category, c);
  c.questions++;
  const names = speakersOf.get(q.containerTag) ?? new Set<string>();
  const answer = [...terms(String(q.answer ?? ''))].filter((t) => !names.has(t));
  const keys = [...q.relevant.keys()].map((u) => `${q.containerTag} ${u}`);
  const turnTerms = terms(keys.map((k) => body(textOf.get(k) ?? '')).join(' '));
  const said = answer.filter((t) => turnTerms.has(t));
  if (said.length === 0) continue;
  c.said++;
  const factTerms = terms(keys.flatMap((k) => factsOf.get(k) ?? []).join(' '));
  if (said.some((t) => factTerms.has(t))) continue;
  c.lost++;
  examples.push(`[${q.category}] ${q.q} (${q.answer ?? ''})\n${keys.map((k) => `   T ${textOf.get(k)}\n${(factsOf.get(k) ?? []).map((f) => `     F ${f}`).join('\n')}`).join('\n')}`);
}
console.log(`turns ${dataset.documents.length}, facts ${facts} (${(facts / dataset.documents.length).toFixed(2)} a turn)`);
let lost = 0;
let said = 0;
for (const [cat, c] of byCat) {
  lost += c.lost;
  said += c.said;
  console.log(`  ${cat}: ${c.lost}/${c.said} questions whose evidence turns say an answer word that no fact of theirs holds (${c.questions} questions)`);
}
console.log(`all: ${lost}/${said} (${((100 * lost) / Math.max(said, 1)).toFixed(1)}%)`);
// A seeded shuffle, so a fixed --seed shows the same examples before and after a change.
let s = Number(a.seed) + 1;
const rand = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
const shown = examples.map((e) => [rand(), e] as const).sort((x, y) => x[0] - y[0]);
for (const [, e] of shown.slice(0, Number(a.examples))) console.log(e);
