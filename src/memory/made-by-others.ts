import { PROFESSIONS } from './attribute-words.js';

/**
 * "They made me head chef at Menya Kotetsu last week!!", "my boss made me team lead": a title given by someone else,
 * told with the speaker as object (issue 26, blind22: no fact at all, so "works as a line cook" stayed current). Read
 * as "I was made head chef at …", which files the title and the employer.
 */
const GIVER = String.raw`(?:they|we|the (?:boss|owners?|company|board|management|partners|team)|my (?:boss|manager|managers|team|company)|\p{Lu}[\p{L}'’-]+)`;
const MADE_ME = new RegExp(
  String.raw`^${GIVER}\s+(?:(?:just|finally|officially|have|'ve)\s+)*(?:made|promoted|appointed|named)\s+me\s+(?:to\s+)?(?=(?:(?:the|a|an)\s+)?(?:[\p{L}-]+\s+){0,3}(?:${PROFESSIONS.join('|')}|chef|lead)(?![\p{L}]))`,
  'iu',
);

/** The sentence with the speaker as subject of a title given, or the sentence itself. */
export function titleGiven(sentence: string): string {
  const m = MADE_ME.exec(sentence.trim());
  return m ? `I was made ${sentence.trim().slice(m[0].length)}` : sentence;
}
