import { ALLERGENS, DRUG_SUFFIX } from './attribute-words.js';

/**
 * An allergy that ended the way children's allergies end (round 20): "I've outgrown the egg allergy", "grew out of my
 * peanut allergy", "Noah has outgrown his milk allergy", led or not by who found it ("the allergist says ..."), →
 * "I am not allergic to eggs anymore", so the allergy rules file a denial of that one allergen, which ends only the
 * allergy to it and leaves the others the person has.
 */
const ITEM = String.raw`(?<item>${DRUG_SUFFIX}|${ALLERGENS})`;
const WHO = String.raw`(?<who>I've|I have|I|he's|she's|he|she|they|we|\p{Lu}[\p{L}'-]+)`;
const OUTGROWN = new RegExp(
  String.raw`^(?:[^:,.!?]{1,40}:\s+)?(?:[^:,.!?]{1,40}?\s+(?:says?|said|confirmed|thinks)\s+(?:that\s+)?)?(?:so|and|turns out|apparently|finally|good news)?[\s,:!]*${WHO}\s+(?:has\s+|have\s+|had\s+|'ve\s+)?(?:finally\s+|officially\s+)?(?:outgrown|outgrew|grown out of|grew out of)\s+(?:my|his|her|their|our|the|an?)\s+${ITEM}\s+allerg(?:y|ies)\b`,
  'iu',
);
const SUBJECT: Record<string, string> = { i: 'I am', "i've": 'I am', 'i have': 'I am', he: 'He is', "he's": 'He is', she: 'She is', "she's": 'She is', they: 'They are', we: 'We are' };

/** The ended allergy said as a denial ("I am not allergic to eggs anymore"), or the sentence itself. */
export function allergyOutgrown(sentence: string): string {
  const m = OUTGROWN.exec(sentence.trim());
  if (!m?.groups) return sentence;
  const who = m.groups.who!;
  const subject = SUBJECT[who.toLowerCase()] ?? `${who} is`;
  const item = m.groups.item!.toLowerCase();
  // "the egg allergy": the allergen is said as a noun modifier; "allergic to eggs" reads the plural as people say it.
  const said = item === 'egg' ? 'eggs' : item === 'peanut' ? 'peanuts' : item;
  return `${subject} not allergic to ${said} anymore.`;
}
