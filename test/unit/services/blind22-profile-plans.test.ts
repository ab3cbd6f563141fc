/**
 * Issue 26, round 20 (blind22): plans and interim states a later fact of the same person settled leave the profile:
 * a planned move once the person lives there, "still in X for now" once they moved, an engagement once they married,
 * and a home once the person moved in with someone elsewhere.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

describe('plans and interim states a later fact settled', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('drops a planned move and the place the person stayed in "for now" once the move is said as done', async () => {
    await tag.add(
      { memory: 'The user is still in Coimbra for now.', said: '2026-03-02', subject: 'the user' },
      { memory: 'The user and others are moving to Porto at the end of the month.', said: '2026-03-02', subject: 'the user', attribute: 'goal:move' },
      { memory: 'The user finally settled in Porto.', said: '2026-03-30', subject: 'the user', attribute: 'residence', isStatic: true },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['The user finally settled in Porto.']);
    expect(p.dynamic).toEqual([]);
  });

  it("keeps a planned move while no later home is in that place, and another person's plan", async () => {
    await tag.add(
      { memory: 'The user and others are moving to Porto at the end of the month.', said: '2026-03-02', subject: 'the user', attribute: 'goal:move' },
      { memory: 'Rita is moving to Braga in May.', said: '2026-03-03', subject: 'Rita' },
      { memory: 'The user lives in Coimbra.', said: '2026-03-20', subject: 'the user', attribute: 'residence', isStatic: true },
    );
    const p = await tag.profile();
    expect(p.dynamic).toEqual(expect.arrayContaining(['The user and others are moving to Porto at the end of the month.', 'Rita is moving to Braga in May.']));
  });

  it('drops the engagement once the person got married', async () => {
    await tag.add(
      { memory: "The user's fiancé is Farid.", said: '2026-04-28', subject: 'the user', attribute: 'partner', isStatic: true },
      { memory: 'The user and others got married in Tangier on 9 May.', said: '2026-05-20', subject: 'the user', attribute: 'relationship', isStatic: true },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['The user and others got married in Tangier on 9 May.']);
  });

  it('drops a home once the person moved in with someone in another town', async () => {
    await tag.add(
      { memory: 'Grandpa Henrik lives in a care home in Aarhus.', said: '2025-09-01', subject: 'Grandpa Henrik', attribute: 'residence', isStatic: true },
      { memory: 'Grandpa Henrik moved in with Aunt Birgit in Odense after Christmas.', said: '2026-01-15', subject: 'Grandpa Henrik' },
    );
    const p = await tag.profile();
    expect([...p.static, ...p.dynamic].filter((t) => t.includes('Aarhus'))).toEqual([]);
  });
});
