import { describe, expect, it } from 'vitest';
import { endedPetName, petKindNamed } from '../../../src/memory/pet-endings.js';
import { factsReader, latestMemories, latestTexts } from './memory-fixture.js';

/**
 * Round 14 (issue 26): a pet's death or rehoming ends its owner's pet fact, only that pet's and only one owner's.
 * Sentences written for this test.
 */
const read = factsReader();

describe("a pet's death or rehoming", () => {
  it('ends the owner\'s fact about that pet: "Sheldon passed away" after "I have a tortoise called Sheldon"', async () => {
    const latest = await latestTexts(['I have a tortoise called Sheldon.', '2026-01-04'], ['Sheldon passed away last weekend.', '2026-05-20']);
    expect(latest.some((m) => /tortoise called Sheldon/.test(m))).toBe(false);
    expect(latest).toContain("The user's tortoise Sheldon passed away on the weekend of 2026-05-16.");
  });

  it('leaves the other pets: a cat dies, the dog stays', async () => {
    const latest = await latestTexts(['I have a dog named Juno.', '2026-01-04'], ['I have a cat called Figaro.', '2026-01-05'], ['Figaro died on Tuesday, he was sixteen.', '2026-07-02']);
    expect(latest.some((m) => /cat called Figaro/.test(m))).toBe(false);
    expect(latest).toContain('The user has a dog named Juno.');
  });

  it('rehoming ends it too ("We rehomed Loki"), filed as the pet fact it ends', async () => {
    const latest = await latestMemories(['I have a ferret called Loki.', '2026-01-04'], ['We rehomed Loki last month, he kept biting.', '2026-05-20']);
    expect(latest.some((m) => /ferret called Loki/.test(m.memory))).toBe(false);
    expect(latest.find((m) => /rehomed Loki/.test(m.memory))).toMatchObject({ attribute: 'pet:ferret', isStatic: true });
  });

  it('a death told in a chat is kept as a fact even though the name is no person the lexicon knows', () => {
    expect(read('user: sadly Pumpkin died on Sunday\nassistant: I am so sorry.').some((f) => /Pumpkin died/.test(f.text))).toBe(true);
  });

  it("never crosses owners: two people's pets of one name, a death naming neither owner, ends neither", async () => {
    const latest = await latestTexts(['My sister Ruth has a cat called Pip.', '2026-01-04'], ['I have a hamster called Pip.', '2026-01-05'], ['Pip died yesterday.', '2026-03-01']);
    expect(latest).toEqual(expect.arrayContaining(["The user's sister Ruth has a cat called Pip.", 'The user has a hamster called Pip.']));
  });

  it('a person\'s death is no pet\'s: "Joe passed away" leaves "Joe has a dog called Rusty"', async () => {
    const latest = await latestTexts(['My grandpa Joe has a dog called Rusty.', '2026-01-04'], ['Grandpa Joe passed away in March.', '2026-04-01']);
    expect(latest.some((m) => /dog called Rusty/.test(m))).toBe(true);
  });

  it("reads the pet's name and the pet word that files it", () => {
    expect(endedPetName('Biscuit was put to sleep on Friday.')).toBe('Biscuit');
    expect(endedPetName('The user and others lost Clementine last night.')).toBe('Clementine');
    expect(endedPetName('Nobody died.')).toBeNull();
    expect(petKindNamed('The user has a rabbit called Clementine.', 'Clementine')).toBe('rabbit');
    expect(petKindNamed('Clementine, our old greyhound, loves the beach.', 'Clementine')).toBe('greyhound');
    expect(petKindNamed('Clementine works at Tesco.', 'Clementine')).toBeNull();
  });
});
