/**
 * Orderings of a query's first-stage candidates, scored by bench/quality-replay.ts. `hybrid` and `rerank` are
 * what the service does (SearchService.searchChunks); the others are experiments.
 */
import { intentEvidence, queryIntent, withIntent } from '../../src/search/query-intent.js';
import { idf, termWeights } from '../../src/search/keyword-score.js';
import { rerank, secondStage } from '../../src/search/rerank.js';
import { subwordMatch } from '../../src/search/subword-terms.js';
import { indexTerms } from '../../src/text/tokenize.js';
import { calibrateCosine, type VectorCalibration } from '../../src/vector/calibrate.js';

export interface Candidate {
  /** The unit the chunk stands for (LoCoMo turn, SciFact abstract). */
  unit: string;
  text: string;
  /** First-stage fused similarity. */
  similarity: number;
  /** Calibrated vector evidence, keyword coverage, raw cosine. */
  v: number;
  k: number;
  /** Keyword coverage over the second pass's expanded terms (feedback.ts), as served; `k` where it did not run. */
  kf?: number;
  cos: number;
  /** Cosine with the stored vector of the best hit of the hybrid ordering (`th`) and of the vector ordering (`tv`). */
  th?: number;
  tv?: number;
  /** Cosine with the question embedded as a passage (`cd`) and with the question stripped of its question word (`cs`). */
  cd?: number;
  cs?: number;
  /** The candidate's document. */
  doc?: string;
}

export interface ReplayQuery {
  id: string;
  q: string;
  category: string;
  terms: string[];
  relevant: [string, number][];
  /** Fused first stage, best first. */
  cands: Candidate[];
  /** The embedder's cosine calibration (vector/calibrate.ts). */
  calibration?: VectorCalibration;
}

type Order = (q: ReplayQuery) => Candidate[];

