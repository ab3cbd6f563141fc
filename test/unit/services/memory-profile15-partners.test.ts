/**
 * A former partner in a profile (services/profile-partners.ts): facts that call someone the user's girlfriend or
 * husband, filed under what else they say, are left out once the newest partner fact ends that relationship or names
 * someone else; a partner fact that names nobody ends nothing, and the current partner's facts stay.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

const user = { subject: 'the user', isStatic: true };

describe('former partners in a profile', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('leaves out "my husband X" facts after the user divorced X', async () => {
    await tag.add(
      { memory: "The user's husband Gareth and the user bought a narrowboat in 2023.", said: '2025-01-05', ...user, attribute: 'vehicle' },
      { memory: 'The user divorced Gareth in the autumn.', said: '2025-11-20', ...user, attribute: 'partner' },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['The user divorced Gareth in the autumn.']);
  });

  it('leaves out "my girlfriend X" facts when the newest partner fact names someone else', async () => {
    await tag.add(
      { memory: "The user's girlfriend Rosa is a paramedic.", said: '2025-01-05', subject: 'Rosa', attribute: 'role', isStatic: true },
      { memory: 'The user is seeing Imogen now.', said: '2025-09-01', ...user, attribute: 'partner' },
    );
    expect((await tag.profile()).static).toEqual(['The user is seeing Imogen now.']);
  });

  it('keeps the partner facts when the partner fact names nobody or names the same person', async () => {
    await tag.add(
      { memory: "The user's wife Noor is a pharmacist.", said: '2025-01-05', subject: 'Noor', attribute: 'role', isStatic: true },
      { memory: 'The user is married.', said: '2025-02-01', ...user, attribute: 'partner' },
    );
    expect((await tag.profile()).static).toContain("The user's wife Noor is a pharmacist.");
    await tag.add({ memory: 'The user married Noor in 2019 in Lahore.', said: '2025-03-01', ...user, attribute: 'partner' });
    expect((await tag.profile()).static).toContain("The user's wife Noor is a pharmacist.");
  });
});
