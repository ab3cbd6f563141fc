/**
 * Fits the memory similarity (src/search/memory-similarity.ts) on dev data: for each question, the memories that
 * answer it (relevant) and the other memories of the same person or conversation (off-topic). Features are the
 * query-memory cosine as standard deviations above the embedder's own background (its VectorCalibration) and the
 * IDF-weighted keyword coverage; a class-balanced logistic regression finds the weights that put 0.5 between the
 * two groups. Prints the weights and how well they separate, on the data fitted and on a held-out part.
 *
 *   npx tsx scripts/fit-memory-calibration.ts [--shared ../shared/data] [--embedder local|hash] [--model id] [--models-dir dir]
 *                                             [--attribute-weight 2.5|fit]
 *
 * Data: LoCoMo dev observations (facts about each speaker, each with the dialogue turn it came from; a question's
 * relevant memories are the observations of its evidence turns) and the attribute cases below (facts about one
 * person, questions about one attribute: the other facts about the same person are off-topic).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/core/config.js';
import { silentLogger } from '../src/core/logger.js';
import { createEmbedderHandle } from '../src/providers/create-embedder.js';
import type { Embedder } from '../src/providers/embedder.js';
import { createHashEmbedder } from '../src/providers/hash-embedder.js';
import { memoryFeatures, memorySimilarityWeights, memorySimilarity, memoryTermWeights, type MemoryFeatures, type MemorySimilarityWeights } from '../src/search/memory-similarity.js';
import { attributesAskedBy } from '../src/memory/attributes.js';
import { attributeEvidence } from '../src/services/memory-ranking.js';
import { indexTerms, queryTerms } from '../src/text/tokenize.js';
import { dot } from '../src/vector/cosine.js';

const { values: args } = parseArgs({
  options: {
    shared: { type: 'string', default: path.resolve(import.meta.dirname, '..', '..', 'shared', 'data') },
    embedder: { type: 'string', default: 'local' },
    /** A local model other than the default (e.g. BAAI/bge-small-en-v1.5) and where its files are. */
    model: { type: 'string' },
    'models-dir': { type: 'string', default: path.resolve(import.meta.dirname, '..', '.models') },
    /**
     * Holds the attribute weight instead of fitting it: the attribute cases are few and every question in them asks
     * for exactly one catalogue attribute, so a free fit trusts the question patterns more than real questions
     * warrant (a wrong attribute would hide a memory altogether).
     */
    'attribute-weight': { type: 'string', default: '2.5' },
  },
});

interface Group {
  /** Memories of one person or conversation. */
  memories: string[];
  /** Their attributes, when known (the attribute cases). */
  attributes?: string[];
  /** Questions, each with the indexes of the memories that answer it. */
  questions: { q: string; relevant: number[] }[];
}

