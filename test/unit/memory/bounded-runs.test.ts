import { describe, expect, it } from 'vitest';
import { boundRuns } from '../../../src/memory/bounded-runs.js';
import { nameWithNewcomer } from '../../../src/memory/named-later.js';
import { factsReader } from './memory-fixture.js';

const read = factsReader();

describe('long runs are cut before the offline reader (bounded-runs.ts)', () => {
  it('cuts blank lines to one, spaces past 32 and one mark past 4; keeps indentation and ordinary text', () => {
    expect(boundRuns('Home\n\n\n\n\n  \n    * Lisbon')).toBe('Home\n\n    * Lisbon');
    expect(boundRuns(`a${' '.repeat(100)}b`)).toBe(`a${' '.repeat(32)}b`);
    expect(boundRuns('wow!!!!!!!!! ok.......... [[[[[[x')).toBe('wow!!!! ok.... [[[[x');
    const ordinary = 'Maya: moved to Leeds!!! ...\n\n- Home: Leeds\n  - flat 2\n| a | b |\n|---|---|';
    expect(boundRuns(ordinary)).toBe(ordinary);
  });

  // Each of these held the event loop for seconds to minutes (n² or n³ in the run's length) before the cut.
  it('reads the fact after 50 KB of blank lines, stops or brackets', () => {
    for (const run of ['\n'.repeat(50_000), '.'.repeat(50_000), '['.repeat(50_000), ' \n'.repeat(25_000), '…'.repeat(50_000)]) {
      expect(read(`I got a kitten.${run} Her name is Pip. I live in Porto.`).map((f) => f.text)).toContain('The user lives in Porto.');
    }
  });

  it('names a newcomer across a long run of spaces in one pass (the naming pattern was cubic in it)', () => {
    expect(nameWithNewcomer(`${' '.repeat(20_000)}x`)).toBe(`${' '.repeat(20_000)}x`);
    expect(nameWithNewcomer(`got a kitten.${'.'.repeat(20_000)} her name is Pip`)).toContain('a kitten called Pip');
  });
});
