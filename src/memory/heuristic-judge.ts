import nlp from 'compromise';
import { term, words } from '../text/tokenize.js';
import { attributeSpec, canonicalAttribute, objectKey } from './attributes.js';
import { isUniqueRelative } from './attribute-patterns.js';
import { classifyFact, type ClassifiedFacet } from './classify.js';
import { endsNamedObject } from './ended-objects.js';
import { endsAnotherValue } from './ended-targets.js';
import { restatesSlot } from './own-restatements.js';
import { sameSubject, subjectNames } from './subjects.js';
import type { ExtractedFact, RelationCandidate, RelationDecision, RelationJudge } from './types.js';

/**
 * The heuristic relation judge (no model): how a new fact relates to the memories offered as candidates, from their
 * subjects, attributes (catalogue ids, attributes.ts), values and words. Per candidate, first match wins:
 *
 * 0. another subject: new. Facts about Lena never merge into, nor replace, facts about Maya;
 * 1. the same text once normalised (case, punctuation, articles): duplicate;
 * 2. the same attribute (and object, for keyed ones: allergy:peanut, opinion:running): a fact that ends a value
 *    ("left Figma") updates the memory holding that value; the same value with the same polarity is a duplicate, or
 *    extends it when it adds words; another value or the opposite polarity ("not allergic", "now loves") updates it;
 * 3. two different catalogue attributes: new (a job title does not replace an employer);
 * 4. otherwise by words, as before the catalogue: a negation of (almost) the same words updates; a fact whose words
 *    the candidate (almost) all holds is a duplicate (similarity at least {@link DUPLICATE_SIMILARITY} unless it holds
 *    every one); a fact holding all of the candidate's content words, numbers and dates plus more extends it;
 * 5. a change of topic where the attribute is unknown ("other") or named differently: the same subject, a new fact
 *    that announces a change (now, actually, no longer, anymore, switched, stopped, gave up, tapered off, instead...)
 *    or flips the polarity, about the same thing (a noun both facts share, "sertraline", "keto", "the guitar"; times
 *    of day and the subject's own names do not count) and close in meaning (similarity at least
 *    {@link TOPIC_SIMILARITY}): updates. Two preferences with other objects, or two people, share no such noun.
 *
 * Across candidates, duplicate beats updates beats extends; ties go to the most similar candidate, then the lowest
 * id, so the decision is a pure function of its inputs. `derives` is never returned: no inferences offline.
 */

/** Similarity (0-1, calibrated) at which a fact whose words the candidate (almost) holds is the same fact. */
export const DUPLICATE_SIMILARITY = 0.95;
/** Share of one fact's words the other must hold to repeat it (duplicate) or contain it (extends). */
export const WORD_COVERAGE = 0.8;

/** Similarity (0-1, calibrated) from which a cued fact about the same noun replaces an uncatalogued one (rule 5). */
export const TOPIC_SIMILARITY = 0.45;

