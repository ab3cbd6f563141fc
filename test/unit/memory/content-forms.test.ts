import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../../src/memory/offline-extractor.js';
import { factsReader, latestTexts } from './memory-fixture.js';

/**
 * The forms apps send content in (blind24, round 22; issue 26): JSON records, email threads with quoted replies,
 * phone chat exports, voice notes without punctuation, scanned forms and settings lines are read as the statements
 * they make, and the old value a form carries beside the new one (a quoted reply, `previous_attributes`, "Old
 * address") never speaks. Read end to end (offline extractor, heuristic judge, hash embedder).
 */
const read = factsReader('2026-03-02');
const rows = (content: string, date?: string) => read(content, date).map((f) => [f.subject, f.attribute, f.text]);

describe('a JSON record is statements about its subject', () => {
  it('a CRM contact: name fields give the subject, a nested address the home city, a new record moves it', async () => {
    const contact = (city: string) => JSON.stringify({ object: 'contact', firstName: 'Elena', lastName: 'Marsh', company: 'Acme Robotics', title: 'VP of Sales', address: { city, state: 'TX' } });
    expect(rows(contact('Austin'))).toContainEqual(['Elena Marsh', 'residence', 'Elena Marsh lives in Austin.']);
    expect(rows(contact('Austin'))).toContainEqual(['Elena Marsh', 'employer', 'Elena Marsh works at Acme Robotics.']);
    const latest = await latestTexts([contact('Austin'), '2026-02-02'], [contact('Nashville'), '2026-06-18']);
    expect(latest.filter((t) => t.includes('Austin'))).toEqual([]);
    expect(latest).toContain('Elena Marsh lives in Nashville.');
  });

  it("a webhook's previous_attributes are never stated; its plan versions the earlier one", async () => {
    const event = (plan: string, previous?: string) =>
      JSON.stringify({
        type: 'customer.subscription.updated',
        data: { object: { customer_name: 'Hannah Okafor', plan: { nickname: plan } }, ...(previous ? { previous_attributes: { plan: { nickname: previous } } } : {}) },
      });
    expect(read(event('Pro', 'Starter')).map((f) => f.text)).toEqual(["Hannah Okafor's subscription tier is Pro."]);
    const latest = await latestTexts([event('Starter'), '2026-01-15'], [event('Pro', 'Starter'), '2026-05-20']);
    expect(latest.filter((t) => t.includes('Starter'))).toEqual([]);
  });

  it("a household's members keep their own allergies; a settings blob's user owns its preferences", () => {
    const household = JSON.stringify({
      household: {
        owner: 'Grace Lee',
        members: [
          { name: 'Sam Lee', relation: 'partner', allergies: ['peanuts'] },
          { name: 'Lily Lee', relation: 'daughter', allergies: ['dairy'] },
        ],
      },
    });
    const facts = rows(household);
    expect(facts).toContainEqual(['Sam Lee', 'allergy:peanut', 'Sam Lee is allergic to peanuts.']);
    expect(facts.filter(([s, a]) => s === 'Lily Lee' && String(a).startsWith('allergy:')).map(([, , t]) => t)).toEqual(['Lily Lee is allergic to dairy.']);
    const settings = JSON.stringify({ user: { displayName: 'Noor' }, preferences: { timezone: 'America/Montreal', notifications: { email: true } } });
    expect(rows(settings)).toContainEqual(['Noor', 'timezone', "Noor's timezone is America/Montreal."]);
  });

  it('a machine event with no person in it states nothing, and a message array is still a chat', () => {
    expect(read(JSON.stringify({ event: 'ping', ok: true, latency_ms: 41 }))).toEqual([]);
    expect(
      rows(
        JSON.stringify([
          { role: 'user', content: 'I live in Lisbon.' },
          { role: 'assistant', content: 'Nice!' },
        ]),
      ),
    ).toEqual([['the user', 'residence', 'The user lives in Lisbon.']]);
  });
});

describe('an email is its author’s new message', () => {
  const reply =
    'From: Dana Whitfield <dana@brightline.co>\nTo: HR <hr@brightline.co>\nSubject: Re: Address check\n\nHi,\nnot any more: I moved to Portland in February.\n\nBest,\nDana\n\n--\nDana Whitfield | Senior Accountant | Brightline LLP\n\n> On Tue, Mar 3, 2026 at 9:14 AM HR <hr@brightline.co> wrote:\n> we have you at 12 Church Lane, Salem. Is that still current?';

  it('the "--" signature names the "I" and gives the title, the quoted reply says nothing', () => {
    const facts = rows(reply, '2026-03-04');
    expect(facts).toContainEqual(['Dana Whitfield', 'residence', 'Dana Whitfield moved to Portland in February 2026.']);
    expect(facts).toContainEqual(['Dana Whitfield', 'role', 'Dana Whitfield works as a Senior Accountant.']);
    expect(facts.filter(([, , t]) => String(t).includes('Salem'))).toEqual([]);
  });

  it('a quoted old signature does not answer beside the new one', async () => {
    const old = 'From: Raj Patel <raj@hooli.com>\nSubject: Q1\n\nThe deck is attached.\n\nCheers,\nRaj Patel\nProduct Manager, Hooli';
    const now = `From: Raj Patel <raj@piedpiper.com>\nSubject: New chapter\n\nAs of this Monday I'm Head of Product at Pied Piper.\n\nRaj\n--\nRaj Patel\nHead of Product, Pied Piper\n\n> On Fri, Jan 9, 2026, Raj Patel <raj@hooli.com> wrote:\n> The deck is attached.\n> Raj Patel\n> Product Manager, Hooli`;
    const latest = await latestTexts([old, '2026-01-09'], [now, '2026-06-15']);
    expect(latest.filter((t) => t.includes('Hooli'))).toEqual([]);
    expect(latest.some((t) => t.includes('Pied Piper'))).toBe(true);
  });

  it('"Sent from my iPhone" under a thank-you is no fact', () => {
    expect(read('Subject: Re: lunch\n\nThanks so much, that was lovely!\n\nSent from my iPhone\n\n> On Fri, 6 Mar 2026, Ana wrote:\n> Great to see you today!')).toEqual([]);
  });
});

