/**
 * Round 19 (issue 26, judge21): two facts of one slot stated in one sentence ("We got a rescue cat, Pickle!" → "The
 * user and others got a rescue cat." and "The user's rescue cat is called Pickle.", which extends it) share their
 * time; the profile keeps the one that extends the other, whichever id sorts first.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileTag, type ProfileTag } from './memory-profile15-fixture.js';

describe('two facts of one slot learned at one time', () => {
  let tag: ProfileTag;
  beforeEach(async () => {
    tag = await profileTag(30);
  });
  afterEach(() => tag.close());

  it('the profile keeps the extension, whichever of the two ids sorts first', async () => {
    const at = '2026-07-07T10:00:00.000Z';
    const cat = { said: '2026-07-07', subject: 'the user', attribute: 'pet:cat', isStatic: true, createdAt: at, updatedAt: at };
    for (const [parentId, childId] of [
      ['00000000-0000-4000-8000-000000000001', 'ffffffff-0000-4000-8000-000000000002'],
      ['ffffffff-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004'],
    ] as const) {
      await tag.add(
        { ...cat, id: parentId, rootMemoryId: parentId, memory: 'The user and others got a rescue cat.' },
        { ...cat, id: childId, rootMemoryId: childId, memory: "The user's rescue cat is called Pickle.", relation: 'extends', parentMemoryId: parentId },
      );
      expect((await tag.profile()).static).toEqual(["The user's rescue cat is called Pickle."]);
      await tag.close();
      tag = await profileTag(30);
    }
  });
});
