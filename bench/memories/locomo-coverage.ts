/**
 * LoCoMo dev extraction coverage without the service (issue 26, round 8): runs the offline extractor on every turn
 * document and counts the turns that give a fact, an event fact (memory/turn-events.ts), and the questions whose
 * evidence turns give one. Deterministic and quick (no embedding, no judge), for comparing extractor changes side by
 * side; the service's own figure (bench:memories "evidence turns with a memory") also counts what the judge merges.
 *
 *   npx tsx bench/memories/locomo-coverage.ts [--shared ../shared/data]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { documentDateOf } from '../../src/memory/document-date.js';
import { extractFacts } from '../../src/memory/offline-extractor.js';
import { loadLocomo } from '../quality/locomo.js';

const { values: a } = parseArgs({ options: { shared: { type: 'string', default: '../shared/data' } } });
const dataset = loadLocomo(path.resolve(a.shared!), 0);
const withFact = new Set<string>();
const withEvent = new Set<string>();
let facts = 0;
let events = 0;
for (const d of dataset.documents) {
  const unit = `${d.containerTag}\u0000${String(d.metadata?.turnId)}`;
  const createdAt = new Date().toISOString();
  const metadata = d.metadata ?? {};
  const r = extractFacts({ content: d.content, title: null, type: 'text', documentDate: documentDateOf({ content: d.content, metadata, createdAt }), metadata, entityContext: null });
  facts += r.facts.length;
  const ev = r.facts.filter((f) => / said(?: on [^:]+)?: /.test(f.text) && f.attribute === null).length;
  events += ev;
  if (r.facts.length > 0) withFact.add(unit);
  if (ev > 0) withEvent.add(unit);
}
const covered = dataset.queries.filter((q) => [...q.relevant.keys()].some((u) => withFact.has(`${q.containerTag}\u0000${u}`))).length;
const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(1)}%`;
console.log(`turns ${dataset.documents.length}: with a fact ${withFact.size} (${pct(withFact.size, dataset.documents.length)}), with an event ${withEvent.size}; facts ${facts}, events ${events}`);
console.log(`questions ${dataset.queries.length}: an evidence turn with a fact ${covered} (${pct(covered, dataset.queries.length)})`);
process.exit(0);
