import { DIETS } from './attribute-words.js';

/**
 * A setting the author asks to be changed, said as a request (issue 26, round 23): "Set my diet to pescatarian",
 * "Please update my mobile number: it's now 07700 900123", "can you change my email to j@x.io". The request states
 * the author's new value: "I'm pescatarian.", "My mobile number is 07700 900123." (a request without a value, "update
 * my address please", states nothing and is left as it is). A courtesy after a statement ("My mobile is 07700 900456
 * if you need me") is said to the reader: it is cut, so the statement is no longer read as a condition.
 */

const ASK = String.raw`(?:(?:(?:can|could|would|will)\s+you\s+|pls\s+|plz\s+|please\s+|kindly\s+)?(?:please\s+)?)`;
const CHANGE = String.raw`(?:update|change|set|switch|make)`;
// What the request names: "my diet", "my mobile number", "my work email", "our home address". A short noun phrase.
const WHAT = String.raw`(?<what>(?:[\p{Ll}-]+\s+){0,2}?(?:diet|number|mobile|phone|cell|email|e-mail|address|email address|time ?zone|language|pronouns|title|job title|name|nickname|city|username|handle))`;
const VALUE = String.raw`(?<value>[^,;!?()]*[^\s,;!?().]|\+?\d[\d\s().-]{5,}\d)`;
const REQUEST = new RegExp(String.raw`^${ASK}${CHANGE}\s+(?<owner>my|our)\s+${WHAT}(?:\s+(?:to|as)\s+|\s*[:—–-]\s*(?:(?:it's|it is|its|the new one is)\s+)?(?:now\s+)?|\s+to\s+(?:be\s+)?)${VALUE}`, 'iu');
const DIET = new RegExp(String.raw`^(?:${DIETS})$`, 'i');
// "if you need me", "in case you need it", "if anyone needs to reach me": a courtesy to the reader, no condition.
const COURTESY = /\s*,?\s+(?:if|in case)\s+(?:you|anyone|anybody|someone)\s+(?:ever\s+)?(?:needs?|wants?)\s+(?:to\s+(?:reach|contact|call|text)\s+)?(?:me|us|it|anything|them)\b\s*(?=[.!]*\s*$)/iu;

/** The request as the author's statement of the new value, or the sentence without a courtesy tail, or the sentence. */
export function requestedSetting(sentence: string): string {
  const trimmed = sentence.trim();
  const m = REQUEST.exec(trimmed);
  if (m) {
    const value = m.groups!.value!.trim();
    const what = m.groups!.what!.trim().toLowerCase();
    const owner = m.groups!.owner!.toLowerCase() === 'our' ? 'Our' : 'My';
    const rest = trimmed.slice(m[0].length);
    // "Set my diet to pescatarian, I've started eating fish again": the reason after it stays a sentence of its own.
    const after = /^\s*[,;]\s*(\S.*)$/su.exec(rest)?.[1];
    const tail = after && /^(?:I|I'm|I've|we|we're|we've|my|our)\b/.test(after) ? `; ${after}` : '';
    if (value.split(/\s+/).length <= 6 && !/^(?:it|that|this|them)$/i.test(value)) {
      const said = what === 'diet' && DIET.test(value) ? `${owner === 'Our' ? "We're" : "I'm"} ${value.toLowerCase()}.` : `${owner} ${what} is ${value}.`;
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
