import { describe, expect, it } from 'vitest';
import { attributesAskedBy } from '../../../src/memory/attributes.js';

/** Paraphrased questions written for this test: the attribute asked decides between employer, role and residence. */
describe('attributesAskedBy: employer, role and residence paraphrases', () => {
  const cases: [string, string][] = [
    // Employer: the organisation.
    ['Who does Lukas work for?', 'employer'],
    ["Who is Lukas's employer?", 'employer'],
    ['Which firm is Lukas at?', 'employer'],
    ['What organisation is Lukas with?', 'employer'],
    ['Where is Lukas employed?', 'employer'],
    ['Who employs Lukas these days?', 'employer'],
    ['Where does Lukas work now?', 'employer'],
    ['What company does Lukas work for?', 'employer'],
    // Role: the job itself, even when the organisation is named.
    ["What is Lukas's job title?", 'role'],
    ['What does Lukas do?', 'role'],
    ['What does Lukas do for a living?', 'role'],
    ['What position does Lukas hold?', 'role'],
    ['What is Lukas working as?', 'role'],
    ['What kind of work does Lukas do?', 'role'],
    ["What is Lukas's position at Orbit & Crane?", 'role'],
    ["What's Lukas's rank at the firm now?", 'role'],
    // Residence.
    ['Where is Lukas located?', 'residence'],
    ['Where is Lukas based?', 'residence'],
    ['Which town does Lukas live in?', 'residence'],
    ['Where does Lukas call home?', 'residence'],
    ['Where did Lukas relocate to?', 'residence'],
    ['Which neighbourhood is Lukas in?', 'residence'],
  ];
  for (const [q, id] of cases) {
    it(`"${q}" asks about ${id}, not the other work or place attribute`, () => {
      const asked = attributesAskedBy(q);
      expect(asked).toContain(id);
      if (id === 'employer') expect(asked).not.toContain('role');
      if (id === 'role') expect(asked).not.toContain('employer');
      if (id === 'residence') expect(asked.filter((a) => a === 'employer' || a === 'role')).toEqual([]);
    });
  }

  it('a question about the job in general asks about both role and employer', () => {
    expect(attributesAskedBy("What's Lukas's current job?")).toEqual(expect.arrayContaining(['employer', 'role']));
  });

  it('a question about something else asks about neither', () => {
    expect(attributesAskedBy('Does Lukas have a cat?')).toEqual(['pet']);
    expect(attributesAskedBy('What does Lukas do on Sundays?')).not.toContain('role');
  });
});

/** "When did…" asks for the date of an event, not for a routine: no schedule memory may be favoured over the event. */
describe('attributesAskedBy: habits vs dated events', () => {
  it('reads "how often", "every" and "when does" as a habit question', () => {
    expect(attributesAskedBy('How often does Omar swim?')).toContain('schedule');
    expect(attributesAskedBy('When does Omar usually swim?')).toContain('schedule');
    expect(attributesAskedBy('When do the kids have piano lessons?')).toContain('schedule');
  });

  it('does not read a past "when did" or a dated "when is" as a habit question', () => {
    expect(attributesAskedBy('When did Omar go to the climbing festival?')).not.toContain('schedule');
    expect(attributesAskedBy('When was the pottery workshop?')).not.toContain('schedule');
    expect(attributesAskedBy("When is Omar's birthday?")).not.toContain('schedule');
  });
});

describe('attributesAskedBy: where someone comes from vs "from" as a preposition', () => {
  it('reads origin questions as hometown', () => {
    expect(attributesAskedBy('Where is Omar from?')).toContain('hometown');
    expect(attributesAskedBy('Which city does Omar come from?')).toContain('hometown');
    expect(attributesAskedBy('Where did Omar grow up?')).toContain('hometown');
  });

  it('does not read "learned from", "a gift from" as a hometown question', () => {
    expect(attributesAskedBy('What did Omar learn from his mentor?')).not.toContain('hometown');
    expect(attributesAskedBy('What gift did Omar get from his sister?')).not.toContain('hometown');
  });
});