/** Facts about one person, with their attribute; each question asks for one of them (attribute questions). */
const PEOPLE: Group[] = [
  person(
    [
      ["The user's name is Dana Whitfield.", 'name'],
      ['Dana lives in Seattle.', 'residence'],
      ['Dana works as a nurse at Mass General.', 'employer'],
      ['Dana has a dog named Pixel.', 'pet:dog'],
      ['Dana is allergic to peanuts.', 'allergy:peanut'],
      ['Dana likes jazz music.', 'opinion:jazz'],
      ['Dana is vegetarian.', 'diet'],
      ["Dana's sister Lena lives in Boston.", 'family:sister'],
    ],
    [
      ['Where does Dana live now?', [1]],
      ['Where does Dana work?', [2]],
      ['What is Dana’s job?', [2]],
      ['Does Dana have pets?', [3]],
      ['What is Dana allergic to?', [4]],
      ['What music does Dana like?', [5]],
      ['What does Dana eat?', [6]],
      ["What is Dana's full name?", [0]],
      ["Where does Dana's sister live?", [7]],
    ],
  ),
  person(
    [
      ['Maya works at Stripe as a senior product designer.', 'employer'],
      ['Maya lives in Seattle with her partner Sam.', 'residence'],
      ['Maya runs 5k every Sunday morning.', 'schedule:running'],
      ['Maya speaks Portuguese and English.', 'language:portuguese'],
      ['Maya drives a blue Subaru.', 'vehicle'],
      ["Maya's manager is Priya.", 'manager'],
      ['Maya studied architecture at RISD.', 'education'],
      ['Maya loves running.', 'opinion:running'],
    ],
    [
      ['Where does Maya work?', [0]],
      ["What is Maya's title?", [0]],
      ['Where does Maya live?', [1]],
      ['Who is Maya’s partner?', [1]],
      ['How often does Maya run?', [2]],
      ['What languages does Maya speak?', [3]],
      ['What car does Maya drive?', [4]],
      ["Who is Maya's boss?", [5]],
      ['Where did Maya go to school?', [6]],
      ['Does Maya like running?', [7, 2]],
    ],
  ),
  person(
    [
      ['Tom plays the cello.', 'other'],
      ['Tom takes metformin 500 mg twice a day.', 'medication:metformin'],
      ['Tom is married to Ines.', 'partner'],
      ['Tom has two children.', 'children'],
      ["Tom's email is tom@example.com.", 'contact:email'],
      ['Tom is training for the Berlin marathon in September.', 'goal:marathon'],
      ['Tom grew up in Porto.', 'hometown'],
      ['Tom hates cilantro.', 'opinion:cilantro'],
    ],
    [
      ['What instrument does Tom play?', [0]],
      ['What medication does Tom take?', [1]],
      ['Who is Tom married to?', [2]],
      ['How many kids does Tom have?', [3]],
      ["What is Tom's email address?", [4]],
      ['What is Tom training for?', [5]],
      ['Where is Tom from originally?', [6]],
      ['What food does Tom dislike?', [7]],
    ],
  ),
  person(
    [
      ['Priya lives in Austin, Texas.', 'residence'],
      ['Priya is a data scientist at Dell.', 'employer'],
      ['Priya is vegan.', 'diet'],
      ['Priya has a cat named Mochi.', 'pet:cat'],
      ['Priya is learning Japanese.', 'language:japanese'],
      ['Priya’s birthday is on March 3.', 'birthday'],
      ['Priya is afraid of flying.', 'other'],
      ['Priya’s brother Arjun lives in Toronto.', 'family:brother'],
    ],
    [
      ['Where is Priya based?', [0]],
      ['What does Priya do for a living?', [1]],
      ['Does Priya eat meat?', [2]],
      ['What pet does Priya have?', [3]],
      ['Which language is Priya studying?', [4]],
      ['When is Priya’s birthday?', [5]],
      ['Who is Priya’s brother?', [7]],
    ],
  ),
  person(
    [
      ['Omar drives a red Tesla Model 3.', 'vehicle'],
      ['Omar is married to Leila.', 'partner'],
      ['Omar works at the city hospital as a surgeon.', 'employer'],
      ['Omar plays tennis every Saturday.', 'schedule:tennis'],
      ['Omar is allergic to penicillin.', 'allergy:penicillin'],
      ['Omar studied medicine in Cairo.', 'education'],
      ['Omar lives in Manchester.', 'residence'],
      ['Omar loves Italian food.', 'opinion:italian food'],
    ],
    [
      ['What car does Omar have?', [0]],
      ['Who is Omar’s wife?', [1]],
      ['What is Omar’s job?', [2]],
      ['When does Omar play tennis?', [3]],
      ['Is Omar allergic to any medicine?', [4]],
      ['Where did Omar go to university?', [5]],
      ['Which city does Omar live in?', [6]],
      ['What cuisine does Omar like?', [7]],
    ],
  ),
];

/** Questions no memory of any group answers: whatever a tag holds, its best match must stay below 0.5. */
const UNRELATED = [
  'What is the capital of France?',
  'How do vaccines train the immune system?',
  'recipe for chocolate cake',
  'quantum chromodynamics lattice gauge theory',
  'Who won the 1998 football world cup?',
  'How many moons does Jupiter have?',
  'best way to learn linear algebra',
  'What is the boiling point of water at altitude?',
  'explain the difference between TCP and UDP',
  'When was the printing press invented?',
  'symptoms of vitamin D deficiency',
  'How do I reset my router password?',
];

