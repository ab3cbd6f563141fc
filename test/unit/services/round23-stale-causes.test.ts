/**
 * Issue 26, round 23 (stale26): stale-above-current questions of the non-held-out splits, one test per cause fixed,
 * through the memories search (in-memory SQLite, hash embedder). Sentences written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { searchFacts, searchMemories, told, versionChain } from './memory-ranking-fixture.js';

describe('a superseded version never outranks its successor', () => {
  const apps = versionChain(
    [
      { memory: "The user's cousin Emeka is always on Telegram.", date: '2026-01-04' },
      { memory: 'Emeka only uses Threema now.', date: '2026-03-22' },
    ],
    'Emeka',
    'tool:messeng',
  );

  it('"should I use to message" asks about now, not the past', async () => {
    expect((await searchMemories(apps, 'what app should I use to message Emeka?'))[0]).toBe('Emeka only uses Threema now.');
  });

  it('"did I use to" still asks about the past', async () => {
    expect((await searchMemories(apps, 'what app did Emeka use to use?'))[0]).toBe("The user's cousin Emeka is always on Telegram.");
  });
});

describe('a question about the time before an event', () => {
  it('answers "who was my manager before the merger?" with the version before the current one', async () => {
    const chain = versionChain(
      [
        { memory: "The user's manager is Ingrid Solberg.", date: '2025-04-01' },
        { memory: 'The user reports to Tomasz Wrona.', date: '2025-09-15' },
      ],
      'the user',
      'manager',
    );
    const ranked = await searchMemories(chain, 'who was my manager before the merger?');
    expect(ranked[0]).toBe("The user's manager is Ingrid Solberg.");
  });
});

describe('an allergy held, however worded, above a denial', () => {
  const facts = [told('The user is not allergic to latex.', 'the user', 'allergy:latex', '2026-05-03', 'visit-2'), told('The user reacts to naproxen.', 'the user', 'allergy:naproxen', '2026-05-03', 'visit-2')];

  it('ranks "reacts to naproxen" (filed as an allergy) above the denial for "what medicine am I allergic to?"', async () => {
    expect((await searchFacts(facts, 'what medicine am I allergic to?'))[0]).toBe('The user reacts to naproxen.');
  });

  it('reads "alergies" as a question about allergies', async () => {
    const said = [facts[0]!, told('The user is allergic to naproxen.', 'the user', 'allergy:naproxen', '2026-05-03', 'visit-2')];
    expect((await searchFacts(said, 'any alergies i shoud know about?'))[0]).toBe('The user is allergic to naproxen.');
  });
});

describe('one value stated twice, once filed under its attribute and once under none', () => {
  it('the newer filed statement answers above the older unfiled one', async () => {
    const facts = [
      told('For the barbecue, keep in mind the user is pescatarian.', 'the user', null, '2026-01-05', 'chat-1'),
      told('The user has gone fully vegan since March 2026.', 'the user', 'diet', '2026-04-04', 'chat-2'),
    ];
    expect((await searchFacts(facts, 'What diet does the user follow? Is the user pescatarian?'))[0]).toBe('The user has gone fully vegan since March 2026.');
  });

  it('the newer unfiled statement answers above the older filed one when it says the value is new', async () => {
    const facts = [
      told("The user's rent is $2,100 a month for the flat on Elm Road.", 'the user', 'rent', '2026-01-14', 'mail-1'),
      told("The user's new monthly rent is $2,240, effective 1 August 2026.", 'the user', null, '2026-05-04', 'mail-2'),
    ];
    expect((await searchFacts(facts, 'How much rent does the user pay for the flat on Elm Road?'))[0]).toBe("The user's new monthly rent is $2,240, effective 1 August 2026.");
  });

  it('an older unfiled mention that says nothing changed stays where it ranks', async () => {
    const facts = [told("The user's rent is $2,100 a month for the flat on Elm Road.", 'the user', 'rent', '2026-01-14', 'mail-1'), told('The user paid the rent late in May.', 'the user', null, '2026-05-04', 'mail-2')];
    expect((await searchFacts(facts, 'How much rent does the user pay for the flat on Elm Road?'))[0]).toBe("The user's rent is $2,100 a month for the flat on Elm Road.");
  });
});
