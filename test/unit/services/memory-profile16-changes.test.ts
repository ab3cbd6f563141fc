/**
 * Issue 26, round 15 (rank16, ask16): in a profile, a weekly habit written as terse notes write it ("tue + thu
 * evenings", "mon/wed/fri") is lasting; a job taken ("has been head chef at Ember since August", "started at
 * Deliveroo") and a car acquired ("bought a secondhand Kia Niro") are the person's job and car now, and the older job
 * or car of the same person leaves the profile.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobTaken } from '../../../src/services/profile-job-changes.js';
import { recurringHabit } from '../../../src/services/profile-schedules.js';
import { carAcquired } from '../../../src/services/profile-vehicles.js';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

describe('changes said as events, in a profile', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('shows a habit on abbreviated weekdays among the lasting facts', async () => {
    await tag.add({ memory: 'The user is climbing at The Castle instead, tue + thu evenings.', said: '2026-05-11', subject: 'the user' });
    const p = await tag.profile();
    expect(p.static).toEqual(['The user is climbing at The Castle instead, tue + thu evenings.']);
    expect(recurringHabit({ memory: 'gym: PureGym Moorgate. mon/wed/fri before work.', forgetAfter: null })).toBe(true);
    // A lone "sun" or "sat" is a word, not a day.
    expect(recurringHabit({ memory: 'The user sat in the sun at the park.', forgetAfter: null })).toBe(false);
  });

  it('replaces the older employer and title with a job taken later, and keeps the title when the new job says it is the same', async () => {
    await tag.add(
      { memory: 'The user works at Dishoom.', said: '2026-02-14', subject: 'the user', attribute: 'employer', isStatic: true },
      { memory: 'The user works as a sous chef.', said: '2026-02-14', subject: 'the user', attribute: 'role', isStatic: true },
      { memory: 'The user has been head chef at a little place called Ember in Hackney since the start of August.', said: '2026-08-30', subject: 'the user' },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['The user has been head chef at a little place called Ember in Hackney since the start of August.']);
    expect(p.dynamic).toEqual([]);
  });

  it('keeps the title when the job taken is "the same role", and leaves other people and plans alone', async () => {
    await tag.add(
      { memory: 'The user works at Ocado.', said: '2026-01-04', subject: 'the user', attribute: 'employer', isStatic: true },
      { memory: 'The user works as a product manager.', said: '2026-01-04', subject: 'the user', attribute: 'role', isStatic: true },
      { memory: 'Hana works at the Hackney practice.', said: '2026-01-04', subject: 'Hana', attribute: 'employer', isStatic: true },
      { memory: 'The user: left Ocado, started at Deliveroo (same role).', said: '2026-08-09', subject: 'the user' },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(expect.arrayContaining(['The user works as a product manager.', 'Hana works at the Hackney practice.', 'The user: left Ocado, started at Deliveroo (same role).']));
    expect(p.static).not.toContain('The user works at Ocado.');
    expect(jobTaken({ memory: 'The user wants to start at Google.', forgetAfter: null })).toBe(false);
    expect(jobTaken({ memory: 'The user has been seeing a therapist.', forgetAfter: null })).toBe(false);
  });

  it('replaces the older car with one acquired later, not with one wished for', async () => {
    await tag.add(
      { memory: "The user's car is a 2014 Honda Jazz.", said: '2026-01-08', subject: 'the user', attribute: 'vehicle', isStatic: true },
      { memory: 'The user has bought a secondhand Kia Niro, which is electric.', said: '2026-07-22', subject: 'the user' },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['The user has bought a secondhand Kia Niro, which is electric.']);
    expect(carAcquired({ memory: 'The user wants to buy a Tesla.', forgetAfter: null })).toBe(false);
  });
});
