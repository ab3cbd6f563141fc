/**
 * Issue 26, round 17 (past19, ask17): what a long history leaves behind in a profile. Daily life in a place the person
 * moved away from ("works in Glasgow" after "relocated to Dundee") and a pet's death are no current lasting facts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { locatedIn, petDied } from '../../../src/services/profile-ended.js';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

describe('what a long history leaves behind', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('leaves out daily life in the city the user moved away from', async () => {
    await tag.add(
      { memory: 'The user lives in Glasgow.', said: '2025-03-10', subject: 'the user', attribute: 'residence', isStatic: true },
      { memory: 'The user works in Glasgow too, at the university library.', said: '2025-03-10', subject: 'the user', isStatic: true },
      { memory: 'The user relocated to Dundee in April 2026.', said: '2026-04-28', subject: 'the user', attribute: 'residence', isStatic: true },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['The user relocated to Dundee in April 2026.']);
  });

  it("keeps daily life in a city a move names, another person's, one said after the move, and biography", async () => {
    await tag.add(
      { memory: 'The user works in Glasgow, at the university library.', said: '2025-03-10', subject: 'the user', isStatic: true },
      { memory: 'The user grew up in Paisley.', said: '2025-03-10', subject: 'the user', isStatic: true },
      { memory: 'Sam works in Leeds.', said: '2025-03-10', subject: 'Sam', isStatic: true },
      { memory: 'The user moved to a new flat in Glasgow.', said: '2026-04-28', subject: 'the user', attribute: 'residence', isStatic: true },
      { memory: 'The user trains in Partick on Sundays.', said: '2026-05-02', subject: 'the user', isStatic: true },
    );
    const p = await tag.profile();
    expect(p.static).toContain('The user works in Glasgow, at the university library.');
    expect(p.static).toContain('The user grew up in Paisley.');
    expect(p.static).toContain('Sam works in Leeds.');
    expect(p.static).toContain('The user trains in Partick on Sundays.');
    expect(locatedIn('The user was born in Leeds and studied in York.')).toEqual([]);
  });

  it("shows a pet's death as recent context while it is recent, never as a lasting fact", async () => {
    await tag.add(
      { memory: "The user's labrador Bramble died peacefully.", said: '2026-04-03', subject: 'the user', attribute: 'pet:dog', isStatic: true },
      { memory: 'The user got a rescue cat, Pickle.', said: '2026-04-20', subject: 'the user', attribute: 'pet:cat', isStatic: true },
    );
    let p = await tag.profile();
    expect(p.static).toEqual(['The user got a rescue cat, Pickle.']);
    expect(p.dynamic).toEqual(["The user's labrador Bramble died peacefully."]);
    await tag.add({ memory: 'The user started pottery classes.', said: '2026-07-20', subject: 'the user' });
    p = await tag.profile();
    expect(p.static).toEqual(['The user got a rescue cat, Pickle.']);
    expect(p.dynamic).toEqual(['The user started pottery classes.']);
    // A person's death is not a pet's.
    expect(petDied({ memory: "The user's grandfather died in 2019.", attribute: null })).toBe(false);
  });

  it("leaves out a dead pet's life told before its death, not another pet's nor a person's of the same name", async () => {
    await tag.add(
      { memory: 'Bramble loves the beach at Portobello.', said: '2026-02-01', subject: 'Bramble', isStatic: true },
      { memory: 'Pickle sleeps on the radiator.', said: '2026-02-01', subject: 'Pickle', isStatic: true },
      { memory: "The user's labrador Bramble died peacefully.", said: '2026-04-03', subject: 'the user', attribute: 'pet:dog', isStatic: true },
      { memory: 'Bramble the new puppy chews everything.', said: '2026-04-20', subject: 'Bramble', isStatic: true },
    );
    const p = await tag.profile();
    expect([...p.static].sort()).toEqual(['Bramble the new puppy chews everything.', 'Pickle sleeps on the radiator.']);
  });

  it('leaves out an ending replaced "instead" by the same person, not one without a replacement', async () => {
    await tag.add(
      { memory: 'The user cancelled PureGym.', said: '2025-09-03', subject: 'the user', isStatic: true, documentIds: ['d1'] },
      { memory: 'The user joined the Better leisure centre instead.', said: '2025-09-03', subject: 'the user', isStatic: true, documentIds: ['d1'] },
      { memory: 'Sam quit the choir.', said: '2025-09-04', subject: 'Sam', isStatic: true, documentIds: ['d2'] },
    );
    const p = await tag.profile();
    expect([...p.static].sort()).toEqual(['Sam quit the choir.', 'The user joined the Better leisure centre instead.']);
  });
});
