import { describe, expect, it } from 'vitest';
import { openingNameTypedLowercase } from '../../../src/memory/lowercase-openings.js';
import { endedPetName } from '../../../src/memory/pet-endings.js';
import { factsReader, latestTexts } from './memory-fixture.js';

/** Review 23, F6 and F7: a verb read as a surname, and a person's name read as part of a pet's. */
const read = factsReader('2026-03-04');
const first = (content: string) => read(content).map((f) => [f.subject, f.text])[0];

describe('a lowercase opening name takes a second word only when it is a surname and no verb (F6)', () => {
  it('leaves a verb after a one-word name out of the name', () => {
    expect(first('mark got promoted at work')).toEqual(['Mark', 'Mark got promoted at work.']);
    expect(first('grant was approved today!!')?.[0]).toBe('Grant');
    expect(openingNameTypedLowercase('bill went up again this month')).not.toMatch(/Went/);
    expect(first('bill went up again this month')?.[1]).toBe('Bill went up again in March 2026.');
  });

  it('still reads a first name and a surname as one name', () => {
    expect(openingNameTypedLowercase('inês duarte now lives  in rotterdam')).toBe('Inês Duarte now lives  in rotterdam');
    expect(first('valentina rossi is a junior associate at baker lowe')?.[0]).toBe('Valentina Rossi');
    expect(openingNameTypedLowercase('mr hughes walks with a frame')).toBe('Mr Hughes walks with a frame');
  });
});

describe("a person's name before a pet's does not join it (F7)", () => {
  it('names the pet alone when the word before it is no title and the pair follows no pet word', () => {
    expect(endedPetName('Had to tell Mia Luna died last night.')).toBe('Luna');
    expect(endedPetName('Told Tom Rex was put down.')).toBe('Rex');
    // A title, or the whole name after a pet word, still joins.
    expect(endedPetName('Sadly Señor Bigotes passed away on Sunday.')).toBe('Señor Bigotes');
    expect(endedPetName('our dog Crème Brûlée passed away')).toBe('Crème Brûlée');
    expect(endedPetName('Our cat called Big Tom died.')).toBe('Big Tom');
  });

  it("so the death ends the cat's fact", async () => {
    const latest = await latestTexts(['We have a cat called Luna.', '2026-01-10'], ['Had to tell Mia Luna died last night.', '2026-03-04']);
    expect(latest.filter((t) => /have a cat called Luna/.test(t))).toEqual([]);
  });
});
