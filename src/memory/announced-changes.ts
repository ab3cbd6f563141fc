import { PROFESSION } from './attribute-words.js';
import { isPlaceName } from './lexicon.js';

/**
 * A change announced on its own and its value given in the next sentence: "Promoted!! Senior engineer as of Monday.",
 * "Got promoted. Head of sales from June.", "We've moved! Leeds is lovely.", "Finally moved house. Exeter suits us."
 * The announcement takes the value ("Got promoted to senior engineer as of Monday.", "We've moved to Leeds!"), as the
 * title and residence readers expect it; the next sentence stays as written when it says more than the value.
 */

// "Promoted!!", "Got promoted.", "I've been promoted!": the announcement, then a title phrase (at most four words
// before a profession word) with an optional "as of / from / starting" tail.
const PROMOTED = new RegExp(
  String.raw`(^|[.!?…]\s+|\n\s*)((?:I(?:'ve| have)?\s+(?:just\s+|finally\s+)?(?:been\s+|got\s+)?|(?:just\s+|finally\s+)?got\s+|just\s+|finally\s+)?promoted)\s*[!.…]+\s+((?:[\p{L}-]+\s+){0,4}?${PROFESSION}(?:\s+of\s+[\p{L}-]+)?(?:\s+(?:as of|from|starting|effective|since)\s+[^.!?\n]+)?)\s*([.!?…]+|$)(?=\s|$)`,
  'giu',
);
// "We've moved!", "Moved house.", "Finally moved!": a move with no place, then a sentence opening on a place's name.
const MOVED =
  /(^|[.!?…]\s+|\n\s*)((?:(?:we|I)(?:'ve| have)?\s+)?(?:just\s+|finally\s+|officially\s+)?(?:moved|relocated)(?:\s+house|\s+again)?)\s*([!.…]+)(\s+)(\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)(?=\s+(?:is|was|feels|seems|suits|has been|'s)\b)/giu;

export function changeWithItsValue(text: string): string {
  return text
    .replace(PROMOTED, (_, lead: string, said: string, title: string, end: string) => `${lead}${/^promoted$/i.test(said) ? 'Got promoted' : said} to ${lowerFirst(title.trim())}${end || '.'}`)
    .replace(MOVED, (all: string, lead: string, said: string, end: string, space: string, place: string) =>
      isPlaceName(place) ? `${lead}${said.replace(/\s+(?:house|again)$/i, '')} to ${place}${end}${space}${place}` : all,
    );
}

/** "Senior engineer" after "promoted to" reads "senior engineer"; "CTO" and "IT lead" keep their capitals. */
const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
