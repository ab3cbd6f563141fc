import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts as latestAfter } from './memory-fixture.js';

/**
 * Round 13 (issue 26): a chat answer that echoes a name as a question and says it changed ("Netflix? nope, dropped the
 * subscription in May") is about that name, and an answer's "no" before a subjectless change does not hide the change.
 * Sentences written for this test.
 */
const read = factsReader();

describe('an echoed name and an answer\'s "no" before a change', () => {
  it.each([
    ['user: Netflix? nope, dropped the subscription in May\nassistant: Fair enough.', /^The user dropped the Netflix subscription in May 2026/],
    ['user: Audible? cancelled it last month\nassistant: OK.', /^The user cancelled Audible in May 2026/],
    ['user: The Corsa? no longer, sold it in April\nassistant: Nice.', /^The user sold the Corsa in April 2026/],
  ])('%j names what changed', (content, fact) => {
    expect(read(content).some((f) => f.subject === 'the user' && fact.test(f.text))).toBe(true);
  });

  it('the echoed change ends the membership that names it', async () => {
    const latest = await latestAfter(
      ['user: I am a member of Anytime Fitness in Leith\nassistant: Great.', '2026-01-05'],
      ['user: Anytime Fitness? not anymore, cancelled the membership in May\nassistant: Noted.', '2026-06-14'],
    );
    expect(latest.some((m) => /member of Anytime Fitness/.test(m))).toBe(false);
    expect(latest.some((m) => /cancelled the Anytime Fitness membership/.test(m))).toBe(true);
  });

  it('a question that is no echo, or an answer that changes nothing, is left as it was', () => {
    expect(read('user: Lisbon? honestly it was lovely\nassistant: Glad!').some((f) => /Lisbon/.test(f.text) && /cancel|sold|dropped/.test(f.text))).toBe(false);
    expect(read('user: nope, all good here\nassistant: Great.')).toEqual([]);
  });
});
