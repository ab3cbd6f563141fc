import { describe, expect, it } from 'vitest';
import { factsReader, latestMemories as latestAfter } from './memory-fixture.js';

/**
 * Round 13 (issue 26): a course or classes in a language ("taking an evening course in Italian") is a language being
 * learnt, a lasting fact a later correction replaces, not a passing event. Sentences written for this test.
 */
const read = factsReader();

describe('a course in a language', () => {
  it.each([
    ["I'm doing a night course in German at the Goethe-Institut.", /^language:german/],
    ['Signed up for weekly classes in Greek.', /^language:greek/],
    ['My wife takes evening lessons in Japanese.', /^language:japan/],
  ])('%j is a language being learnt, lasting', (content, attribute) => {
    expect(read(content).some((f) => attribute.test(f.attribute ?? '') && f.isStatic)).toBe(true);
  });

  it('a course in something else is not filed as a language', () => {
    expect(read("I'm taking an evening course in bookkeeping.").some((f) => f.attribute?.startsWith('language'))).toBe(false);
  });

  it('the corrected course is the lasting one', async () => {
    const latest = await latestAfter(
      ['user: I signed up for an evening course in Portuguese at the community college.\nassistant: Boa sorte!', '2026-09-01'],
      ['user: sorry, I meant Dutch, not Portuguese\nassistant: Got it.', '2026-09-02'],
    );
    expect(latest.some((m) => m.isStatic && /Dutch/.test(m.memory))).toBe(true);
    expect(latest.some((m) => /course in Portuguese/.test(m.memory))).toBe(false);
  });
});
