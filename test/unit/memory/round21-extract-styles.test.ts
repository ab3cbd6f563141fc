import { describe, expect, it } from 'vitest';
import { withoutFillers } from '../../../src/memory/spoken-fillers.js';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * Round 21 (issue 26): text styles the earlier splits lacked (fresh21): voice notes with fillers, learners' English,
 * texting, journal lines and numbers that change. Sentences written for these tests.
 */
const read = factsReader('2026-05-04');
const chat = (...turns: string[]) => turns.map((t, i) => `${i % 2 === 0 ? 'user' : 'assistant'}: ${t}`).join('\n');
const rows = (text: string) => read(text).map((f) => [f.attribute, f.text] as const);

describe('voice notes', () => {
  it('hesitations and the filler "like" are left out of the facts', () => {
    expect(rows("um so yeah I'm, uh, like a staff nurse now at St Mary's, erm, I've got like four people under me")).toEqual([
      ['role', 'The user works as a staff nurse.'],
      ['employer', "The user works at St Mary's."],
      [null, 'The user has got four people under the user.'],
    ]);
  });

  it('a typed comparison keeps its "like"; an upper-case ER is no hesitation', () => {
    expect(withoutFillers("She's like a sister to me.")).toBe("She's like a sister to me.");
    expect(withoutFillers('I work in the ER at Mercy.')).toBe('I work in the ER at Mercy.');
  });

  it('"now I only ..." after a comma is a statement of its own', () => {
    expect(rows('uh the rota changed, like, now I only work from home on Thursdays').filter((r) => r[0] === 'schedule:work')).toEqual([['schedule:work', 'The user now only works from home on Thursdays.']]);
  });
});

describe("learners' English", () => {
  it('"me and my husband we are living in X now, before we was in Y": the home now, and the one before as past', async () => {
    const texts = await latestTexts(['Me and my husband we are living in Porto now, before we was in Braga.', '2026-02-01']);
    expect(texts.filter((t) => /Porto/.test(t))).toEqual([expect.stringMatching(/^The user's husband and the user are living in Porto/)]);
    expect(texts.some((t) => /Braga/.test(t) && !/used to/.test(t))).toBe(false);
  });

  it('"I am working in Siemens like engineer", "I am speaking Greek and a little of Italian"', () => {
    expect(rows('I am working in Siemens like engineer since 2021.').map((r) => r[0])).toEqual(['employer', 'role']);
    expect(rows('I am speaking Greek and a little of Italian.').map((r) => r[0])).toEqual(['language:greek', 'language:italian']);
  });
});

describe('texting and journals', () => {
  it('a change said as a judgement\'s subject: "moving to X was the best decision", "leaving X was scary but i started at Y"', () => {
    expect(rows(chat('honestly moving to bristol was the best thing i did', 'Glad to hear it!'))).toEqual([['residence', 'The user moved to Bristol.']]);
    expect(rows(chat('ngl leaving lidl was scary but i started at asda last week and its way better', 'Congrats!')).map((r) => r[0])).toEqual(['employer', 'employer']);
  });

  it('"The new place in X is ..." in a journal is the author\'s new home, without the comparison', () => {
    expect(rows('March 9. The new flat in Glasgow is tiny compared to Edinburgh. Slept badly.')).toEqual([['residence', "The user's new flat is in Glasgow."]]);
  });

  it('an allergy given as a reason, and one said before "so don\'t suggest ..."', () => {
    expect(rows("At dinner I skipped the prawns because I'm allergic to shellfish.").filter((r) => r[0]?.startsWith('allergy'))).toEqual([['allergy:shellfish', 'The user is allergic to shellfish.']]);
    expect(rows(chat('btw im alergic to latex so dont suggest anything with it', 'Noted.'))).toEqual([['allergy:latex', 'The user is allergic to latex.']]);
  });

  it('chat small talk states nothing: "lol same this weather is killing me"', () => {
    expect(read(chat('lol same this weather is killing me', 'Stay cool!'))).toEqual([]);
  });
});

describe('numbers that change', () => {
  it('a salary or rent that "went up to" an amount replaces the one before', async () => {
    const pay = await latestTexts(['My salary is £40,000 a year.', '2025-09-01'], ['Quick update: after the review my salary went up to £44,500.', '2026-03-01']);
    expect(pay.filter((t) => /salary/.test(t))).toEqual([expect.stringContaining('44,500')]);
    const rent = await latestTexts(['My rent is 900 a month.', '2025-09-01'], ['From April my rent goes up to 975 a month, ugh.', '2026-05-01']);
    expect(rent.filter((t) => /rent/.test(t))).toEqual([expect.stringContaining('975')]);
  });

  it('rent said as what the user pays, and a team that grows', async () => {
    expect(rows('I pay 650 a month rent, sharing with two friends.').map((r) => r[0])).toEqual(['rent']);
    const team = await latestTexts(['I manage a team of 4 designers.', '2025-10-01'], ['We hired two juniors, so I now manage a team of 6.', '2026-03-01']);
    expect(team.filter((t) => /team of/.test(t))).toEqual(['The user now manages a team of 6.']);
  });
});

describe('emails and notes', () => {
  it("a short signed email is its signer's: the body's I and the signature's title are one person", () => {
    const facts = read('Hi all,\n\nI have uploaded the slides to the shared drive.\n\nKind regards,\nJonas Weber\nHead of Research | Finch Labs');
    expect(new Set(facts.map((f) => f.subject))).toEqual(new Set(['Jonas Weber']));
    expect(facts.filter((f) => f.attribute === 'role').map((f) => f.aliases)).toEqual([['the user']]);
  });

  it('a new flat in a district is the new home, unless the same note moved the subject to a city', () => {
    expect(rows('life update: new job (Wise, backend) + new flat (Peckham) 🎉').filter((r) => r[0] === 'residence')).toEqual([['residence', "The user's new flat is in Peckham."]]);
    expect(
      rows('I moved to Madrid last month! new flat in Lavapies')
        .filter((r) => r[0] === 'residence')
        .map((r) => r[1]),
    ).toEqual([expect.stringContaining('Madrid')]);
  });
});