function person(facts: [string, string][], questions: [string, number[]][]): Group {
  return { memories: facts.map(([t]) => t), attributes: facts.map(([, a]) => a), questions: questions.map(([q, relevant]) => ({ q, relevant })) };
}

interface Observation {
  text: string;
  turn: string;
}

/** LoCoMo dev: one group per conversation. */
function locomo(dir: string): Group[] {
  const data = JSON.parse(fs.readFileSync(path.join(dir, 'locomo', 'locomo-dev.json'), 'utf8')) as {
    qa: { question: string; evidence: string[]; category: number }[];
    observation: Record<string, Record<string, [string, string | string[]][]>>;
  }[];
  return data.map((conv) => {
    const obs: Observation[] = [];
    for (const session of Object.values(conv.observation)) {
      for (const facts of Object.values(session)) {
        for (const [text, turns] of facts) for (const turn of [turns].flat()) obs.push({ text, turn: String(turn).trim() });
      }
    }
    const texts = [...new Set(obs.map((o) => o.text))];
    const index = new Map(texts.map((t, i) => [t, i]));
    const byTurn = new Map<string, number[]>();
    for (const o of obs) byTurn.set(o.turn, [...(byTurn.get(o.turn) ?? []), index.get(o.text)!]);
    const questions = conv.qa
      .filter((qa) => qa.category >= 1 && qa.category <= 4)
      .map((qa) => ({ q: qa.question, relevant: [...new Set(qa.evidence.flatMap((e) => e.split(';')).flatMap((e) => byTurn.get(e.trim()) ?? []))] }))
      .filter((x) => x.relevant.length > 0);
    return { memories: texts, questions };
  });
}

interface Pair extends MemoryFeatures {
  y: 0 | 1;
  /** Which question (of which group) the pair belongs to. */
  question: number;
}

let questions = 0;

/** Embeddings kept between runs (the dev set takes minutes to embed on a busy machine). */
function cached(embedder: Embedder): Embedder {
  // The dtype is part of the key: q8 and fp32 embeddings of one model differ (MNEMO_EMBEDDING_DTYPE, model default).
  const file = path.join(os.tmpdir(), `mnemo-fit-${`${embedder.id}-${process.env.MNEMO_EMBEDDING_DTYPE ?? 'default'}`.replace(/[^\w.-]+/g, '_')}.json`);
  const store: Record<string, number[]> = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number[]>) : {};
  let dirty = false;
  const get = async (kind: 'd' | 'q', texts: readonly string[]) => {
    const missing = texts.filter((t) => !store[`${kind}:${t}`]);
    if (missing.length > 0) {
      const vs = kind === 'd' ? await embedder.embedDocuments(missing) : await Promise.all(missing.map((t) => embedder.embedQuery(t)));
      missing.forEach((t, i) => (store[`${kind}:${t}`] = [...vs[i]!]));
      dirty = true;
    }
    return texts.map((t) => Float32Array.from(store[`${kind}:${t}`]!));
  };
  process.on('exit', () => dirty && fs.writeFileSync(file, JSON.stringify(store)));
  return { ...embedder, embedDocuments: (t) => get('d', t), embedQuery: async (t) => (await get('q', [t]))[0]! };
}

async function pairs(embedder: Embedder, groups: readonly Group[]): Promise<Pair[][]> {
  const out: Pair[][] = [];
  for (const g of groups) {
    const mv = await embedder.embedDocuments(g.memories);
    const terms = g.memories.map((m) => new Set(indexTerms(m)));
    const rows: Pair[] = [];
    for (const { q, relevant } of g.questions) {
      const question = questions++;
      const qv = await embedder.embedQuery(q);
      const qt = queryTerms(q);
      const df = new Map(qt.map((t) => [t, terms.filter((s) => s.has(t)).length]));
      const weights = memoryTermWeights(qt, df, g.memories.length);
      const rel = new Set(relevant);
      const asked = attributesAskedBy(q);
      const cosines = mv.map((v) => dot(qv, v));
      const best = Math.max(...cosines);
      g.memories.forEach((_, i) => {
        const attribute = g.attributes ? attributeEvidence(asked, { attribute: g.attributes[i]! }) : 0;
        const f = memoryFeatures(cosines[i]!, best, embedder.calibration, { queryTerms: qt, memoryTerms: terms[i]!, weights }, attribute);
        rows.push({ ...f, y: rel.has(i) ? 1 : 0, question });
      });
    }
    out.push(rows);
  }
  return out;
}

