import { DIETS, LANGUAGES } from './attribute-words.js';

/**
 * A setting the author asks to be changed, said as a request (issue 26, round 23): "Set my diet to pescatarian",
 * "Please update my mobile number: it's now 07700 900123", "can you change my email to j@x.io". The request states
 * the author's new value: "I'm pescatarian.", "My mobile number is 07700 900123." (a request without a value, "update
 * my address please", states nothing and is left as it is). A courtesy after a statement ("My mobile is 07700 900456
 * if you need me") is said to the reader: it is cut, so the statement is no longer read as a condition. The value must
 * have its field's shape (review23 F2): "update my address to include the flat number", "switch my phone to silent
 * mode" and "set my language to English for now" name no new value and are left as they are.
 */

const ASK = String.raw`(?:(?:(?:can|could|would|will)\s+you\s+|pls\s+|plz\s+|please\s+|kindly\s+)?(?:please\s+)?)`;
const CHANGE = String.raw`(?:update|change|set|switch|make)`;
// What the request names: "my diet", "my mobile number", "my work email", "our home address". A short noun phrase.
const WHAT = String.raw`(?<what>(?:[\p{Ll}-]+\s+){0,2}?(?:diet|number|mobile|phone|cell|email|e-mail|address|email address|time ?zone|language|pronouns|title|job title|name|nickname|city|username|handle))`;
const VALUE = String.raw`(?<value>[^,;!?()]*[^\s,;!?().]|\+?\d[\d\s().-]{5,}\d)`;
// "to be X" before "to X": otherwise the value of "change my name to be Jo" is "be Jo".
const REQUEST = new RegExp(String.raw`^${ASK}${CHANGE}\s+(?<owner>my|our)\s+${WHAT}(?:\s+to\s+be\s+|\s+(?:to|as)\s+|\s*[:—–-]\s*(?:(?:it's|it is|its|the new one is)\s+)?(?:now\s+)?)${VALUE}`, 'iu');
const DIET = new RegExp(String.raw`^(?:${DIETS})$`, 'i');
// "… please", "… thanks": a courtesy after the value, cut.
const POLITE_TAIL = /\s+(?:please|pls|plz|thanks|thank you|cheers)$/i;
// "English for now", "Jo in the app": a value only for a while or only in the app, no lasting fact about the author.
const SCOPED = /\s(?:for now|for the moment|for today|for this (?:chat|conversation|session)|temporarily|in (?:the|this) app|on (?:the|this) app|in (?:the|this) chat)$/i;
// "include the flat number", "be less formal", "show weekly digests", "more fish": what to do, not the value.
const NO_VALUE =
  /^(?:include|includ(?:es|ing)|add|remove|show|hide|use|read|look|sound|say|be|being|become|have|get|make|go|send|receive|display|appear|reflect|match|only|just|more|less|something|anything|whatever|private|public|default|silent|mute|muted|vibrate|weekly|daily|monthly)\b/i;
const LANGUAGE = new RegExp(String.raw`^(?:${LANGUAGES})$`, 'i');
const STREET = /\b(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|close|way|place|pl|court|ct|crescent|terrace|square|sq|boulevard|blvd|gardens|grove|mews|row|hill|parade|cottage|farm|house|manor)\b/i;
const CAPITALISED = /^(?:\p{Lu}[\p{L}'’.-]*)(?:\s+\p{Lu}[\p{L}'’.-]*){0,3}$/u;

