import { describe, expect, it } from 'vitest';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';
import type { ExtractedFact, SourceDocument } from '../../../src/memory/types.js';
import { normaliseTyping } from '../../../src/memory/user-typing.js';

const extractor = createOfflineExtractor();
const doc = (content: string): SourceDocument => ({ content, title: null, type: 'text', documentDate: '2026-05-01T12:00:00.000Z', metadata: {}, entityContext: null });
const facts = async (content: string): Promise<ExtractedFact[]> => (await extractor.extract(doc(content))).facts;
const brief = (f: ExtractedFact) => [f.attribute, f.text];

describe('normaliseTyping (how people type into a chat box)', () => {
  it('expands chat shorthand and a lone lowercase "i"', () => {
    expect(normaliseTyping('im alergic to cats bc of my asthma')).toBe("I'm allergic to cats because of my asthma");
    expect(normaliseTyping('ur sister is vegan, i dont eat meat either')).toBe("your sister is vegan, I don't eat meat either");
    expect(normaliseTyping('Im a nurse')).toBe("I'm a nurse");
  });

  it('drops a lead-in tag without a comma ("btw i…", "update: …")', () => {
    expect(normaliseTyping('btw i moved to Leeds')).toBe('I moved to Leeds');
    expect(normaliseTyping('update: just joined Stripe')).toBe('just joined Stripe');
    expect(normaliseTyping('ok so i live in Oslo')).toBe('I live in Oslo');
  });

  it('corrects a dropped, doubled or swapped letter of a word the rules key on, never a substitution or a real word', () => {
    expect(normaliseTyping('i finaly relocatted to Porto')).toBe('I finally relocated to Porto');
    // "loves" is one substitution from "lives"; "there" one swap from "three"; "month" one dropped letter from "months".
    expect(normaliseTyping('she loves it there since last month')).toBe('she loves it there since last month');
    // Capitalised words are names.
    expect(normaliseTyping('Alergic Records signed us')).toBe('Alergic Records signed us');
  });
});

describe('offline extraction of typed chat', () => {
  it('reads lowercase, typo-ridden statements as their clean forms', async () => {
    expect((await facts('btw i finaly moved to austin last month!! 🎉')).map(brief)).toEqual([['residence', 'The user finally moved to Austin in April 2026.']]);
    expect((await facts('user: can u suggest a dinner? im alergic to shellfish btw\nassistant: Sure!')).map(brief)).toEqual([['allergy:shellfish', 'The user is allergic to shellfish.']]);
  });

  it('splits a subjectless "sold X and bought Y" into the ended and the new value', async () => {
    expect((await facts('sold the civic and bought a Tesla Model 3 yesterday')).map(brief)).toEqual([
      ['vehicle', 'The user sold the civic.'],
      ['vehicle', 'The user bought a Tesla Model 3 on 2026-04-30.'],
    ]);
  });
});

describe('workplaces named by a common noun', () => {
  it('files a role "at st mary\'s hospital" as a role and an employer', async () => {
    expect((await facts("im a nurse at st mary's hospital")).map(brief)).toEqual([
      ['role', 'The user works as a nurse.'],
      ['employer', "The user works at st mary's hospital."],
    ]);
  });

  it('reads leaving and starting at lowercase workplaces as employer changes, not as memberships or nothing', async () => {
    expect((await facts('I left the bookstore and started at a coffee roastery.')).map((f) => f.attribute)).toEqual(['employer', 'employer']);
    expect((await facts('I joined a gym.')).map((f) => f.attribute)).toEqual(['membership:gym']);
    expect((await facts('I left the party early.')).map((f) => f.attribute)).toEqual([null]);
  });
});
