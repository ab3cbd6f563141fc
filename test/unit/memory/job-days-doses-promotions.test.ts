import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../../src/memory/offline-extractor.js';

/** A first or last day at work, a dose changed in a note's bullet, "made full professor" (sentences written for this test). */
const read = (content: string) =>
  extractFacts({ content, title: null, type: 'text', documentDate: '2026-08-12T10:00:00.000Z', metadata: {}, entityContext: null }).facts.map((f) => ({ text: f.text, subject: f.subject, attribute: f.attribute }));

describe('a first or last day at work', () => {
  it('"first day at X" starts the job at X, and a left job after it ends that one', () => {
    const facts = read('## 2026-08-12\nFirst day at Octopus Energy today, left Ovo last month.');
    expect(facts).toEqual(expect.arrayContaining([expect.objectContaining({ attribute: 'employer', text: expect.stringMatching(/started at Octopus Energy/) })]));
    expect(facts).toEqual(expect.arrayContaining([expect.objectContaining({ attribute: 'employer', text: expect.stringMatching(/left Ovo/) })]));
    expect(read("user: it's my first week at Arup\nassistant: good luck!")).toEqual([expect.objectContaining({ subject: 'the user', attribute: 'employer' })]);
  });

  it('"my last day at X was Friday" is the job left', () => {
    expect(read('My last day at Hillcrest Academy was Friday. Odd feeling.')).toEqual([expect.objectContaining({ attribute: 'employer', text: expect.stringMatching(/left Hillcrest Academy on 2026-08-07/) })]);
  });
});

describe('a dose changed in a bullet', () => {
  it('is the author taking the drug at its new dose, keyed by the drug', () => {
    const facts = read('## GP visit\n- [x] Sertraline increased to 100mg daily\n- [ ] Book a blood test');
    expect(facts).toEqual([{ text: 'The user takes Sertraline 100mg daily.', subject: 'the user', attribute: expect.stringMatching(/^medication:sertralin/) }]);
  });

  it('a number without a dose unit is not a medication', () => {
    expect(read('My rent got raised to 1900.').some((f) => f.attribute?.startsWith('medication'))).toBe(false);
  });
});

describe('made a title', () => {
  it('"made full professor", "was made senior engineer" are promotions to the role', () => {
    expect(read('Ilse made full professor in March.')).toEqual([expect.objectContaining({ subject: 'Ilse', attribute: 'role' })]);
    expect(read('Marco was made senior engineer last year.')).toEqual([expect.objectContaining({ subject: 'Marco', attribute: 'role' })]);
  });
});
