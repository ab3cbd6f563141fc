import { escapeRe } from '../text/regex-escape.js';
import { PET_WORDS } from './attribute-words.js';

/**
 * A pet's whole name when it has several words ("Señor Bigotes", "Mr. Whiskers", "Crème Brûlée", "Big Tom"): the
 * endings' patterns read one capitalised word before "died" or after "rehomed", which is only the last word of such a
 * name, and the pet's own fact ("a cat called Señor Bigotes") then never matches it. Capitalised words right before
 * the name join it when they are a title ("Mr.", "Señor") or the whole name stands after a pet word or "called"
 * ("our dog Crème Brûlée"); any other capitalised word may be a person's name ("Had to tell Mia Luna died" is Luna),
 * or an opener ("Sadly", "When"), and stays out.
 */

const TITLE = /^(?:Mr|Mrs|Ms|Miss|Dr|Sir|Lady|Lord|Señor|Señora|Senor|Senora|Don|Doña|Captain|Capt|Princess|Prince|King|Queen|Professor|Prof|Little|Big|Old|Baby|St|Saint|Monsieur|Madame|Herr|Frau)\.?$/;
const WORD = String.raw`\p{Lu}[\p{L}'’-]*\.?`;

/** `name` with the capitalised words that belong to it in `text` (at most two before, or after a title), or `name`. */
export function fullPetName(text: string, name: string): string {
  // "rehome Señor Bigotes", "lost Mr. Whiskers": the patterns that read the name after a verb stop at its first word.
  if (TITLE.test(name)) {
    const after = new RegExp(String.raw`(?<![\p{L}\p{N}])${escapeRe(name)}(\.?\s+\p{Lu}[\p{L}'’-]+)`, 'u').exec(text);
    if (after) return `${name}${after[1]!.replace(/\s+/g, ' ')}`;
  }
  const m = new RegExp(String.raw`((?:${WORD}\s+){1,2})${escapeRe(name)}(?![\p{L}\p{N}])`, 'u').exec(text);
  if (!m) return name;
  const words = m[1]!.trim().split(/\s+/);
  const kept: string[] = [];
  const afterPetWord = (whole: string[]) => new RegExp(String.raw`\b(?:(?:${PET_WORDS})s?|called|named),?\s+${whole.map(escapeRe).join(String.raw`\s+`)}(?![\p{L}\p{N}])`, 'iu').test(text);
  // Walk back from the word nearest the name; stop at the first word that is not part of it.
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i]!;
    if (!(TITLE.test(w) || (!/\.$/.test(w) && afterPetWord([w, ...kept, name])))) break;
    kept.unshift(w);
  }
  return kept.length > 0 ? `${kept.join(' ')} ${name}` : name;
}
