import { describe, expect, it } from 'vitest';
import { endedPetName } from '../../../src/memory/pet-endings.js';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Brittleness the perturbation proxy found (bench:memories --perturb, round 23): the same scenario with other names,
 * or typed all in lowercase, lost its answer. Read end to end (offline extractor, heuristic judge, hash embedder).
 */
const read = factsReader('2026-03-02');
const rows = (content: string) => read(content).map((f) => [f.subject, f.attribute, f.text]);

describe('a pet whose name has several words', () => {
  it('is named whole by its ending: "Señor Bigotes died", "rehome Mr. Whiskers", "our dog Crème Brûlée passed away"', () => {
    expect(endedPetName('Señor Bigotes died last week.')).toBe('Señor Bigotes');
    expect(endedPetName('We had to rehome Mr. Whiskers.')).toBe('Mr. Whiskers');
    expect(endedPetName('our dog Crème Brûlée passed away')).toBe('Crème Brûlée');
    // An opening adverb is not part of the name.
    expect(endedPetName('Sadly Mochi died.')).toBe('Mochi');
  });

  it("ends that pet's fact, as a one-word name does", async () => {
    const latest = await latestTexts(['We adopted a greyhound called Señor Bigotes from the rescue.', '2026-01-05'], ['Sadly Señor Bigotes passed away on Sunday.', '2026-03-02']);
    expect(latest.filter((t) => /adopted a greyhound/.test(t))).toEqual([]);
    const cats = await latestTexts(['I have a cat called Mr. Whiskers.', '2026-01-05'], ['Mr. Whiskers died last week, we are heartbroken.', '2026-03-02']);
    expect(cats.filter((t) => /has a cat called/.test(t))).toEqual([]);
  });
});

describe('a person named first in a sentence typed all in lowercase', () => {
  it('is the subject when the name has a surname or a title', () => {
    expect(rows('inês duarte now lives  in rotterdam')).toEqual([['Inês Duarte', 'residence', 'Inês Duarte now lives in Rotterdam.']]);
    expect(rows('valentina rossi is a junior associate at baker lowe')[0]?.[0]).toBe('Valentina Rossi');
    expect(rows('tom plays tennis')[0]?.[0]).toBe('Tom');
    // A sentence that names no one stays as typed.
    expect(rows('coffee machine is broken again').every(([subject]) => subject === null)).toBe(true);
  });

  it('so the later move supersedes the earlier home', async () => {
    const latest = await latestTexts(['inês duarte lives in coimbra', '2026-01-10'], ['inês duarte now lives in rotterdam', '2026-05-10']);
    expect(latest.some((t) => /Rotterdam/i.test(t))).toBe(true);
    expect(latest.filter((t) => /coimbra/i.test(t))).toEqual([]);
  });
});
