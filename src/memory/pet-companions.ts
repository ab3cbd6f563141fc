import { PET_WORDS } from './attribute-words.js';

/**
 * A new pet said as a companion for another (issue 26, round 21): "Mochi is huge now, and we got her a sister, a tabby
 * called Udon", "we adopted a friend for Biscuit, a beagle named Pip". The companion word ("sister", "friend") is the
 * new pet's role, not a relative: the sentence is read as "we got a tabby called Udon", which the pet rules file.
 */
const GOT = String.raw`(?<got>got|adopted|rescued|brought home|took in|welcomed)`;
const FOR = String.raw`(?:(?:her|him|them|it|\p{Lu}\p{Ll}+)\s+)`;
const COMPANION = String.raw`(?:an?\s+)(?:(?:little|new|baby|furry)\s+)?(?:sister|brother|sibling|friend|buddy|companion|playmate|mate|pal)`;
const FOR_AFTER = String.raw`(?:\s+for\s+(?:her|him|them|it|\p{Lu}\p{Ll}+))?`;
const PET = String.raw`(?<pet>an?\s+(?:[\p{Ll}-]+\s+){0,2}?(?:${PET_WORDS})\s+(?:called|named)\s+\p{Lu}[\p{L}'’-]*)`;
const COMPANION_PET = new RegExp(String.raw`\b${GOT}\s+(?:${FOR}${COMPANION}|${COMPANION}${FOR_AFTER})\s*,\s*${PET}`, 'u');

/** The sentence with a companion pet read as the pet got. */
export function companionAsPet(sentence: string): string {
  return sentence.replace(COMPANION_PET, (...args) => {
    const g = args.at(-1) as { got: string; pet: string };
    return `${g.got} ${g.pet}`;
  });
}
