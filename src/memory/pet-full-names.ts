import { escapeRe } from '../text/regex-escape.js';
import { isCommonWord } from './lexicon.js';

/**
 * A pet's whole name when it has several words ("Señor Bigotes", "Mr. Whiskers", "Crème Brûlée", "Big Tom"): the
 * endings' patterns read one capitalised word before "died" or after "rehomed", which is only the last word of such a
 * name, and the pet's own fact ("a cat called Señor Bigotes") then never matches it. Capitalised words right before
 * the name join it when they are a title ("Mr.", "Señor"), stand inside the sentence ("our dog Crème Brûlée"), or
 * open it without being an ordinary word ("Sadly", "When", "Yesterday" stay out).
 */

const TITLE = /^(?:Mr|Mrs|Ms|Miss|Dr|Sir|Lady|Lord|Señor|Señora|Senor|Senora|Don|Doña|Captain|Capt|Princess|Prince|King|Queen|Professor|Prof|Little|Big|Old|Baby|St|Saint|Monsieur|Madame|Herr|Frau)\.?$/;
const OPENERS = /^(?:when|while|after|before|since|then|so|and|but|yesterday|today|tonight|poor|rip|update|news|sadly|also)$/;
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
  const start = m.index;
  const kept: string[] = [];
  // Walk back from the word nearest the name; stop at the first word that is not part of it.
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i]!;
    const opensSentence = i === 0 && (start === 0 || /[.!?:;\n]\s*$/.test(text.slice(0, start)));
    const bare = w.replace(/[.'’]+$/, '').toLowerCase();
    const ordinary = isCommonWord(bare) || /ly$/.test(bare) || OPENERS.test(bare);
    if (!(TITLE.test(w) || (!opensSentence && !/\.$/.test(w)) || !ordinary)) break;
    kept.unshift(w);
  }
  return kept.length > 0 ? `${kept.join(' ')} ${name}` : name;
}
