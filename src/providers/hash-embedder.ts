import { normalize } from '../vector/cosine.js';
import { estimateCalibration, BACKGROUND_SENTENCES } from '../vector/calibrate.js';
import { indexTerms, words } from '../text/tokenize.js';
import type { Embedder } from './embedder.js';

const DIMENSIONS = 384;

/**
 * Offline fallback that needs no model weights: signed feature hashing of stemmed words, word bigrams and
 * character trigrams. It captures lexical overlap and spelling variants, not meaning; it is chosen only when no
 * real model can be loaded, and /health says so.
 */
export function createHashEmbedder(dimensions = DIMENSIONS): Embedder {
  const embedOne = (text: string): Float32Array => {
    const v = new Float32Array(dimensions);
    const terms = indexTerms(text);
    const counts = new Map<string, number>();
    const add = (feature: string, weight: number) => counts.set(feature, (counts.get(feature) ?? 0) + weight);
    terms.forEach((t, i) => {
      add(`w:${t}`, 1);
      if (i > 0) add(`b:${terms[i - 1]} ${t}`, 0.5);
    });
    for (const w of words(text)) {
      const padded = `^${w}$`;
      for (let i = 0; i + 3 <= padded.length; i++) add(`c:${padded.slice(i, i + 3)}`, 0.15);
    }
    for (const [feature, weight] of counts) {
      const h = fnv1a(feature);
      v[h % dimensions] = v[h % dimensions]! + (h & 0x80000000 ? -1 : 1) * Math.log1p(weight);
    }
    return normalize(v);
  };
  const calibration = estimateCalibration(BACKGROUND_SENTENCES.map(embedOne));
  return {
    id: `hash-v1-${dimensions}`,
    kind: 'hash',
    dimensions,
    calibration,
    embedDocuments: async (texts) => texts.map(embedOne),
    embedQuery: async (text) => embedOne(text),
  };
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
