import { ALLERGENS, DRUG_SUFFIX } from './attribute-words.js';

/**
 * An allergy taken back in the words people use for it: "aspirin was a false alarm", "the penicillin allergy was a
 * misdiagnosis", "morphine is fine for him", "turns out I can take codeine after all" → "I'm not allergic to
 * aspirin", "He is not allergic to morphine", so the allergy rules file a denial that ends the allergy said before.
 * An opening label ("Update from my GP:") may come first. Only for a drug or a common allergen (a day "is fine for me" is no allergy), and only when the sentence speaks of
 * it as such: its name, then "was a false alarm / mistake / misdiagnosis" or "is fine / OK / safe for me / him / her" (said of whom: a bare "shellfish is fine" after a correction
 * only repeats it).
 */
const ITEM = String.raw`(?<item>${DRUG_SUFFIX}|${ALLERGENS})`;
const WHOSE = String.raw`for\s+(?<who>me|him|her|them|us)\b`;
const DENIED = new RegExp(
  String.raw`^(?:[^:,.!?]{1,40}:\s+)?(?:(?:so|but|and|turns out|it turns out|apparently|actually)\s*,?\s+)*(?:the\s+)?${ITEM}(?:\s+allergy)?\s+(?:(?:was|is)\s+(?:just\s+)?(?:a\s+|an\s+)?(?:false alarm|mistake|misdiagnosis|red herring|wrong)|(?:is|was|seems|turned out)\s+(?:to be\s+)?(?:totally\s+|completely\s+|perfectly\s+)?(?:fine|ok|okay|safe)\s+${WHOSE})`,
  'iu',
);
const SUBJECT: Record<string, string> = { me: 'I am', him: 'He is', her: 'She is', them: 'They are', us: 'We are' };

/** The denial said as one ("I am not allergic to aspirin"), or the sentence itself. */
export function allergyDenied(sentence: string): string {
  const m = DENIED.exec(sentence.trim());
  if (!m?.groups) return sentence;
  // "Aspirin was a false alarm": the capital is the sentence's, not the drug's.
  const item = /^\p{Lu}\p{Ll}+$/u.test(m.groups.item!) ? m.groups.item!.toLowerCase() : m.groups.item!;
  return `${SUBJECT[(m.groups.who ?? 'me').toLowerCase()]} not allergic to ${item}.`;
}
