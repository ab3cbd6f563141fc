import { describe, expect, it } from 'vitest';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Round 20 (issue 26): values the reader lost or misfiled: an employer introduced with "called/named", the date of a
 * start, a "settled in" with no place, a title the lexicon does not know, the provider of a service, the state after an
 * ending in a person's note line, a thing of the person's in a second clause. Sentences written for these tests.
 */
const read = factsReader('2026-07-01');
const rows = (text: string) => read(text).map((f) => [f.subject, f.attribute, f.text] as const);

describe('employers and starts', () => {
  it('"joined a <kind> called <Name> as <title>" files the name as the employer', () => {
    expect(rows('Lotte joined a design studio called Northform as a junior designer.')).toContainEqual(['Lotte', 'employer', 'Lotte works at Northform.']);
  });

  it('the date of a start stays with the employer when a title is said too', () => {
    expect(rows('I started at Ocado on 14 April 2025 as a data engineer.')).toContainEqual(['the user', 'employer', 'The user started at Ocado on 14 April 2025.']);
  });

  it('"began as <title>" is a role', () => {
    expect(rows('Ewa began as lead pharmacist in March.').map(([, a]) => a)).toContain('role');
  });
});

describe('titles the lexicon does not know', () => {
  it('a title taken on joining an institution is a job; a role in a club or choir is not', () => {
    expect(rows('Bram joined the ministry as a policy adviser.')).toEqual([
      ['Bram', 'employer', 'Bram works at the ministry.'],
      ['Bram', 'role', 'Bram works as a policy adviser.'],
    ]);
    expect(rows('Bram joined the rowing club as captain.').some(([, a]) => a === 'employer' || a === 'role')).toBe(false);
  });
});

describe('homes without a place', () => {
  it('"settled in nicely" is no home, and does not replace the town said before', async () => {
    expect(rows('Grandad is settled in nicely.').some(([, a]) => a === 'residence')).toBe(false);
    const texts = await latestTexts(['Grandad moved to Whitby in May.', '2026-05-10'], ['Grandad is settled in really well.', '2026-06-20']);
    expect(texts).toContainEqual(expect.stringMatching(/Whitby/));
  });
});

describe('service providers', () => {
  it('"banks with", "switched my account to", "is on X for my phone" file one slot per service', () => {
    expect(rows('I bank with Lloyds.')[0]?.[1]).toBe('field:bank');
    expect(rows('Switched my savings account to Chase.')[0]?.[1]).toBe('field:bank');
    expect(rows("I'm on Vodafone for my mobile.")[0]?.[1]).toBe('field:phone network');
    expect(rows('Moved my broadband over to Sky.')[0]?.[1]).toBe('field:broadband');
    expect(rows('Mum and I are both with O2 for our phones.').map(([w, a]) => [w, a])).toEqual([
      ["the user's mother", 'field:phone network'],
      ['the user', 'field:phone network'],
    ]);
    expect(rows('I moved my desk to the window.').some(([, a]) => a?.startsWith('field:'))).toBe(false);
  });

  it('the switch replaces the provider before it, and a grumble about the old one is left out', async () => {
    const texts = await latestTexts(['I bank with Lloyds.', '2026-01-05'], ['Switched my current account to Chase, Lloyds kept closing branches.', '2026-05-05']);
    expect(texts.filter((t) => /Lloyds|Chase/.test(t))).toEqual(["The user switched the user's current account to Chase."]);
  });
});

describe("a person's line and a second clause", () => {
  it('"Name: left X. Now in Y." is the new home; "left Acme. now at Z." the new job', () => {
    expect(rows('Olu: moved away from Bristol. now in Exeter.')).toContainEqual(['Olu', 'residence', 'Olu now lives in Exeter.']);
    expect(rows('Olu: quit Deliveroo. now at Ocado.')).toContainEqual(['Olu', 'employer', 'Olu now works at Ocado.']);
  });

  it('"X lives in A and her studio is in B" files the home without B', () => {
    const facts = rows('Ines lives in Porto and her studio is in Braga.');
    expect(facts.filter(([, a]) => a === 'residence').map(([, , t]) => t)).toEqual(['Ines lives in Porto.']);
  });
});

describe('gyms and typed chat', () => {
  it('"joined the X leisure centre" is the gym, in the slot "my gym is ..." fills, so it replaces it', async () => {
    expect(rows('Signed up at the Kingfisher sports centre.').map(([, a]) => a)).toEqual(['membership:gym']);
    expect(rows('My gym is Gymbox.').map(([, a]) => a)).toEqual(['membership:gym']);
    const texts = await latestTexts(['My gym is Gymbox.', '2026-01-05'], ['Left Gymbox and joined the Kingfisher leisure centre.', '2026-04-05']);
    expect(texts.some((t) => /gym is Gymbox/.test(t))).toBe(false);
    expect(texts).toContainEqual(expect.stringMatching(/joined the Kingfisher leisure centre/));
  });

  it('"finally switched my account to X" typed in lowercase is the author\'s switch', () => {
    expect(read('user: finally switched my account to nationwide\nassistant: Good call.').map((f) => f.attribute)).toEqual(['field:bank']);
  });
});
