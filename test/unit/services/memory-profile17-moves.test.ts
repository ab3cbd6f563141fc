/**
 * Issue 26, round 16 (rank17, ask16 and ask17): in a profile, a move said without a residence ("Gran has moved, so
 * anything posted should now go to her new flat in Whitstable") is where the person lives now and replaces the home
 * said before; a return ("back in the London flat") ends a stay bounded in time said before it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { homeMoved } from '../../../src/services/profile-moves.js';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

describe('moves and stays in a profile', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('shows a move said without a residence among the lasting facts, in place of the older home of the same person', async () => {
    await tag.add(
      { memory: 'Gran lives in Canterbury, in the bungalow on Nunnery Road.', said: '2026-01-19', subject: 'Gran', attribute: 'residence', isStatic: true },
      { memory: 'Gran has moved, so anything posted should now go to her new flat in Whitstable.', said: '2026-06-23' },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['Gran has moved, so anything posted should now go to her new flat in Whitstable.']);
    expect(p.dynamic).toEqual([]);
  });

  it("keeps another person's home, and a home when the move is only planned", async () => {
    await tag.add(
      { memory: 'Gran lives in Canterbury.', said: '2026-01-19', subject: 'Gran', attribute: 'residence', isStatic: true },
      { memory: 'The user moved to Whitstable.', said: '2026-06-23', subject: 'the user' },
      { memory: 'Gran is moving to Herne Bay in the autumn.', said: '2026-06-24', subject: 'Gran' },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['Gran lives in Canterbury.', 'The user moved to Whitstable.']);
    expect(homeMoved({ memory: 'Gran is moving to Herne Bay in the autumn.', attribute: null })).toBe(false);
  });

  it('shows "Back home in Dublin" among the lasting facts, not the plan to go back said with the stay', async () => {
    await tag.add(
      { memory: 'The user is in Lisbon until March for a work project, then back home to Dublin.', said: '2026-01-10', subject: 'the user', attribute: 'location' },
      { memory: 'The user is back home in Dublin, so nice to sleep in their own bed.', said: '2026-04-02', subject: 'the user', attribute: 'location' },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['The user is back home in Dublin, so nice to sleep in their own bed.']);
    expect(p.dynamic).toEqual([]);
  });

  it('leaves out a stay for two weeks once the person is back, and keeps one with no return after it', async () => {
    await tag.add(
      { memory: "Working from the user's parents' place in Devon for two weeks while the flat is being painted.", said: '2026-05-04', subject: 'the user' },
      { memory: 'The user is back in the London flat.', said: '2026-05-20', subject: 'the user', attribute: 'location' },
      { memory: 'Sam is staying in Lisbon for a month.', said: '2026-05-10', subject: 'Sam' },
    );
    const p = await tag.profile();
    expect([...p.dynamic].sort()).toEqual(['Sam is staying in Lisbon for a month.', 'The user is back in the London flat.']);
  });
});
