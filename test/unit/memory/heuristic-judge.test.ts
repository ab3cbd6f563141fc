import { describe, expect, it } from 'vitest';
import { createHeuristicJudge } from '../../../src/memory/heuristic-judge.js';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';
import type { ExtractedFact, RelationCandidate, SourceDocument } from '../../../src/memory/types.js';

const judge = createHeuristicJudge();
const extractor = createOfflineExtractor();

function doc(content: string, documentDate: string): SourceDocument {
  return { content, title: null, type: 'text', documentDate, metadata: {}, entityContext: null };
}

/** The only fact of a one-sentence turn. */
async function fact(content: string, documentDate = '2023-05-08'): Promise<ExtractedFact> {
  const { facts } = await extractor.extract(doc(content, documentDate));
  expect(facts).toHaveLength(1);
  return facts[0]!;
}

function candidate(id: string, f: ExtractedFact, similarity: number): RelationCandidate {
  return { id, text: f.text, subject: f.subject, attribute: f.attribute, isStatic: f.isStatic, similarity };
}

function fact0(text: string, over: Partial<ExtractedFact> = {}): ExtractedFact {
  return { text, isStatic: true, eventDate: null, forgetAfter: null, subject: 'Dana', attribute: null, speaker: 'Dana', ...over };
}

describe('heuristic judge', () => {
  it('is the heuristic kind', () => {
    expect(judge.kind).toBe('heuristic');
  });

  it('"I live in Paris" then "I moved to Berlin" from the same speaker: the move updates Paris', async () => {
    const paris = await fact('Dana: I live in Paris.', '2023-01-10');
    const lyon = await fact('Sam: I live in Lyon.', '2023-01-10');
    const berlin = await fact('Dana: I moved to Berlin last month.', '2023-05-08');
    const decision = await judge.judge(berlin, [candidate('m-lyon', lyon, 0.7), candidate('m-paris', paris, 0.6)]);
    expect(decision).toEqual({ relation: 'updates', targetId: 'm-paris' });
  });

  it('a new count of the same thing updates the old one', async () => {
    const four = await fact(JSON.stringify([{ role: 'user', content: 'I lead 4 engineers.' }]));
    const five = await fact(JSON.stringify([{ role: 'user', content: 'I now lead 5 engineers.' }]));
    expect(await judge.judge(five, [candidate('m4', four, 0.9)])).toEqual({ relation: 'updates', targetId: 'm4' });
  });

  it('near-identical text is a duplicate', async () => {
    const first = await fact('Dana: I am allergic to peanuts!');
    const again = await fact('[2023-06-01 10:00] Dana: Oh, I am allergic to peanuts.');
    expect(await judge.judge(again, [candidate('m1', first, 0.99)])).toEqual({ relation: 'duplicate', targetId: 'm1' });
    // Nothing new either when the memory already says more.
    const more = fact0('Dana is allergic to peanuts and shellfish.');
    expect(await judge.judge(fact0('Dana is allergic to peanuts.'), [candidate('m2', more, 0.9)])).toEqual({ relation: 'duplicate', targetId: 'm2' });
  });

  it('added detail about the same subject extends', async () => {
    const dog = await fact('Dana: I have a dog.');
    const named = await fact('Dana: I have a dog named Rex who loves the beach.');
    expect(await judge.judge(named, [candidate('m-dog', dog, 0.8)])).toEqual({ relation: 'extends', targetId: 'm-dog' });
  });

  it('similar facts about different events or people are new', async () => {
    const concert = fact0('Dana went to a concert on 2023-05-07.', { isStatic: false });
    const other = fact0('Dana went to a concert on 2023-06-10.', { isStatic: false });
    expect(await judge.judge(other, [candidate('m1', concert, 0.97)])).toEqual({ relation: 'new' });
    const sam = fact0('Sam has a dog named Rex.', { subject: 'Sam' });
    expect(await judge.judge(fact0('Dana has a dog named Rex and a cat.'), [candidate('m2', sam, 0.9)])).toEqual({ relation: 'new' });
    expect(await judge.judge(fact0('Dana loves jazz.'), [])).toEqual({ relation: 'new' });
  });

  it('a negation of the same attribute updates it', async () => {
    const likes = await fact('Dana: I love jazz.');
    const hates = await fact('Dana: I hate jazz now.');
    expect(await judge.judge(hates, [candidate('m1', likes, 0.8)])).toEqual({ relation: 'updates', targetId: 'm1' });
    const allergic = fact0('Dana is allergic to peanuts.', { attribute: 'allergy to peanut' });
    const cured = fact0('Dana is no longer allergic to peanuts.', { attribute: 'allergy to peanut' });
    expect(await judge.judge(cured, [candidate('m2', allergic, 0.9)])).toEqual({ relation: 'updates', targetId: 'm2' });
  });

  it('a second value of a many-valued attribute is new', async () => {
    const peanuts = await fact('Dana: I am allergic to peanuts.');
    const shellfish = await fact('Dana: I am allergic to shellfish.');
    expect(await judge.judge(shellfish, [candidate('m1', peanuts, 0.9)])).toEqual({ relation: 'new' });
  });

  it('prefers duplicate over updates over extends, then the most similar, then the lowest id', async () => {
    const f = fact0('Dana lives in Berlin.', { attribute: 'home city' });
    const paris = fact0('Dana lives in Paris.', { attribute: 'home city' });
    const same = fact0('Dana lives in Berlin.', { attribute: 'home city' });
    expect(await judge.judge(f, [candidate('a', paris, 0.9), candidate('b', same, 0.5)])).toEqual({ relation: 'duplicate', targetId: 'b' });
    expect(await judge.judge(f, [candidate('z', paris, 0.9), candidate('y', paris, 0.9)])).toEqual({ relation: 'updates', targetId: 'y' });
  });
});

