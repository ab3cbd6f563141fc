import { describe, expect, it } from 'vitest';
import { valueCorrection } from '../../../src/memory/rejected-values.js';
import { latestMemories, latestTexts } from './memory-fixture.js';

/**
 * Round 15 (issue 26): a person's name corrected renames every memory told under the wrong name, not only the one the
 * correction step replaced; a change of holder ("it's X now, not Y") renames nothing. Sentences written for this test.
 */
describe('a corrected name renames every memory of the person', () => {
  it('"his name is Lorcan, not Lochlan" renames three facts about him, subject and all', async () => {
    const latest = await latestMemories(
      ['My cousin Lochlan repairs vintage motorbikes in Galway.', '2026-02-01'],
      ['Lochlan is allergic to penicillin.', '2026-02-03'],
      ['Lochlan supports Leinster.', '2026-02-05'],
      ['Oops, his name is Lorcan, not Lochlan - I always mix them up.', '2026-02-06'],
    );
    const texts = latest.map((m) => m.memory);
    expect(texts.some((t) => /Lochlan/.test(t))).toBe(false);
    expect(texts.filter((t) => /Lorcan/.test(t)).length).toBeGreaterThanOrEqual(3);
    expect(latest.find((m) => /penicillin/.test(m.memory))?.subject).toBe('Lorcan');
  });

  it('"she\'s called Oona, not Una" in a chat, with the cue a sentence earlier', async () => {
    const texts = await latestTexts(
      ['user: my neighbour Una walks her greyhound past at 7 every morning\nassistant: Early riser!', '2026-03-01'],
      ['user: Una teaches piano at the community centre\nassistant: Lovely.', '2026-03-04'],
      ['user: ugh, autocorrect. it is Oona not Una\nassistant: Noted.', '2026-03-05'],
    );
    expect(texts.some((t) => /\bUna\b/.test(t))).toBe(false);
    expect(texts.some((t) => /Oona teaches piano/.test(t))).toBe(true);
  });

  it('"the plumber is Declan, not Dermot" after "I wrote the wrong name": the statement keeps no old name', async () => {
    const texts = await latestTexts(
      ['Our plumber Dermot is coming on Thursday to look at the leak.', '2026-04-01'],
      ['Dermot charges by the hour.', '2026-04-02'],
      ['I wrote the wrong name before - the plumber is Declan, not Dermot.', '2026-04-03'],
    );
    expect(texts.some((t) => /Dermot/.test(t))).toBe(false);
    expect(texts.some((t) => /Declan charges by the hour/.test(t))).toBe(true);
  });

  it('a new holder of a role ("It\'s Imogen now, not Harriet") renames nothing', async () => {
    expect(valueCorrection("It's Imogen now, not Harriet, as my team lead.")?.renames).toBeUndefined();
    expect(valueCorrection('Sorry, her name is Imogen, not Harriet.')?.renames).toBe(true);
    const texts = await latestTexts(['My team lead is Harriet.', '2026-01-10'], ['Harriet plays the cello.', '2026-01-11'], ["It's Imogen now, not Harriet, as my team lead.", '2026-03-10']);
    expect(texts).toContain('Harriet plays the cello.');
  });
});
