/**
 * Perturbed scenarios of the tunable splits (never the held-out one), to read or to run alone:
 *   tsx bench/memories/perturb-sample.ts <dir> <kind> [n]                 # n random samples, before and after
 *   tsx bench/memories/perturb-sample.ts <dir> <kind> --out <file> [ids]  # a scenario file of the perturbed ones
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { isTunableSplit } from './report.js';
import { parsePerturbKinds, perturbScenario } from './perturb-scenarios.js';
import { loadScenarios } from './scenarios.js';
import { seededRandom } from './swap-entities.js';

const { values: a, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, seed: { type: 'string', default: '42' }, original: { type: 'boolean', default: false } } });
const [dir, kindArg, ...rest] = positionals;
const open = loadScenarios(dir!).scenarios.filter((s) => isTunableSplit(s.split));
for (const kind of parsePerturbKinds(kindArg ?? 'all')) {
  const all = open.flatMap((s) => {
    const p = perturbScenario(kind, s, a.seed!);
    return p ? [{ s, p }] : [];
  });
  if (a.out) {
    const ids = new Set(rest);
    const chosen = all.filter(({ s, p }) => ids.size === 0 || ids.has(s.id) || ids.has(p.id));
    const scenarios = chosen.map(({ s, p }) => {
      const { split: _split, file: _file, ...plain } = a.original ? s : { ...p, split: '', file: '' };
      return plain;
    });
    fs.writeFileSync(a.out, `${JSON.stringify({ split: 'dev', scenarios }, null, 1)}\n`);
    console.log(`${scenarios.length} scenarios -> ${a.out}`);
    continue;
  }
  const r = seededRandom(kind);
  console.log(`## ${kind}: ${all.length} of ${open.length}`);
  for (let i = 0; i < Number(rest[0] ?? 10) && all.length > 0; i++) {
    const { s, p } = all[Math.floor(r() * all.length)]!;
    console.log(
      `--- ${s.id}\nBEFORE ${JSON.stringify(s.steps)}\nAFTER  ${JSON.stringify(p.steps)}\nQ ${JSON.stringify(s.questions.map((q) => [q.q, q.current]))} -> ${JSON.stringify(p.questions.map((q) => [q.q, q.current]))}`,
    );
  }
}