describe("a phone's chat export is a chat", () => {
  it('WhatsApp lines: the emoji-named friend is the speaker, "Me" the user, media placeholders nothing', () => {
    const facts = rows('[12/03/2026, 18:04:30] Jess 🌸: we moved to Leeds on Saturday\n[12/03/2026, 18:05:02] Me: amazing!! 🥳 send pics\n[12/03/2026, 18:05:44] Jess 🌸: <Media omitted>', '2026-03-12');
    expect(facts.filter(([s, a]) => s === 'Jess' && a === 'residence').length).toBe(1);
    expect(facts.filter(([, , t]) => /\[|Media|Jess 🌸/.test(String(t)))).toEqual([]);
    expect(facts.filter(([s]) => s === 'the user')).toEqual([]);
  });

  it('an SMS backup line of "Me" is the user speaking', () => {
    expect(rows("Apr 2, 2026 - Me: I'm allergic to shellfish so no paella for me", '2026-04-02').map(([s, a]) => [s, a])).toEqual([['the user', 'allergy:shellfish']]);
  });
});

describe('a voice note without punctuation is read as sentences', () => {
  it('the job said among fillers is found', () => {
    expect(rows('voice note transcript so yeah um i work at the riverside clinic as a nurse its fine the hours are okay i guess anyway talk later')).toEqual([
      ['the user', 'employer', 'The user works at the riverside clinic.'],
      ['the user', 'role', 'The user works as a nurse.'],
    ]);
  });

  it('a call that only says hi states nothing', () => {
    expect(read('um hi yeah just calling to say hi nothing important really okay talk soon bye')).toEqual([]);
  });
});

describe('a scanned form is its fields', () => {
  it('capitals written as names, recognition errors undone, the old address left out', async () => {
    const form = "CHANGE OF ADDRESS NOTIFICATION\n\nFull name: MAEVE O'CONNELL\nOld address: 5 River Road, Cork\nNew address: 18 Harbour View, Ga1way\nEffective from: 01/06/2026";
    const facts = rows(form, '2026-06-03');
    expect(facts).toContainEqual(["Maeve O'Connell", 'residence', "Maeve O'Connell lives in Galway."]);
    expect(facts.filter(([, , t]) => /Cork|NOTIFICATION/.test(String(t)))).toEqual([]);
    const latest = await latestTexts(["Maeve O'Connell lives at 5 River Road, Cork.", '2026-01-05'], [form, '2026-06-03']);
    expect(latest.filter((t) => t.includes('Cork'))).toEqual([]);
  });

  it('fields printed side by side are fields of their own', () => {
    const facts = rows('PATIENT INTAKE FORM\n\nName: KWAME ASANTE          DOB: 14/02/1988\nAllergies: Penicil1in\nCurrent medications: Lisinopri1 10mg once dai1y', '2026-03-03');
    expect(facts).toContainEqual(['Kwame Asante', 'allergy:penicillin', 'Kwame Asante is allergic to Penicillin.']);
    expect(facts.filter(([s]) => s === 'DOB')).toEqual([]);
  });
});

describe('a setting written as "Label: value"', () => {
  it('is the author’s statement, so a new value versions it', async () => {
    expect(rows('Preferred airline: KLM')).toEqual([['the user', 'field:prefer airlin', "The user's preferred airline is KLM."]]);
    const latest = await latestTexts(['Preferred airline: KLM', '2026-01-10'], ['Preferred airline: Lufthansa', '2026-05-10']);
    expect(latest.filter((t) => t.includes('KLM'))).toEqual([]);
  });

  it('a speaker line is not a setting', () => {
    expect(rows('Maya: I live in Boston.')).toEqual([['Maya', 'residence', 'Maya lives in Boston.']]);
  });

  it('a note titled with an article is not a setting of the user', () => {
    expect(rows('The database migration runbook: stop writes, copy, switch.').filter(([subject]) => subject === 'the user')).toEqual([]);
  });
});

describe('a tool call in a JSON message array', () => {
  it('an assistant message with null content beside tool_calls does not stop the chat being read', () => {
    const chat = JSON.stringify([
      { role: 'user', content: 'I live in Lyon now.' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'update_profile', arguments: '{"city":"Lyon"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '{"ok":true}' },
    ]);
    const facts = extractFacts({ content: chat, title: null, type: 'text', documentDate: '2026-05-03T10:00:00.000Z', metadata: {}, entityContext: null }).facts;
    expect(facts.map((f) => [f.subject, f.attribute])).toEqual([['the user', 'residence']]);
  });
});
