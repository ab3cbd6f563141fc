/**
 * "We sold our house in Leeds and bought one in York", "I sold my car and got a new one": "one" in the later clause
 * is the kind of thing the earlier clause ended (issue 26: "one" left unresolved, so the new home or car was no fact).
 * Only for a thing of common noun named with a determiner ("our house", "my old car") by a verb of parting, and a
 * "one" that a verb of getting takes; anything else is left as written.
 */

const PARTED =
  /\b(?:sold|left|gave away|gave up|traded in|got rid of|scrapped|wrote off|totall?ed|crashed|lost|broke|returned|moved out of|handed back)\s+(?:my|our|his|her|their|the|a|an)\s+(?:(?:old|first|little|tiny|small|big|starter|family|rented|shared|beloved|trusty)\s+)?(?<noun>[\p{Ll}-]{3,})(?=\s*(?:[,.;!?]|$|\s+(?:in|on|at|near|and|but|to|for|after|last|this|back)\b))/u;
const GOT_ONE = /\b(?<verb>bought|buy|got|get|found|find|rented|rent|adopted|adopt|picked up|ordered|leased|signed for|moved into)\s+(?<det>(?:a|an|another)\s+(?:(?!one\b)[\p{Ll}-]+\s+)?)?one\b/iu;
// A noun that "one" never stands for: times, amounts and pronoun-like words.
const NOT_THING = /^(?:time|times|day|days|week|weeks|month|months|year|years|bit|lot|one|ones|thing|things|way|mind)$/i;

/** The sentence with the later "one" replaced by the noun the earlier clause parted with. */
export function oneAsEarlierNoun(sentence: string): string {
  if (!/\bone\b/i.test(sentence)) return sentence;
  const parted = PARTED.exec(sentence);
  const noun = parted?.groups?.noun;
  if (!parted || !noun || NOT_THING.test(noun)) return sentence;
  const from = parted.index + parted[0].length;
  const later = sentence.slice(from);
  const got = GOT_ONE.exec(later);
  if (!got?.groups) return sentence;
  const det = got.groups.det?.trim();
  // "bought one" → "bought a house"; "got an electric one" → "got an electric bike".
  const article = !det || /^(?:a|an)$/i.test(det) ? (/^[aeiou]/i.test(noun) ? 'an' : 'a') : det;
  const replaced = `${got.groups.verb} ${article} ${noun}`;
  return sentence.slice(0, from) + later.slice(0, got.index) + replaced + later.slice(got.index + got[0].length);
}
