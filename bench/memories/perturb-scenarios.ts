/**
 * Perturbations of memory scenarios that must not change their answers (issue 26, round 23): a proxy for data we do
 * not have. Each kind is a pure function of a scenario and a seed, rewriting documents, questions, expected answers
 * and profile consistently, or null when the kind does not apply to the scenario:
 * - `names`: people, cities, employers, pets swapped for others (diacritics, multi-word cities, punctuated and
 *   lower-case companies), through swap-entities.ts with the pools below;
 * - `shape`: the user's turns as `user:`/`assistant:` lines, `Name:` + `Assistant:`, a JSON message array, or
 *   POST /v4/conversations (one shape per scenario, chosen by the seed);
 * - `noise`: small-talk turns around the facts of a transcript (sentences around plain text), and a small-talk
 *   document after the first step;
 * - `case`: typed-chat style: lower case, no final punctuation, doubled spaces, "im", "ive", "dont";
 * - `dates`, `split-merge`: perturb-time.ts.
 * The held-out split is never perturbed (perturb-run.ts filters it before any kind sees it).
 */
import { type EntityKind, seededRandom, swapScenario, TARGETS } from './swap-entities.js';
import { type ParsedDoc, parseDoc, renderInShape, renderTurns, type Turn } from './perturb-turns.js';
import { shiftDates, splitMerge } from './perturb-time.js';
import type { Scenario, Step } from './scenarios.js';

export const PERTURB_KINDS = ['names', 'shape', 'noise', 'case', 'dates', 'split-merge'] as const;
export type PerturbKind = (typeof PERTURB_KINDS)[number];

/** `all` or a comma list of kinds; unknown names throw with the known ones. */
export function parsePerturbKinds(arg: string): PerturbKind[] {
  if (arg.trim() === '') return [];
  if (arg.trim() === 'all') return [...PERTURB_KINDS];
  return arg.split(',').map((k) => {
    if (!PERTURB_KINDS.includes(k.trim() as PerturbKind)) throw new Error(`--perturb: unknown kind "${k}" (known: ${PERTURB_KINDS.join(', ')}, all)`);
    return k.trim() as PerturbKind;
  });
}

/** The scenario perturbed by one kind under the id `p-<kind>-<id>`, or null when the kind changes nothing in it. */
export function perturbScenario(kind: PerturbKind, s: Scenario, seed: string): Scenario | null {
  const random = seededRandom(`${seed}:${kind}:${s.id}`);
  const out = KINDS[kind](s, random, seed);
  if (out === null || JSON.stringify(out.steps) === JSON.stringify(s.steps)) return null;
  return { ...out, id: `p-${kind}-${s.id}`.slice(0, 100) };
}

type Perturb = (s: Scenario, random: () => number, seed: string) => Scenario | null;

const KINDS: Record<PerturbKind, Perturb> = {
  names: (s, _r, seed) => swapNames(s, seed),
  shape: (s, r) => reshape(s, r),
  noise: (s, r) => addNoise(s, r),
  case: (s) => mapContents(s, typedChat),
  dates: (s, r) => shiftDates(s, r),
  'split-merge': (s) => splitMerge(s),
};

const pick = <T>(xs: readonly T[], random: () => number): T => xs[Math.floor(random() * xs.length)]!;

// ---------------------------------------------------------------------------------------------------------------
// names
// ---------------------------------------------------------------------------------------------------------------

/** Targets unlike the ones our sets use: diacritics, multi-word and hyphenated cities, punctuation, lower case. */
export const NAME_POOLS: Record<EntityKind, readonly string[]> = {
  ...TARGETS,
  female: ['Zoë', 'Anaïs', 'Siobhán', 'Małgorzata', 'Chloé', 'Renée', 'Aoife', 'Dagný', 'Mei-Ling', 'Ngozi', 'Thảo', 'Inês', 'Björg'],
  male: ['José', 'Jürgen', 'Søren', 'Oisín', 'Jean-Luc', 'Tomás', 'Bartłomiej', 'Kwame', 'Andrés', 'Çağan', 'Rafał', 'Matías'],
  city: ['São Paulo', 'Łódź', 'Reykjavík', 'Zürich', 'Kraków', 'Salt Lake City', 'Rio de Janeiro', 'Tromsø', 'Malmö', 'Cluj-Napoca', 'Saint-Étienne', 'New Orleans', 'Ho Chi Minh City'],
  employer: ['AT&T', 'Procter & Gamble', 'monzo', 'Johnson & Johnson', 'Marks & Spencer', "L'Oréal", 'Nestlé', 'booking.com', 'Société Générale', 'eBay', 'Ben & Jerry’s', 'H&M'],
  pet: ['Señor Bigotes', 'Crème Brûlée', 'Mr. Whiskers', 'Bär', 'Kiwi', 'Pépé'],
};

