import { DOSE, DRUG_SUFFIX } from './attribute-words.js';

/**
 * Medication notes as care staff, carers and patients write them, verbless: "Ray Dunn (room 4): metformin 500mg once
 * daily", "Ray's metformin increased to 500mg twice daily", "Ray's HbA1c still high, metformin now 1000mg twice
 * daily", "Sertraline now 100mg". Each is a statement of who takes what at which dose ("Ray takes metformin 1000mg
 * twice daily"), which the medication reader keys by the drug, so a later dose replaces the earlier one. The person
 * is the label's, the possessive's (one said earlier in the sentence carries to a later clause), else the author.
 */

const NAME = String.raw`\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?`;
const CHANGE = String.raw`(?:(?:was|has been|got|is)\s+)?(?:now|still|currently|increased to|raised to|upped to|bumped up to|reduced to|lowered to|cut to|dropped to|changed to|up to|down to|now at|at)`;
// "Ray Dunn (room 4): metformin 500mg ...": a person's label, then a drug and its dose.
const LABELLED = new RegExp(String.raw`^(${NAME})(?:\s*\([^()]{1,30}\))?\s*:\s+(${DRUG_SUFFIX})\s+(${DOSE}\b.*)$`, 'u');
// "Ray's metformin increased to 1000mg ...", "metformin now 1000mg ...": a drug, a change or "now", then a dose.
const CHANGED = new RegExp(String.raw`(^|[,;]\s+|\s[-–—]\s+)(?:(${NAME})['’]s\s+|(my|our)\s+)?(${DRUG_SUFFIX})(?:\s+dose)?\s+${CHANGE}\s+(${DOSE}\b[^,;]*)`, 'giu');
const OWNER = new RegExp(String.raw`(?:^|[\s(])(${NAME})['’]s\s`, 'u');

/** The sentence with its medication notes as statements: a dose clause after a comma or dash is a sentence of its own. */
export function doseStatements(sentence: string): string[] {
  const labelled = LABELLED.exec(sentence.trim());
  if (labelled && !/^(?:Note|Notes|Update|Meds|Medication|Medications|Plan|Review|Today|Dose)$/i.test(labelled[1]!)) return [`${labelled[1]} takes ${labelled[2]} ${labelled[3]}`];
  const out: string[] = [];
  let from = 0;
  for (const m of sentence.matchAll(CHANGED)) {
    const [, lead, owner, mine, drug, dose] = m;
    // The sentence's earlier possessive ("Ray's HbA1c still high, metformin now ...") is whose the drug is.
    const who = mine ? null : (owner ?? OWNER.exec(sentence.slice(0, m.index))?.[1] ?? null);
    const before = sentence.slice(from, m.index).trim();
    if (/[\p{L}\d]/u.test(before)) out.push(before);
    out.push(`${who ? `${who} takes` : 'I take'} ${drug!.toLowerCase()} ${dose}`.trim() + (lead ? '.' : ''));
    from = m.index + m[0].length;
  }
  if (out.length === 0) return [sentence];
  const rest = sentence.slice(from).trim();
  if (/[\p{L}\d]/u.test(rest)) out.push(rest);
  return out;
}