function byScore(cands: readonly Candidate[], score: (c: Candidate, i: number) => number): Candidate[] {
  return cands
    .map((c, i) => ({ c, s: score(c, i), i }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.c);
}

/** The served rerank over the first `window` candidates, the rest after. */
function served(q: ReplayQuery, window = 40): Candidate[] {
  const top = q.cands.slice(0, window);
  const scores = rerank(
    q.terms,
    top.map((c, i) => ({ id: String(i), text: c.text, similarity: c.similarity, keyword: c.k, cosine: c.cos })),
  );
  const order = top.map((c, i) => ({ c, s: scores.get(String(i))! })).sort((a, b) => b.s - a.s);
  return [...order.map((o) => o.c), ...q.cands.slice(window)];
}

function noisyOr(kw: number): Order {
  return (q) => byScore(q.cands, (c) => 1 - (1 - c.v) * (1 - kw * c.k));
}

export const VARIANTS: Record<string, Order> = {
  hybrid: (q) => q.cands,
  rerank: (q) => served(q),
  vector: (q) => byScore(q.cands, (c) => c.cos),
  keyword: (q) => byScore(q.cands, (c) => c.k),
  'hybrid kw 0.7': noisyOr(0.7),
};

const SPEAKER = /^(?:\[[^\]]*\]\s*)?([A-Z][\w'-]*(?: [A-Z][\w'-]*)?):\s/;
export function speakerOf(text: string): string | null {
  return SPEAKER.exec(text)?.[1]?.toLowerCase() ?? null;
}
export function namesIn(q: string): Set<string> {
  return new Set([...q.matchAll(/\b([A-Z][a-z]+)(?:'s)?\b/g)].slice(0).map((m) => m[1]!.toLowerCase()));
}
const WHEN = /^\s*(when|what (date|day|year|month|time)|how long ago|in which (year|month))\b/i;
const TIME =
  /\b(yesterday|today|tonight|tomorrow|recently|last (night|week|weekend|month|year|summer|winter|spring|fall|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|next (week|weekend|month|year)|this (morning|week|weekend|month|year)|\d+ (days?|weeks?|months?|years?) ago|a (few|couple of) (days|weeks|months|years) ago|(a|one|two|three) (day|week|month|year)s? ago|(january|february|march|april|may|june|july|august|september|october|november|december)|(19|20)\d\d)\b/i;
function body(text: string): string {
  return text.replace(/^\[[^\]]*\]\s*/, '');
}
function speakerBoost(b: number, base: Order = (q) => q.cands): Order {
  return (q) => {
    const names = namesIn(q.q);
    const cands = base(q);
    return byScore(cands, (c, i) => (base === hybridOrder ? c.similarity : -i / 100) + (names.has(speakerOf(c.text) ?? '') ? b : 0));
  };
}
function whenBoost(b: number): Order {
  return (q) => {
    const when = WHEN.test(q.q);
    return byScore(q.cands, (c) => c.similarity + (when && TIME.test(body(c.text)) ? b : 0));
  };
}
const hybridOrder: Order = (q) => q.cands;
VARIANTS['speaker +0.02'] = speakerBoost(0.02, hybridOrder);
VARIANTS['speaker +0.05'] = speakerBoost(0.05, hybridOrder);
VARIANTS['speaker +0.1'] = speakerBoost(0.1, hybridOrder);
VARIANTS['when +0.02'] = whenBoost(0.02);
VARIANTS['when +0.05'] = whenBoost(0.05);
VARIANTS['when +0.1'] = whenBoost(0.1);
function combo(sb: number, wb: number, kw = 0.95): Order {
  return (q) => {
    const names = namesIn(q.q);
    const when = WHEN.test(q.q);
    return byScore(q.cands, (c) => 1 - (1 - c.v) * (1 - kw * c.k) + (names.has(speakerOf(c.text) ?? '') ? sb : 0) + (when && TIME.test(body(c.text)) ? wb : 0));
  };
}
for (const sb of [0.1, 0.15, 0.2, 0.3]) for (const wb of [0, 0.1, 0.15, 0.2]) VARIANTS[`combo s${sb} w${wb}`] = combo(sb, wb);
for (const kw of [0.7, 0.8]) VARIANTS[`combo s0.15 w0.1 kw${kw}`] = combo(0.15, 0.1, kw);
VARIANTS['combo s0.15 w0.1 then rerank'] = (q) => served({ ...q, cands: combo(0.15, 0.1)(q) });
VARIANTS['combo s0.1 w0.1 then rerank'] = (q) => served({ ...q, cands: combo(0.1, 0.1)(q) });

export function intentFirst(q: ReplayQuery): Candidate[] {
  const intent = queryIntent(q.q);
  return byScore(q.cands, (c) => c.similarity + intentEvidence(intent, c.text) / 2);
}
function intentRerank(weight: number, window = 40): Order {
  return (q) => {
    const intent = queryIntent(q.q);
    const cands = VARIANTS['intent']!(q);
    const top = cands.slice(0, window);
    const scores = rerank(
      q.terms,
      top.map((c, i) => ({ id: String(i), text: c.text, similarity: c.similarity, keyword: c.k, cosine: c.cos, intent: intentEvidence(intent, c.text) })),
      { intent: weight },
    );
    const order = top.map((c, i) => ({ c, s: scores.get(String(i))! })).sort((a, b) => b.s - a.s);
    return [...order.map((o) => o.c), ...cands.slice(window)];
  };
}
VARIANTS['intent (served)'] = intentFirst;
for (const w of [0, 2, 4, 6, 8, 12]) VARIANTS[`intent + rerank w${w}`] = intentRerank(w);
function zAll(a: number, b: number, window = 100): Order {
  return (q) => {
    const intent = queryIntent(q.q);
    const top = q.cands.slice(0, window);
    const mc = top.reduce((s, c) => s + c.cos, 0) / top.length;
    const sc = Math.sqrt(top.reduce((s, c) => s + (c.cos - mc) ** 2, 0) / top.length) || 1;
    const mk = top.reduce((s, c) => s + c.k, 0) / top.length;
    const sk = Math.sqrt(top.reduce((s, c) => s + (c.k - mk) ** 2, 0) / top.length) || 1;
    return [...byScore(top, (c) => (c.cos - mc) / sc + (a * (c.k - mk)) / sk + (b * intentEvidence(intent, c.text)) / 2), ...q.cands.slice(window)];
  };
}
for (const a of [0.7, 1, 1.3]) for (const b of [4, 8]) for (const w of [40, 100]) VARIANTS[`z a${a} b${b} w${w}`] = zAll(a, b, w);
function intentOr(scale: number): Order {
  return (q) => {
    const intent = queryIntent(q.q);
    return byScore(q.cands, (c) => 1 - (1 - c.similarity) * (1 - Math.min(1, (scale * intentEvidence(intent, c.text)) / 2)));
  };
}
for (const s of [1, 2, 3, 4]) VARIANTS[`intent noisy-OR x${s}`] = intentOr(s);
VARIANTS['intent'] = (q) => {
  const intent = queryIntent(q.q);
  return byScore(q.cands, (c) => withIntent(c.similarity, intentEvidence(intent, c.text)));
};
for (const w of [3, 4, 6, 8]) VARIANTS[`intent then rerank w${w}`] = intentRerank(w);
for (const w of [10, 15, 20, 30]) VARIANTS[`intent then rerank w${w}`] = intentRerank(w);

// ---------------------------------------------------------------------------------------------------------------
// Round 6: keyword coverage re-weighted (rare names and numbers), and a second pass with the top hit's terms
// (pseudo-relevance feedback). Needs the corpus's document frequencies: setCorpus() before scoring.
// ---------------------------------------------------------------------------------------------------------------
let corpusDf = new Map<string, number>();
let corpusSize = 1;
const termCache = new Map<string, Set<string>>();
export function setCorpus(texts: readonly string[]): void {
  corpusDf = new Map();
  corpusSize = texts.length;
  for (const t of texts) for (const x of new Set(indexTerms(t))) corpusDf.set(x, (corpusDf.get(x) ?? 0) + 1);
}
function termsOf(text: string): Set<string> {
  let s = termCache.get(text);
  if (!s) termCache.set(text, (s = new Set(indexTerms(text))));
  return s;
}
function coverage(weights: ReadonlyMap<string, number>, text: string): number {
  const have = termsOf(text);
  let total = 0;
  let matched = 0;
  for (const [t, w] of weights) {
    total += w;
    if (have.has(t)) matched += w;
  }
  return total > 0 ? matched / total : 0;
}
/** The terms of the query's capitalised (not sentence-initial) words and numbers. */
function salientTerms(q: string): Set<string> {
  const out = new Set<string>();
  for (const m of q.matchAll(/\b([A-Z][\w'’]*|\d[\w]*)/g)) {
    if (m.index === 0) continue;
    for (const t of indexTerms(m[1]!)) out.add(t);
  }
  return out;
}
function refuse(q: ReplayQuery, weights: ReadonlyMap<string, number>, kw = 0.95): Candidate[] {
  const intent = queryIntent(q.q);
  return byScore(q.cands, (c) => withIntent(1 - (1 - c.v) * (1 - kw * coverage(weights, c.text)), intentEvidence(intent, c.text)));
}
function baseWeights(q: ReplayQuery): Map<string, number> {
  return termWeights(q.terms, corpusDf, corpusSize);
}
VARIANTS['kw recomputed (check)'] = (q) => refuse(q, baseWeights(q));
for (const f of [1.5, 2, 3]) {
  VARIANTS[`kw salient x${f}`] = (q) => {
    const s = salientTerms(q.q);
    return refuse(q, new Map([...baseWeights(q)].map(([t, w]) => [t, s.has(t) ? w * f : w])));
  };
}
for (const f of [0.5, 0.25]) {
  VARIANTS[`kw salient x${f}`] = (q) => {
    const s = salientTerms(q.q);
    return refuse(q, new Map([...baseWeights(q)].map(([t, w]) => [t, s.has(t) ? w * f : w])));
  };
}
function prf(beta: number, top = 1, maxTerms = 10): Order {
  return (q) => {
    const first = q.cands;
    const w = baseWeights(q);
    const extra = new Map<string, number>();
    for (const c of first.slice(0, top)) for (const t of termsOf(c.text)) if (!w.has(t)) extra.set(t, Math.max(extra.get(t) ?? 0, idf(corpusDf.get(t) ?? 0, corpusSize)));
    const chosen = [...extra].sort((a, b) => b[1] - a[1]).slice(0, maxTerms);
    return refuse(q, new Map([...w, ...chosen.map(([t, x]) => [t, beta * x] as const)]));
  };
}
for (const b of [0.1, 0.2, 0.4]) for (const top of [1, 3]) VARIANTS[`kw prf b${b} top${top}`] = prf(b, top);
for (const b of [0.3, 0.5, 0.6, 0.8, 1]) for (const n of [5, 10, 20]) VARIANTS[`kw prf b${b} top1 n${n}`] = prf(b, 1, n);
VARIANTS['kw prf b0.4 top2'] = prf(0.4, 2);
VARIANTS['kw prf b0.2 top2'] = prf(0.2, 2);
for (const b of [0.3, 0.4]) for (const n of [15, 20, 1000]) VARIANTS[`kw prf b${b} top1 n${n}`] = prf(b, 1, n);
/** On a dump of the served code (feedback applied): the first stage's own order, without the second pass. */
VARIANTS['without feedback'] = (q) => {
  const intent = queryIntent(q.q);
  return byScore(q.cands, (c) => withIntent(1 - (1 - c.v) * (1 - 0.95 * c.k), intentEvidence(intent, c.text)));
};
/** The served rerank (intent at its default weight) over the served first stage. */
function servedRerank(base: Order, window = 40): Order {
  return (q) => {
    const intent = queryIntent(q.q);
    const cands = base(q);
    const top = cands.slice(0, window);
    const scores = rerank(
      q.terms,
      top.map((c, i) => ({ id: String(i), text: c.text, similarity: c.similarity, keyword: c.k, ...(c.kf !== undefined ? { expanded: c.kf } : {}), cosine: c.cos, intent: intentEvidence(intent, c.text) })),
    );
    const order = top.map((c, i) => ({ c, s: scores.get(String(i))! })).sort((a, b) => b.s - a.s);
    return [...order.map((o) => o.c), ...cands.slice(window)];
  };
}
VARIANTS['rerank (served)'] = servedRerank((q) => q.cands);
VARIANTS['rerank without feedback'] = servedRerank((q) => VARIANTS['without feedback']!(q));
VARIANTS['rerank on feedback keyword'] = (q) => {
  const intent = queryIntent(q.q);
  const w = baseWeights(q);
  const extra = new Map<string, number>();
  for (const t of termsOf(q.cands[0]?.text ?? '')) if (!w.has(t)) extra.set(t, idf(corpusDf.get(t) ?? 0, corpusSize));
  const weights = new Map([
    ...w,
    ...[...extra]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([t, x]) => [t, 0.3 * x] as const),
  ]);
  const top = q.cands.slice(0, 40);
  const scores = rerank(
    q.terms,
    top.map((c, i) => ({ id: String(i), text: c.text, similarity: c.similarity, keyword: coverage(weights, c.text), cosine: c.cos, intent: intentEvidence(intent, c.text) })),
  );
  const order = top.map((c, i) => ({ c, s: scores.get(String(i))! })).sort((a, b) => b.s - a.s);
  return [...order.map((o) => o.c), ...q.cands.slice(40)];
};

// ---------------------------------------------------------------------------------------------------------------
// Round 7: the rerank fed the second pass's keyword coverage (`kf`), blended with the served order; a second pass
// in vector space (the best hit's stored vector added to the query's: `th`, `tv`). Needs a dump with kf/th/tv.
// ---------------------------------------------------------------------------------------------------------------
const fb = (c: Candidate) => c.kf ?? c.k;
/** The served hybrid similarity of a candidate after the second pass (vector weight 1, keyword 0.95, intent). */
function servedSim(intent: ReturnType<typeof queryIntent>, c: Candidate, v = c.v): number {
  return withIntent(1 - (1 - v) * (1 - 0.95 * fb(c)), intentEvidence(intent, c.text));
}
interface RerankShape {
  window?: number;
  kw?: number;
  lex?: number;
  intent?: number;
  /** Weight of the z-scored served similarity (the hybrid order) beside the rerank's signals. */
  blend?: number;
  /** Weight of the z-scored cosine with the best hit's vector. */
  top?: number;
  /** Weight of z(cosine). */
  cosW?: number;
  /** The keyword signal: the second pass's (`kf`) or the first stage's (`k`). */
  feedback?: boolean;
  /** Weight of the z-scored position in the served order (best = highest). */
  rank?: number;
  /** Weight of z of the first stage's keyword coverage beside the second pass's. */
  kFirst?: number;
}
function rerank7(o: RerankShape): Order {
  const { window = 40, kw = 0.9, lex = 0.3, intent: iw = 15, blend = 0, top = 0, cosW = 1, feedback = true, rank = 0, kFirst = 0 } = o;
  return (q) => {
    const intent = queryIntent(q.q);
    const head = q.cands.slice(0, window);
    const z = (xs: number[]) => {
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
      return sd > 1e-9 ? xs.map((x) => (x - m) / sd) : xs.map(() => 0);
    };
    const zc = z(head.map((c) => c.cos));
    const zk = z(head.map((c) => (feedback ? fb(c) : c.k)));
    const zl = lex ? z(head.map((c) => lexical(q.terms, c.text))) : head.map(() => 0);
    const zs = blend ? z(head.map((c) => servedSim(intent, c))) : head.map(() => 0);
    const zt = top ? z(head.map((c) => c.th ?? 0)) : head.map(() => 0);
    const zr = z(head.map((_, i) => -i));
    const zk1 = kFirst ? z(head.map((c) => c.k)) : head.map(() => 0);
    const ranked = byScore(head, (c, i) => cosW * zc[i]! + kw * zk[i]! + lex * zl[i]! + blend * zs[i]! + top * zt[i]! + rank * zr[i]! + kFirst * zk1[i]! + iw * intentEvidence(intent, c.text));
    return [...ranked, ...q.cands.slice(window)];
  };
}
const lexCache = new Map<string, number>();
function lexical(terms: readonly string[], text: string): number {
  const key = `${terms.join(' ')}\u0000${text}`;
  let v = lexCache.get(key);
  if (v === undefined) lexCache.set(key, (v = secondStage(terms, text)));
  return v;
}
VARIANTS['r7 rerank k (served)'] = rerank7({ feedback: false });
VARIANTS['r7 rerank kf'] = rerank7({});
for (const kw of [0.6, 1.2, 1.5]) VARIANTS[`r7 rerank kf kw${kw}`] = rerank7({ kw });
for (const blend of [0.5, 1, 2, 3]) VARIANTS[`r7 blend${blend}`] = rerank7({ blend });
for (const blend of [1, 2]) for (const lex of [0, 0.6]) VARIANTS[`r7 blend${blend} lex${lex}`] = rerank7({ blend, lex });
for (const blend of [1, 2]) for (const top of [0.3, 0.6]) VARIANTS[`r7 blend${blend} top${top}`] = rerank7({ blend, top });
for (const top of [0.3, 0.6, 1]) VARIANTS[`r7 rerank kf top${top}`] = rerank7({ top });
for (const r of [0.5, 1, 2]) VARIANTS[`r7 rank${r}`] = rerank7({ rank: r });
for (const w of [20, 60]) VARIANTS[`r7 blend1 window${w}`] = rerank7({ blend: 1, window: w });
for (const iw of [5, 30]) VARIANTS[`r7 blend1 intent${iw}`] = rerank7({ blend: 1, intent: iw });

/** Vector mode as served (calibrated cosine with the intent), optionally with the best vector hit's vector added. */
function vectorPrf(beta: number): Order {
  return (q) => {
    const intent = queryIntent(q.q);
    const first = byScore(q.cands, (c) => withIntent(c.v, intentEvidence(intent, c.text)));
    if (!beta || !q.calibration || first.length === 0) return first;
    const cal = q.calibration;
    const qt = first[0]!.cos;
    const norm = Math.sqrt(1 + beta * beta + 2 * beta * qt);
    return byScore(first, (c) => withIntent(calibrateCosine((c.cos + beta * (c.tv ?? 0)) / norm, cal), intentEvidence(intent, c.text)));
  };
}
VARIANTS['r7 vector (served)'] = vectorPrf(0);
for (const b of [0.1, 0.2, 0.3, 0.5, 0.7, 1]) VARIANTS[`r7 vector prf ${b}`] = vectorPrf(b);
/** Hybrid with the hybrid's best hit's vector added to the query's vector (calibrated again), fused as served. */
function hybridPrf(beta: number): Order {
  return (q) => {
    const intent = queryIntent(q.q);
    if (!q.calibration || q.cands.length === 0) return q.cands;
    const cal = q.calibration;
    const norm = Math.sqrt(1 + beta * beta + 2 * beta * q.cands[0]!.cos);
    return byScore(q.cands, (c) => servedSim(intent, c, calibrateCosine((c.cos + beta * (c.th ?? 0)) / norm, cal)));
  };
}
VARIANTS['r7 hybrid recomputed (check)'] = hybridPrf(0);
for (const b of [0.1, 0.2, 0.3, 0.5]) VARIANTS[`r7 hybrid prf ${b}`] = hybridPrf(b);
VARIANTS['r7 blend1 lex0.6 window60'] = rerank7({ blend: 1, lex: 0.6, window: 60 });
VARIANTS['r7 blend1 lex0.6 kw1.2'] = rerank7({ blend: 1, lex: 0.6, kw: 1.2 });
VARIANTS['r7 blend1.5 lex0.6'] = rerank7({ blend: 1.5, lex: 0.6 });
VARIANTS['r7 blend0.5 lex0.6'] = rerank7({ blend: 0.5, lex: 0.6 });
VARIANTS['r7 blend1 lex0.45'] = rerank7({ blend: 1, lex: 0.45 });
VARIANTS['r7 blend1 lex0.8'] = rerank7({ blend: 1, lex: 0.8 });
VARIANTS['r7 rank2 lex0.6'] = rerank7({ rank: 2, lex: 0.6 });
for (const [a, b] of [
  [0.45, 0.45],
  [0.6, 0.3],
  [0.3, 0.6],
  [0.6, 0.6],
] as const)
  VARIANTS[`r7 k${a} kf${b}`] = rerank7({ kw: b, kFirst: a });
for (const [a, b] of [
  [0.45, 0.45],
  [0.6, 0.3],
] as const)
  VARIANTS[`r7 k${a} kf${b} lex0.6`] = rerank7({ kw: b, kFirst: a, lex: 0.6 });
VARIANTS['r7 k0.45 kf0.45 rank1'] = rerank7({ kw: 0.45, kFirst: 0.45, rank: 1 });
VARIANTS['r7 kf0.6 lex0.6'] = rerank7({ kw: 0.6, lex: 0.6 });
VARIANTS['r7 kf0.6 top0.3'] = rerank7({ kw: 0.6, top: 0.3 });

// ---------------------------------------------------------------------------------------------------------------
// Round 10: query-side variants (the question embedded as a passage, the question word stripped), per query type.
// ---------------------------------------------------------------------------------------------------------------
/** Vector mode with the cosine mixed from the plain query's and a variant's (`cd` / `cs`), calibrated again. */
function vectorMix(field: 'cd' | 'cs', a: number, when: (q: ReplayQuery) => boolean = () => true): Order {
  return (q) => {
    const intent = queryIntent(q.q);
    const cal = q.calibration;
    if (!cal || !when(q)) return byScore(q.cands, (c) => withIntent(c.v, intentEvidence(intent, c.text)));
    return byScore(q.cands, (c) => withIntent(calibrateCosine((1 - a) * c.cos + a * (c[field] ?? c.cos), cal), intentEvidence(intent, c.text)));
  };
}
function hybridMix(field: 'cd' | 'cs', a: number, when: (q: ReplayQuery) => boolean = () => true): Order {
  return (q) => {
    const intent = queryIntent(q.q);
    const cal = q.calibration;
    if (!cal || !when(q)) return q.cands;
    return byScore(q.cands, (c) => servedSim(intent, c, calibrateCosine((1 - a) * c.cos + a * (c[field] ?? c.cos), cal)));
  };
}
const asksWhen = (q: ReplayQuery) => queryIntent(q.q).asksWhen;
VARIANTS['r10 vector (served)'] = vectorMix('cd', 0);
for (const a of [0.2, 0.35, 0.5, 0.7, 1]) VARIANTS[`r10 vector cd${a}`] = vectorMix('cd', a);
for (const a of [0.3, 0.5, 1]) VARIANTS[`r10 vector cs${a}`] = vectorMix('cs', a);
for (const a of [0.5, 1]) VARIANTS[`r10 vector cs${a} when`] = vectorMix('cs', a, asksWhen);
for (const a of [0.2, 0.35, 0.5]) VARIANTS[`r10 hybrid cd${a}`] = hybridMix('cd', a);
for (const a of [0.3, 0.5]) VARIANTS[`r10 hybrid cs${a}`] = hybridMix('cs', a);
for (const a of [0.5, 1]) VARIANTS[`r10 hybrid cs${a} when`] = hybridMix('cs', a, asksWhen);
for (const a of [0.7, 0.85, 1]) VARIANTS[`r10 hybrid cd${a}`] = hybridMix('cd', a);
/** The question embedded as a passage (no instruction) alone, calibrated over the passage background. */
function passageQuery(keyword: boolean): Order {
  return (q) => {
    const intent = queryIntent(q.q);
    const cal = q.calibration;
    if (!cal) return q.cands;
    const pc = cal.passages ? { ...cal.passages, ...(cal.midpoint === undefined ? {} : { midpoint: cal.midpoint }) } : cal;
    const v = (c: Candidate) => calibrateCosine(c.cd ?? c.cos, pc);
    return byScore(q.cands, (c) => (keyword ? servedSim(intent, c, v(c)) : withIntent(v(c), intentEvidence(intent, c.text))));
  };
}
VARIANTS['r10 vector passage-query'] = passageQuery(false);
VARIANTS['r10 hybrid passage-query'] = passageQuery(true);
/** Vector mode: the passage-form query for short passages only (median words of the top 10 by cosine ≤ max). */
function shortPassageQuery(max: number): Order {
  return (q) => {
    const top = [...q.cands].sort((a, b) => b.cos - a.cos).slice(0, 10);
    const words = top.map((c) => c.text.split(/\s+/).filter(Boolean).length).sort((a, b) => a - b);
    const median = words.length ? (words[(words.length - 1) >> 1]! + words[words.length >> 1]!) / 2 : Infinity;
    return median <= max ? passageQuery(false)(q) : vectorMix('cd', 0)(q);
  };
}
for (const m of [32, 48, 64, 80]) VARIANTS[`r10 vector short-passage ${m}`] = shortPassageQuery(m);
/** Hybrid with the keyword weight chosen by query type (asks when / other), the second pass's coverage as served. */
function typedWeights(whenKw: number, otherKw: number, half?: 0 | 1): Order {
  return (q) => {
    const intent = queryIntent(q.q);
    if (half !== undefined && Number.parseInt(q.id.replace(/\D/g, '').slice(-1) || '0', 10) % 2 !== half) return q.cands;
    const kw = intent.asksWhen ? whenKw : otherKw;
    return byScore(q.cands, (c) => withIntent(1 - (1 - c.v) * (1 - kw * fb(c)), intentEvidence(intent, c.text)));
  };
}
for (const w of [0.6, 0.8, 0.95, 1.1]) for (const o of [0.8, 0.95, 1.1]) VARIANTS[`r10 typed when${w} other${o}`] = typedWeights(w, o);
/** The first stage before the second pass (fused with the intent, as served before round 6). */
VARIANTS['r10 before feedback'] = (q) => {
  const intent = queryIntent(q.q);
  return byScore(q.cands, (c) => withIntent(1 - (1 - c.v) * (1 - 0.95 * c.k), intentEvidence(intent, c.text)));
};
/** The second pass only where `use` holds; otherwise the first stage before it. */
function gatedFeedback(use: (q: ReplayQuery) => boolean): Order {
  return (q) => (use(q) ? q.cands : VARIANTS['r10 before feedback']!(q));
}
for (const n of [6, 7, 8, 9]) VARIANTS[`r10 feedback if terms < ${n}`] = gatedFeedback((q) => q.terms.length < n);
/** The first stage's margin: the best similarity over the second's (before the pass). */
for (const m of [0.01, 0.02, 0.04]) {
  VARIANTS[`r10 feedback if margin >= ${m}`] = gatedFeedback((q) => {
    const pre = VARIANTS['r10 before feedback']!(q);
    const intent = queryIntent(q.q);
    const s = (c: Candidate) => withIntent(1 - (1 - c.v) * (1 - 0.95 * c.k), intentEvidence(intent, c.text));
    return pre.length < 2 || s(pre[0]!) - s(pre[1]!) >= m;
  });
}
const COUNTING = /\bhow (?:many|much|often)\b|\bin total\b|\baltogether\b/i;
VARIANTS['r10 feedback unless counting'] = gatedFeedback((q) => !COUNTING.test(q.q));
/** The served rerank with its cosine taken from the passage-form query where the passages are short. */
function rerankPassage(a: number, o: RerankShape = { kw: 0.45, kFirst: 0.45, rank: 1 }, max = 64): Order {
  return (q) => {
    const top = [...q.cands].sort((x, y) => y.cos - x.cos).slice(0, 10);
    const words = top.map((c) => c.text.split(/\s+/).filter(Boolean).length).sort((x, y) => x - y);
    const median = words.length ? (words[(words.length - 1) >> 1]! + words[words.length >> 1]!) / 2 : Infinity;
    const cands = median <= max ? q.cands.map((c) => ({ ...c, cos: (1 - a) * c.cos + a * (c.cd ?? c.cos) })) : q.cands;
    return rerank7(o)({ ...q, cands });
  };
}
VARIANTS['r10 rerank served'] = rerankPassage(0);
for (const a of [0.5, 0.7, 1]) VARIANTS[`r10 rerank passage ${a}`] = rerankPassage(a);
for (const a of [0.5, 1]) VARIANTS[`r10 rerank passage ${a} rank0.5`] = rerankPassage(a, { kw: 0.45, kFirst: 0.45, rank: 0.5 });
for (const a of [0.5, 1]) VARIANTS[`r10 rerank passage ${a} rank2`] = rerankPassage(a, { kw: 0.45, kFirst: 0.45, rank: 2 });

// ---------------------------------------------------------------------------------------------------------------
// Round 11: query words a passage holds only inside a longer word (search/subword-terms.ts: "phone" in "iPhone",
// "photography" / "photographer"), credited at a share of their weight in the first stage's keyword coverage and
// in the second pass's. The served pipeline is recomputed from the corpus's document frequencies (`r11 check`,
// share 0, measures how far that is from the served order).
// ---------------------------------------------------------------------------------------------------------------
function holdsSubword(queryTerm: string, textTerms: Iterable<string>): boolean {
  for (const t of textTerms) if (subwordMatch(queryTerm, t)) return true;
  return false;
}
function subwordCredit(weights: ReadonlyMap<string, number>, queryTerms: readonly string[], text: string, share: number, match: (qt: string, terms: Iterable<string>) => boolean): number {
  if (share === 0) return 0;
  const have = termsOf(text);
  let total = 0;
  let credit = 0;
  for (const [t, w] of weights) {
    total += w;
    if (!have.has(t) && queryTerms.includes(t) && match(t, have)) credit += w;
  }
  return total > 0 ? (share * credit) / total : 0;
}
function pipeline11(share: number, match: (qt: string, terms: Iterable<string>) => boolean = holdsSubword): (q: ReplayQuery) => Candidate[] {
  return (q) => {
    const intent = queryIntent(q.q);
    const w = baseWeights(q);
    const k1 = (c: Candidate) => coverage(w, c.text) + subwordCredit(w, q.terms, c.text, share, match);
    const withK = q.cands.map((c) => ({ ...c, k: k1(c) }));
    const first = byScore(withK, (c) => withIntent(1 - (1 - c.v) * (1 - 0.95 * c.k), intentEvidence(intent, c.text)));
    if (intent.counts || first.length < 2) return first.map((c) => ({ ...c, kf: c.k }));
    const extra = new Map<string, number>();
    for (const t of termsOf(first[0]!.text)) if (!w.has(t) && (corpusDf.get(t) ?? 0) > 0) extra.set(t, idf(corpusDf.get(t)!, corpusSize));
    const chosen = [...extra].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 20);
    const ew = new Map([...w, ...chosen.map(([t, x]) => [t, 0.3 * x] as const)]);
    const withKf = first.map((c) => ({ ...c, kf: coverage(ew, c.text) + subwordCredit(ew, q.terms, c.text, share, match) }));
    return byScore(withKf, (c) => withIntent(1 - (1 - c.v) * (1 - 0.95 * (c.kf ?? c.k)), intentEvidence(intent, c.text)));
  };
}
for (const s of [0, 0.25, 0.5, 0.75, 1]) {
  VARIANTS[`r11 subword ${s}`] = pipeline11(s);
  VARIANTS[`r11 subword ${s} rerank`] = (q) => rerankPassage(1)({ ...q, cands: pipeline11(s)(q) });
}
const suffixOnly = (qt: string, terms: Iterable<string>) => {
  for (const t of terms) if (subwordMatch(qt, t) && !(t.startsWith(qt.replace(/e$/, '')) || qt.startsWith(t.replace(/e$/, '')))) return true;
  return false;
};
const prefixOnly = (qt: string, terms: Iterable<string>) => {
  for (const t of terms) if (subwordMatch(qt, t) && (t.startsWith(qt.replace(/e$/, '')) || qt.startsWith(t.replace(/e$/, '')))) return true;
  return false;
};
for (const s of [0.5, 1]) {
  VARIANTS[`r11 suffix-only ${s}`] = pipeline11(s, suffixOnly);
  VARIANTS[`r11 prefix-only ${s}`] = pipeline11(s, prefixOnly);
}

// Round 12: a chat turn beside one of the best hits gains a share of that hit's similarity (src/search/turn-context.ts).
// The replay knows a LoCoMo turn's place from its unit id ("D<session>:<turn>"); the service reads it from the order
// the documents were added. Only candidates re-order here (the service also reads the turns beside that the
// retrievers left out), so the served figures can differ.
function turnPlace(unit: string): [number, number] | null {
  const m = /^D(\d+):(\d+)$/.exec(unit);
  return m ? [Number(m[1]), Number(m[2])] : null;
}
function turnContext12(weight: number, sources: number, window: number, base: Order = (q) => q.cands): Order {
  return (q) => {
    const cands = base(q);
    const neighbours = new Map<string, string[]>();
    for (const s of cands.slice(0, sources)) {
      const at = turnPlace(s.unit);
      if (!at) continue;
      const near = cands.filter((c) => {
        const p = turnPlace(c.unit);
        return c !== s && p !== null && p[0] === at[0] && Math.abs(p[1] - at[1]) >= 1 && Math.abs(p[1] - at[1]) <= window;
      });
      neighbours.set(
        s.unit,
        near.map((c) => c.unit),
      );
    }
    const scored = cands.map((c, i) => {
      let ev = 0;
      for (const s of cands.slice(0, sources)) if (s !== c && (neighbours.get(s.unit) ?? []).includes(c.unit)) ev = Math.max(ev, weight * s.similarity);
      return { c, i, s: withIntent(c.similarity, ev) };
    });
    return scored.sort((a, b) => b.s - a.s || a.i - b.i).map((x) => x.c);
  };
}
for (const w of [0.1, 0.2, 0.3, 0.5]) for (const s of [1, 3, 5]) for (const win of [1, 2]) VARIANTS[`r12 context w${w} s${s} win${win}`] = turnContext12(w, s, win);
VARIANTS['r12 context w0.3 s3 win2 rerank'] = (q) => served({ ...q, cands: turnContext12(0.3, 3, 2)(q) });
