import { RELATIVE_WORDS, PARTNER_WORDS } from './attribute-words.js';
import { isOrganisation, isVerbForm, mayBeName } from './lexicon.js';
import { openingNameTypedLowercase } from './lowercase-openings.js';

/**
 * Names and places in a sentence typed all in lowercase ("my sister amy lives in bristol", "amy moved to cardiff in
 * june", "we live in leighton buzzard not milton keynes"), written with their capitals so the readers that look for
 * a capitalised name or place find them. Only a sentence with no capital of its own (beyond "I") is touched, and only
 * words in a name's position: after a relative ("my sister amy"), opening the sentence before a verb ("amy moved"),
 * or after a verb of living or moving and its preposition ("lives in bristol", "moved to milton keynes", "got a
 * place in york", "switched my account to monzo", and the value a correction rejects: "not milton keynes"). A word there counts when the lexicon knows it as a name or a
 * place, or does not know it at all (a name it has never seen); a common word ("reading", "june") stays as typed.
 */

const KIN = String.raw`(?:${RELATIVE_WORDS}|${PARTNER_WORDS}|mum|mom|dad|bf|gf|friend|mate|boss|manager|flatmate|roommate|neighbou?r)`;
const FUNCTION =
  /^(?:atm|rn|asap|xmas|tbh|idk|imo|omg|ish|the|a|an|and|or|but|not|now|so|then|who|which|that|this|last|next|since|for|from|with|in|on|at|to|of|is|was|has|had|have|are|were|be|been|just|still|also|too|lol|btw|tho|though|again|today|tonight|yesterday|tomorrow|week|month|year|and|because|when|while|after|before|near|there|here|its|it's|it|he|she|they|we|i|you|my|our|his|her|their|me|us|them|new|old|way|very|really|now|here|area|city|town|centre|center)$/i;
const AFTER_KIN = new RegExp(String.raw`\b((?:my|our|his|her|their)\s+(?:(?:older|younger|little|big|twin|best|baby)\s+)?${KIN}\s+)([\p{Ll}][\p{Ll}'’-]+)\b`, 'gu');
const OPENING = /^([\p{Ll}][\p{Ll}'’-]+)(?=['’]s\s|\s+(?:has|is|was|just|finally|moved|started|starts|quit|left|joined|lives|works|got|went|relocated|switched|changed|became|retired|graduated|\p{Ll}+ed)\b)/u;
const PLACE_AFTER =
  /\b((?:(?:['’]m|am|is|are|['’]re|['’]s|place|flat|house|apartment|home|job)\s+in|switched(?:\s+(?:my|our)\s+[\p{Ll} ]{1,30}?)?\s+to|(?:lives?|living|moved|moving|move|relocated|relocating|based|settled|back|staying|grew up|raised|originally)\s+(?:in|to|at|from|near|out to|over to|up to|down to)|(?:started|starting|work|works|working|worked|left|quit|leaving|joined|joining)\s+(?:at|for)|(?:left|quit|leaving|quitting|joined)|from|not|rather than|instead of)\s+)([\p{Ll}][\p{Ll}'’-]+(?:\s+[\p{Ll}][\p{Ll}'’-]+)?)/gu;

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const nameLike = (w: string) => !FUNCTION.test(w) && !isVerbForm(w) && (mayBeName(w) || isOrganisation(w));

/** The sentence with the names and places of an all-lowercase sentence capitalised, or the sentence itself. */
export function namesTypedLowercase(sentence: string): string {
  if (/\p{Lu}/u.test(sentence.replace(/\bI(?=['’]|\b)/g, ''))) return sentence;
  let s = openingNameTypedLowercase(sentence).replace(AFTER_KIN, (all, lead: string, word: string) => (nameLike(word) ? `${lead}${cap(word)}` : all));
  s = s.replace(OPENING, (word: string) => (nameLike(word) ? cap(word) : word));
  let placed = false;
  s = s.replace(PLACE_AFTER, (all, lead: string, words: string) => {
    // "not" needs a place said before it in the sentence ("live in x not y"); the other leads are verbs of place.
    if (/^(?:not|rather than|instead of)\s/.test(lead) && !placed) return all;
    const parts = words.split(/\s+/);
    // "market harborough", "hebden bridge": two words of which one is a name and the other a noun are one place;
    // else only a name-like first word is ("leeds now", "derby atm").
    const noun = (w: string) => nameLike(w) || (!FUNCTION.test(w) && w.length >= 4 && !/(?:ly|ed|ing)$/.test(w));
    const both = parts.length === 2 && parts.every(noun) && parts.some(nameLike);
    const kept = both ? parts : nameLike(parts[0]!) ? [parts[0]!] : [];
    if (kept.length === 0) return all;
    placed = true;
    return `${lead}${[...kept.map(cap), ...parts.slice(kept.length)].join(' ')}`;
  });
  return s;
}
