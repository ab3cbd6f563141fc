import { unassertedBelow } from './memory-moods.js';
import type { MemoryRecord } from '../core/types.js';
import { attributesAskedBy, attributeSpec, canonicalAttribute as catalogueAttribute, questionFocus as focusOf } from '../memory/attributes.js';
import { PROFESSIONS } from '../memory/attribute-patterns.js';
import { employerNamesTitle } from './titles-in-jobs.js';
import { CAR_BRANDS, DIETS } from '../memory/attribute-words.js';
import { indexTerms } from '../text/tokenize.js';
import { textSubject } from './memory-subjects.js';
import { unfiledStatesAsked } from './unfiled-evidence.js';
import { locationReadsAsHome } from './home-locations.js';
import { memoryTerms } from './memory-terms.js';
import { backAtPlace, backFromStay, boundedStay, movedHome, statesHome } from './memory-moves.js';
import { moveUp, type RankedMemory } from './rank-move.js';
import { ENDS_THING, holdsOverEnding } from './same-time-endings.js';
import { livingThingReplaced, newHolderAt, newOfSameThing, switchedAway } from './memory-replacements.js';

/**
 * What makes a memory search answer with the current fact, beyond similarity: the attribute a question asks about
 * (memory/attributes.ts) weighs in, and no superseded or contradicted fact outranks the fact that replaced it.
 */

/**
 * The canonical attribute of a stored one, for ranking: the memory engine's (memory/attributes.ts
 * canonicalAttribute) when it names a catalogue attribute, an id or `id:object` as stored, or an alias ("home city"
 * → residence); otherwise (free text the engine files under "other" or under an object it guessed) the catalogue id
 * the words name or ask about ("employer name" → employer, "favourite colour" → favorite); null when nothing in the
 * catalogue matches: such a fact never supersedes or is superseded by attribute.
 */
export function canonicalAttribute(stored: string | null): string | null {
  if (stored === null) return null;
  // Ranking compares every pair of candidates by attribute: each stored attribute is read once (a bounded cache).
  const cached = canonicalCache.get(stored);
  if (cached !== undefined) return cached;
  if (canonicalCache.size >= CANONICAL_CACHE_SIZE) canonicalCache.clear();
  const canonical = readCanonical(stored);
  canonicalCache.set(stored, canonical);
  return canonical;
}

const CANONICAL_CACHE_SIZE = 10_000;
const canonicalCache = new Map<string, string | null>();

function readCanonical(stored: string): string | null {
  const catalogued = catalogueAttribute(stored);
  if (!stored || !catalogued) return null;
  const id = attributeSpec(catalogued)?.id;
  if (id && id !== 'other' && (!catalogued.includes(':') || attributeSpec(stored.trim().toLowerCase()))) return catalogued;
  const words = stored.toLowerCase().replace(/[_-]+/g, ' ');
  // A catalogue id among the words names it ("employer name" → employer, not name); else what the words ask about.
  const named = words.split(/\s+/).find((w) => attributeSpec(w) && w !== 'other');
  return named ?? attributesAskedBy(words)[0] ?? null;
}

/**
 * The key under which a newer fact replaces an older one: subject + attribute for single-valued attributes
 * (residence, employer...) and keyed ones with their object (allergy:peanut, opinion:running); null for "other",
 * a keyed attribute without its object, or a memory without subject.
 */
export function supersessionKey(m: Pick<MemoryRecord, 'subject' | 'attribute'>, subjectKey: SubjectKey = plainSubject): string | null {
  const attribute = canonicalAttribute(m.attribute);
  const spec = attributeSpec(attribute);
  const subject = subjectKey(m.subject);
  if (!subject || !attribute || !spec || spec.id === 'other') return null;
  if (spec.keyed && !attribute.includes(':')) return null;
  return `${subject}\u0000${attribute}`;
}

/**
 * The subject of a fact for ranking: the stored one, else the name its text opens with ("Kofi was promoted to captain"
 * filed without a subject): two facts the engine left unattributed still compare as one person's, so a later change
 * goes above the older statement as it does for attributed facts.
 */
export function subjectOf(m: Pick<MemoryRecord, 'subject' | 'memory'>, subjectKey: SubjectKey = plainSubject): string | null {
  return subjectKey(textSubject(m)) ?? subjectKey(leadingName(m.memory));
}

/** Words that open a sentence with a capital without naming anyone. */
const NOT_A_NAME = new Set([
  'the',
  'a',
  'an',
  'as',
  'in',
  'on',
  'at',
  'after',
  'before',
  'when',
  'since',
  'until',
  'my',
  'our',
  'your',
  'this',
  'that',
  'these',
  'those',
  'it',
  'he',
  'she',
  'they',
  'we',
  'i',
  'there',
  'here',
  'today',
  'yesterday',
  'tomorrow',
  'last',
  'next',
  'every',
  'each',
  'some',
  'all',
  'both',
  'no',
  'not',
  'user',
]);

/**
 * The one or two capitalised words a fact opens with, when a lower-case word follows them ("Kofi was ..." → "Kofi"),
 * after an opening clause of time in lower case if any ("After the restructure Marcus went back ..." → "Marcus").
 */
