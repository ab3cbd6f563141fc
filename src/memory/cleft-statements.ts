import { isVerbForm } from './lexicon.js';

/**
 * Cleft sentences, said the plain way: the value a cleft puts first ("it's codeine I react to", "turns out it was
 * tramadol that Dad reacted to", "small correction, it's cashews I'm allergic to, not walnuts") goes back after the
 * preposition its clause left stranded ("I react to codeine", "Dad reacted to tramadol", "I'm allergic to cashews, not
 * walnuts"), and a subject cleft ("it's Sarah who manages me now") loses its frame ("Sarah manages me now"), so the
 * attribute rules and the pronoun reader see an ordinary statement (not "it" = the last thing named). Read by
 * structure: "it's / it was", a short noun phrase, then a clause with its own subject that ends in a preposition (or,
 * for a subject cleft, "who / that" and a verb).
 */

/** What may open the sentence before the cleft: a label ("Spoke to the nurse:"), how the news came, or that it corrects something. */
const LEAD = String.raw`(?<lead>(?:[^:,.!?]{1,40}:\s+)?(?:(?:so|turns out|it turns out|actually|apparently|correction|small correction|quick correction|sorry|oh|ok|okay|well|update|btw|fyi)\s*[,:—–-]?\s+)*)`;
const IT_IS = String.raw`(?:it's|it’s|it is|it was|it's actually|it was actually|it’s actually|it is actually)`;
/** The value: a short noun phrase, no clause punctuation. */
const VALUE = String.raw`(?<x>[\p{L}\d][\p{L}\d'’ &-]{0,38}?)`;
/** The clause's own subject: a pronoun, a possessed noun ("my dad") or a capitalised name. */
const SUBJECT = String.raw`(?<subj>I|I'm|I’m|we|we're|we’re|he|she|they|(?:my|our|his|her|their)\s+\p{L}+|\p{Lu}\p{L}+)`;
const STRANDED = new RegExp(String.raw`^${LEAD}${IT_IS}\s+${VALUE}\s+(?:that\s+|which\s+|who\s+)?${SUBJECT}\s+(?<pred>(?:[\p{L}'’]+\s+){0,3}?(?:to|in|at|for|with|on|from|of|by))(?<tail>\s*(?:[,;—–]\s*.*|[.!?]*))$`, 'u');
const SUBJECT_CLEFT = new RegExp(String.raw`^${LEAD}${IT_IS}\s+${VALUE}\s+(?:who|that)\s+(?<verb>[\p{L}'’]+)(?<rest>\s.*)$`, 'u');
/** Words that make "it's X" a judgement or a time, not a cleft: "it's been ages", "it's not fair", "it's time I went". */
const NOT_A_VALUE =
  /^(?:been|not|no|so|too|very|really|just|only|fine|ok|okay|good|great|nice|bad|hard|easy|true|funny|weird|time|about|going|gonna|getting|always|never|all|how|what|why|when|where|because|like|the first time|the last time|my turn|a shame|a pity)\b/i;
const PRONOUN = /^(?:I|I'm|I’m|we|we're|we’re|he|she|they|my|our|his|her|their)$/i;

/**
 * The cleft said plainly, or the sentence itself when it is no cleft; a remark after the cleft's comma becomes a
 * sentence of its own ("..., aspirin was a false alarm" → "Aspirin was a false alarm."), read as what it says.
 */
export function cleftStatements(sentence: string): string[] {
  const said = cleftAsStatement(sentence);
  if (said === sentence.trim()) return [sentence];
  const remark = REMARK.exec(sentence.trim());
  return remark ? [said, capitalise(remark[1]!.trim())] : [said];
}
const REMARK = /^.*?\b(?:to|in|at|for|with|on|from|of|by)\s*[,;—–]\s*(?!(?:not|rather than|instead of)\s)(\p{L}.*)$/u;

/** The cleft said plainly, or the sentence itself when it is no cleft. */
export function cleftAsStatement(sentence: string): string {
  const s = sentence.trim();
  if (!/\bit(?:'s|’s| is| was)\s/i.test(s)) return s;
  // Matched case-sensitively (a capital marks a name), so the sentence's own first capital is put aside.
  const lower = s.charAt(0).toLowerCase() + s.slice(1);
  const m = STRANDED.exec(lower);
  if (m?.groups) {
    const { x, subj, pred, tail } = m.groups as { x: string; subj: string; pred: string; tail: string };
    const words = pred.trim().split(/\s+/);
    // The clause has a verb or a predicate adjective of its subject: "I react to", "I'm allergic to", "Dad reacted to".
    const verbal = /['’](?:m|re|s)$/i.test(subj) || words.slice(0, -1).some((w) => isVerbForm(w) || /^\p{Ll}+(?:ed|s)$/u.test(w));
    // A rejected value after it stays ("..., not walnuts"); another clause after the comma is a remark of its own
    // ("..., morphine is fine for him"), which would otherwise be read as more of the value.
    const kept = /^\s*[,;—–]\s*(?:not|rather than|instead of)\s/i.test(tail) ? tail : /^\s*[,;—–]/.test(tail) ? '.' : tail;
    if (valueLike(x) && verbal && (PRONOUN.test(subj.split(/\s+/)[0]!) || /^\p{Lu}/u.test(subj))) return capitalise(`${subj} ${pred} ${x.trim()}${kept}`);
  }
  const c = SUBJECT_CLEFT.exec(lower);
  if (c?.groups) {
    const { x, verb, rest } = c.groups as { x: string; verb: string; rest: string };
    if (valueLike(x) && !PRONOUN.test(verb) && (isVerbForm(verb) || /^\p{Ll}+s$/u.test(verb))) return capitalise(`${x.trim()} ${verb}${rest}`);
  }
  return s;
}

function valueLike(x: string): boolean {
  const words = x.trim().split(/\s+/);
  return words.length <= 4 && !NOT_A_VALUE.test(x.trim()) && !words.some((w) => PRONOUN.test(w));
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
