import { cosine } from './cosine.js';

/**
 * Background statistics of one embedding model: the mean and spread of cosine similarity between unrelated texts.
 * Expressing a cosine as standard deviations above that background makes `threshold` mean the same thing for
 * every model (bge cosines of unrelated text sit near 0.4, MiniLM's near 0).
 */
export interface VectorCalibration {
  /** Background of what a search compares: a query against unrelated passages. */
  mean: number;
  std: number;
  /**
   * Background of two passages, when it differs from a query's (a model whose queries carry an instruction, such
   * as bge): what comparing two stored texts (a new fact with the memories) should use (calibratePassageCosine).
   */
  passages?: { mean: number; std: number };
  /** z-score of a search match scored 0.5, where the dev sets put it elsewhere than Z_MIDPOINT for this model. */
  midpoint?: number;
}

/**
 * z-score at which a vector match is reported as similarity 0.5, and the z-widths of the logistic ramp below and
 * above it. Below, the ramp is steep, so chance-level cosines score near 0. Above, it is wide: texts on the query's
 * subject sit many deviations above an unrelated background, and a steep ramp would squeeze them all near 1, leaving
 * keyword evidence no room to order them (against one steep ramp: LoCoMo recall@10 63.9% -> 68.0%, SciFact nDCG@10
 * 0.719 -> 0.743; width 4 rather than 3 once every candidate has both kinds of evidence: LoCoMo 70.3% -> 70.5%,
 * SciFact 0.740 -> 0.741; bench/README.md).
 */
export const Z_MIDPOINT = 4;
export const Z_SCALE_BELOW = 1;
export const Z_SCALE_ABOVE = 4;
const MIN_STD = 0.03;

/** Unrelated sentences on different topics; their pairwise cosines estimate a model's background. */
export const BACKGROUND_SENTENCES: readonly string[] = [
  'The recipe calls for two cups of flour and a pinch of salt.',
  'Quarterly revenue grew by twelve percent compared to last year.',
  'The goalkeeper saved a penalty in the final minute of the match.',
  'Photosynthesis converts light energy into chemical energy in plants.',
  'Please reset your password using the link in the email.',
  'The medieval castle was built on a hill overlooking the river.',
  'She practices the violin every evening before dinner.',
  'The server returned a timeout error after thirty seconds.',
  'Volcanic eruptions can cool the global climate for several years.',
  'Our flight to Lisbon was delayed because of a storm.',
  'The novel follows a detective investigating a series of thefts.',
  'Regular exercise lowers the risk of heart disease.',
  'The committee will vote on the new zoning proposal next week.',
  'Octopuses can change the colour and texture of their skin.',
  'He replaced the bicycle chain and adjusted the brakes.',
  'The museum exhibits paintings from the Dutch golden age.',
  'Interest rates were left unchanged by the central bank.',
  'The toddler built a tower out of wooden blocks.',
  'A database index speeds up lookups at the cost of slower writes.',
  'The hikers reached the summit just before sunrise.',
  'Tomatoes need plenty of sun and regular watering.',
  'The orchestra performed a symphony by Sibelius.',
  'My landlord finally fixed the leaking kitchen tap.',
  'Vaccines train the immune system to recognise a pathogen.',
];

/**
 * Estimates a model's background from embeddings of unrelated texts: the cosines of every pair of them. With
 * `queries` (the same texts embedded as queries, in the same order), the background is that of a query against
 * the other texts' passages, which is what a search compares: a model whose queries carry an instruction (bge)
 * has a lower query-to-passage background than passage-to-passage.
 */
export function estimateCalibration(vectors: readonly Float32Array[], queries?: readonly Float32Array[]): VectorCalibration {
  const sims: number[] = [];
  if (queries) {
    if (queries.length !== vectors.length) throw new Error('estimateCalibration: one query vector per text');
    for (let i = 0; i < queries.length; i++) {
      for (let j = 0; j < vectors.length; j++) if (i !== j) sims.push(cosine(queries[i]!, vectors[j]!));
    }
  } else {
    for (let i = 0; i < vectors.length; i++) {
      for (let j = i + 1; j < vectors.length; j++) sims.push(cosine(vectors[i]!, vectors[j]!));
    }
  }
  if (sims.length === 0) return { mean: 0, std: 0.1 };
  const mean = sims.reduce((a, b) => a + b, 0) / sims.length;
  const variance = sims.reduce((a, b) => a + (b - mean) ** 2, 0) / sims.length;
  return { mean, std: Math.max(Math.sqrt(variance), MIN_STD) };
}

/**
 * Where the dev sets put a model's 0.5 (bench/models.ts: LoCoMo and SciFact evidence against the best off-topic
 * result, LoCoMo questions over SciFact abstracts and claims over LoCoMo turns). bge-small's matches sit fewer
 * deviations above its (query) background than MiniLM's: relevant z median 5.5 vs 6.9, best off-topic p99 3.6 vs
 * 4.2. At z 4 it kept 83% of relevant pairs (MiniLM 93%); at 3.6, ~89%, with ~1% of off-topic best results (MiniLM
 * 2%), so `threshold` 0.5 means about what it meant with MiniLM.
 */
const MODEL_MIDPOINTS: readonly (readonly [RegExp, number])[] = [[/bge-small-en-v1\.5/i, 3.6]];

/**
 * A model's calibration from its embeddings of BACKGROUND_SENTENCES as passages and, for a model whose queries
 * carry an instruction, as queries (then `passages` keeps the passage-pair background).
 */
export function backgroundCalibration(modelId: string, passages: readonly Float32Array[], queries?: readonly Float32Array[] | null): VectorCalibration {
  const midpoint = MODEL_MIDPOINTS.find(([re]) => re.test(modelId))?.[1];
  const base = queries ? { ...estimateCalibration(passages, queries), passages: estimateCalibration(passages) } : estimateCalibration(passages);
  return midpoint === undefined ? base : { ...base, midpoint };
}

/** Maps a raw cosine to a calibrated similarity in [0, 1]. */
export function calibrateCosine(cos: number, cal: VectorCalibration): number {
  const z = (cos - cal.mean) / cal.std;
  const mid = cal.midpoint ?? Z_MIDPOINT;
  return sigmoid((z - mid) / (z < mid ? Z_SCALE_BELOW : Z_SCALE_ABOVE));
}

/** Like calibrateCosine, for the cosine of two stored texts (passage against passage, no query involved). */
export function calibratePassageCosine(cos: number, cal: VectorCalibration): number {
  return calibrateCosine(cos, cal.passages ? { ...cal.passages, ...(cal.midpoint === undefined ? {} : { midpoint: cal.midpoint }) } : cal);
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