export function leadingName(text: string): string | null {
  const m = /^\s*(?:(?:After|Before|Since|Following|During|Until|Last|This)\s+(?:[\p{Ll}\d'-]+\s+){0,4}?,?\s*)?(\p{Lu}[\p{Ll}'-]+(?:\s+\p{Lu}[\p{Ll}'-]+)?)(?:'s)?\s+\p{Ll}/u.exec(text);
  if (!m) return null;
  const name = m[1]!.replace(/'s$/, '');
  return name.split(/\s+/).some((w) => NOT_A_NAME.has(w.toLowerCase())) ? null : name;
}

/** How subjects compare: the same key is the same person (services/memory-subjects.ts: "Luis Ortega" and "Luis"). */
export type SubjectKey = (subject: string | null) => string | null;

/** Subjects compared as written (case and spacing aside). */
export function plainSubject(subject: string | null): string | null {
  return subject?.trim().toLowerCase() || null;
}

/**
 * Attribute evidence of a memory for a question (a feature of search/memory-similarity.ts): +1 when it states an
 * attribute the question asks about, -1 when it states another catalogue attribute, 0 when the question asks about
 * none or the memory's attribute is unknown or "other".
 */
export function attributeEvidence(asked: readonly string[], m: Pick<MemoryRecord, 'attribute'> & Partial<Pick<MemoryRecord, 'memory'>>): number {
  if (asked.length === 0) return 0;
  const id = attributeSpec(canonicalAttribute(m.attribute))?.id;
  if (!id || id === 'other') return m.memory !== undefined && unfiledStatesAsked(asked, m.memory) ? 1 : 0;
  if (id === 'location' && asked.includes('residence') && m.memory !== undefined && locationReadsAsHome(m.memory)) return 0;
  if (id === 'employer' && asked.includes('role') && m.memory !== undefined && employerNamesTitle(m.memory)) return 1;
  return asked.includes(id) ? 1 : -1;
}

export type { RankedMemory };

/**
 * Orders hits so that the current fact of each subject + attribute answers: within a version chain the latest
 * version, among facts with one supersession key the newest (learned last), takes the best similarity of its group
 * and every older one ranks below it. Returns the hits sorted by similarity, best first.
 */
export function currentFactsFirst<T extends RankedMemory>(hits: readonly T[], subjectKey: SubjectKey = plainSubject): T[] {
  const groups = new Map<string, T[]>();
  const add = (key: string, h: T) => groups.set(key, [...(groups.get(key) ?? []), h]);
  for (const h of hits) {
    add(`chain\u0000${h.memory.rootMemoryId ?? h.memory.id}`, h);
    const key = supersessionKey(h.memory, subjectKey);
    if (key) add(`fact\u0000${key}`, h);
  }
  const score = new Map<T, number>(hits.map((h) => [h, h.similarity]));
  // Two passes: a chain's head may itself be an older fact of its subject + attribute.
  for (let pass = 0; pass < 2; pass++) {
    for (const [key, members] of groups) {
      if (members.length < 2) continue;
      const current = key.startsWith('chain') ? newestVersion(members) : newestFact(members);
      const best = Math.max(...members.map((m) => score.get(m)!));
      score.set(current, best);
      for (const m of members) if (m !== current && score.get(m)! >= best) score.set(m, best * 0.999);
    }
  }
  return unassertedBelow(
    newerOnTies(
      newerTwinsFirst(
        endedValuesBelow(
          hits.map((h) => ({ ...h, similarity: score.get(h)! })).sort((a, b) => b.similarity - a.similarity),
          subjectKey,
        ),
        subjectKey,
      ),
      subjectKey,
    ),
    (m) => subjectOf(m, plainSubject),
  );
}

/** A later fact that ends the value an older fact states ("sold the Outback", "left Figma", "retired from Acme"). */
const ENDS_VALUE =
  /\b(?:sold|traded\s+(?:\w+\s+){1,3}in\b|part[- ]exchanged|gave away|given away|got rid of|traded in|quit|left|leaving|retired from|resigned from|lost|ended|broke up with|split from|divorced|moved out of|moved away from|closed|shut down|dropped out|stepped down|stopped(?! by)|gave up|given up|cancell?ed|no longer)\b/i;
/** "my new boss", "a new job": a later fact naming a new holder of an attribute. */
const NEW_HOLDER = /\bnew\s+([a-z]+)/gi;
/** Attributes with one value at a time, whose new holder replaces the old one ("new boss"; never "new dog"). */
const ONE_HOLDER = new Set(['residence', 'employer', 'role', 'manager', 'vehicle', 'partner', 'contact']);

/**
 * A change the engine did not link and that scores far below the older fact, beyond any margin (issue 26, round 10;
 * fresh5: "The user and others sold the Outback." 0.43 against "The user drives a Subaru Outback." 0.99 for "what car
 * do I drive?"; "... first 1:1 with Omar, the user's new boss since the reorg" 0.18 against "The user's manager is
 * Karen Lee." 0.77 for "who do I report to?"): a later fact of the same subject that ends the older fact's value (an
 * ending verb and a capitalised word of the older fact's value: "sold the Outback") or names a new holder of its
 * single-valued attribute ("new boss" for manager), or ends the job the older fact states ("quit the bank", "retired
 * in 2025 after 31 years of teaching" after "works as a loan officer") takes the older fact's place, which keeps its
 * own just below.
 * Explicit words only: a fact merely stated later never moves this far.
 */
export function endedValuesBelow<T extends RankedMemory>(sorted: readonly T[], subjectKey: SubjectKey = plainSubject): T[] {
  const out = [...sorted];
  const cued = out
    .filter(
      (h) =>
        ENDS_VALUE.test(h.memory.memory) ||
        JOB_ENDS.test(h.memory.memory) ||
        ROLE_CHANGE.test(h.memory.memory) ||
        NOW_CUE.test(h.memory.memory) ||
        INSTEAD.test(h.memory.memory) ||
        SWITCHED.test(h.memory.memory) ||
        movedHome(h.memory.memory, 'other') ||
        backFromStay(h.memory.memory) ||
        NEGATED.test(h.memory.memory) ||
        ACQUIRED_CUE.test(h.memory.memory) ||
        /\b(?:new|different)\s/i.test(h.memory.memory),
    )
    .map((h) => factView(h.memory, subjectKey));
  if (cued.length === 0) return out;
  // Each fact moves once (ids: the entries are copied as their scores change).
  const moved = new Set<string>();
  const scores = new Map(out.map((h) => [h.memory.id, h.similarity]));
  const similarityOf = (f: FactView) => scores.get(f.memory.id) ?? 0;
  let views: FactView[] | undefined;
  for (let i = 0; i < out.length; i++) {
    const older = out[i]!;
    if (moved.has(older.memory.id)) continue;
    const o = factView(older.memory, subjectKey);
    // "The Brighton address is no longer valid." (no subject) yields to the move told with it or later.
    // ("Bristol is home." has no stored subject; its leading name is the place.)
    const formerHomeSuccessor = o.subject && o.memory.subject !== null ? undefined : cued.find((n) => n.memory.id !== older.memory.id && !moved.has(n.memory.id) && formerHomeEnded(o, n));
    if (!o.subject && !formerHomeSuccessor) continue;
    const oneHolder = ONE_HOLDER.has(o.id);
    const successor =
      formerHomeSuccessor ??
      cued.find((n) => {
        if (n.memory.id === older.memory.id || moved.has(n.memory.id)) return false;
        if (replacesEnding(o, n)) return true;
        if (!laterView(n, o)) return false;
        // "Changed networks, new number is ..." (no subject) after "The user's mobile number is ...".
        if (n.memory.subject === null && oneHolder && newOfSameThing(o.memory.memory, n.memory.memory)) return true;
        // Another person's fact replaces the older one only as the relation's holder: "hired a different accountant,
        // Gareth" after "Sunita is the user's accountant", "Mrs Okafor retired" after "Maisie's teacher is Mrs Okafor".
        if (n.subject !== o.subject) return o.subject !== null && n.subject !== null && (newHolderOfRelation(o, n) || holderEnded(o, n) || newHolderAt(o.memory.memory, n.memory.memory, n.subject, PROFESSION_IN));
        // A later fact that ends the very value the older one names ("left The Lanterns" after "plays bass in a band
        // called The Lanterns", "dropped out of the Riverside book club") ends it whatever attribute the engine filed
        // either under; the other cues need a single-valued attribute of the same kind.
        if (endsValueOf(o, n) && (oneHolder || n.says(ENDS_THING))) return true;
        if (switchesFrom(o, n)) return true;
        // "adopted a rescue greyhound called Skye" (pet:dog) after "The user's dog Barney passed away".
        if (livingThingReplaced(o.memory.memory, n.attribute, n.memory.memory)) return true;
        // "switched my current account to Starling" after "banks with HSBC": a lasting value replaced by a change to
        // another named one, when the change is itself close enough to the question to be about the same thing.
        if ((o.lasting || o.keyed) && (n.id === 'other' || n.id === o.id) && switchedAway(namedValues(o), o.memory.memory, n.memory.memory) && similarityOf(n) >= SWITCH_SHARE * older.similarity) return true;
        if (deniesKeyedValue(o, n)) return true;
        // A move said without a residence ("sold the house and moved to Kinsale", "has moved, ... her new flat in
        // Whitstable") ends the home stated before; being back ("back in the London flat") ends a stay bounded in time.
        if (n.says(movedHome) && o.says(statesHome)) return true;
        if (n.says(backFromStay) && boundedStay(o.memory.memory, o.memory.forgetAfter !== null)) return true;
        // Back at a named place ("back in Berlin as of this week") is where the person is based now.
        if (n.says(backAtPlace) && o.says(statesHome)) return true;
        // The relation's noun is the kind: "moved to a new dentist, Dr Achebe" (filed as a residence) after "the user's
        // dentist is Dr Kovacs".
        if (newHolderOfNamed(o, n)) return true;
        const sameKind = n.id === 'other' || n.id === o.id || (WORK.has(o.id) && WORK.has(n.id));
        if (sameKind && (changesRole(o, n) || valueNow(o, n))) return true;
        return oneHolder && sameKind && (newHolderOf(o, n) || endsWork(o, n));
      });
    // "handed my notice in at Dishoom" ends the older job; the job taken after it ("head chef at Ember since August", of
    // the same message or later) is the answer, above the older job and above the ending itself.
    views ??= out.map((h) => factView(h.memory, subjectKey));
    const next = successor ? (newJobAfter(successor, views, moved, WORK.has(o.id)) ?? successor) : newJobAfter(o, views, moved);
    if (!next) continue;
    const j = out.findIndex((h) => h.memory.id === next.memory.id);
    if (j < i) continue;
    moved.add(moveUp(out, j, i).memory.id);
    i++;
  }
  return out;
}

/** Acquisitions said as done, which may replace a thing that died or was given up (memory-replacements.ts). */
const ACQUIRED_CUE = /\b(?:adopted|bought|picked up|rescued|upgraded|downgraded)\b/i;
/**
 * The share of the older fact's similarity a change to another named value must reach to replace it without naming
 * it: "switched my current account to Starling" scored 0.39 against "banks with HSBC" 0.98 for "who do I bank with?";
 * a change of another thing ("switched my phone to Vodafone") scores near nothing for it.
 */
const SWITCH_SHARE = 0.35;

/** A former home named without a subject: "The Brighton address is no longer valid.", "our old flat is no longer ours". */
const FORMER_HOME = /\b(?:address|home|house|flat|apartment|place)\b/i;

/**
 * A fact of no subject that says a home no longer holds ("The Brighton address is no longer valid.") yields to a move
 * (memory-moves.ts) of the same document or later: both speak of a home, and the move says where it is now. (Any
 * former value yielding to any change of its document would let "moved to Leeds" replace "no longer eats meat".)
 */
function formerHomeEnded(older: FactView, newer: FactView): boolean {
  if (!newer.says(movedHome)) return false;
  // "Bristol is home.", "Home is Glasgow." (no subject) before a move said later.
  if (older.says(statesHome) && laterView(newer, older)) return true;
  if (!older.pastValue || !older.says(FORMER_HOME)) return false;
  return newer.memory.documentIds.some((d) => older.memory.documentIds.includes(d)) || laterView(newer, older);
}

/** Words that deny a value: "NOT allergic to penicillin", "isn't allergic", "no longer", "never liked". */
const NEGATED = /\b(?:not|no longer|never)\b|n't\b/i;
/** A negation and the two words after it. */
const DENIAL = /(?:\b(?:not|no longer|never)|n't)\s+(\p{L}+)(?:\s+(\p{L}+))?/giu;

/** A word as typos leave it: lower case, doubled letters single ("penicilin" and "penicillin" are one word). */
export function typoKey(word: string): string {
  return word.toLowerCase().replace(/(\p{L})\1+/gu, '$1');
}

/**
 * A later fact of the subject that denies the object of an older keyed fact ("turns out the user is NOT allergic to
 * penicillin" after "is allergic to penicilin btw", filed as allergy:penicilin): the engine did not link them (no
 * attribute on the denial, a typo in the object), and the denial holds now. The object's words compare as typos leave
 * them (`typoKey`).
 */
function deniesKeyedValue(older: FactView, newer: FactView): boolean {
  if (!older.keyed || !older.attribute?.includes(':') || older.says(NEGATED)) return false;
  const object = older.attribute
    .slice(older.attribute.indexOf(':') + 1)
    .split(/[\s_-]+/)
    .filter((w) => w.length >= 4)
    .map(typoKey);
  if (object.length === 0 || (newer.id !== 'other' && newer.id !== older.id)) return false;
  const said = new Set((newer.memory.memory.match(/\p{L}+/gu) ?? []).map(typoKey));
  if (!object.every((w) => said.has(w))) return false;
  // The denial is of what the older fact says: a word right after the negation is one of its own ("NOT allergic" after
  // "is allergic to ..."), not any negation of the same chat ("can't wait", "wasn't easy").
  const olderWords = new Set((older.memory.memory.match(/\p{L}+/gu) ?? []).map(typoKey).filter((w) => w.length >= 4 && !object.includes(w)));
  for (const m of newer.memory.memory.matchAll(DENIAL)) if ([m[1], m[2]].some((w) => w !== undefined && olderWords.has(typoKey(w)))) return true;
  return false;
}

/**
 * "joined Gymbox instead", "back to eating normally" (after "gave up on keto"): a fact that says it replaces something.
 * "back to" only before an activity or "normal", not a place ("back to Leeds" is a move).
 */
const INSTEAD = /\b(?:[Ii]nstead\b|[Bb]ack to (?:\p{Ll}+ing|normal)\b)/u;

/**
 * "The user cancelled PureGym." and "The user joined Gymbox instead." (one sentence the engine split in two): the fact
 * that ends a thing yields to the fact of its subject, stated with it or later, that says it replaces it, however far
 * below it scores (the replacement seldom repeats the question's words).
 */
function replacesEnding(older: FactView, newer: FactView): boolean {
  return older.subject !== null && newer.subject === older.subject && newer.says(INSTEAD) && older.says(ENDS_THING) && !older.says(INSTEAD) && !laterView(older, newer);
}

/** The newer fact ends a value the older one names with a capital ("sold the Outback" after "drives a Subaru Outback"). */
function endsValueOf(older: FactView, newer: FactView): boolean {
  if (!newer.says(ENDS_VALUE)) return false;
  // The subject's own name ("John's" of "John's goal is ...") is no value of the fact.
  const values = namedValues(older);
  const said = newer.memory.memory.toLowerCase();
  return values.some((w) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(said));
}

/** "switched my current account to Monzo", "moved our energy over to Octopus", "changed from X to Y". */
const SWITCHED = /\b(?:switched|swapped|changed|transferred|moved)\b[^.;]*?\b(?:to|over to|for)\b/i;

/**
 * The newer fact says its subject switched to something else and names the older fact's value ("switched my current
 * account to monzo, barclays app was driving me mad" after "has banked with Barclays since uni"), in any case: the
 * older value no longer holds, whatever attribute either is filed under.
 */
function switchesFrom(older: FactView, newer: FactView): boolean {
  if (!newer.says(SWITCHED)) return false;
  const said = newer.memory.memory.toLowerCase();
  return namedValues(older).some((w) => w.length >= 3 && new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(said));
}

/**
 * The capitalised words of a fact beyond its first and its subject's name ("Outback" of "drives a Subaru Outback"); a
 * word opening a quoted sentence names nothing ("Joanna said on 12 March 2023: The early shifts ...": not "the").
 */
function namedValues(fact: FactView): string[] {
  const subjectWords = new Set((fact.subject ?? '').split(/\s+/));
  return (fact.memory.memory.match(/(?<!^)(?<![.:!?]\s+)\b\p{Lu}[\p{L}\p{N}'-]+/gu) ?? []).map((w) => w.toLowerCase().replace(/'s$/, '')).filter((w) => w !== 'user' && !subjectWords.has(w));
}

/** A job and its title: leaving the one ends the other ("quit the bank" after "works as a loan officer"). */
const WORK = new Set(['employer', 'role']);
/** Words that end a job, whatever its name ("retired in 2025 after 31 years of teaching", "was laid off"). */
const JOB_ENDS =
  /\b(?:quit|retired|resigned|laid off|was fired|got fired|let go|handed in (?:[\w'’]+ ){0,2}notice|handed (?:[\w']+ ){0,3}notice in|lost (?:\w+(?:'s)? )?job|stopped (?:working|teaching|practi[cs]ing|nursing))\b/i;

/**
 * Words that give a person another title, whatever it is: "was promoted to ward sister", "made partner", "became head
 * chef", "took over as", "went back to being a picker", "title at the BBC changed to assistant producer". A job title
 * the engine filed under no attribute (a promotion rarely names the employer) still replaces the title it follows.
 * Said as done, not wished ("wants to become a counselor", "promoted her book" are no new title).
 */
const PROFESSION_WORDS = PROFESSIONS.join('|');
const ROLE_CHANGE = new RegExp(
  String.raw`\b(?:(?:got|gets|was|were|been|being)\s+(?:promoted|demoted|appointed)|(?:promoted|demoted|appointed)\s+(?:to|as)|promotion to|took over as|stepped up (?:as|to)|moved up to|went back to being|(?:made|became|was named|been named)\s+(?:(?:a|an|the)\s+)?(?:[\p{L}-]+\s+){0,2}?(?:${PROFESSION_WORDS})s?\b)|\b(?:title|role|position|job title|rank)\b[^.;]*\b(?:changed|switched) to\b`,
  'iu',
);

/**
 * A job taken: "started at Deliveroo", "joined Wise", "has been head chef at Ember", "works as a nurse at ...",
 * "joined the council as in-house counsel".
 */
const JOB_TAKEN = new RegExp(
  String.raw`\b(?:joined|started at)\s+(?:the\s+)?[\p{L}&'-]+(?:\s+[\p{L}&'-]+)?\s+as\s+(?:an?\s+)?[\p{L}-]+|\b(?:started|starting|joined|been|works?|working|took a job|new job)\b[^.;]*?\b(?:at|as|with)\s+(?:an?\s+|the\s+)?\p{Lu}|\b(?:started|joined|been|works?|working)\s+(?:as\s+)?(?:an?\s+)?(?:[\p{L}-]+\s+){0,2}?(?:${PROFESSION_WORDS})s?\b`,
  'u',
);

/**
 * Work said by how it is done, not by its title or employer: "is writing screenplays full time now", "freelances", a
 * business of one's own run or opened ("runs a bakery in Hastings", "is going to open Jon's own dance studio").
 */
const BUSINESS = String.raw`business|shop|store|bakery|caf[eé]|restaurant|studio|company|firm|practice|salon|bar|pub|clinic|agency|startup|brand|farm`;
const OCCUPATION = new RegExp(
  String.raw`\b(?:full[- ]time|part[- ]time|for a living|freelanc\w*|self-employed)\b|\b(?:runs?|running|open(?:s|ed|ing)?|launch(?:es|ed|ing)?)\s+(?:(?:a|an|the|his|her|their|my|our|\p{Lu}[\p{L}'-]*'s)\s+)?(?:own\s+)?(?:[\p{L}-]+\s+){0,2}?(?:${BUSINESS})\b`,
  'iu',
);

/**
 * The job a person took after the one a fact says they left: a fact of the ending fact's subject, of the same document
 * or stated later, not itself an ending, that states a job (filed as employer or role, or said as one). Null when the
 * ending names no job end, or no such fact is among the candidates.
 */
function newJobAfter(ending: FactView, all: readonly FactView[], moved: ReadonlySet<string>, ofJob = false): FactView | null {
  // "Anna left Harbour Law" filed as her employer, or said of the job it ends (`ofJob`), ends a job as "quit" does.
  const endsJob = ending.says(JOB_ENDS) || ((ofJob || WORK.has(ending.id)) && ending.says(ENDS_THING));
  if (!endsJob || ending.subject === null) return null;
  const sameDocument = (f: FactView) => f.memory.documentIds.some((d) => ending.memory.documentIds.includes(d));
  return (
    all.find(
      (f) =>
        f.memory.id !== ending.memory.id &&
        !moved.has(f.memory.id) &&
        f.subject === ending.subject &&
        !f.says(JOB_ENDS) &&
        !f.says(ENDS_THING) &&
        (sameDocument(f) || !laterView(ending, f)) &&
        (WORK.has(f.id) || f.says(JOB_TAKEN) || f.says(OCCUPATION)),
    ) ?? null
  );
}

/** The newer fact ends the job the older one states (its employer or its title). */
function endsWork(older: FactView, newer: FactView): boolean {
  return WORK.has(older.id) && newer.says(JOB_ENDS);
}

/** The newer fact gives the subject of an older job title another one ("promoted to captain" after "is a lieutenant"). */
function changesRole(older: FactView, newer: FactView): boolean {
  return older.id === 'role' && newer.says(ROLE_CHANGE);
}

/** "a new coach", "my new dentist", "a different accountant": a person holding a relation to the subject, one at a time. */
const NEW_PERSON = new RegExp(String.raw`\b(?:new|different)\s+(?:[\p{L}-]+\s+)?(${PROFESSION_WORDS})\b`, 'giu');

/**
 * The newer fact names a new holder of a relation the older fact names a person for ("found a new coach, Tomasz"
 * after "trains with a running coach, Ellie Park"; "new therapist" after "sees a therapist called Jo"): whatever
 * attribute either is filed under, the relation has one holder at a time.
 */
function newHolderOfNamed(older: FactView, newer: FactView): boolean {
  return newRelationHolder(older, newer) !== null && namedValues(older).length > 0;
}

/** The relation noun the newer fact names a new holder of and the older fact (not itself a "new" one) names. */
function newRelationHolder(older: FactView, newer: FactView): string | null {
  const text = older.memory.memory;
  const nouns = newer.newPersons();
  if (nouns.length === 0 || /\b(?:new|different)\b/i.test(text)) return null;
  for (const noun of nouns) if (new RegExp(String.raw`\b${noun}\b`, 'i').test(text)) return noun;
  return null;
}

/**
 * The older fact is another person's, and says that person holds a relation of the newer fact's subject ("Sunita Rao
 * does the user's tax returns, she's the user's accountant."), which the newer fact gives a new holder ("The user
 * hired a different accountant, Gareth Lim.").
 */
function newHolderOfRelation(older: FactView, newer: FactView): boolean {
  const noun = newRelationHolder(older, newer);
  return noun !== null && holdsRelationOf(older.memory.memory, newer.subject!, noun);
}

/** Whether a text names `noun` as a relation of `subject` ("the user's accountant", "Maisie's piano teacher"). */
function holdsRelationOf(text: string, subject: string, noun: string): boolean {
  const who = subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(String.raw`\b${who}'s\s+(?:[\p{L}-]+\s+){0,2}?${noun}s?\b`, 'iu').test(text);
}

/** Words that title a person and do not name them ("Mrs Okafor", "Dr Kovacs"). */
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'dame']);

/**
 * The person an older fact names as the holder of a relation ("Maisie's piano teacher is Mrs Okafor") left it: a later
 * fact whose subject is that person says they retired, quit, left or moved away ("Mrs Okafor retired, so Maisie has
 * piano with Mr Tanaka now"). The older fact no longer holds.
 */
function holderEnded(older: FactView, newer: FactView): boolean {
  if (!older.says(PROFESSION_IN)) return false;
  if (!newer.says(JOB_ENDS) && !newer.says(ENDS_THING)) return false;
  const name = newer.subject!.split(/\s+/).filter((w) => !HONORIFICS.has(w.replace(/\.$/, '')));
  const values = new Set(namedValues(older));
  return name.length > 0 && name.every((w) => values.has(w));
}

/** A profession or relation noun anywhere in a text ("piano teacher", "dentist"). */
const PROFESSION_IN = new RegExp(String.raw`\b(?:${PROFESSION_WORDS})s?\b`, 'iu');

/**
 * Words that say a value holds from now on, whatever verb states it ("is a sergeant now", "these days I'm head of
 * design", "as of Monday", "has been made"): no verb of change needed.
 */
const NOW_CUE = /\b(?:now|nowadays|these days|as of|has been made|have been made|'ve been made)\b/i;
/** A person's title or classification stated with a copula or an appointment ("is a sergeant", "been made partner"). */
const TITLE_SHAPE = new RegExp(String.raw`\b(?:is|'s|am|are)\s+(?:now\s+)?(?:an?\s+[\p{L}-]+|(?:the\s+)?(?:[\p{L}-]+\s+){0,2}?(?:${PROFESSION_WORDS})s?\b)|\bworks as\b|\bbeen made\b`, 'iu');
/** A person's classification in the older fact ("Callum is a constable", "works as a registrar"). */
const CLASSIFIED = /\b(?:is|am|are|works as)\s+(?:a|an)\s+[\p{L}-]+/iu;
const CAR = new RegExp(String.raw`\b(?:${CAR_BRANDS})\b`, 'i');
const DIET = new RegExp(String.raw`\b(?:${DIETS})\b`, 'gi');

/** The diet words of a text, lower-case ("vegetarian", "pescatarian"). */
function dietsOf(text: string): Set<string> {
  return new Set([...text.matchAll(DIET)].map((m) => m[0].toLowerCase()));
}

/**
 * A later fact of the subject that states a value of the older fact's kind as holding now, filed under no attribute
 * or the same one: "Callum passed his exams and is a sergeant now" after "Callum is a constable" (a title or
 * classification), "Mum's got a Toyota Yaris now" after "Mum drives a Honda Jazz" (a car), "Tom is pescatarian these
 * days" after "he's vegetarian" (a diet). The kind is read from the older fact's attribute (role, vehicle, diet) or its
 * shape ("is a ...", a diet word), and the newer fact must hold a value of that kind (another diet).
 */
function valueNow(older: FactView, newer: FactView): boolean {
  const text = newer.memory.memory;
  if (newer.pastValue) return false;
  // "picked up my new Tesla Model 3" as much as "drives a Tesla now".
  if (older.id === 'vehicle') return (NOW_CUE.test(text) || /\bnew\b/i.test(text)) && CAR.test(text);
  if (!NOW_CUE.test(text)) return false;
  // A diet (filed as one, or said with a diet word) replaced by another diet word: "is pescatarian these days" after
  // "he's vegetarian".
  const olderDiets = dietsOf(older.memory.memory);
  if (older.id === 'diet' || (older.id === 'other' && olderDiets.size > 0)) return [...dietsOf(text)].some((d) => !olderDiets.has(d));
  if (older.id === 'role' || (older.id === 'other' && older.says(CLASSIFIED))) return TITLE_SHAPE.test(text);
  return false;
}

/** The newer fact names a new holder of the older fact's attribute ("new boss" after "manager is Karen Lee"). */
function newHolderOf(older: FactView, newer: FactView): boolean {
  for (const m of newer.memory.memory.matchAll(NEW_HOLDER)) if (attributesAskedBy(m[1]!).includes(older.id)) return true;
  return false;
}

/** How far below an older statement of the same topic a newer one may score and still go first. */
export const TWIN_MARGIN = 0.12;
/** How far below an older fact a later one of its subject that announces a change may score and still go first. */
export const CHANGE_MARGIN = 0.25;
/** Share of the shorter fact's words (beyond its subject; two at least) the other must hold to be a statement of the same topic. */
const TWIN_OVERLAP = 0.5;

/**
 * A change the engine did not link ("Maya lives in Boston." then "Maya lives in Seattle now." filed without a common
 * attribute, or under "other"): among facts of one subject that are statements of the same topic, the same kind of
 * attribute (both unknown or "other" included, never two different catalogue attributes or two keyed facts about
 * different objects) and most of the shorter one's words, the one stated later goes first when it scores within
 * TWIN_MARGIN of the older one, which keeps its place just below it: it still answers "where did she live before".
 * Two preferences ("likes sushi", "likes hiking") or two people never are twins.
 */
export function newerTwinsFirst<T extends RankedMemory>(sorted: readonly T[], subjectKey: SubjectKey = plainSubject): T[] {
  const out = [...sorted];
  // What each candidate states, read once: the loop below compares pairs, and may revisit a place several times.
  const facts = new Map<string, FactView>(out.map((h) => [h.memory.id, factView(h.memory, subjectKey)]));
  const view = (h: T) => facts.get(h.memory.id)!;
  for (let i = 0; i < out.length; i++) {
    const older = out[i]!;
    const o = view(older);
    if (o.subject === null) continue;
    // The first newer twin below it within the margin takes its place; the rest move down one.
    let j = -1;
    for (let k = i + 1; k < out.length && older.similarity - out[k]!.similarity <= CHANGE_MARGIN; k++) {
      const newer = out[k]!;
      const n = view(newer);
      if (n.subject !== o.subject) continue;
      const within = older.similarity - newer.similarity <= TWIN_MARGIN;
      // A former value ("used to use Square") yields to a fact of its subject that is not one and not older ("switched
      // to Toast", often of the same note) within the twin margin.
      if (within && o.pastValue && !n.pastValue && !laterView(o, n)) {
        j = k;
        break;
      }
      if (!laterView(n, o)) continue;
      if ((within && (twins(o, n) || workChange(o, n))) || (announcedChange(o, n) && !asideOfChange(o, n))) {
        j = k;
        break;
      }
    }
    if (j < 0) continue;
    moveUp(out, j, i);
    // The fact now in this place may have a newer twin of its own (each pass puts a later fact here, so this ends).
    i--;
  }
  return out;
}

/**
 * A job's other half changed later ("Oksana became head chef", a new version of her title, after "Oksana works at
 * Dishoom" of the first note): for a question about the job, both answer, and the change is the news. Only a fact
 * that is a change (a new version, or change words), so two halves of one statement keep their order.
 */
function workChange(older: FactView, newer: FactView): boolean {
  return WORK.has(older.id) && WORK.has(newer.id) && older.id !== newer.id && (newer.memory.relation === 'updates' || newer.changeCue);
}

/** What ranking compares between two candidates, read once per candidate. */
interface FactView {
  memory: MemoryRecord;
  subject: string | null;
  /** Canonical attribute (memory-ranking canonicalAttribute). */
  attribute: string | null;
  /** The catalogue id of the attribute; "other" for none. */
  id: string;
  keyed: boolean;
  date: string | null;
  changeCue: boolean;
  /** It holds over time rather than tells an episode (`lasting`). */
  lasting: boolean;
  /** It states a former value ("used to"). */
  pastValue: boolean;
  /** Its words beyond its subject's, read when a comparison first needs them. */
  terms: () => Set<string>;
  /** The relation nouns it names a new holder of ("a new coach"), lower-case, read when first needed. */
  newPersons: () => string[];
  /**
   * Whether its text matches a pattern (not global) or a test of its text and catalogue id, each read once: the rules
   * test the same ones on many pairs.
   */
  says: (test: RegExp | ((text: string, id: string) => boolean)) => boolean;
}

/**
 * The views of one question's candidates (records are not changed while ranked): each rule below compares pairs of
 * candidates, and reading a view once per candidate, not once per pair and rule, is most of a memories search's time.
 */
const views = new WeakMap<MemoryRecord, { subjectKey: SubjectKey; view: FactView }>();

function factView(m: MemoryRecord, subjectKey: SubjectKey): FactView {
  const held = views.get(m);
  if (held?.subjectKey === subjectKey) return held.view;
  const view = readView(m, subjectKey);
  views.set(m, { subjectKey, view });
  return view;
}

function readView(m: MemoryRecord, subjectKey: SubjectKey): FactView {
  const attribute = canonicalAttribute(m.attribute);
  const spec = attributeSpec(attribute);
  let terms: Set<string> | undefined;
  let newPersons: string[] | undefined;
  let said: Map<RegExp | ((text: string, id: string) => boolean), boolean> | undefined;
  return {
    memory: m,
    subject: subjectOf(m, subjectKey),
    attribute,
    id: spec?.id ?? 'other',
    keyed: spec?.keyed ?? false,
    date: documentDate(m),
    changeCue: CHANGE_CUE.test(m.memory),
    pastValue: PAST_VALUE.test(m.memory),
    lasting: lasting(m),
    terms: () => (terms ??= topicTerms(m)),
    newPersons: () => (newPersons ??= [...m.memory.matchAll(NEW_PERSON)].map((x) => x[1]!.toLowerCase())),
    says: (test) => {
      said ??= new Map();
      let v = said.get(test);
      if (v === undefined) said.set(test, (v = test instanceof RegExp ? test.test(m.memory) : test(m.memory, spec?.id ?? 'other')));
      return v;
    },
  };
}

/** statedLater on read views. */
function laterView(a: FactView, b: FactView): boolean {
  return later(a.date, a.memory.createdAt, b.date, b.memory.createdAt);
}

function twins(a: FactView, b: FactView): boolean {
  if (!a.subject || a.subject !== b.subject) return false;
  const ka = a.attribute;
  const kb = b.attribute;
  const ida = a.id;
  const idb = b.id;
  if (ida !== idb) return false;
  // Keyed facts about two different objects (allergy:peanut, allergy:shellfish) are two facts.
  if (ida !== 'other' && ka?.includes(':') && kb?.includes(':') && ka !== kb) return false;
  const o = overlap(a.terms(), b.terms());
  if (o.shared < 2 || o.shared >= o.longer) return false;
  // Two episodes (neither lasting nor of a catalogue attribute) are two things that happened, not an old and a new
  // value: "Gina acquired unique pieces for Gina's store" does not replace "Sourcing pieces for Gina's store was hard".
  // (A near tie still lets an episode that restates another go first: newerOnTies.)
  if (!a.lasting && !b.lasting) return false;
  return o.shared / o.shorter >= TWIN_OVERLAP;
}

/** Words two term sets share, and the sizes of the shorter and the longer. */
function overlap(ta: ReadonlySet<string>, tb: ReadonlySet<string>): { shared: number; shorter: number; longer: number } {
  const [small, large] = ta.size <= tb.size ? [ta, tb] : [tb, ta];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared++;
  return { shared, shorter: small.size, longer: large.size };
}

/** Whether one fact restates the other with at most one word of the shorter changed ("March 3" / "March 13"). */
function restates(a: FactView, b: FactView): boolean {
  const o = overlap(a.terms(), b.terms());
  return o.shared >= 2 && o.shorter - o.shared <= 1;
}

/** A fact's words without its subject's: what it says about the subject. */
function topicTerms(m: MemoryRecord): Set<string> {
  const subject = new Set(indexTerms(m.subject ?? ''));
  return new Set(memoryTerms(m).filter((t) => !subject.has(t) && t !== 'user'));
}

/**
 * A fact that holds over time: stated as lasting (isStatic), or of a catalogue attribute. The others are episodes
 * (turn events, "Gina launched an ad campaign"): one happening does not replace another, so recency does not decide
 * between two of them.
 */
function lasting(m: MemoryRecord): boolean {
  return m.isStatic || (attributeSpec(canonicalAttribute(m.attribute))?.id ?? 'other') !== 'other';
}

/** Similarities closer than this are a tie between two facts of one subject: the one stated later ranks first. */
export const RECENCY_TIE = 0.02;

/**
 * Among facts of the same subject that answer about equally well (similarities within RECENCY_TIE), the one stated
 * later comes first and takes the higher score: a change the engine could not link ("I quit smoking" after "I smoke
 * half a pack a day") is then at least not outranked by the older statement on a near tie. Facts of two different
 * attributes keep their order, and so do two episodes unless one restates the other (`lasting`, `restates`).
 */
function newerOnTies<T extends RankedMemory>(sorted: T[], subjectKey: SubjectKey): T[] {
  const view = (h: T) => factView(h.memory, subjectKey);
  const subject = (h: T) => view(h).subject;
  // A tie is between the two facts' own scores: swapping places (and scores) must not let a later fact climb a run of
  // one person's facts a little apart each ("Gina's store" asked of twenty store facts all sorted by date).
  const own = new Map(sorted.map((h) => [h.memory.id, h.similarity]));
  for (let changed = true, passes = 0; changed && passes < sorted.length; passes++) {
    changed = false;
    for (let i = 1; i < sorted.length; i++) {
      const a = sorted[i - 1]!;
      const b = sorted[i]!;
      if (
        !subject(a) ||
        subject(a) !== subject(b) ||
        (!view(a).lasting && !view(b).lasting && !restates(view(a), view(b))) ||
        own.get(a.memory.id)! - own.get(b.memory.id)! >= RECENCY_TIE ||
        !laterView(view(b), view(a)) ||
        differentFacts(a.memory, b.memory, subjectKey) ||
        asideOfChange(view(a), view(b))
      )
        continue;
      sorted[i - 1] = { ...b, similarity: a.similarity };
      sorted[i] = { ...a, similarity: b.similarity };
      changed = true;
    }
  }
  return sorted;
}

/**
 * "The user's mum is settled in nicely." (an episode, no attribute) after "The user's mum moved into Ardfield care home
 * in Kinsale" (the residence's new version): the episode says how the change went, not another change, so it does not
 * take a near tie from the linked change it follows, nor its place as an announced change (newerTwinsFirst). An
 * episode that ends or denies something, or names a value ("settled in Tokyo now"), still does.
 */
function asideOfChange(a: FactView, b: FactView): boolean {
  return a.memory.relation === 'updates' && a.id !== 'other' && !b.lasting && !b.says(ENDS_VALUE) && !b.says(NEGATED) && !b.pastValue && namedValues(b).length === 0;
}

/**
 * Two facts that state different catalogue attributes ("works as a partner", role; "works at Brightwater", employer)
 * are not an old and a new statement of one thing: the later one does not win a near tie over the other.
 */
function differentFacts(a: MemoryRecord, b: MemoryRecord, subjectKey: SubjectKey): boolean {
  const ka = supersessionKey(a, subjectKey);
  const kb = supersessionKey(b, subjectKey);
  return ka !== null && kb !== null && ka !== kb;
}

function newestVersion<T extends RankedMemory>(members: readonly T[]): T {
  return members.reduce((a, b) => (b.memory.isLatest && !a.memory.isLatest ? b : a.memory.isLatest && !b.memory.isLatest ? a : b.memory.version > a.memory.version ? b : a));
}

/**
 * The member stated last. At one time (one message), a value over its ending ("got a Tesla" over "sold the camper
 * van"), and the fact that extends the other over it ("rescue cat is called Pickle" over "got a rescue cat"), as the
 * profile keeps it (memory-profile.ts currentAmong): not whichever random id the store returned first.
 */
function newestFact<T extends RankedMemory>(members: readonly T[]): T {
  return members.reduce((a, b) => (statedLater(b.memory, a.memory) || (!statedLater(a.memory, b.memory) && (holdsOverEnding(b.memory, a.memory) || extendsOther(b.memory, a.memory))) ? b : a));
}

function extendsOther(a: MemoryRecord, b: MemoryRecord): boolean {
  return a.relation === 'extends' && a.parentMemoryId === b.id;
}

/**
 * Whether `a` was stated after `b`: by their documents' dates when both have one and they differ (a chat backfilled
 * after a newer one still tells the older news), else by when each was learned.
 */
export function statedLater(a: MemoryRecord, b: MemoryRecord): boolean {
  return later(documentDate(a), a.createdAt, documentDate(b), b.createdAt);
}

function later(dateA: string | null, createdA: string, dateB: string | null, createdB: string): boolean {
  if (dateA && dateB && dateA !== dateB) return dateA > dateB;
  return createdA > createdB;
}

function documentDate(m: MemoryRecord): string | null {
  const d = m.metadata?.date;
  return typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d) ? d.slice(0, 10) : null;
}

/** Words that tell a fact replaces what was known ("he's settled in Tokyo now", "downgraded to the Basic plan"). */
const CHANGE_CUE = /\b(?:now|moved|relocated|settled|switched|changed|downgraded|upgraded|transferred|promoted|no longer|anymore|any more|these days|instead)\b/i;

/**
 * Words that tell a fact states a former value ("Rosa used to use Square.", "The user doesn't bike to work anymore",
 * "Kai no longer lives in Seoul"): it is not the current one.
 */
const PAST_VALUE = /\b(?:used to|formerly|previously|no longer)\b|(?:n't|\bnot)\b[^.;]*\bany ?more\b/i;

/**
 * A later fact of the same subject that announces a change but was filed without an attribute ("Kai called, he's
 * settled in Tokyo now", after "Kai lives in Seoul." under residence): it replaces a fact of a single-valued or
 * unknown attribute (never a keyed one: "likes sushi" is not replaced by a change of something else).
 */
function announcedChange(older: FactView, newer: FactView): boolean {
  if (!older.subject || older.subject !== newer.subject) return false;
  if (newer.id !== 'other' || !newer.changeCue) return false;
  return older.id === 'other' || !older.keyed;
}

/**
 * How much a memory's score counts when a better-ranked memory already stands for each of its source documents (per
 * such memory, compounding). LoCoMo dev (one document per turn, offline on the dumped lists of round 7): memories
 * recall@10 62.6% without, 65.0 / 65.2 / 65.3% at 0.8 / 0.7 / 0.5 (both halves of the conversations alike).
 */
export const SAME_SOURCE_FACTOR = 0.7;

/**
 * One slot per source first: the facts of one passage ("Caroline went to a support group", "Caroline felt accepted",
 * "Caroline shared a photo") took several of the first ten places where the passage counts once, pushing out the
 * facts of other passages. Greedy re-ranking (maximal marginal relevance by source document): each next hit is the
 * best by similarity × SAME_SOURCE_FACTOR^(hits above it from all its sources). Direct writes (no source) keep their
 * score. Similarities stay non-increasing (a hit moved down takes at most the score above it), so a threshold
 * applied before keeps its meaning. Returns the first `limit`.
 */
export function oneSlotPerSource<T extends RankedMemory>(sorted: readonly T[], limit = Infinity, factor = SAME_SOURCE_FACTOR): T[] {
  const rest = [...sorted];
  const out: T[] = [];
  const shown = new Map<string, number>();
  const repeats = (h: T) => (h.memory.documentIds.length === 0 ? 0 : Math.min(...h.memory.documentIds.map((d) => shown.get(d) ?? 0)));
  while (rest.length > 0 && out.length < limit) {
    let best = 0;
    let bestScore = -Infinity;
    for (let i = 0; i < rest.length; i++) {
      const score = rest[i]!.similarity * factor ** repeats(rest[i]!);
      if (score > bestScore) [best, bestScore] = [i, score];
    }
    const [h] = rest.splice(best, 1) as [T];
    const cap = out.length > 0 ? out[out.length - 1]!.similarity : Infinity;
    out.push(h.similarity <= cap ? h : { ...h, similarity: cap });
    for (const d of h.memory.documentIds) shown.set(d, (shown.get(d) ?? 0) + 1);
  }
  return out;
}

/**
 * "What should I cook for Tom?", "what can I give Arthur for lunch?", "anything I could make for Maya's dinner?": advice
 * on food to serve someone asks about that person's diet, though it names no diet word.
 */
const ADVICE = /\b(?:should|can|could|shall|would)\b/i;
/** A meal named, or cooking for someone named ("cook for Tom": case-sensitive, the name is capitalised). */
const MEAL = /\b(?:breakfast|lunch|dinner|supper|meal|snack|menu|dessert|eat)\b/i;
const COOK_FOR = /\b(?:[Cc]ook|[Bb]ake|[Mm]ake|[Ss]erve|[Ff]eed)\b[^?]*\bfor\s+(?:\p{Lu}|him\b|her\b|them\b)/u;
const SERVE = /\b(?:cook|bake|make|serve|give|get|feed|order|buy|bring)\b/i;
function mealAdvice(q: string): boolean {
  return ADVICE.test(q) && SERVE.test(q) && (MEAL.test(q) || COOK_FOR.test(q));
}

/** The attributes a question asks about (memory/attributes.ts), and the diet a question about food to serve asks about. */
export function askedAttributes(question: string): string[] {
  const asked = misspeltAllergy(question, workSchedule(question, attributesAskedBy(question)));
  return mealAdvice(question) && !asked.includes('diet') ? [...asked, 'diet'] : asked;
}

/** "any alergies i shoud know about?": allergy with one l (or a doubled r) asks about allergies all the same. */
const MISSPELT_ALLERGY = /\b(?:alerg|allerr?g|alerr?g)\w*/i;
function misspeltAllergy(question: string, asked: string[]): string[] {
  return !asked.includes('allergy') && MISSPELT_ALLERGY.test(question) ? [...asked, 'allergy'] : asked;
}

/**
 * "Which days do I work from home?", "do I work remotely?": where and when the work is done is a schedule
 * ("The user now only works from home on Fridays.", schedule:work), not the employer or the title the word "work"
 * asks about elsewhere.
 */
const WORK_SCHEDULE = /\b(?:work(?:s|ing)?\s+(?:from|at)\s+home|wfh|work(?:s|ing)?\s+remotely|(?:which|what)\s+days?\b[^?]*\b(?:work|office|in)\b)/i;
function workSchedule(question: string, asked: string[]): string[] {
  if (!WORK_SCHEDULE.test(question)) return asked;
  return [...asked.filter((a) => a !== 'employer' && a !== 'role'), ...(asked.includes('schedule') ? [] : ['schedule'])];
}

/** The question without the context it names, for scoring words (memory/attributes.ts questionFocus). */
export function questionFocus(question: string): string {
  return focusOf(question);
}
