/**
 * Job titles and versions in a profile (services/profile-job-changes.ts, memory-profile.ts): a title said as done is
 * the person's title now (lasting) and replaces the title before it, a job ended ends the title, and the new version of
 * a lasting fact is lasting.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

describe('titles and versions in a profile', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('a promotion filed as an event replaces the title and is lasting', async () => {
    await tag.add(
      { memory: 'The user works as a junior architect.', said: '2025-01-10', subject: 'the user', attribute: 'role', isStatic: true },
      { memory: 'The user got promoted to project architect in June.', said: '2025-06-20', subject: 'the user', eventDate: '2025-06-01' },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['The user got promoted to project architect in June.']);
    expect(p.dynamic).toEqual([]);
  });

  it("a job ended ends the title, another person's title stays", async () => {
    await tag.add(
      { memory: 'Farid works as a pilot.', said: '2025-01-10', subject: 'Farid', attribute: 'role', isStatic: true },
      { memory: 'The user works as a pilot.', said: '2025-01-11', subject: 'the user', attribute: 'role', isStatic: true },
      { memory: 'Farid retired from the airline in March.', said: '2025-04-02', subject: 'Farid', attribute: 'employer', isStatic: true },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(expect.arrayContaining(['The user works as a pilot.', 'Farid retired from the airline in March.']));
    expect(p.static).not.toContain('Farid works as a pilot.');
  });

  it('the new version of a lasting fact is lasting, a temporary one is not', async () => {
    const [school] = await tag.add({ memory: 'Ravi teaches at Hill Top Primary.', said: '2025-01-10', subject: 'Ravi', isStatic: true, isLatest: false });
    await tag.add({ memory: 'Ravi is at Brookside Primary now.', said: '2025-02-01', subject: 'Ravi', attribute: 'location', relation: 'updates', version: 2, parentMemoryId: school!.id, rootMemoryId: school!.id });
    const [home] = await tag.add({ memory: 'Ravi lives in Luton.', said: '2025-01-10', subject: 'Ravi', attribute: 'residence', isStatic: true, isLatest: false });
    await tag.add({
      memory: 'Ravi is staying in Bedford until the end of the month.',
      said: '2025-02-02',
      subject: 'Ravi',
      attribute: 'residence',
      relation: 'updates',
      version: 2,
      parentMemoryId: home!.id,
      rootMemoryId: home!.id,
      forgetAfter: '2999-01-01T00:00:00.000Z',
    });
    const p = await tag.profile();
    expect(p.static).toEqual(['Ravi is at Brookside Primary now.']);
    expect(p.dynamic).toEqual(['Ravi is staying in Bedford until the end of the month.']);
  });
});
