import { describe, expect, it } from 'vitest';
import { endedObjectTerms, endsNamedObject } from '../../../src/memory/ended-objects.js';
import { factsReader, latestMemories as latestAfter } from './memory-fixture.js';

/**
 * Round 12 (issue 26): a change statement supersedes the older fact that names what it ends or replaces, whatever
 * attribute either is filed under; a slot the catalogue has no id for ("my GP is ...") takes a new value; a new
 * version keeps a lasting fact lasting. Sentences written for this test.
 */
const read = factsReader();

describe('what a change statement ends, by name', () => {
  it('reads the object of an ending or replacing verb, the name in it first', () => {
    expect(endedObjectTerms('The user dumped Deezer for Tidal last week.')).toEqual(['deezer']);
    expect(endedObjectTerms('The user cancelled the Guardian subscription.')).toEqual(['guardian']);
    expect(endedObjectTerms('The user stopped taking the ibuprofen.')).toEqual(['ibuprofen']);
    expect(endedObjectTerms('Stopped seeing Dr. Lund in March.')).toEqual(['dr', 'lund']);
    expect(endedObjectTerms('The user handed the allotment over to a neighbour.')).toEqual(['allot']);
    expect(endedObjectTerms('Ines and the user parted ways in May.')).toEqual(['ine']);
    // Nothing ended by name: a plain statement, a move, a departure for somewhere.
    expect(endedObjectTerms('The user plays the oboe.')).toEqual([]);
    expect(endedObjectTerms('The user moved from Hull to Bath.')).toEqual([]);
    expect(endedObjectTerms('The user left for Rome.')).toEqual([]);
  });

  it("matches an older text holding every word of the object, never the subject's own name", () => {
    expect(endsNamedObject('The user swapped the oboe for the flute.', 'The user plays the oboe in a wind band.')).toBe(true);
    expect(endsNamedObject('The user swapped the oboe for the flute.', 'The user plays the flute.')).toBe(false);
    expect(endsNamedObject('Nora stopped seeing Nora Vance.', 'Nora Vance lives in Derby.', new Set(['nora', 'vanc']))).toBe(false);
  });
});

describe('a change statement supersedes the fact naming what it ends, across attributes', () => {
  it('"dumped Deezer for Tidal" replaces the music service, and the new version stays lasting', async () => {
    const latest = await latestAfter(['I stream all my music on Deezer.', '2026-02-01'], ['dumped Deezer for Tidal last week, better sound.', '2026-05-01']);
    expect(latest.some((m) => /on Deezer/.test(m.memory))).toBe(false);
    expect(latest.find((m) => /Tidal/.test(m.memory))).toMatchObject({ isStatic: true, subject: 'the user' });
  });

  it('"cancelled the Guardian subscription" ends "subscribed to the Guardian", filed under another attribute', async () => {
    const latest = await latestAfter(["I'm subscribed to the Guardian, the weekend edition.", '2026-01-10'], ['Cancelled the Guardian subscription, I only read the headlines anyway.', '2026-04-10']);
    expect(latest.some((m) => /subscribed to the Guardian/.test(m.memory))).toBe(false);
    expect(latest.some((m) => /[Cc]ancelled the Guardian/.test(m.memory))).toBe(true);
  });

  it('"I\'ve since swapped the oboe for the flute" replaces the habit it names', async () => {
    const latest = await latestAfter(['I play the oboe in a wind band.', '2026-01-05'], ["I've since swapped the oboe for the flute, same band.", '2026-07-05']);
    expect(latest.some((m) => /plays the oboe/.test(m.memory))).toBe(false);
    expect(latest.some((m) => /flute/.test(m.memory))).toBe(true);
  });

  it('"Ines and I parted ways" is the user\'s, and ends the coach fact naming Ines', async () => {
    expect(read('Ines and I parted ways, I train alone now.', '2026-05-01')[0]).toMatchObject({ subject: 'the user' });
    const latest = await latestAfter(['My swimming coach is Ines Duarte.', '2026-01-20'], ['Ines and I parted ways, I train alone now.', '2026-05-20']);
    expect(latest.some((m) => /coach is Ines/.test(m.memory))).toBe(false);
  });

  it('ends nothing of another person, nor a fact that does not name the object', async () => {
    const latest = await latestAfter(['My brother Jonah streams his music on Deezer. I play the oboe.', '2026-02-01'], ['dumped Deezer for Tidal, better sound.', '2026-05-01']);
    expect(latest.some((m) => /Jonah streams/.test(m.memory))).toBe(true);
    expect(latest.some((m) => /oboe/.test(m.memory))).toBe(true);
  });
});

describe('slots the catalogue has no id for, and lasting new versions', () => {
  it('"my dentist is Dr. Price" then "my dentist is Dr. Prior": one slot, the new name replaces the old', async () => {
    const latest = await latestAfter(['My dentist is Dr. Price at Kings Road Dental.', '2026-03-01'], ["Small fix to yesterday's note: my dentist is Dr. Prior.", '2026-03-02']);
    expect(latest.some((m) => /Price/.test(m.memory))).toBe(false);
    expect(latest.find((m) => /Prior/.test(m.memory))).toMatchObject({ isStatic: true, attribute: 'field:dentist' });
  });

  it('a provider slot ("my broadband is with Sky") is lasting, and so is the switch that replaces it', async () => {
    const latest = await latestAfter(['My broadband is with Sky.', '2026-01-12'], ['We moved our broadband over to Zen Internet in April.', '2026-04-20']);
    expect(latest.some((m) => /with Sky/.test(m.memory))).toBe(false);
    expect(latest.find((m) => /Zen Internet/.test(m.memory))).toMatchObject({ isStatic: true });
  });

  it('dates, relatives and bookings are no such slots', () => {
    expect(read('Our wedding anniversary is March 3.', '2026-01-01')[0]?.attribute ?? null).toBeNull();
    expect(read('My brother is Felix.', '2026-01-01')[0]?.attribute).toBe('family:brother');
    expect(read('My hotel is the Ritz.', '2026-01-01')[0]?.attribute ?? null).toBeNull();
  });
});

describe('a job that ends takes its role with it', () => {
  it('"Martin left the fire service" ends "is a firefighter with the fire service", role and employer', async () => {
    const latest = await latestAfter(['My husband Martin is a firefighter with the West Midlands Fire Service.', '2026-01-30'], ["Martin left the fire service in June, he's training as a nurse.", '2026-07-30']);
    expect(latest.some((m) => /works as a firefighter/.test(m.memory))).toBe(false);
    expect(
      latest
        .filter((m) => /left the fire service/.test(m.memory))
        .map((m) => m.attribute)
        .sort(),
    ).toEqual(['employer', 'role']);
  });

  it('a new employer in the same note keeps the role (a move, not an ending)', async () => {
    const latest = await latestAfter(['I am an accountant at Aviva.', '2026-02-03'], ["Left Aviva in August, I'm at Allianz now.", '2026-09-01']);
    expect(latest.some((m) => /works as an accountant/.test(m.memory))).toBe(true);
  });
});
