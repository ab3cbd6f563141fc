import { describe, expect, it } from 'vitest';
import { canonicalAttribute } from '../../../src/memory/attributes.js';
import { classifyFact } from '../../../src/memory/classify.js';

const classify = (text: string, subject = 'Maya') => classifyFact(text, subject, 'present', false);
const facet = (text: string, subject = 'Maya') => {
  const f = classify(text, subject).facets[0];
  return f ? [f.attribute, f.value, f.negated, f.ended, f.isStatic] : null;
};

describe('classifyFact on the attribute catalogue', () => {
  it.each([
    ['Maya lives in Seattle now.', ['residence', 'Seattle', false, false, true]],
    ['Maya moved to Lisbon in May 2026.', ['residence', 'Lisbon', false, false, true]],
    ['Maya is moving to Seattle in September.', ['goal:move', 'Seattle', false, false, false]],
    ['Maya grew up in Porto.', ['hometown', 'Porto', false, false, true]],
    ['Maya is in Tokyo this week.', ['location', 'Tokyo', false, false, false]],
    ['Maya works at Figma.', ['employer', 'Figma', false, false, true]],
    ['Maya left Figma last month.', ['employer', 'Figma', false, true, true]],
    ['Maya is a pediatric nurse.', ['role', 'pediatric nurse', false, false, true]],
    ['Maya was promoted to design lead.', ['role', 'design lead', false, false, true]],
    ["Maya's manager is Priya.", ['manager', 'Priya', false, false, true]],
    ['Maya is allergic to peanuts.', ['allergy:peanut', 'allergic', false, false, true]],
    ['Maya is actually not allergic to peanuts.', ['allergy:peanut', 'allergic', true, false, true]],
    ['Maya went vegan.', ['diet', 'vegan', false, false, true]],
    ['Maya takes 20mg of lisinopril daily.', ['medication:lisinopril', '20mg', false, false, true]],
    ['Maya stopped taking metformin.', ['medication:metformin', 'taking', false, true, true]],
    ['Maya speaks Portuguese.', ['language:portugues', 'Portuguese', false, false, true]],
    ['Maya hates running.', ['opinion:run', 'dislikes', false, false, true]],
    ["Maya doesn't like jazz.", ['opinion:jazz', 'dislikes', false, false, true]],
    ['Maya loves jazz.', ['opinion:jazz', 'likes', false, false, true]],
    ["Maya's favorite food is ramen.", ['favorite:food', 'ramen', false, false, true]],
    ['Maya drives a Honda Civic.', ['vehicle', 'Honda Civic', false, false, true]],
    ['Maya has a dog named Rex.', ['pet:dog', 'Rex', false, false, true]],
    ["Maya's mom is called Grace.", ['family:mother', 'Grace', false, false, true]],
    ['Maya is married to Sam.', ['partner', 'Sam', false, false, true]],
    ['Maya runs 5k every Sunday morning.', ['schedule:run', 'runs 5k every Sunday morning', false, false, true]],
    ['Maya leads 4 engineers.', ['count:engin lead', '4', false, false, true]],
    ["Maya's email is maya@example.com.", ['contact:email', 'maya@example.com', false, false, true]],
  ])('%s', (text, expected) => {
    expect(facet(text)).toEqual(expected);
  });

  it('finds the subject after a possessive or a group: "Maya\'s sister Lena", "Maya and Sam"', () => {
    expect(facet("Maya's sister Lena works at Google.", 'Lena')).toEqual(['employer', 'Google', false, false, true]);
    expect(facet('Maya and Sam moved to Seattle.', 'Maya')).toEqual(['residence', 'Seattle', false, false, true]);
  });

  it('gives a clause naming a role and an employer both facets, each with its own predicate', () => {
    const { facets } = classify('Maya works as a product designer at Figma.');
    expect(facets.map((f) => [f.attribute, f.value, f.predicate])).toEqual([
      ['role', 'product designer', ' works as a product designer'],
      ['employer', 'Figma', ' works at Figma'],
    ]);
  });

  it('leaves events and moods without an attribute, dynamic', () => {
    expect(classifyFact('Maya went to a concert on 2026-03-19.', 'Maya', 'past', true)).toEqual({ isStatic: false, attribute: null, facets: [] });
    expect(classify('Maya is tired.').attribute).toBeNull();
  });
});

describe('canonicalAttribute', () => {
  it.each([
    ['home city', 'residence'],
    ['Profession', 'role'],
    ['allergy to peanut', 'allergy:peanut'],
    ['allergy:Peanuts', 'allergy:peanut'],
    ['opinion of jazz', 'opinion:jazz'],
    ['favorite color', 'favorite:color'],
    ['residence', 'residence'],
    ['residence:paris', 'residence'],
    ['shoe size', 'other:shoe size'],
    [null, null],
  ])('%s → %s', (raw, expected) => {
    expect(canonicalAttribute(raw)).toBe(expected);
  });
});
