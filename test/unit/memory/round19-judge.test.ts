import { describe, expect, it } from 'vitest';
import { parseConversation } from '../../../src/memory/conversation.js';
import { transcript } from '../../../src/services/conversations.js';
import { latestMemories } from './memory-fixture.js';

/**
 * Round 19 (issue 26, judge21): named user turns of a conversation, one member of a set ending, and a person's own
 * word on their job after someone else's report. Sentences written for these tests.
 */
describe('named user turns beside an assistant', () => {
  it('a member who speaks once is a speaker in a transcript written by POST /v4/conversations; a place heading a line of an answer is not', () => {
    const content = transcript([
      { role: 'user', name: 'Noor', content: 'I work at Arup' },
      { role: 'user', name: 'Tariq', content: 'I just moved to Porto' },
      { role: 'assistant', content: 'Congrats Tariq!\nPorto is lovely.' },
      { role: 'user', name: 'Noor', content: 'we should visit' },
    ]);
    expect(parseConversation(content, '2026-03-01T10:00:00.000Z')?.map((t) => t.speaker)).toEqual(['Noor', 'Tariq', 'the assistant', 'Noor']);
    // A place heading a line of the assistant's answer stays part of the answer.
    const turns = parseConversation('Maya: any trip ideas?\nAssistant: Sure:\nLisbon: cheap and sunny\nPorto: great wine\nMaya: thanks!', '2026-03-01T10:00:00.000Z');
    expect(turns?.map((t) => t.speaker)).toEqual(['Maya', 'the assistant', 'Maya']);
  });
});

describe('one member of a set ends', () => {
  it('"two dogs, Rufus and Bean" then "Rufus passed away": Bean stays, in a new version of the set', async () => {
    const latest = await latestMemories(['We have two dogs, Rufus and Bean.', '2026-01-04'], ['Rufus passed away on Sunday, he was 14.', '2026-06-22']);
    const set = latest.find((m) => /\bBean\b/.test(m.memory));
    expect(set?.memory).not.toMatch(/Rufus/);
    expect(set?.version).toBe(2);
    expect(latest.some((m) => /Rufus passed away/.test(m.memory))).toBe(true);
  });

  it('the last-named member of three ends and the other two stay', async () => {
    const latest = await latestMemories(['We have three cats: Miso, Tofu and Udon.', '2026-01-04'], ['Udon died last night.', '2026-06-22']);
    const set = latest.find((m) => /\bMiso\b/.test(m.memory));
    expect(set?.memory).toMatch(/\bTofu\b/);
    expect(set?.memory).not.toMatch(/Udon/);
  });
});

describe("a person's own word on their job", () => {
  it('"I\'m still at Monzo" from Dan supersedes Priya\'s report that he started at Wise', async () => {
    const latest = await latestMemories(['Priya: Dan just started at Wise!\nOla: nice', '2026-06-18'], ["Dan: lol no, that's my brother Sam. I'm still at Monzo\nPriya: oops", '2026-06-19']);
    const dans = latest.filter((m) => m.subject === 'Dan').map((m) => m.memory);
    expect(dans.some((t) => /Monzo/.test(t))).toBe(true);
    expect(dans.some((t) => /Wise/.test(t))).toBe(false);
  });
});

describe('a replacement that waves the old thing goodbye', () => {
  it('"finally bought a Pixel 9, bye iPhone 8" ends "using my old iPhone 8 for now"', async () => {
    const latest = await latestMemories(
      ["user: my Samsung S21 died so I'm using my old iPhone 8 for now\nassistant: Oh no, hope it's a quick fix.", '2026-02-02'],
      ['user: finally bought a Pixel 9, bye iPhone 8\nassistant: Enjoy it!', '2026-04-07'],
    );
    expect(latest.some((m) => /Pixel 9/.test(m.memory))).toBe(true);
    expect(latest.some((m) => /using .*iPhone 8/.test(m.memory))).toBe(false);
  });
});
