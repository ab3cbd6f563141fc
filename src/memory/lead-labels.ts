import { isKnownName } from './lexicon.js';
import { PARTNER_WORDS, RELATIVE_WORDS } from './attribute-patterns.js';

/**
 * Labels and time leads that open a statement without being part of it, as apps, agents and people write them:
 * "Team notes: Marco works at Accenture", "Session summary (2026-08-19): The user has become a nurse practitioner",
 * "User changed jobs: now works at Linear", "2026-06-02: the user replaced the Galaxy", "Got the news today: promoted
 * to group PM", "As of May 2026, Hannah lives in Basel". The statement after the label is read as the sentence (its
 * subject, or the author's when it has none); a label naming a person ("Dad: lives in Galway", "Maya: I work at
 * Figma") is whose the words are, and stays.
 */

/** A label: a date, or up to five words with an optional bracket ("Team notes (Jun)"), then a colon. */
const LABEL = /^(?<label>(?:\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|\p{L}[\p{L}\d'’ -]{0,40}?)(?:\s*\([^()]{1,30}\))?)\s*[:—–]\s+(?<rest>\S.*)$/u;
/** "As of May 2026,", "Effective 1 June,", "Starting this week,": when the statement holds from, not a statement ("starting at Revolut on monday," is one). */
const TIME_LEAD = /^(?:as of|effective|starting(?!\s+(?:at|with)\s)|from)\s+(?:[\p{L}\d,.'’-]+\s+){0,3}?[\p{L}\d.'’-]+,\s+(?=\S)/iu;
const PERSON_LABEL = new RegExp(String.raw`^(?:(?:my|our)\s+)?(?:${RELATIVE_WORDS}|${PARTNER_WORDS}|me|I|user|assistant|ai|bot|agent|system)$`, 'iu');

/** "Quick note that from Monday I'm ...", "Just to let you know, we've moved": how an announcement opens, not its statement. */
const ANNOUNCING =
  /^(?:(?:just\s+)?(?:a\s+)?(?:quick|brief|short|small)?\s*(?:note|heads[- ]up|reminder|update|fyi)\s+that|(?:just\s+)?(?:to\s+)?(?:let|letting)\s+(?:you|everyone|you all|y'all)\s+know(?:\s+that)?,?|(?:just\s+)?(?:wanted\s+to\s+)?(?:flag|mention|say)\s+that)\s+(?=\S)/iu;

/** "(please note) our new office address", "my new mobile number": a field of an owner, said as a label. */
const OWNED_FIELD =
  /^(?:(?:please\s+)?note\s+)?(?<owner>my|our|his|her|their)\s+(?:(?:new|current|updated|latest)\s+)?(?<field>(?:office|work|home|postal|mailing|billing)\s+address|address|(?:mobile|phone|work|home)\s+number|email(?:\s+address)?)$/iu;

export function withoutLeadLabel(sentence: string): string {
  const announced = ANNOUNCING.exec(sentence.trim());
  const s = announced ? capitalise(sentence.trim().slice(announced[0].length)) : sentence.trim();
  const timed = TIME_LEAD.exec(s);
  if (timed) return capitalise(s.slice(timed[0].length));
  const m = LABEL.exec(s);
  if (!m?.groups) return s;
  const label = m.groups.label!.trim();
  const rest = m.groups.rest!;
  const words = label
    .replace(/\([^()]*\)/g, ' ')
    .trim()
    .split(/\s+/);
  // "Please note our new office address: 12 Canal Street, Leeds": an owned field and its value is a statement of it.
  const owned = OWNED_FIELD.exec(label);
  if (owned?.groups && !/^(?:I|we|he|she|they)\b/i.test(rest) && !/\b(?:is|are|was|were|has|have|will)\b/.test(rest) && /[\p{Lu}\d]/u.test(rest)) {
    return `${capitalise(owned.groups.owner!.toLowerCase())} ${owned.groups.field!.trim()} is ${rest}`;
  }
  // "New number: 555-0199", "Current role: staff engineer": a field and its value, read as such elsewhere; "We have two
  // kids: Mia and Leo": a statement whose colon opens its list.
  if (words.length > 5 || rest.split(/\s+/).length < 3 || !/^\p{L}/u.test(rest) || /^(?:new|current|old|previous|updated|my|our|his|her|their|i|i'm|we|we're|we've|he|she|they|it|there|this|these)\b/i.test(label))
    return s;
  // "Maya: ...", "Dad: ...", "Lena Novak: ...": whose words or fields they are.
  // "me: left Ocado, started at Deliveroo": the author's own label, then what they did.
  if (/^(?:me|myself)$/i.test(label) && /^(?:(?:now|just|finally|also)\s+)?\p{Ll}+ed\b|^(?:left|quit|got|began|became|took|sold|bought|went)\b/u.test(rest)) return `I ${rest}`;
  if (PERSON_LABEL.test(label) || (words.length <= 2 && words.every((w) => /^\p{Lu}/u.test(w)) && isKnownName(words[0]!))) return s;
  // "User changed jobs: now works at Linear": the label's subject is the statement's.
  const owner = /^(?:the\s+)?user\b/i.test(label) ? 'The user' : null;
  if (owner && /^(?:(?:now|just|recently|finally|also|currently)\s+)?\p{Ll}+s\b/u.test(rest)) return `${owner} ${rest}`;
  // "Got the news: promoted to group PM", "Update: hired by Stripe": a past participle is what happened to the author.
  if (/^(?:promoted|hired|appointed|named|elected|made|offered|accepted|transferred|moved up)\b/i.test(rest)) return `Got ${rest}`;
  return rest;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
