/**
 * Issue 26, round 23 (profile25): profile failures of the splits fixed by rule. A thing sold or given away is news,
 * not a lasting fact; a membership taken and a new home arrived at are lasting and replace what they replace; a value
 * said as new replaces the old one once its day has come.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

describe('profiles you can trust (profile25)', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('shows a thing sold or given away as recent news, never among the lasting facts; quitting a habit or a trade-in stays lasting', async () => {
    await tag.add(
      { memory: "The user's dad Robert lives in Tucson.", said: '2026-01-25', subject: 'Robert', attribute: 'residence', isStatic: true },
      { memory: "The user's dad Robert finally sold the Tucson house.", said: '2026-05-30', subject: 'Robert', attribute: 'vehicle', isStatic: true },
      { memory: 'The user quit smoking.', said: '2026-05-30', subject: 'the user', isStatic: true },
      { memory: 'The user traded in the Civic for a Subaru Outback.', said: '2026-05-30', subject: 'the user', attribute: 'vehicle', isStatic: true },
    );
    const p = await tag.profile();
    // A disposal said with what replaced it states the new thing: lasting.
    expect(p.static.sort()).toEqual(['The user quit smoking.', 'The user traded in the Civic for a Subaru Outback.']);
    expect(p.dynamic).toEqual(["The user's dad Robert finally sold the Tucson house."]);
  });

  it('lists a membership taken at a named place as lasting; a planned one stays recent context', async () => {
    await tag.add(
      { memory: 'The user cancelled Triyoga.', said: '2026-06-14', subject: 'the user', isStatic: true },
      { memory: 'The user signed up at Yoga Hero, closer to the flat.', said: '2026-06-14', subject: 'the user', eventDate: '2026-06-14T00:00:00.000Z', isStatic: false },
      { memory: 'The user is joining with Padel Club on 2026-07-01.', said: '2026-06-14', subject: 'the user', eventDate: '2026-07-01T00:00:00.000Z', isStatic: false },
    );
    const p = await tag.profile();
    expect(p.static.sort()).toEqual(['The user cancelled Triyoga.', 'The user signed up at Yoga Hero, closer to the flat.']);
    expect(p.dynamic).toEqual(['The user is joining with Padel Club on 2026-07-01.']);
  });

  it('replaces a value by a new one whose day has come, and keeps the old one beside a change still to come', async () => {
    await tag.add(
      { memory: "The user's rent is $1,850 a month for the flat on Grove Street.", said: '2026-01-14', subject: 'the user', attribute: 'rent', isStatic: true },
      { memory: "The user's new monthly rent is $1,990, effective 1 July 2026.", said: '2026-05-04', subject: 'the user', eventDate: '2026-07-01T00:00:00.000Z', isStatic: false },
      { memory: "The user's salary is £52,000.", said: '2026-01-14', subject: 'the user', attribute: 'salary', isStatic: true },
      { memory: "The user's new salary is £58,000 from 2099-01-01.", said: '2026-05-04', subject: 'the user', eventDate: '2099-01-01T00:00:00.000Z', isStatic: false },
    );
    const p = await tag.profile();
    expect(p.static.sort()).toEqual(["The user's new monthly rent is $1,990, effective 1 July 2026.", "The user's salary is £52,000."]);
    expect(p.dynamic).toEqual(["The user's new salary is £58,000 from 2099-01-01."]);
  });

  it('lists a new home arrived at as where the person lives, in place of the old home; a hotel arrival is a trip', async () => {
    await tag.add(
      { memory: 'The user lives in Manchester.', said: '2026-05-11', subject: 'the user', attribute: 'residence', isStatic: true },
      { memory: 'The user and others have arrived in Toronto, the flat is tiny but the neighbourhood is great.', said: '2026-09-02', subject: 'the user', isStatic: false },
    );
    const trip = await profileTag(30);
    try {
      await trip.add(
        { memory: 'The user lives in Manchester.', said: '2026-05-11', subject: 'the user', attribute: 'residence', isStatic: true },
        { memory: 'The user arrived in Rome, the hotel is next to the house of Keats.', said: '2026-09-02', subject: 'the user', isStatic: false },
      );
      const t = await trip.profile();
      expect(t.static).toEqual(['The user lives in Manchester.']);
      expect(t.dynamic).toEqual(['The user arrived in Rome, the hotel is next to the house of Keats.']);
    } finally {
      await trip.close();
    }
    const p = await tag.profile();
    expect(p.static).toEqual(['The user and others have arrived in Toronto, the flat is tiny but the neighbourhood is great.']);
    expect(p.dynamic).toEqual([]);
  });
});

describe('a job in one city ends with a job taken in another (profile25)', () => {
  it('drops the older job naming Leeds once a job in Manchester is taken; a job taken in the same city keeps it', async () => {
    const moved = await profileTag(30);
    const stayed = await profileTag(30);
    try {
      const before = { memory: 'The user works as an accountant in Leeds.', said: '2026-01-20', subject: 'the user', attribute: 'role', isStatic: true };
      await moved.add(before, { memory: 'The user got a new job at Deloitte in Manchester.', said: '2026-04-28', subject: 'the user', attribute: 'employer', isStatic: true });
      await stayed.add(before, { memory: 'The user got a new job at Deloitte in Leeds.', said: '2026-04-28', subject: 'the user', attribute: 'employer', isStatic: true });
      expect((await moved.profile()).static).toEqual(['The user got a new job at Deloitte in Manchester.']);
      expect((await stayed.profile()).static.sort()).toEqual(['The user got a new job at Deloitte in Leeds.', 'The user works as an accountant in Leeds.']);
    } finally {
      await moved.close();
      await stayed.close();
    }
  });
});