const FEATURES = ['z', 'k', 'gap', 'attribute'] as const;

/**
 * Logistic regression by gradient descent on the features and a bias, each group of rows weighted to count as
 * much as the other (relevant and off-topic; LoCoMo and the attribute cases, whose rows are few but the only ones
 * that carry attribute evidence).
 */
function fit(rows: readonly (Pair & { w: number })[]): MemorySimilarityWeights {
  const d = FEATURES.length + 1;
  const x = new Float64Array(rows.length * d);
  rows.forEach((r, i) => {
    FEATURES.forEach((f, j) => (x[i * d + j] = r[f]));
    x[i * d + d - 1] = 1;
  });
  const held = args['attribute-weight'] === 'fit' ? null : Number(args['attribute-weight']);
  const theta = new Float64Array([1, 1, 0, held ?? 0, -4]);
  const grad = new Float64Array(d);
  const total = rows.reduce((a, r) => a + r.w, 0);
  for (let it = 0; it < 4000; it++) {
    grad.fill(0);
    for (let i = 0; i < rows.length; i++) {
      let m = 0;
      for (let j = 0; j < d; j++) m += x[i * d + j]! * theta[j]!;
      const e = (1 / (1 + Math.exp(-m)) - rows[i]!.y) * rows[i]!.w;
      for (let j = 0; j < d; j++) grad[j]! += e * x[i * d + j]!;
    }
    for (let j = 0; j < d; j++) if (!(j === 3 && held !== null)) theta[j]! -= (0.5 / total) * grad[j]!;
  }
  const [zWeight, keywordWeight, gapWeight, attributeWeight, bias] = theta as unknown as [number, number, number, number, number];
  return { zWeight, keywordWeight, gapWeight, attributeWeight, bias };
}

/** Row weights: relevant and off-topic count alike, and so do LoCoMo and the attribute cases. */
function balanced(parts: readonly (readonly Pair[])[]): (Pair & { w: number })[] {
  return parts.flatMap((rows) => {
    const pos = rows.filter((r) => r.y === 1).length;
    return rows.map((r) => ({ ...r, w: 1 / (2 * parts.length * (r.y ? pos : rows.length - pos)) }));
  });
}

function report(name: string, rows: readonly Pair[], w: MemorySimilarityWeights): void {
  const s = rows.map((r) => ({ p: memorySimilarity(r, w), y: r.y }));
  const rel = s.filter((x) => x.y === 1);
  const off = s.filter((x) => x.y === 0);
  const above = (xs: typeof s) => xs.filter((x) => x.p >= 0.5).length / Math.max(1, xs.length);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(
    `${name}: relevant >= 0.5: ${(100 * above(rel)).toFixed(1)}% (median ${median(rel.map((x) => x.p)).toFixed(3)}), ` +
      `off-topic >= 0.5: ${(100 * above(off)).toFixed(1)}% (median ${median(off.map((x) => x.p)).toFixed(3)}); ${rel.length} relevant, ${off.length} off-topic pairs`,
  );
}

