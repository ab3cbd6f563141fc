/**
 * Weekly habits in a profile (services/profile-schedules.ts): a thing done every week is lasting whichever list the
 * engine filed it in, and the same activity said again on another day replaces the older day; other activities and
 * other people's slots stay.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recurringHabit, sameWeeklySlot } from '../../../src/services/profile-schedules.js';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

describe('weekly habits in a profile', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('shows a weekly habit filed as context among the lasting facts', async () => {
    await tag.add({ memory: "The user's window cleaner Piotr comes on Thursdays.", said: '2025-03-01', subject: 'the user' });
    const p = await tag.profile();
    expect(p.static).toEqual(["The user's window cleaner Piotr comes on Thursdays."]);
    expect(p.dynamic).toEqual([]);
  });

  it('keeps only the newer day when the same activity is said on another weekday', async () => {
    await tag.add(
      { memory: 'The user plays badminton every Monday evening at the sports hall.', said: '2025-03-01', subject: 'the user' },
      { memory: 'Badminton is on Wednesdays now, the hall was double booked.', said: '2025-03-10' },
      { memory: 'The bins go out every other Friday.', said: '2025-03-11', isStatic: true },
    );
    const p = await tag.profile();
    expect(p.static).toContain('Badminton is on Wednesdays now, the hall was double booked.');
    expect(p.static).toContain('The bins go out every other Friday.');
    expect(p.static.join(' ')).not.toContain('Monday');
  });

  it('keeps two activities, two people, and a habit bounded in time apart', async () => {
    await tag.add(
      { memory: 'Ella has ballet on Tuesdays.', said: '2025-03-01', subject: 'Ella', isStatic: true },
      { memory: 'Sam has ballet on Saturdays.', said: '2025-03-02', subject: 'Sam', isStatic: true },
      { memory: 'The user goes climbing every Thursday night.', said: '2025-03-03', subject: 'the user', isStatic: true },
      { memory: 'The user is working Saturdays this month to cover a colleague.', said: '2025-03-04', subject: 'the user' },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(expect.arrayContaining(['Ella has ballet on Tuesdays.', 'Sam has ballet on Saturdays.', 'The user goes climbing every Thursday night.']));
    expect(p.dynamic).toEqual(['The user is working Saturdays this month to cover a colleague.']);
    expect(recurringHabit({ memory: 'The user ran a race on Sunday.', forgetAfter: null })).toBe(false);
    expect(sameWeeklySlot({ memory: 'The bins go out on Mondays.', subject: null }, { memory: 'The recycling goes out on Tuesdays.', subject: null })).toBe(false);
  });
});
