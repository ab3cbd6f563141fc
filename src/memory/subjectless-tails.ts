/**
 * "I use an iPhone 13, had it since 2022", "got a Golf, bought it in May": a tail after a comma that drops its "I"
 * and refers back with "it" is the author's own clause; with the "I" restored ("I've had it since 2022") the
 * pronoun resolves to the thing just named instead of dropping the whole sentence as unresolved.
 */
const TAIL = /,\s+(?:(?:and|but)\s+)?(?=(?:had|owned|used|kept|driven|ridden|worn|bought|got|sold|fixed|loved|hated|replaced)\s+(?:it|them|this|that|one)\b)(\p{Ll}+)/gu;
const PERFECT = /^(?:had|owned|used|kept|driven|ridden|worn)$/;

/** The sentence with "I" restored in such a tail, or the sentence itself. */
export function withTailSubject(sentence: string): string {
  // Only after a first-person clause: "Tom sold his car, bought it back" is not the author's.
  if (!/^\s*(?:I|I'm|I've|we|we've|my|our)\b/i.test(sentence)) return sentence;
  return sentence.replace(TAIL, (all, verb: string) => {
    const since = new RegExp(String.raw`${verb}\s+\S+\s+(?:since|for)\b`).test(sentence.slice(sentence.indexOf(all)));
    return all.replace(verb, PERFECT.test(verb) && since ? `I've ${verb}` : `I ${verb}`);
  });
}
