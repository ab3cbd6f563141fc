import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

type Version = { id: string; memory: string; version: number; isLatest: boolean; parentMemoryId: string | null };
type Entry = Version & { history?: Version[] };

/**
 * Issue 26, round 19: documents arrive out of date order (connectors and imports backfill old chats after newer ones).
 * The newest fact by its document's date answers, whatever the order of arrival; the older one is an earlier version.
 */
describe('backfilled documents through the API (offline engine)', () => {
  let rt: TestRuntime;
  let server: ReturnType<TestRuntime['app']['callback']>;
  const post = (path: string, body: object) => request(server).post(path).set(auth).send(body);
  const add = async (containerTag: string, content: string, metadata?: Record<string, string | number>) => {
    const res = await post('/v3/documents', { content, containerTag, ...(metadata ? { metadata } : {}) });
    expect(res.status).toBe(200);
    await rt.settle();
  };
  const latest = async (containerTag: string) => ((await post('/v4/memories/list', { containerTags: [containerTag], limit: 100, history: true })).body.memoryEntries as Entry[]).filter((m) => m.isLatest);
  const texts = async (containerTag: string) => (await latest(containerTag)).map((m) => m.memory).sort();
  const firstAnswer = async (containerTag: string, q: string) => ((await post('/v4/search', { q, containerTag, searchMode: 'memories', threshold: 0 })).body.results as { memory: string }[])[0]?.memory ?? '';

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = rt.app.callback();
  });
  afterAll(() => rt.close());

  it('an older chat imported after a newer one is an earlier version: the newer city answers, history lists both by date', async () => {
    await add('bf-move', 'We moved to Seattle last month, the new apartment is near Green Lake.', { date: '2026-10-05' });
    await add('bf-move', 'I live in Boston with my partner Sam.', { date: '2026-02-10' });
    const [home] = (await latest('bf-move')).filter((m) => /Seattle|Boston/.test(m.memory));
    expect(home?.memory).toMatch(/Seattle/);
    expect(home?.history?.map((h) => [h.version, /Boston/.test(h.memory) ? 'Boston' : 'Seattle', h.isLatest])).toEqual([
      [1, 'Boston', false],
      [2, 'Seattle', true],
    ]);
    expect(await firstAnswer('bf-move', 'Where do I live now?')).toMatch(/Seattle/);
    const profile = (await post('/v4/profile', { containerTag: 'bf-move' })).body.profile as { static: string[] };
    expect(profile.static.join(' ')).toMatch(/Seattle/);
    expect(profile.static.join(' ')).not.toMatch(/Boston/);
  });

  it('three jobs imported in shuffled order are chained in date order', async () => {
    await add('bf-jobs', 'I work at Monzo on the payments team.', { date: '2026-05-01' });
    await add('bf-jobs', 'I work at Stripe on the billing team.', { date: '2026-09-01' });
    await add('bf-jobs', 'I work at Revolut on the cards team.', { date: '2025-11-01' });
    const [job] = await latest('bf-jobs');
    expect(job?.history?.map((h) => /Revolut|Monzo|Stripe/.exec(h.memory)?.[0])).toEqual(['Revolut', 'Monzo', 'Stripe']);
    expect(await texts('bf-jobs')).toEqual([expect.stringMatching(/Stripe/)]);
  });

  it('dates given only inside the content order the versions: a Date: header, an e-mail header block, epoch milliseconds', async () => {
    await add('bf-header', 'Date: 2026-03-02\nuser: I just moved to Lisbon!\nassistant: Congrats!');
    await add('bf-header', 'Date: 2025-11-20\nuser: I live in Porto and love it.\nassistant: Nice city.');
    expect(await texts('bf-header')).toEqual([expect.stringMatching(/Lisbon/)]);

    await add('bf-mail', 'From: Jo <jo@example.com>\nTo: Team <team@example.com>\nDate: Tue, 4 Aug 2026 10:14:00 +0000\nSubject: news\n\nI started at Deliveroo on Monday.');
    await add('bf-mail', 'From: Jo <jo@example.com>\nTo: Team <team@example.com>\nDate: Fri, 6 Feb 2026 16:02:00 +0000\nSubject: intro\n\nI work at Ocado on the logistics team.');
    expect(await texts('bf-mail')).toEqual([expect.stringMatching(/Deliveroo/)]);

    await add('bf-epoch', 'I joined Spotify as a data scientist this week.', { date: 1788000000000 });
    await add('bf-epoch', "I'm a data analyst at Deezer.", { date: 1770000000000 });
    expect((await texts('bf-epoch')).join(' ')).not.toMatch(/Deezer/);
  });

  it("a chat export spanning months states each fact on its own turn's date: a note from between them does not win", async () => {
    const turns = [
      { role: 'user', content: 'I live in Porto, near the river.', timestamp: '2026-01-05T10:00:00Z' },
      { role: 'assistant', content: 'Lovely city.', timestamp: '2026-01-05T10:00:04Z' },
      { role: 'user', content: 'Big news: we moved to Lisbon last week!', timestamp: '2026-06-10T09:00:00Z' },
    ];
    await add('bf-export', JSON.stringify(turns));
    await add('bf-export', 'I live in Braga these days.', { date: '2026-03-01' });
    expect((await texts('bf-export')).join(' ')).toMatch(/Lisbon/);
    expect((await texts('bf-export')).join(' ')).not.toMatch(/Braga|Porto/);
  });

  it('a backfilled fact that a later memory already ended stays in the past (a pet that died)', async () => {
    await add('bf-pet', 'Sad news, our cat Biscuit died last week.', { date: '2026-09-03' });
    await add('bf-pet', 'I have a cat named Biscuit who sleeps on my keyboard all day.', { date: '2026-03-10' });
    expect((await texts('bf-pet')).join(' ')).not.toMatch(/sleeps on/);
  });

  it('a dated direct write stays current when an older document about the same person arrives after it', async () => {
    const res = await post('/v4/memories', { containerTag: 'bf-direct', memories: [{ content: 'Maya lives in Lisbon now.', metadata: { date: '2026-09-01' } }] });
    expect(res.status).toBe(200);
    await add('bf-direct', 'Maya lives in Madrid, near Retiro park.', { date: '2026-03-01' });
    expect(await texts('bf-direct')).toEqual(['Maya lives in Lisbon now.']);
  });

  it('controls: documents in date order, and undated ones, keep superseding in arrival order', async () => {
    await add('bf-ordered', 'I live in Glasgow.', { date: '2026-02-01' });
    await add('bf-ordered', 'We moved to Edinburgh last month.', { date: '2026-08-01' });
    expect(await texts('bf-ordered')).toEqual([expect.stringMatching(/Edinburgh/)]);

    await add('bf-undated', 'We moved to Seattle last month.');
    await add('bf-undated', 'I live in Boston now.');
    expect(await texts('bf-undated')).toEqual([expect.stringMatching(/Boston/)]);

    await add('bf-same-day', "I'm vegetarian, have been for years.", { date: '2026-04-04' });
    await add('bf-same-day', "As of today I've gone fully vegan.", { date: '2026-04-04' });
    expect((await texts('bf-same-day')).join(' ')).toMatch(/vegan/);
    expect((await texts('bf-same-day')).join(' ')).not.toMatch(/vegetarian/);
  });
});
