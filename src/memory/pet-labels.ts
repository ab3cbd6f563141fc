import { PET_WORDS } from './attribute-words.js';

/**
 * Pets written as labelled fields inside prose, as terse notes write them: "dog: Bruno (lab, 6). cat: Miso.", "Cat -
 * Pip; rabbit: Bean". Each is the author's pet by that name, one statement each ("I have a dog called Bruno (lab,
 * 6). I have a cat called Miso."), so a later "Miso rehomed" ends the cat and leaves the dog. Only a kind of animal
 * then a capitalised name, at a line or sentence start; a bulleted line is the note readers'.
 */
const PET_FIELD = new RegExp(String.raw`(^|[.;!]\s+)(?:(?:my|our)\s+)?(${PET_WORDS})\s*(?::|\s[-–—])\s+(\p{Lu}[\p{L}'’-]*)(\s*\([^()\n]{1,40}\))?(?=\s*(?:[.;,!]|$))`, 'gimu');

export function petFieldsAsStatements(text: string): string {
  return text.replace(PET_FIELD, (_all, lead: string, kind: string, name: string, bracket: string | undefined) => `${lead}I have a ${kind.toLowerCase()} called ${name}${bracket ?? ''}`);
}
