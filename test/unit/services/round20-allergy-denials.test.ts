/**
 * Round 20 (issue 26; rank18's and extract18's leftover): an allergy taken back ("is not allergic to X anymore") is
 * not a lasting fact of the profile (it is recent context while recent). Sentences written for these tests.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

describe('an allergy taken back', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('is not in the static profile; it is recent context while recent', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await tag.add(
      { memory: 'The user is allergic to ibuprofen.', said: '2025-01-10', subject: 'the user', attribute: 'allergy:ibuprofen', isStatic: true },
      { memory: 'The user is no longer allergic to kiwi.', said: today, subject: 'the user', attribute: 'allergy:kiwi', isStatic: true },
    );
    const p = await tag.profile();
    expect(p.static).toEqual(['The user is allergic to ibuprofen.']);
    expect(p.dynamic).toEqual(['The user is no longer allergic to kiwi.']);
  });
});
