import nlp from 'compromise';
import { isVerbForm } from './lexicon.js';

/**
 * A person named at the start of a sentence typed all in lowercase, with a surname or a title ("inês duarte now lives
 * in rotterdam", "mr hughes walks with a frame", "valentina rossi is a junior associate", "tom plays tennis"), written
 * with capitals so the readers that look for a capitalised subject find it. lowercase-names.ts reads one opening word
 * before a verb of its list; here the name may have two words, an adverb may stand before the verb, and the verb is any
 * the tagger reads as one. The words count as a name only when the tagger knows them as a person's name or title once
 * capitalised ("coffee machine is broken", "dinner was lovely" stay as typed; an unknown name is left as typed too).
 * A second word joins the name only when it is a surname on its own and no verb as typed: beside a first name the
 * tagger reads any capitalised word as a surname ("mark got promoted" is not "Mark Got").
 */

const ADVERB = /^(?:now|still|just|finally|also|recently|currently|actually|officially|already|usually|always|never)$/;

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const tagsAt = (text: string) => nlp(text).terms().json() as { terms: { text: string; tags: string[] }[] }[];
const isPerson = (tags: readonly string[]) => tags.some((t) => t === 'Person' || t === 'FirstName' || t === 'LastName' || t === 'Honorific');

/** The sentence with its opening name capitalised, or the sentence as typed. */
export function openingNameTypedLowercase(sentence: string): string {
  const m = /^(\s*)([\p{Ll}][\p{Ll}'’.-]*)(\s+)([\p{Ll}][\p{Ll}'’-]*)(?=\s)/u.exec(sentence);
  if (!m) return sentence;
  const [, lead, w1, s1, w2] = m as unknown as [string, string, string, string, string];
  const tail = sentence.slice(m[0].length);
  const verbFrom = (terms: ReturnType<typeof tagsAt>, i: number) => {
    const t = terms[i]?.terms[0];
    if (t && ADVERB.test(t.text.toLowerCase())) return terms[i + 1]?.terms[0]?.tags.includes('Verb') === true;
    return t?.tags.includes('Verb') === true;
  };
  const two = `${lead}${cap(w1)}${s1}${cap(w2)}${tail}`;
  const surname = !isVerbForm(w2) && nlp(cap(w2)).has('#LastName');
  const t2 = surname ? tagsAt(two) : [];
  if (t2.length >= 3 && isPerson(t2[0]!.terms[0]!.tags) && isPerson(t2[1]!.terms[0]!.tags) && verbFrom(t2, 2)) return two;
  const one = `${lead}${cap(w1)}${s1}${w2}${tail}`;
  const t1 = tagsAt(one);
  if (t1.length >= 2 && isPerson(t1[0]!.terms[0]!.tags) && !t1[0]!.terms[0]!.tags.includes('Honorific') && verbFrom(t1, 1)) return one;
  return sentence;
}