/** Whether the value has the shape of what the request names: an email has "@", a number seven digits… */
function fits(what: string, value: string): boolean {
  if (NO_VALUE.test(value)) return false;
  const field = what.split(/\s+/).at(-1)!;
  if (/e-?mail/.test(what)) return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
  if (/^(?:number|mobile|phone|cell)$/.test(field)) return (value.match(/\d/g) ?? []).length >= 7 && !/\p{L}{3,}/u.test(value);
  if (field === 'address') return /\d/.test(value) || (STREET.test(value) && /\p{Lu}/u.test(value));
  if (field === 'name' || field === 'nickname' || field === 'city') return CAPITALISED.test(value);
  if (field === 'language') return LANGUAGE.test(value);
  if (/zone$/.test(field))
    return /^(?:(?:UTC|GMT)\s*(?:[+-]\s*\d{1,2}(?::?\d{2})?)?|[A-Z]{3,4}|\p{Lu}\p{L}+\/[\p{L}_/]+|(?:Pacific|Mountain|Central|Eastern|Atlantic)(?: Standard| Daylight)? Time|(?:British|Central European|Eastern European|Western European)(?: Summer| Standard)? Time)$/u.test(
      value,
    );
  if (field === 'diet') return DIET.test(value);
  if (field === 'pronouns') return /^(?:she|he|they|ze|xe|it)\s*\/\s*(?:her|him|them|hir|zir|xem|its|they|she|he)(?:\s*\/\s*\p{L}+)?$/iu.test(value);
  if (field === 'username' || field === 'handle') return /^@?[\w.-]{2,}$/u.test(value);
  return value.split(/\s+/).length <= 4;
}
// "if you need me", "in case you need it", "if anyone needs to reach me": a courtesy to the reader, no condition.
const COURTESY = /\s*,?\s+(?:if|in case)\s+(?:you|anyone|anybody|someone)\s+(?:ever\s+)?(?:needs?|wants?)\s+(?:to\s+(?:reach|contact|call|text)\s+)?(?:me|us|it|anything|them)\b\s*(?=[.!]*\s*$)/iu;

/** The request as the author's statement of the new value, or the sentence without a courtesy tail, or the sentence. */
export function requestedSetting(sentence: string): string {
  const trimmed = sentence.trim();
  const m = REQUEST.exec(trimmed);
  if (m) {
    const value = m.groups!.value!.trim().replace(POLITE_TAIL, '');
    const what = m.groups!.what!.trim().toLowerCase();
    const owner = m.groups!.owner!.toLowerCase() === 'our' ? 'Our' : 'My';
    const rest = trimmed.slice(m[0].length);
    // "Set my diet to pescatarian, I've started eating fish again": the reason after it stays a sentence of its own.
    const after = /^\s*[,;]\s*(\S.*)$/su.exec(rest)?.[1];
    const tail = after && /^(?:I|I'm|I've|we|we're|we've|my|our)\b/.test(after) ? `; ${after}` : '';
    if (value.split(/\s+/).length <= 6 && !/^(?:it|that|this|them)$/i.test(value) && !SCOPED.test(` ${value}`) && fits(what, value)) {
      const said = what === 'diet' ? `${owner === 'Our' ? "We're" : "I'm"} ${value.toLowerCase()}.` : `${owner} ${what} is ${value}.`;
      return tail ? `${said.slice(0, -1)}${tail}` : said;
    }
  }
  return COURTESY.test(trimmed) && /^(?:my|our|I|I'm|we|we're)\b/i.test(trimmed) ? trimmed.replace(COURTESY, '') : sentence;
}

// "new number!! +44 7911 123456", "New mobile: 07700 900111", "got a new number - 555 0100": the value after the news.
// The old number's end said after it ("old one is dead") is part of the news. Only where the news is cut from its value by "!" or nothing ("New number: 07700 …" already reads as a statement).
const NEW_NUMBER =
  /(^|[.!?…]\s+|\n\s*)(?:(?:I(?:'ve| have)?\s+)?got\s+a\s+|my\s+)?new\s+(?:phone\s+|mobile\s+|cell\s+)?(number|mobile|phone|cell)\s*(?:!+\s*|\s)(\+?\d[\d ()-]{5,}\d)(?![\d])(?!\s*[,;])(?:[^\p{L}\d\n]*(?:the\s+)?old\s+(?:one|number)\s+(?:is|'s)\s+(?:dead|gone|cancell?ed|broken|disconnected|not working|no longer in use)\b[.!]*)?/giu;

/** A new phone number announced with its value, as the author's statement ("My new number is +44 …."). */
export function newNumberStated(text: string): string {
  return text.replace(NEW_NUMBER, (_, lead: string, what: string, value: string) => `${lead}My new ${/^(?:number|phone)$/i.test(what) ? 'number' : `${what.toLowerCase()} number`} is ${value}.\n`);
}