const ARTICLES = new Set(['a', 'an', 'the']);
/** "is a mail carrier", "works as a crossing guard": a job the catalogue has no word for. */
const JOB_LIKE = /\b(?:is|works as)\s+an?\s+(?:(?!of\b)[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+(?:er|or|ist|ian|ant|ent)\.?$/u;
const RETIRED = /\b(?:retired|is retired|has retired|went into retirement)\b(?!\s+(?:teacher|nurse|officer|engineer|doctor|colonel|\p{Ll}+er)\b)/iu;
/** Words that announce that what held before changed or stopped (rule 5). */
const CHANGE_CUE =
  /\b(?:now|actually|no longer|any ?more|switched|switching|moved|started|left|quit|stopped|gave up|given up|dropped(?:\s+out)?|tapered off|came off|come off|instead|these days|nowadays|back to|correction|not anymore|ditched|dumped|swapped|replaced|cancel+ed|handed\s+(?:[\p{L}'-]+\s+){0,2}over|stepped\s+(?:back|down)|parted ways|(?:has|have)\s+since|pushed back|brought forward|rescheduled|postponed|put back)\b/iu;
/** Nouns that say when, not what: "every morning" and "on Saturday mornings" are no shared topic. */
const TIME_NOUNS = new Set(
  words(
    'morning evening night afternoon day week month year weekend today tonight time monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december spring summer autumn fall winter',
  ).flatMap((w) => term(w) ?? []),
);
const NOT_TOPIC = new Set(words('user others other thing things stuff lot kind way bit people').flatMap((w) => term(w) ?? []));
const NEGATION = /\b(?:not|no|never|nobody|none|nothing|neither|nor|no longer)\b|n['’]t\b/i;
const RANK: Record<string, number> = { duplicate: 3, updates: 2, extends: 1 };
const SOFT_WORDS = new Set(words('now still currently actually really also just recently finally officially too again anymore nowadays today happily proudly definitely honestly').flatMap((w) => term(w) ?? []));

interface Shape {
  text: string;
  normalised: string;
  /** Stemmed words, stopwords kept (articles dropped): "has" and "had" tell facts apart. */
  words: Set<string>;
  /** Stemmed words without stopwords. */
  content: Set<string>;
  numbers: Set<string>;
  negated: boolean;
}

function shapeOf(text: string): Shape {
  const ws = words(text).filter((w) => !ARTICLES.has(w));
  const content = new Set<string>();
  const all = new Set<string>();
  for (const w of ws) {
    const t = term(w);
    if (t) content.add(t);
    all.add(t ?? w);
  }
  return { text, normalised: ws.join(' '), words: all, content, numbers: new Set(text.match(/\d+(?:[-/:.]\d+)*/g) ?? []), negated: NEGATION.test(text) };
}

/** Share of `a`'s members that are in `b` (1 when `a` is empty). */
function coverage(a: Set<string>, b: Set<string>): number {
  if (a.size === 0) return 1;
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n / a.size;
}

const subset = (a: Set<string>, b: Set<string>) => [...a].every((x) => b.has(x));
const isCatalogued = (a: string | null): a is string => a !== null && !a.startsWith('other');

/** The facet of `text` that states `attribute`, found by the same classifier that wrote it. */
function facetOf(text: string, subject: string | null, attribute: string): ClassifiedFacet | null {
  const facets = classifyFact(text, subject, 'present', false).facets;
  return facets.find((f) => f.attribute === attribute) ?? facets.find((f) => attributeSpec(f.attribute)?.id === attributeSpec(attribute)?.id) ?? null;
}

const valueKey = (v: string | null) => (v ? objectKey(v.replace(/^(?:an?|the)\s+/i, '')) || v.toLowerCase() : null);

/**
 * The same value once normalised ("the Figma" ~ "Figma"; "product designer" is not "senior product designer");
 * `loose`: a value whose words are all in the other ("Honda" ~ "Honda Civic"), for what a fact ends.
 */
function sameValue(a: string | null, b: string | null, loose = false): boolean {
  const [x, y] = [valueKey(a), valueKey(b)];
  if (x === null || y === null) return x === y;
  if (x === y) return true;
  if (!loose || x.length <= 2 || y.length <= 2) return false;
  // Every word of the shorter in the longer: "Honda" ~ "Honda Civic", "Northside gym" ~ "Northside boxing gym".
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const words = new Set(long.split(' '));
  return short.split(' ').every((w) => words.has(w));
}

/** The relation of `fact` to one candidate, by the rules above. */
export function relationTo(fact: ExtractedFact, candidate: RelationCandidate): 'duplicate' | 'updates' | 'extends' | 'new' {
  const subject = sameSubject(subjectNames(fact.subject, fact.aliases), candidate.subject);
  if (subject === false) return 'new';
  const n = shapeOf(fact.text);
  const o = shapeOf(candidate.text);
  if (n.normalised === o.normalised) return 'duplicate';
  const fa = canonicalAttribute(fact.attribute);
  const ca = canonicalAttribute(candidate.attribute);
  if (subject === true && isCatalogued(fa) && (fa === ca || sameSlot(fa, ca))) return sameAttribute(fact, candidate, fa!, n, o);
  // "Pilates is on Thursdays now" after "does pilates every Tuesday evening": the slot said before as a habit.
  if (subject === true && ca === null && slotHabit(fa, candidate.text)) return 'updates';
  // Retiring ends the job, the role with the employer: "my dad finally retired" replaces "my dad is a mail carrier".
  if (subject === true && fa === 'employer' && (ca === 'role' || (ca === null && JOB_LIKE.test(candidate.text))) && RETIRED.test(fact.text) && !RETIRED.test(candidate.text)) return 'updates';
  const names = new Set(subjectNames(fact.subject, fact.aliases).flatMap((name) => words(name).flatMap((w) => term(w) ?? [])));
  // "ditched Spotify for Apple Music" ends the fact that names Spotify, whatever either is filed under.
  if (subject === true && endsNamedObject(fact.text, candidate.text, names)) return 'updates';
  if (isCatalogued(fa) && isCatalogued(ca)) return 'new';
  // "Dan: I'm still at Monzo" (no attribute) after "Dan just started at Wise" (employer): the slot's value now.
  if (subject === true && fa === null && restatesSlot(fact.text, ca, candidate.text)) return 'updates';
  // "Parents' evening got pushed back to 14 May" after "Parents' evening is on 7 May": facts of no one (events, the
  // office) change like anyone's.
  const unowned = !fact.subject && !candidate.subject;
  return byWords(n, o, candidate, subject === true, fa !== null && fa === ca, names, unowned);
}

function sameAttribute(fact: ExtractedFact, candidate: RelationCandidate, attribute: string, n: Shape, o: Shape): 'duplicate' | 'updates' | 'extends' | 'new' {
  const nf = facetOf(fact.text, fact.subject, attribute) ?? aliasFacet(fact, attribute);
  const cf = facetOf(candidate.text, candidate.subject, attribute);
  // Wording the classifier cannot read back (a model's): the same attribute with other words is a new value.
  if (!nf || !cf) return n.negated === o.negated && coverage(n.content, o.content) === 1 ? 'duplicate' : 'updates';
  // "handed in my notice at Klarna" after "accepted a job at Spotify": the ending names, or follows, another value.
  if (!attribute.includes(':') && endsAnotherValue(nf, cf, candidate, (a, b) => sameValue(a, b, true))) return 'new';
  // A keyed attribute names its object already ("medication:sertraline"): ending it ends that one, whatever the dose.
  if (nf.ended) return nf.value === null || cf.value === null || attribute.includes(':') || sameValue(nf.value, cf.value, true) ? 'updates' : 'new';
  // "Maya now lives in Boston" adds nothing to "Maya lives in Boston".
  const extra = [...n.content].some((t) => !o.content.has(t) && !SOFT_WORDS.has(t));
  if (nf.negated === cf.negated && !cf.ended) {
    if (sameValue(nf.value, cf.value)) return extra && subset(o.content, n.content) ? 'extends' : 'duplicate';
    // "has a dog" then "has a dog named Rex": the same dog, named.
    if (cf.value === null) return 'extends';
    if (nf.value === null) return 'duplicate';
    // Two sisters, two dogs: both stay.
    if (coexists(attribute)) return 'new';
  }
  return 'updates';
}

/** Keyed attributes whose values are several things at once (pets of one kind, siblings), not one that changes. */
function coexists(attribute: string): boolean {
  const [id, object] = attribute.split(':') as [string, string | undefined];
  return id === 'pet' || (id === 'family' && object !== undefined && !isUniqueRelative(object));
}

function aliasFacet(fact: ExtractedFact, attribute: string): ClassifiedFacet | null {
  for (const alias of fact.aliases ?? []) {
    const f = facetOf(fact.text, alias, attribute);
    if (f) return f;
  }
  return null;
}

function byWords(n: Shape, o: Shape, candidate: RelationCandidate, sameSubject: boolean, sameAttribute: boolean, names: ReadonlySet<string>, unowned = false): 'duplicate' | 'updates' | 'extends' | 'new' {
  const newInOld = coverage(n.words, o.words);
  const oldInNew = coverage(o.words, n.words);
  // "Dana no longer lives in Paris" repeats the words of "Dana lives in Paris" and contradicts it.
  if (n.negated !== o.negated) {
    if (sameSubject && (sameAttribute || Math.max(newInOld, oldInNew) >= WORD_COVERAGE)) return 'updates';
    return sameSubject && topicChange(n, o, candidate, true, names) ? 'updates' : 'new';
  }
  if (subset(n.numbers, o.numbers) && (newInOld === 1 || (newInOld >= WORD_COVERAGE && candidate.similarity >= DUPLICATE_SIMILARITY))) return 'duplicate';
  const extraContent = [...n.content].some((t) => !o.content.has(t));
  // Short facts differ in one slot ("allergic to peanuts" / "to shellfish"): all their content words must be kept.
  const missing = [...o.content].filter((t) => !n.content.has(t)).length;
  const contains = oldInNew >= WORD_COVERAGE && missing <= (o.content.size >= 5 ? 1 : 0) && subset(o.numbers, n.numbers) && extraContent;
  if (sameSubject && sameAttribute) return contains && oldInNew === 1 ? 'extends' : 'updates';
  if ((sameSubject || unowned) && CHANGE_CUE.test(n.text) && topicChange(n, o, candidate, false, names)) return 'updates';
  return sameSubject && contains ? 'extends' : 'new';
}

/**
 * Rule 5: the new fact is about the same thing as the candidate (a shared topic noun, or for a flipped polarity half
 * of the candidate's content words) and close in meaning.
 */
function topicChange(n: Shape, o: Shape, candidate: RelationCandidate, flipped: boolean, names: ReadonlySet<string>): boolean {
  if (candidate.similarity < TOPIC_SIMILARITY) return false;
  const old = topicNouns(o.text);
  if ([...topicNouns(n.text)].some((t) => old.has(t) && !names.has(t))) return true;
  if (!flipped) return false;
  const own = [...o.content].filter((t) => !SOFT_WORDS.has(t) && !NOT_TOPIC.has(t) && !TIME_NOUNS.has(t) && !names.has(t));
  return own.length >= 2 && own.filter((t) => n.content.has(t)).length * 2 >= own.length;
}

const nounCache = new Map<string, Set<string>>();

/** Stemmed nouns of a fact (compromise's tagger), without times, names of the user and generic words. */
function topicNouns(text: string): Set<string> {
  let found = nounCache.get(text);
  if (found) return found;
  found = new Set(
    (nlp(text).match('#Noun').not('#Pronoun').out('array') as string[])
      .flatMap((w) => words(w))
      .flatMap((w) => term(w) ?? [])
      .filter((t) => !TIME_NOUNS.has(t) && !NOT_TOPIC.has(t) && !/^\d/.test(t)),
  );
  if (nounCache.size > 2000) nounCache.clear();
  nounCache.set(text, found);
  return found;
}

/** Whether `text` holds the weekday slot `attribute` (field:<what>) as a habit: what recurs, on a weekday. */
function slotHabit(attribute: string | null, text: string): boolean {
  if (!attribute?.startsWith('field:') || !/\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/i.test(text)) return false;
  const key = attribute.slice(6).split(' ');
  const held = new Set(words(text).flatMap((w) => term(w) ?? []));
  return key.every((k) => held.has(k));
}

/**
 * Two weekday slots named one more closely than the other ("the standup" and "our team standup", "retro" and "team
 * retro"): the same slot, so a moved day replaces the first.
 */
function sameSlot(a: string | null, b: string | null): boolean {
  if (!a?.startsWith('field:') || !b?.startsWith('field:')) return false;
  const [x, y] = [a.slice(6).split(' '), b.slice(6).split(' ')];
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length < long.length && short.join(' ') === long.slice(long.length - short.length).join(' ');
}

/** Picks the relation of `fact` to its candidates: duplicate > updates > extends > new. */
export function judgeRelation(fact: ExtractedFact, candidates: readonly RelationCandidate[]): RelationDecision {
  let best: { relation: 'duplicate' | 'updates' | 'extends'; candidate: RelationCandidate; own: boolean } | null = null;
  const attribute = canonicalAttribute(fact.attribute);
  for (const candidate of candidates) {
    const relation = relationTo(fact, candidate);
    if (relation === 'new') continue;
    // A fact of the same attribute before one of another ("retired" replaces the employer before the role).
    const own = attribute !== null && canonicalAttribute(candidate.attribute) === attribute;
    const better =
      !best ||
      RANK[relation]! > RANK[best.relation]! ||
      (RANK[relation] === RANK[best.relation] &&
        ((own && !best.own) || (own === best.own && (candidate.similarity > best.candidate.similarity || (candidate.similarity === best.candidate.similarity && candidate.id < best.candidate.id)))));
    if (better) best = { relation, candidate, own };
  }
  return best ? { relation: best.relation, targetId: best.candidate.id } : { relation: 'new' };
}

/** The heuristic relation judge. */
export function createHeuristicJudge(): RelationJudge {
  return { kind: 'heuristic', judge: async (fact, candidates) => judgeRelation(fact, candidates) };
}