describe('heuristic judge on the attribute catalogue (issue 26)', () => {
  const f = (text: string, subject: string, attribute: string | null, over: Partial<ExtractedFact> = {}) => fact0(text, { subject, attribute, ...over });
  const c = (id: string, x: ExtractedFact, similarity = 0.8) => candidate(id, x, similarity);

  it('never relates facts about different subjects, however alike', async () => {
    const lena = f("Maya's sister Lena is allergic to peanuts and shellfish.", 'Lena', 'allergy:peanut');
    expect(await judge.judge(f('Maya is allergic to peanuts.', 'Maya', 'allergy:peanut'), [c('m1', lena, 0.99)])).toEqual({ relation: 'new' });
    const sam = f('Sam lives in Boston.', 'Sam', 'residence');
    expect(await judge.judge(f('Maya lives in Seattle.', 'Maya', 'residence'), [c('m2', sam)])).toEqual({ relation: 'new' });
  });

  it('a first name and a full name, or a name and "the user" it aliases, are one subject', async () => {
    const old = f('Maya Chen lives in Boston.', 'Maya Chen', 'residence');
    expect(await judge.judge(f('Maya lives in Seattle now.', 'Maya', 'residence'), [c('m1', old)])).toEqual({ relation: 'updates', targetId: 'm1' });
    const user = f('The user lives in Denver.', 'the user', 'residence');
    expect(await judge.judge(f('Dana moved to Austin.', 'Dana', 'residence', { aliases: ['the user'] }), [c('m2', user)])).toEqual({ relation: 'updates', targetId: 'm2' });
    expect(await judge.judge(f('Dana moved to Austin.', 'Dana', 'residence'), [c('m3', user)])).toEqual({ relation: 'new' });
  });

  it('a job title does not update an employer, a new title updates the old one', async () => {
    const employer = f('Maya works at Figma.', 'Maya', 'employer');
    const role = f('Maya works as a product designer.', 'Maya', 'role');
    const senior = f('Maya now works as a senior product designer.', 'Maya', 'role');
    expect(await judge.judge(senior, [c('e', employer, 0.9), c('r', role, 0.7)])).toEqual({ relation: 'updates', targetId: 'r' });
  });

  it('the same value is a duplicate whatever the wording; another value updates', async () => {
    const boston = f('Maya lives in Boston.', 'Maya', 'residence');
    expect(await judge.judge(f('Maya now lives in Boston.', 'Maya', 'residence'), [c('m1', boston, 0.5)])).toEqual({ relation: 'duplicate', targetId: 'm1' });
    expect(await judge.judge(f('Maya lives in Seattle now.', 'Maya', 'residence'), [c('m1', boston, 0.3)])).toEqual({ relation: 'updates', targetId: 'm1' });
  });

  it('a fact that ends a value updates the memory holding it, not another one', async () => {
    const figma = f('Maya works at Figma.', 'Maya', 'employer');
    const stripe = f('Maya works at Stripe.', 'Maya', 'employer');
    const left = f('Maya left Figma in February 2026.', 'Maya', 'employer');
    expect(await judge.judge(left, [c('f', figma)])).toEqual({ relation: 'updates', targetId: 'f' });
    expect(await judge.judge(left, [c('s', stripe)])).toEqual({ relation: 'new' });
    const civic = f('Tom drives a Honda Civic.', 'Tom', 'vehicle');
    expect(await judge.judge(f("Tom sold Tom's Honda.", 'Tom', 'vehicle'), [c('v', civic)])).toEqual({ relation: 'updates', targetId: 'v' });
  });

  it('the opposite polarity of a keyed attribute updates it; another object is new', async () => {
    const hates = f('Maya hates running.', 'Maya', 'opinion:run');
    expect(await judge.judge(f('Maya actually loves running now.', 'Maya', 'opinion:run'), [c('m1', hates)])).toEqual({ relation: 'updates', targetId: 'm1' });
    const peanuts = f('Maya is allergic to peanuts.', 'Maya', 'allergy:peanut');
    expect(await judge.judge(f('Maya is actually not allergic to peanuts.', 'Maya', 'allergy:peanut'), [c('m2', peanuts)])).toEqual({ relation: 'updates', targetId: 'm2' });
    expect(await judge.judge(f('Maya is allergic to shellfish.', 'Maya', 'allergy:shellfish'), [c('m2', peanuts)])).toEqual({ relation: 'new' });
  });

  it('two pets or two sisters stay side by side; a named pet extends the unnamed one', async () => {
    const rex = f('Maya has a dog named Rex.', 'Maya', 'pet:dog');
    expect(await judge.judge(f('Maya adopted a dog named Bo.', 'Maya', 'pet:dog'), [c('m1', rex)])).toEqual({ relation: 'new' });
    const dog = f('Maya has a dog.', 'Maya', 'pet:dog');
    expect(await judge.judge(rex, [c('m2', dog)])).toEqual({ relation: 'extends', targetId: 'm2' });
    const lena = f("Maya's sister is called Lena.", 'Maya', 'family:sister');
    expect(await judge.judge(f("Maya's sister is called Ana.", 'Maya', 'family:sister'), [c('m3', lena)])).toEqual({ relation: 'new' });
    const grace = f("Maya's mom is called Grace.", 'Maya', 'family:mother');
    expect(await judge.judge(f("Maya's mom's name is Gracie.", 'Maya', 'family:mother'), [c('m4', grace)])).toEqual({ relation: 'updates', targetId: 'm4' });
  });

  it('reads attributes written before the catalogue ("home city") as their catalogue id', async () => {
    const legacy = f('Dana lives in Paris.', 'Dana', 'home city');
    expect(await judge.judge(f('Dana moved to Berlin.', 'Dana', 'residence'), [c('m1', legacy)])).toEqual({ relation: 'updates', targetId: 'm1' });
  });
});
