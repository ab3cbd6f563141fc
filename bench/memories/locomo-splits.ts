/**
 * Recall@10 of saved LoCoMo dev lists (locomo-dump.ts `--out`) by split (issue 26, round 16): every mode overall, on
 * both halves of the conversations and on odd / even conversations (LoCoMo dev has 6), per category; with a second
 * dump, the questions each mode answers better and worse. What the README cites comes from the service itself; this
 * reads the same lists the dump scored.
 *
 *   npx tsx bench/memories/locomo-splits.ts --dump /tmp/before.json [--after /tmp/after.json]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { rankingOf, recallAtK } from '../quality/metrics.js';

interface Row {
  q: string;
  tag: string;
  category: string;
  relevant: string[];
  lists: Record<string, { units: string[] }[]>;
}

const { values: a } = parseArgs({ options: { dump: { type: 'string' }, after: { type: 'string' } } });
if (!a.dump) throw new Error('--dump <file> is required');
const load = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Row[];

/** Recall@10 of one question in one mode, scored as locomo-dump.ts scores it. */
function recall(row: Row, mode: string): number {
  const list = row.lists[mode];
  if (!list) return NaN;
  const ranking = rankingOf(
    list.map((r) => r.units),
    mode === 'documents' ? 'distinct-units' : 'results',
  );
  return recallAtK(ranking, new Set(row.relevant), 10);
}

const pct = (xs: number[]) => (xs.length === 0 ? '-' : ((100 * xs.reduce((s, x) => s + x, 0)) / xs.length).toFixed(2));

function table(rows: Row[], label: string): void {
  const tags = [...new Set(rows.map((r) => r.tag))].sort();
  const half = new Set(tags.slice(0, Math.ceil(tags.length / 2)));
  const odd = new Set(tags.filter((_, i) => i % 2 === 0));
  const categories = [...new Set(rows.map((r) => r.category))].sort();
  console.log(`\n${label}: ${rows.length} questions, conversations ${tags.join(' ')}`);
  console.log(`| mode | recall@10 | halves | odd / even | ${categories.join(' / ')} |\n|---|---|---|---|---|`);
  for (const mode of Object.keys(rows[0]!.lists)) {
    const of = (f: (r: Row) => boolean) => pct(rows.filter(f).map((r) => recall(r, mode)));
    console.log(
      `| ${mode} | ${of(() => true)} | ${of((r) => half.has(r.tag))} / ${of((r) => !half.has(r.tag))} | ${of((r) => odd.has(r.tag))} / ${of((r) => !odd.has(r.tag))} | ${categories.map((c) => of((r) => r.category === c)).join(' / ')} |`,
    );
  }
}

const before = load(a.dump);
table(before, a.dump);
if (a.after) {
  const after = load(a.after);
  table(after, a.after);
  for (const mode of Object.keys(after[0]!.lists)) {
    let better = 0;
    let worse = 0;
    after.forEach((r, i) => {
      const d = recall(r, mode) - recall(before[i]!, mode);
      if (d > 1e-9) better++;
      else if (d < -1e-9) worse++;
    });
    console.log(`${mode}: questions better ${better}, worse ${worse}`);
  }
}
