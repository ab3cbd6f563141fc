/**
 * The profile's recent context is measured by the day each memory was said (its document's date), not the day it was
 * ingested: a year of notes imported today is not all "recent", a dated event of the last weeks is, and a plan made
 * before its date and passed since is not context any more.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finishedPlan } from '../../../src/services/memory-profile.js';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

describe('profile window by the day a memory was said', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('leaves out context said months before the latest document, though ingested today', async () => {
    await tag.add(
      { memory: 'The user is renovating the kitchen.', said: '2025-02-10' },
      { memory: 'The user has been vegetarian since university.', said: '2025-09-01', isStatic: true, subject: 'the user', attribute: 'diet' },
      { memory: 'The user went to a gig at the Roundhouse.', said: '2025-09-20' },
    );
    const p = await tag.profile();
    expect(p.dynamic).toEqual(['The user went to a gig at the Roundhouse.']);
    expect(p.static).toEqual(['The user has been vegetarian since university.']);
  });

  it('keeps a dated event of the last weeks before the latest document', async () => {
    await tag.add(
      { memory: 'The user ran a first half marathon on 2025-10-18.', said: '2025-10-20', eventDate: '2025-10-18' },
      { memory: 'The user has been vegetarian since university.', said: '2025-11-01', isStatic: true, subject: 'the user', attribute: 'diet' },
    );
    expect((await tag.profile()).dynamic).toEqual(['The user ran a first half marathon on 2025-10-18.']);
  });

  it('leaves out a plan whose date passed after it was said, though learned after that date', async () => {
    await tag.add({ memory: "The user's exam is on 2025-05-14.", said: '2025-05-01', eventDate: '2025-05-14' }, { memory: 'The user passed the exam.', said: '2025-05-30' });
    expect((await tag.profile()).dynamic).toEqual(['The user passed the exam.']);
    // The plan's date is compared with the day it was said (its document's), not the day it was learned.
    expect(finishedPlan({ eventDate: '2025-05-14', createdAt: '2026-01-01T00:00:00.000Z', metadata: { date: '2025-05-01' } }, '2025-05-30')).toBe(true);
  });
});