function swapNames(s: Scenario, seed: string): Scenario | null {
  try {
    return swapScenario(s, `perturb:${seed}`, '', NAME_POOLS, 3);
  } catch {
    return null; // no free target of some kind: the scenario is left out of this kind
  }
}

// ---------------------------------------------------------------------------------------------------------------
// shape
// ---------------------------------------------------------------------------------------------------------------

export const SHAPES = ['roles', 'named', 'json', 'conversation'] as const;
const SPEAKER_NAMES = ['Zoë', 'Kiran', 'Marta', 'Tobias', 'Yuki', 'Efe', 'Lior', 'Annelie'];

/** Every document the service can read as the user's turns, rendered in one other shape (seeded per scenario). */
function reshape(s: Scenario, random: () => number): Scenario | null {
  const parsed = s.steps.map((st) => (st.kind === 'document' ? parseDoc(st.content) : null));
  if (parsed.every((p) => p === null)) return null;
  const words = new Set(
    JSON.stringify(s)
      .toLowerCase()
      .split(/[^\p{L}]+/u),
  );
  const name = SPEAKER_NAMES.find((n) => !words.has(n.toLowerCase()))!;
  // A shape that every document already has would change nothing: choose among the others.
  const shapes = SHAPES.filter((sh) => !parsed.every((p) => p === null || (sh === 'roles' && p.shape === 'roles') || (sh === 'json' && p.shape === 'json')));
  const shape = pick(shapes, random);
  const steps = s.steps.map((st, i): Step => {
    const p = parsed[i];
    if (st.kind !== 'document' || !p) return st;
    if (shape === 'conversation')
      return {
        kind: 'conversation',
        conversationId: `p${i}`,
        messages: p.turns.map((t) => ({ role: t.role, content: t.content, ...(t.name ? { name: t.name } : {}) })),
        ...(st.date ? { date: st.date } : {}),
        ...(st.metadata ? { metadata: st.metadata } : {}),
        ...(st.entityContext ? { entityContext: st.entityContext } : {}),
      };
    return { ...st, content: renderTurns(p.turns, shape, name) };
  });
  return { ...s, steps, description: `${s.description} [shape: ${shape}]` };
}

// ---------------------------------------------------------------------------------------------------------------
// noise
// ---------------------------------------------------------------------------------------------------------------

const USER_SMALL_TALK = ["hey, how's it going?", 'lol yeah', 'haha that’s hilarious', 'ugh mondays', 'just bored lol'];
const ASSISTANT_SMALL_TALK = ['Doing well, thanks! How can I help?', 'Glad you liked it!', 'Ha, fair enough.', 'Hang in there!'];
const PLAIN_BEFORE = ['Hey!', 'Morning!', 'Ok so, quick update.'];
const PLAIN_AFTER = ['Thanks, that’s really helpful!', 'Anyway, talk later.', 'Ugh, mondays.'];
const SPEAKER_LINE = /^((?:\[[^\]\n]*\]\s*)?)([^:\n[\]]{1,30}):\s/;

