/**
 * Recurring slots said with no person: "the standup moved to Tuesdays", "Team retro is every second Thursday",
 * "book club is the first Wednesday of the month", "the recycling is every other Tuesday". The author keeps such a
 * slot (it is their standup, their recycling), so the sentence is read as theirs ("My standup is on Tuesdays"), which
 * files it as a lasting slot keyed by what recurs (life-patterns.ts): a moved or corrected day replaces it.
 */

import { RELATIVE_WORDS } from './attribute-words.js';

const WEEKDAY = String.raw`(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\b`;
/**
 * A lead that says the sentence corrects or updates ("hang on,", "no wait -", "update:"): dropped, the slot's key says
 * what it replaces ("hang on" would read as an instruction).
 */
const LEAD = /^(?<lead>(?:(?:hang on|no wait|wait|oh|sorry|oops|ok|okay|so|also|fyi|btw|update|heads up|quick update|just so you know|reminder)\s*[,:!.-]+\s*)*)/iu;
const SLOT_SENTENCE = new RegExp(
  String.raw`^(?:(?:[Tt]he|[Oo]ur|[Mm]y)\s+)?(?<r>\p{L}[\p{Ll}-]*(?:\s+[\p{Ll}-]+){0,2})\s+(?<verb>is|are|meets|meet|happens|runs|takes place|is now|are now|(?:gets|get|is|are)\s+(?:collected|emptied|picked up)|goes out|go out|(?:has\s+|have\s+|got\s+|has been\s+|was\s+|just\s+)?(?:moved|switched|changed|shifted|been moved)\s+(?:back\s+)?to|is moving to)\s+(?<when>(?:on\s+)?(?:every\s+(?:other\s+|second\s+|third\s+|alternate\s+)?|the\s+(?:first|second|third|fourth|last)\s+)?${WEEKDAY}.*)$`,
  'u',
);
/** Subjects that are no slot: pronouns, people's words, days themselves, one-off events. */
const NOT_A_SLOT =
  /^(?:it|this|that|he|she|they|we|i|you|what|which|there|here|today|tomorrow|tonight|everything|nothing|something|one|mine|yours|his|hers|who|where|when|mon|tues|wednes|thurs|fri|satur|sun)\b|\b(?:birthday|anniversary|wedding|deadline|funeral|graduation|appointment|interview|flight|party|surgery|operation|exam|test|viva|trip|holiday|visit|call|dinner|lunch|date|delivery)s?$/i;
/** What says the weekday recurs: a plural weekday, "every", or "of the month". */
const RECURS = new RegExp(String.raw`^(?:on\s+)?(?:every\b|the\s+(?:first|second|third|fourth|last)\s+${WEEKDAY}\s+(?:of|in)\s+(?:the|every|each)\s+month|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days\b)`, 'u');

/** The sentence as its author's slot ("My standup is on Tuesdays at 10"), or null when it states no recurring slot. */
export function authorsSlot(sentence: string): string | null {
  const lead = LEAD.exec(sentence)?.groups?.lead ?? '';
  // "choir's moved to Wednesdays": the "'s" of "has".
  const m = SLOT_SENTENCE.exec(sentence.slice(lead.length).replace(/^((?:(?:the|our|my)\s+)?\p{L}[\p{Ll}-]*)['’]s\s+(?=(?:moved|switched|changed|shifted)\b)/iu, '$1 '));
  if (!m?.groups) return null;
  const slot = m.groups.r!;
  if (NOT_A_SLOT.test(slot) || new RegExp(String.raw`^(?:${RELATIVE_WORDS})$`, 'i').test(slot) || !RECURS.test(m.groups.when!)) return null;
  const when = /^(?:on|every|the)\s/.test(m.groups.when!) ? m.groups.when! : `on ${m.groups.when!}`;
  return `My ${slot.charAt(0).toLowerCase()}${slot.slice(1)} is ${when}`;
}

/**
 * "Monday is choir", "Tuesday is bin day", "- Thursday: five-a-side", "Fridays are pizza night": a weekday as the
 * clause's subject names the slot said backwards, rewritten as the slot said forwards ("Choir is on Mondays"), which
 * `authorsSlot` then reads. The weekday is a slot of every week, never the date of the next one. What follows the
 * weekday must be a thing (no article, adjective of the day or plan: "Monday is fine", "Monday is a holiday",
 * "Friday is my last day").
 */
const WEEKDAY_FIRST = new RegExp(
  String.raw`^(?<bullet>\s*(?:[-*+•]\s+)?)(?:(?:and|also|plus)\s+)?(?<day>(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)s?\s*(?:(?:is|are|'s)\s+(?:(?:now|still|always|usually)\s+)?|:\s*|=\s*|[-–—]\s+)(?<r>\p{Ll}[\p{Ll}-]*(?:\s+[\p{Ll}-]+){0,2}?)(?<end>\s*(?:(?:now|these days|again)\s*)?[.!]*)$`,
  'iu',
);
const NOT_A_SLOT_THING =
  /^(?:an?|the|my|our|his|her|their|fine|good|great|ok|okay|free|busy|off|bad|perfect|best|better|worse|hectic|mad|crazy|booked|out|full|packed|quiet|tough|hard|easy|rough|over|done|today|tomorrow|yesterday|next|last|this|when|better for me|no good|not good|not great)\b|\b(?:day off|holiday|last day|first day|deadline|birthday|anniversary)$/i;

export function weekdayFirst(sentence: string): string {
  const m = WEEKDAY_FIRST.exec(sentence);
  if (!m?.groups || NOT_A_SLOT_THING.test(m.groups.r!)) return sentence;
  const thing = m.groups.r!;
  const day = m.groups.day!;
  return `${thing.charAt(0).toUpperCase()}${thing.slice(1)} is on ${day.charAt(0).toUpperCase()}${day.slice(1).toLowerCase()}s${/now|these days|again/.test(m.groups.end!) ? ` ${m.groups.end!.replace(/[.!]+$/, '').trim()}` : ''}.`;
}
