import { PET_WORDS } from './attribute-words.js';
import { isPlaceName } from './lexicon.js';

/**
 * A pet's name said in passing, beside its kind: "walking Pepper, my spaniel, before the rain", "Mochi (our new
 * kitten) was sick", "her tortoise, Sheldon, escaped again", "We got a rescue cat, Pickle!". The sentence stays as
 * it is, and the pet is also stated plainly after it ("My spaniel is called Pepper.", "Her tortoise is called
 * Sheldon.", "Our rescue cat is called Pickle."), which the attribute rules file as the owner's pet. Read by
 * structure: a capitalised name in apposition (commas or brackets) to a possessed pet word.
 */

const KIND = String.raw`(?:(?:new|old|little|rescue|rescued|adopted|baby|elderly|senior|young|[\p{Ll}-]+)\s+){0,2}?(?<pet>${PET_WORDS})`;
const NAME = String.raw`(?<name>\p{Lu}\p{Ll}[\p{L}'’-]*)`;
const OWNER = String.raw`(?<owner>[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|\p{Lu}\p{Ll}+['’]s)`;
/** "my spaniel, Pepper," / "her tortoise, Sheldon," */
const KIND_THEN_NAME = new RegExp(String.raw`(?:^|[\s(])${OWNER}\s+${KIND}\s*,\s*${NAME}\s*(?=[,.!?)]|$)`, 'u');
/** "Pepper, my spaniel," / "Mochi (our new kitten)" */
const NAME_THEN_KIND = new RegExp(String.raw`(?:^|\s)${NAME}\s*(?:,\s*|\(\s*)${OWNER}\s+${KIND}\s*(?=[,.!?)]|$)`, 'u');
/** "We got a rescue cat, Pickle!", "I've adopted a kitten, Miso." */
const GOT_KIND_NAME = new RegExp(
  String.raw`^(?<who>I|We|He|She|They|\p{Lu}\p{Ll}+)\s+(?:(?:have|has|'ve|’ve|just|finally|now)\s+)*(?:got|adopted|rescued|took in|brought home)\s+an?\s+${KIND}\s*,\s*${NAME}\s*[.!?]*$`,
  'u',
);
const NOT_A_NAME = /^(?:The|This|That|These|Those|He|She|It|They|We|I|But|And|So|Then|Now|Today|Yesterday|Who|Which|Sorry|Thanks|Please)$/;
const POSSESSIVE: Record<string, string> = { I: 'My', We: 'Our', He: 'His', She: 'Her', They: 'Their' };

/** The sentence, followed by a plain statement of the pet it names in passing (if any). */
export function petsNamedInPassing(sentence: string): string[] {
  const got = GOT_KIND_NAME.exec(sentence);
  const m = got ?? KIND_THEN_NAME.exec(sentence) ?? NAME_THEN_KIND.exec(sentence);
  if (!m?.groups) return [sentence];
  const { name, pet } = m.groups as { name: string; pet: string };
  if (NOT_A_NAME.test(name) || isPlaceName(name)) return [sentence];
  const owner = got ? (POSSESSIVE[got.groups!.who!] ?? `${got.groups!.who}'s`) : m.groups.owner!;
  // The kind as said ("rescue cat", "new kitten"): the words between the owner and the pet word.
  const kind = m[0].slice(m[0].indexOf(pet) - (m[0].slice(0, m[0].indexOf(pet)).match(/(?:(?:new|rescue|rescued|adopted)\s+)$/)?.[0].length ?? 0), m[0].indexOf(pet) + pet.length);
  return [sentence, `${owner.charAt(0).toUpperCase()}${owner.slice(1)} ${kind} is called ${name}.`];
}
