import { attributeKey } from './attributes.js';
import { classifyFact } from './classify.js';
import { escapeRe } from '../text/regex-escape.js';
import type { ExtractedFact } from './types.js';

/**
 * A value taken back in the same breath: "user: my blood type is A positive / user: typo above, it's AB positive",
 * "I drive a 2015 Mazda / no wait, it's a 2017", "I'm allergic to sulfa drugs. No wait, not sulfa, it's codeine I'm
 * allergic to", "I'm allergic to sulfa, no wait, codeine". The value meant takes the place of its like in the author's
 * last facts of the document, so the mistaken value is never stored (issue 26: both were kept, and "allergic to no
 * wait" with them).
 */

// A correction's lead-in, an optional "not <rejected>", then the value: "no wait, it's a 2017", "typo above - it's AB
// positive", "sorry, I meant year 5", "no wait, not sulfa, it's codeine".
const LEAD = String.raw`^\s*(?:(?:oh|oops|ugh)[,!\s]+)?(?<cue>sorry|no wait|wait|typo(?: above)?|correction|scratch that|my bad|actually no|no sorry|sorry no|I mean)\b[\s,:;!.—–-]*(?:(?:sorry|no)[,\s]+)?(?:not\s+(?<rejected>[^,.;!?]{1,30}?)\s*[,;]\s*(?:but\s+)?)?`;
const RETRACTION = new RegExp(
  String.raw`${LEAD}(?:it's|it is|it was|that's|that was|that should be|should be|make that|I meant|I mean|meant)\s+(?:actually\s+)?(?:an?\s+)?(?<meant>[^,.;!?]{1,40}?)\s*(?:[,.;!?]|$)`,
  'iu',
);
// "no wait, codeine": a bare value after a strong cue, a noun phrase of at most three words.
const BARE = new RegExp(String.raw`${LEAD}(?<meant>(?!(?:I|I'm|we|it|that|this|let|hold|never|not|no|yes|the user)\b)[\p{L}\d][\p{L}\d'’ -]{0,30}?)\s*(?:[.!]+|$)`, 'iu');
const OBJECT_IS_VALUE = /^(?:allergy|medication|opinion)$/;
// Attributes whose value is a name said whole (a field's value, "A positive", is left to the shapes below).
const NAMED_VALUE = /^(?:allergy|medication|opinion|employer|residence|education|vehicle|tool|pet|diet|role|team|manager)$/;
const STRONG_CUE = /^(?:no wait|scratch that|correction|actually no|I mean)$/i;

/** Where a sentence turns to take its value back: "…, no wait, codeine", "… - scratch that, it's Lead Analyst". */
export const RETRACTION_BREAK = /\s+[-—–]\s+(?=(?:scratch that|no wait|sorry,? I meant|correction|my bad|actually no)\b)|,\s+(?=(?:no wait|scratch that|actually no)\b)/i;
// What follows a retracted value and is no part of it: "it's Lead Analyst since the restructure", "it's codeine I'm allergic to".
const AFTER_VALUE = /\s+(?:since|because|as of|from|after|now|these days|instead|though|(?:that\s+|which\s+)?(?:I|I'm|I am|we|we're|he|she|they)\b)\b.*$/i;

export interface Retraction {
  old: ExtractedFact;
  fact: ExtractedFact;
  /** The value taken back, when the sentence names it ("not sulfa"). */
  rejected: string | null;
}

/**
 * The author's fact the sentence corrects, and the fact with the value meant: a number for a number of the same shape
 * ("year 4" → "year 5", "2015" → "2017"), else the fact's value (the one named as rejected, when one is), else a
 * capitalised value ending in the same word, else what the fact says the subject is. Null when the sentence is no
 * such correction or no fact of the author's has a value of that shape.
 */
export function retraction(sentence: string, facts: readonly ExtractedFact[], speaker: string | null): Retraction | null {
  const said = RETRACTION.exec(sentence) ?? bare(sentence);
  const meant = said?.groups?.meant?.replace(AFTER_VALUE, '').trim();
  if (!said || !meant || meant.split(/\s+/).length > 5) return null;
  const rejected = said.groups?.rejected?.trim() ?? null;
  const own = facts
    .filter((f) => f.speaker === speaker)
    .slice(-3)
    .reverse();
  // A value of the same shape anywhere in the last facts first ("Senior Designer" for "Junior Designer", not for the
  // employer beside it), then the last facts' catalogued values, then what the last fact says the subject is.
  for (const way of [sameShape, sameSlot, sameCopula]) {
    for (const [i, f] of own.entries()) {
      if (rejected && !f.text.toLowerCase().includes(rejected.toLowerCase())) continue;
      const text = way(f, meant, i === 0);
      if (text) return { old: f, fact: { ...f, text, attribute: attributeOf(text, f) }, rejected };
    }
  }
  return null;
}