function addNoise(s: Scenario, random: () => number): Scenario | null {
  const noisy = (turns: readonly Turn[]): Turn[] => {
    const name = turns.find((t) => t.role === 'user')?.name;
    const user = (content: string): Turn => ({ role: 'user', content, ...(name ? { name } : {}) });
    return [
      user(pick(USER_SMALL_TALK, random)),
      { role: 'assistant', content: pick(ASSISTANT_SMALL_TALK, random) },
      ...turns,
      user(pick(USER_SMALL_TALK, random)),
      { role: 'assistant', content: pick(ASSISTANT_SMALL_TALK, random) },
    ];
  };
  const steps: Step[] = s.steps.map((st) => {
    if (st.kind === 'conversation') {
      // The same noise for every step of a conversation, so a re-sent conversation still only appends turns.
      const r = seededRandom(st.conversationId);
      return { ...st, messages: [{ role: 'user', content: pick(USER_SMALL_TALK, r) }, { role: 'assistant', content: pick(ASSISTANT_SMALL_TALK, r) }, ...st.messages] };
    }
    if (st.kind !== 'document') return st;
    const p = parseDoc(st.content);
    if (p?.shape === 'plain') return { ...st, content: `${pick(PLAIN_BEFORE, random)} ${p.turns[0]!.content} ${pick(PLAIN_AFTER, random)}` };
    if (p) return { ...st, content: renderInShape({ ...p, turns: noisy(p.turns) }) };
    const lines = st.content.split('\n');
    const speakers = [...new Set(lines.map((l) => SPEAKER_LINE.exec(l)?.[2]).filter((x): x is string => x !== undefined))];
    if (lines.length < 2 || speakers.length === 0 || !SPEAKER_LINE.test(lines[0]!)) return st;
    const stamp = SPEAKER_LINE.exec(lines[0]!)![1]!;
    const [a, b = 'Assistant'] = speakers;
    return {
      ...st,
      content: [
        `${stamp}${a}: ${pick(USER_SMALL_TALK, random)}`,
        `${stamp}${b}: ${pick(ASSISTANT_SMALL_TALK, random)}`,
        ...lines,
        `${SPEAKER_LINE.exec(lines.at(-1)!)?.[1] ?? stamp}${a}: ${pick(USER_SMALL_TALK, random)}`,
      ].join('\n'),
    };
  });
  const first = steps.findIndex((st) => st.kind === 'document');
  if (first >= 0 && s.steps.length > 1) {
    const d = steps[first] as Extract<Step, { kind: 'document' }>;
    steps.splice(first + 1, 0, { kind: 'document', content: `user: ${pick(USER_SMALL_TALK, random)}\nassistant: ${pick(ASSISTANT_SMALL_TALK, random)}`, ...(d.date ? { date: d.date } : {}) });
  }
  return { ...s, steps };
}

// ---------------------------------------------------------------------------------------------------------------
// case
// ---------------------------------------------------------------------------------------------------------------

const CONTRACTIONS: [RegExp, string][] = [
  [/\bi['’]m\b/g, 'im'],
  [/\bi['’]ve\b/g, 'ive'],
  [/\bi['’]d\b/g, 'id'],
  [/\b(do|does|did|is|was|are|ca|wo|have|has|had)n['’]t\b/g, '$1nt'],
  [/\b(it|that|there|what)['’]s\b/g, '$1s'],
];

/** Typed-chat style of one message: speaker labels and time stamps kept, the rest lower case and unpunctuated. */
export function typedChat(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const label = SPEAKER_LINE.exec(line)?.[0] ?? '';
      let body = line.slice(label.length).toLowerCase();
      for (const [re, to] of CONTRACTIONS) body = body.replace(re, to);
      body = body.replace(/[.!]+(\s*)$/, '$1').replace(/, /g, ',  ');
      let n = 0;
      body = body.replace(/ (?=\S)/g, () => (++n % 4 === 0 ? '  ' : ' '));
      return label + body;
    })
    .join('\n');
}

/** Applies `f` to every text the user sends in documents and conversations (direct writes are the app's own). */
function mapContents(s: Scenario, f: (t: string) => string): Scenario {
  const steps = s.steps.map((st): Step => {
    if (st.kind === 'conversation') return { ...st, messages: st.messages.map((m) => (m.role === 'user' ? { ...m, content: f(m.content) } : m)) };
    if (st.kind !== 'document') return st;
    const p: ParsedDoc | null = parseDoc(st.content);
    if (p?.shape === 'json') return { ...st, content: renderInShape({ ...p, turns: p.turns.map((t) => (t.role === 'user' ? { ...t, content: f(t.content) } : t)) }) };
    return { ...st, content: f(st.content) };
  });
  return { ...s, steps };
}
