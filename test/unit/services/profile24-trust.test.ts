/**
 * Issue 26, round 22 (profile24): profile items the splits left open. A relative's name is a lasting fact however it
 * is worded and wherever the reader filed it; a thing given away ends what was said about it; something taken up
 * recently is recent context; where the user is, said with no trip and no known home, is where the user lives.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

describe('profiles you can trust (profile24)', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('lists a name given to a relative, a partner or a pet among the lasting facts, whatever list it was filed in', async () => {
    await tag.add(
      { memory: "The user's mom is called Grace, she still teaches piano at 71.", said: '2026-03-02', subject: 'the user', eventDate: '2026-03-02T00:00:00.000Z', isStatic: false },
      { memory: "Ewa's husband's name is Tomasz.", said: '2026-03-02', subject: 'Ewa', attribute: 'partner', isStatic: true },
      { memory: "The user's rescue cat is called Pickle.", said: '2026-03-03', subject: 'the user', isStatic: false },
      { memory: "The user's mom Grace is flying in next month.", said: '2026-03-04', subject: 'the user', isStatic: false },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(expect.arrayContaining(["The user's mom is called Grace, she still teaches piano at 71.", "Ewa's husband's name is Tomasz.", "The user's rescue cat is called Pickle."]));
    // A visit that mentions the name is recent context, not a name given.
    expect(p.dynamic).toEqual(["The user's mom Grace is flying in next month."]);
  });

  it('drops a car or a pet given away from the lasting facts, and nothing a lift or a talk "gave"', async () => {
    await tag.add(
      { memory: "The user's Golf needs new tyres.", said: '2025-11-20', subject: 'the user', attribute: 'vehicle', isStatic: true },
      { memory: 'The user and others have two cats, Mochi and Pepper.', said: '2026-01-25', subject: 'the user', attribute: 'pet:cat', isStatic: true },
      { memory: 'The user reads to Tom every night.', said: '2026-01-25', subject: 'the user', isStatic: true },
      { memory: 'The user gives talks at meetups.', said: '2026-01-25', subject: 'the user', isStatic: true },
      { memory: "The user gave the Golf to the user's nephew.", said: '2026-04-18', subject: 'the user', isStatic: false },
      { memory: "The user and others gave Mochi to the user's parents since she kept fighting with Pepper.", said: '2026-04-18', subject: 'the user', isStatic: false },
      { memory: 'The user gave Tom a lift to school.', said: '2026-04-18', subject: 'the user', isStatic: false },
      { memory: 'The user gave a talk to the team.', said: '2026-04-18', subject: 'the user', isStatic: false },
    );
    const p = await tag.profile();
    expect(p.static.sort()).toEqual(['The user gives talks at meetups.', 'The user reads to Tom every night.']);
  });

  it('shows something taken up inside the window as recent context, and an older start as a lasting fact', async () => {
    await tag.add(
      { memory: 'The user started learning Spanish in January 2025.', said: '2025-02-01', subject: 'the user', attribute: 'language:spanish', eventDate: '2025-01-01T00:00:00.000Z', isStatic: true },
      { memory: 'The user started learning piano as a kid.', said: '2025-12-20', subject: 'the user', isStatic: true },
      { memory: 'The user started learning Welsh on Duolingo in the week of 2025-12-15.', said: '2025-12-20', subject: 'the user', attribute: 'language:welsh', eventDate: '2025-12-15T00:00:00.000Z', isStatic: true },
    );
    const p = await tag.profile();
    expect(p.dynamic).toEqual(['The user started learning Welsh on Duolingo in the week of 2025-12-15.']);
    expect(p.static.sort()).toEqual(['The user started learning Spanish in January 2025.', 'The user started learning piano as a kid.']);
  });

  it("lists where the user is as the user's home when no home is known, not beside one nor on a trip", async () => {
    const alone = await profileTag(30);
    try {
      await alone.add(
        { memory: 'The user is in Galway.', said: '2026-03-07', subject: 'the user', attribute: 'location', eventDate: '2026-03-07T00:00:00.000Z', isStatic: false },
        { memory: "The user's mum lives in Cork.", said: '2026-03-07', subject: "the user's mother", attribute: 'residence', isStatic: true },
      );
      expect((await alone.profile()).static).toContain('The user is in Galway.');
    } finally {
      await alone.close();
    }
    await tag.add(
      { memory: 'The user lives in Dublin.', said: '2026-01-07', subject: 'the user', attribute: 'residence', isStatic: true },
      { memory: 'The user is in Galway.', said: '2026-03-07', subject: 'the user', attribute: 'location', eventDate: '2026-03-07T00:00:00.000Z', isStatic: false },
      { memory: 'Maya is in Lisbon for a conference.', said: '2026-03-07', subject: 'Maya', attribute: 'location', eventDate: '2026-03-07T00:00:00.000Z', isStatic: false },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['The user lives in Dublin.']);
    expect(p.dynamic.sort()).toEqual(['Maya is in Lisbon for a conference.', 'The user is in Galway.']);
  });

  it('lists a job whose planned start has come by the clock among the lasting facts, and not one still to come', async () => {
    await tag.add(
      { memory: 'The user works at Grant Thornton.', said: '2025-01-10', subject: 'the user', attribute: 'employer', isStatic: true },
      { memory: 'The user passed the exam.', said: '2025-06-20', subject: 'the user', isStatic: false },
      { memory: 'The user starts as a chartered accountant at KPMG in July 2025.', said: '2025-06-20', subject: 'the user', eventDate: '2025-07-01T00:00:00.000Z', isStatic: false },
      { memory: 'Maya starts at Stripe in January 2099.', said: '2025-06-20', subject: 'Maya', eventDate: '2099-01-01T00:00:00.000Z', isStatic: false },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['The user starts as a chartered accountant at KPMG in July 2025.']);
    expect(p.dynamic.sort()).toEqual(['Maya starts at Stripe in January 2099.', 'The user passed the exam.']);
  });
});