async function main(): Promise<void> {
  const embedder: Embedder =
    args.embedder === 'hash'
      ? createHashEmbedder()
      : await createEmbedderHandle(
          loadConfig({
            MNEMO_MODELS_DIR: args['models-dir']!,
            ...(args.model ? { MNEMO_EMBEDDING_MODEL: args.model } : {}),
            MNEMO_EMBEDDING_ALLOW_DOWNLOAD: 'false',
            MNEMO_DATA_DIR: path.join(os.tmpdir(), 'mnemo-fit-models'),
            MNEMO_EMBEDDINGS: 'local',
            ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('MNEMO_EMBEDDING_'))),
          }),
          silentLogger,
        ).get();
  console.log(`embedder ${embedder.id}, background mean ${embedder.calibration.mean.toFixed(3)} std ${embedder.calibration.std.toFixed(3)}`);
  const conversations = await pairs(cached(embedder), locomo(args.shared!));
  const people = await pairs(cached(embedder), PEOPLE);
  const unrelatedGroups = [...locomo(args.shared!), ...PEOPLE].map((g) => ({ ...g, questions: UNRELATED.map((q) => ({ q, relevant: [] })) }));
  const unrelated = (await pairs(cached(embedder), unrelatedGroups)).flat();
  // Conversations alternate between the fitted part and the held-out part; so do the people of the attribute cases.
  const fittedLocomo = conversations.filter((_, i) => i % 2 === 0).flat();
  const heldLocomo = conversations.filter((_, i) => i % 2 === 1).flat();
  const fittedPeople = people.filter((_, i) => i % 2 === 0).flat();
  const heldPeople = people.filter((_, i) => i % 2 === 1).flat();
  const direction = fit([...balanced([fittedLocomo, fittedPeople]), ...unrelated.map((r) => ({ ...r, w: 1 / (4 * unrelated.length) }))]);
  // The fit gives the direction; the bias is set so that at most OFF_TOPIC_ABOVE of the fitted off-topic pairs (of
  // LoCoMo and of the attribute cases, each) reach 0.5: the default threshold filters what does not answer.
  const cut = (rows: readonly Pair[]) => {
    const margins = rows
      .filter((r) => r.y === 0)
      .map((r) => memoryLogit(r, { ...direction, bias: 0 }))
      .sort((a, b) => b - a);
    return margins[Math.floor(margins.length * OFF_TOPIC_ABOVE)]!;
  };
  // Questions nothing answers: at most UNRELATED_ABOVE of their best matches may reach 0.5.
  const best = unrelatedBest(unrelated, direction);
  const unrelatedCut = best[Math.floor(best.length * UNRELATED_ABOVE)]!;
  const w = { ...direction, bias: -Math.max(cut(fittedLocomo), cut(fittedPeople), unrelatedCut) };
  const current = memorySimilarityWeights(embedder.id);
  report('current weights for this model, LoCoMo', conversations.flat(), current);
  report('current weights for this model, attribute cases', people.flat(), current);
  report('fitted: LoCoMo, fitted part', fittedLocomo, w);
  report('fitted: LoCoMo, held-out part', heldLocomo, w);
  report('fitted: attribute cases, fitted part', fittedPeople, w);
  report('fitted: attribute cases, held-out part', heldPeople, w);
  const top = unrelatedBest(unrelated, w).map((m) => 1 / (1 + Math.exp(-(m + w.bias))));
  console.log(`unrelated questions: best match >= 0.5 in ${((100 * top.filter((p) => p >= 0.5).length) / top.length).toFixed(1)}% of ${top.length} (question, group) pairs`);
  console.log(`weights: ${JSON.stringify(Object.fromEntries(Object.entries(w).map(([k, v]) => [k, round(v)])))}`);
}

/** The best logit (without bias) of each question among its group's memories, highest first. */
function unrelatedBest(rows: readonly Pair[], w: MemorySimilarityWeights): number[] {
  const best = new Map<number, number>();
  for (const r of rows) best.set(r.question, Math.max(best.get(r.question) ?? -Infinity, memoryLogit(r, { ...w, bias: 0 })));
  return [...best.values()].sort((a, b) => b - a);
}

function memoryLogit(f: MemoryFeatures, w: MemorySimilarityWeights): number {
  return w.zWeight * f.z + w.keywordWeight * f.k + w.gapWeight * f.gap + w.attributeWeight * f.attribute + w.bias;
}

/** Share of off-topic pairs allowed at or above 0.5 on the fitted part. */
const OFF_TOPIC_ABOVE = 0.1;
/** Share of unrelated questions whose best match may reach 0.5. */
const UNRELATED_ABOVE = 0.02;

const round = (x: number) => Math.round(x * 1000) / 1000;

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
