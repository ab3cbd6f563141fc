/** Prints perturbed samples of tunable scenarios, to read (never the held-out split): `tsx bench/memories/perturb-sample.ts <dir> <kind> [n]`. */
import { loadScenarios } from './scenarios.js';
import { isTunableSplit } from './report.js';
import { parsePerturbKinds, perturbScenario } from './perturb-scenarios.js';
import { seededRandom } from './swap-entities.js';

const [dir, kindArg, n = '10'] = process.argv.slice(2);
const open = loadScenarios(dir!).scenarios.filter((s) => isTunableSplit(s.split));
for (const kind of parsePerturbKinds(kindArg ?? 'all')) {
  const all = open.flatMap((s) => {
    const p = perturbScenario(kind, s, '42');
    return p ? [{ s, p }] : [];
  });
  const r = seededRandom(kind);
  console.log(`## ${kind}: ${all.length} of ${open.length}`);
  for (let i = 0; i < Number(n) && all.length > 0; i++) {
    const { s, p } = all[Math.floor(r() * all.length)]!;
    console.log(`--- ${s.id}\nBEFORE ${JSON.stringify(s.steps)}\nAFTER  ${JSON.stringify(p.steps)}\nQ ${JSON.stringify(s.questions.map((q) => [q.q, q.current]))} -> ${JSON.stringify(p.questions.map((q) => [q.q, q.current]))}\nPROFILE ${JSON.stringify(p.profile)}`);
  }
}
