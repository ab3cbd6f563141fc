import nlp from 'compromise';

/**
 * Word classes from compromise's bundled English lexicon (~25k words, no download): first names with their usual
 * gender, cities, countries and regions, organisations, and verb conjugation. Lookups are hash reads, so the offline
 * extractor can ask about every word; compromise's full tagger (~0.5-1 ms a sentence here) is not used on the hot path
 * (measured: see the commit that introduced this file).
 */

interface World {
  model: { one: { lexicon: Record<string, string | string[]> } };
  methods: { two: { transform: { verb: { toInfinitive(v: string, model: unknown): string; conjugate(v: string, model: unknown): Record<string, string> } } } };
}

let world: World | null = null;
const w = (): World => (world ??= (nlp as unknown as { world(): World }).world());

function tagsOf(word: string): readonly string[] {
  const t = w().model.one.lexicon[word.toLowerCase()];
  return t === undefined ? [] : Array.isArray(t) ? t : [t];
}

export type Gender = 'female' | 'male';

/** The usual gender of a first name ("Lena" → female), or null when the lexicon does not say. */
export function nameGender(name: string): Gender | null {
  const first = name.trim().split(/\s+/)[0] ?? '';
  const tags = tagsOf(first);
  return tags.includes('FemaleName') ? 'female' : tags.includes('MaleName') ? 'male' : null;
}

/** A word the lexicon knows as a person's first name, last name or a person. */
export function isKnownName(word: string): boolean {
  return tagsOf(word).some((t) => t === 'FemaleName' || t === 'MaleName' || t === 'FirstName' || t === 'LastName' || t === 'Person');
}

/** A city, country or region ("Lisbon", "Portugal", "Bavaria"); multi-word names are looked up whole and by last word. */
export function isPlaceName(phrase: string): boolean {
  const p = phrase.trim().toLowerCase();
  const PLACE = (t: string) => t === 'City' || t === 'Country' || t === 'Region' || t === 'Place';
  return tagsOf(p).some(PLACE) || tagsOf(p.split(/\s+/).at(-1) ?? '').some(PLACE);
}

/** An organisation the lexicon knows ("Google", "Microsoft"). */
export function isOrganisation(word: string): boolean {
  return tagsOf(word).includes('Organization');
}

/** A word the lexicon knows as something other than a name or place (a common noun, adjective, verb...). */
export function isCommonWord(word: string): boolean {
  const tags = tagsOf(word);
  if (tags.length === 0) return false;
  return !tags.some((t) => /Name$|^Person$|^City$|^Country$|^Region$|^Place$|^Organization$|^ProperNoun$/.test(t));
}

/** A word the lexicon knows as a verb form ("lives", "went", "adopted"); plural-looking verbs ("plays") it may not. */
export function isVerbForm(word: string): boolean {
  return tagsOf(word).some((t) => t === 'PresentTense' || t === 'PastTense' || t === 'Infinitive' || t === 'Copula' || t === 'Modal' || t === 'Auxiliary' || t === 'Participle');
}

/**
 * A word that may be a name: one the lexicon knows as a name or a place, knows only as a bare noun ("Leo", "Finn",
 * "Maya"), or does not know and the tagger reads as a noun by its shape ("kofi", "oakfield"; not "finally", "negative").
 */
export function mayBeName(word: string): boolean {
  const tags = tagsOf(word);
  if (isKnownName(word) || isPlaceName(word) || (tags.length === 1 && tags[0] === 'Noun')) return true;
  return tags.length === 0 && !nlp(word).has('(#Adverb|#Adjective|#Verb|#Acronym|#Abbreviation)');
}

/** A word the lexicon knows only as a bare noun, as it knows names that are also words ("Leo", "Max", "Rose"). */
export function isBareNoun(word: string): boolean {
  const tags = tagsOf(word);
  return tags.length === 1 && tags[0] === 'Noun';
}

/** A mass or plural noun the lexicon knows ("news", "heads"): a label's word, never one person's name. */
export function isLabelNoun(word: string): boolean {
  return tagsOf(word).some((t) => t === 'Uncountable' || t === 'Plural');
}

/** A verb's base or present form the lexicon knows ("restructure", "update", "changes"), not a modal ("will", "may"). */
export function isVerbLemma(word: string): boolean {
  return tagsOf(word).some((t) => t === 'Infinitive' || t === 'PresentTense');
}

/** "loves" → "love", "ran" → "run"; the word itself when it is no verb form compromise knows. */
export function infinitive(verb: string): string {
  const v = verb.toLowerCase();
  try {
    return w().methods.two.transform.verb.toInfinitive(v, w().model) || v;
  } catch {
    return v;
  }
}

/** "run" → "running". */
export function gerund(verb: string): string {
  const base = infinitive(verb);
  try {
    return w().methods.two.transform.verb.conjugate(base, w().model).Gerund ?? `${base}ing`;
  } catch {
    return `${base}ing`;
  }
}

/** A word compromise's lexicon knows (any class): a real word, never taken for a typo. */
export function isLexiconWord(word: string): boolean {
  return tagsOf(word).length > 0;
}

/**
 * A clause with no subject of its own: compromise's tagger reads it as an imperative ("Draft notes of the spare
 * team.", "Walk the dog twice a day.") or finds no verb in it ("Pack lunch for the kids."). A to-do or a heading, no
 * fact about anyone. The full tagger (~0.5 ms) runs only for clauses no person or name opens.
 */
export function isSubjectless(clause: string): boolean {
  const doc = nlp(clause);
  return doc.has('^#Imperative') || !doc.has('#Verb');
}