/** "Sulfa is fine." after "not sulfa, it's codeine": the rejected value said to be no problem states nothing more. */
export function clearsRejected(sentence: string, rejected: readonly string[]): boolean {
  return rejected.some((r) =>
    new RegExp(String.raw`^\s*${escapeRe(r)}(?:\s+\p{Ll}+)?\s+(?:is|'s|are|was)\s+(?:totally\s+|completely\s+)?(?:fine|ok|okay|no problem|not a problem|all good|safe)\b[^,;]*$`, 'iu').test(sentence),
  );
}

function bare(sentence: string): RegExpExecArray | null {
  const m = BARE.exec(sentence);
  return m && STRONG_CUE.test(m.groups!.cue!) && m.groups!.meant!.trim().split(/\s+/).length <= 3 && !/^\p{L}+ing\b/u.test(m.groups!.meant!) ? m : null;
}

function sameShape(f: ExtractedFact, meant: string): string | null {
  if (/\d/.test(meant)) {
    // The meant value's words with its numbers open: "year 5" finds "year 4", "2017" a four-digit number.
    const shape = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(meant).replace(/\d+/g, (d) => `\\d{${d.length}}`)}(?![\\p{L}\\p{N}])`, 'iu');
    const m = shape.exec(f.text);
    return m && m[0].toLowerCase() !== meant.toLowerCase() ? f.text.slice(0, m.index) + meant + f.text.slice(m.index + m[0].length) : null;
  }
  // "Lead Analyst" for "Senior Analyst": a capitalised value ending in the same word.
  const head = /\s(\p{Lu}[\p{L}'’-]+)$/u.exec(` ${meant}`)?.[1];
  const like = head ? new RegExp(`(?<![\\p{L}\\p{N}])(?:\\p{Lu}[\\p{L}'’-]*\\s+){1,2}${escapeRe(head)}(?![\\p{L}\\p{N}])`, 'u').exec(f.text) : null;
  return like && like[0].toLowerCase() !== meant.toLowerCase() && meant.split(/\s+/).length >= 2 ? f.text.slice(0, like.index) + meant + f.text.slice(like.index + like[0].length) : null;
}

/** "allergic to sulfa drugs" → "allergic to codeine": the fact's catalogued value. */
function sameSlot(f: ExtractedFact, meant: string): string | null {
  if (/\d/.test(meant)) return null;
  const value = valueOf(f);
  return value && f.text.includes(value) && value.toLowerCase() !== meant.toLowerCase() && !/\d/.test(value) ? f.text.replace(value, meant) : null;
}

/** "is a Pisces" → "is a Gemini": what the last fact says the subject is, never a state with its object ("is allergic to ..."). */
function sameCopula(f: ExtractedFact, meant: string, last: boolean): string | null {
  if (!last || /\d/.test(meant)) return null;
  const m = /^(.*\b(?:is|are|was)\s+)(?:an?\s+)?(.+?)([.!?]*)$/u.exec(f.text);
  return m && m[2]!.toLowerCase() !== meant.toLowerCase() && m[2]!.split(/\s+/).length <= 5 && !/\s(?:to|at|in|of|for|with|on|from)\s/.test(` ${m[2]!} `) ? `${m[1]}${meant}${m[3]}` : null;
}

function valueOf(f: ExtractedFact): string | null {
  if (!f.attribute || !f.subject) return null;
  const facet = classifyFact(f.text, f.subject, 'present', false).facets.find((x) => attributeKey(x.id, x.object) === f.attribute || x.id === f.attribute);
  // "allergic to sulfa drugs", "takes metformin 500mg": an allergy, a medication or an opinion is its object.
  if (!facet || !NAMED_VALUE.test(facet.id)) return null;
  return OBJECT_IS_VALUE.test(facet.id) ? (facet.object ?? facet.value ?? null) : (facet.value ?? null);
}

/** The attribute of the corrected text: "allergy:sulfa drug" becomes "allergy:codein". */
function attributeOf(text: string, f: ExtractedFact): string | null {
  if (!f.attribute || !f.subject) return f.attribute;
  return classifyFact(text, f.subject, 'present', false).attribute ?? f.attribute;
}
