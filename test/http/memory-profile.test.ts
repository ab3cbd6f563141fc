/**
 * Issue 26, "Profile": `static` holds the current lasting facts, `dynamic` the recent context (a window before the
 * tag's latest activity) without expired, superseded, contradicted or finished plans; each list once per text and
 * per subject + attribute. Memories are written straight into the store, dated, with subject and attribute.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../src/core/types.js';
import { memoryRecord, storeMemories } from '../helpers/memories.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

const at = (d: string) => `${d}T09:00:00.000Z`;

function maya(memory: string, createdAt: string, over: Partial<MemoryRecord> = {}): MemoryRecord {
  return memoryRecord({ memory, subject: 'Maya', containerTags: ['maya'], createdAt: at(createdAt), ...over });
}

const TIMELINE: MemoryRecord[] = [
  maya('Maya lives in Boston with her partner Sam.', '2026-01-10', { isStatic: true, attribute: 'residence', sourceCount: 3 }),
  maya('Maya works as a product designer at Figma.', '2026-01-10', { isStatic: true, attribute: 'employer' }),
  maya('Maya is allergic to peanuts.', '2026-01-10', { isStatic: true, attribute: 'allergy:peanut' }),
  maya('Maya is allergic to shellfish.', '2026-01-10', { isStatic: true, attribute: 'allergy:shellfish' }),
  // Contradicted later, not linked as a version (a correction the relation judge missed).
  maya('Maya hates running.', '2026-01-12', { isStatic: true, attribute: 'opinion:running' }),
  maya('Maya loves running now.', '2026-09-20', { isStatic: true, attribute: 'opinion:running' }),
  maya('Maya works at Stripe as a senior product designer.', '2026-09-25', { isStatic: true, attribute: 'employer' }),
  maya('maya works at stripe as a senior product designer', '2026-09-24', { isStatic: true, attribute: 'other' }),
  // An 8-month-old event, a plan whose date has passed, a move that happened, a trip that expired, recent events.
  maya('Maya went to a pottery class.', '2026-02-01', { eventDate: '2026-02-01' }),
  maya('Maya is moving to Seattle in September.', '2026-03-14', { eventDate: '2026-09-01', attribute: 'goal:move' }),
  maya('Maya moved to Seattle.', '2026-09-05', { eventDate: '2026-09-05', attribute: 'residence' }),
  maya('Maya is in Lisbon this week.', '2026-09-28', { attribute: 'location', forgetAfter: '2026-10-04T00:00:00.000Z' }),
  maya('Maya ran a half marathon.', '2026-09-27', { eventDate: '2026-09-27' }),
  maya('Maya ran a half marathon.', '2026-09-28', { eventDate: '2026-09-27', id: 'dup-of-half-marathon' }),
  maya('Maya is visiting her parents in Porto.', '2026-09-29', { attribute: 'location' }),
  maya('Maya is visiting her sister in Madrid.', '2026-10-01', { attribute: 'location' }),
  maya('Maya forgot her umbrella.', '2026-09-30', { isForgotten: true, forgottenAt: at('2026-10-01'), forgetReason: 'asked' }),
];

describe('profile', () => {
  let rt: TestRuntime;
  let app: ReturnType<TestRuntime['app']['callback']>;
  const profile = (body: object = {}) =>
    request(app)
      .post('/v4/profile')
      .set(auth)
      .send({ containerTag: 'maya', ...body });

  beforeAll(async () => {
    rt = await createTestRuntime();
    app = rt.app.callback();
    await storeMemories(rt, TIMELINE);
  });
  afterAll(() => rt?.close());

  it('static holds the current lasting facts: newer facts replace older ones of the same subject and attribute', async () => {
    const res = await profile();
    expect(res.status).toBe(200);
    const statics: string[] = res.body.profile.static;
    expect(statics).toEqual(expect.arrayContaining(['Maya is allergic to peanuts.', 'Maya is allergic to shellfish.', 'Maya loves running now.', 'Maya works at Stripe as a senior product designer.']));
    for (const stale of ['Maya hates running.', 'Maya works as a product designer at Figma.', 'Maya lives in Boston with her partner Sam.']) expect(statics).not.toContain(stale);
    // The same text twice (case, spacing and full stop aside) is shown once.
    expect(statics.filter((s) => /stripe/i.test(s))).toHaveLength(1);
  });

  it('dynamic holds recent context newest first, without old events, finished plans, expired, duplicate or replaced facts', async () => {
    const dynamic: string[] = (await profile()).body.profile.dynamic;
    // The newest trip replaces the one before (one current value per subject + attribute).
    expect(dynamic[0]).toBe('Maya is visiting her sister in Madrid.');
    // A move is where she lives now: a lasting fact (round 16), not recent context.
    expect(dynamic).not.toContain('Maya moved to Seattle.');
    expect((await profile()).body.profile.static).toContain('Maya moved to Seattle.');
    expect(dynamic.filter((d) => d === 'Maya ran a half marathon.')).toHaveLength(1);
    for (const gone of ['Maya went to a pottery class.', 'Maya is moving to Seattle in September.', 'Maya is visiting her parents in Porto.', 'Maya is in Lisbon this week.', 'Maya forgot her umbrella.']) {
      expect(dynamic).not.toContain(gone);
    }
  });

  it('the window of recent context is configurable (MNEMO_PROFILE_RECENT_DAYS)', async () => {
    const wide = await createTestRuntime({ MNEMO_PROFILE_RECENT_DAYS: '365' });
    try {
      await storeMemories(wide, TIMELINE);
      const dynamic: string[] = (await request(wide.app.callback()).post('/v4/profile').set(auth).send({ containerTag: 'maya' })).body.profile.dynamic;
      expect(dynamic).toContain('Maya went to a pottery class.');
      // A plan whose date has passed stays out whatever the window.
      expect(dynamic).not.toContain('Maya is moving to Seattle in September.');
    } finally {
      await wide.close();
    }
  });

  it('applies metadata filters, and answers an empty profile for a tag without memories', async () => {
    await storeMemories(rt, [maya('Maya adopted a cat named Miso.', '2026-10-01', { isStatic: true, attribute: 'pet:cat', metadata: { source: 'chat' } })]);
    const filtered = await profile({ filters: { AND: [{ key: 'source', value: 'chat' }] } });
    expect(filtered.status).toBe(200);
    expect(filtered.body.profile).toEqual({ static: ['Maya adopted a cat named Miso.'], dynamic: [] });
    expect((await request(app).post('/v4/profile').set(auth).send({ containerTag: 'nobody' })).body).toEqual({ profile: { static: [], dynamic: [] } });
  });
});
