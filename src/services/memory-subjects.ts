import type { MemoryRecord } from '../core/types.js';
import { USER } from '../memory/conversation.js';
import { words } from '../text/tokenize.js';
import { PARTNER_WORDS, RELATIVE_WORDS, relative } from '../memory/attribute-patterns.js';
import { isVerbForm } from '../memory/lexicon.js';
import { kinWords } from '../memory/kin-words.js';

/**
 * Who a memory search is about (issue 26, round 8). Facts name their subject several ways: "the user" before the
 * name is known and "Priyanka" after it, "Luis Ortega" in one note and "Luis" in the next. Ranking compares subjects
 * by one key: the user for the user's names, else the subject's name, a first name standing for the one full name
 * of the candidates that begins with it.
 */
export interface Subjects {
  /** The key of a subject: "the user" for the user (by the user's name), else its name as one person; null for none. */
  key(subject: string | null): string | null;
  /**
   * +1: the memory is about a person the question asks about ("where does Priyanka live", "where do I live" for the
   * user's facts); -1: about another person, while the question names whom it asks about; 0: unknown.
   */
  match(m: Pick<MemoryRecord, 'subject' | 'memory'>): number;
  /** Whether a memory's text names a person the question asks about (by a word of the name; the user by name). */
  mentionsAsked(m: Pick<MemoryRecord, 'memory'>): boolean;
  /** Whether the memory is the kinship fact through which "my sister" in the question was resolved to a name. */
  resolvesRelative(m: Pick<MemoryRecord, 'memory'>): boolean;
}

/** "my sister", "the user's mom" in a question: the relation asked about, canonical ("mother"), or null. */
/** Kin and partners: "my sister", "my wife" name one person the memories may know by name. */
const KIN_WORDS = `${RELATIVE_WORDS}|${PARTNER_WORDS}`;
const ASKED_RELATIVE = new RegExp(String.raw`\b(?:my|the user's|user's|our)\s+(${KIN_WORDS})\b`, 'i');

/**
 * The names the memories give the relative a question asks about ("where does my sister live?" with "The user's
 * sister is Marta."), and the kinship facts that say so. A relation two people share ("my brothers") names no one.
 */
function relativesAsked(question: string, memories: readonly Pick<MemoryRecord, 'memory'>[]): { names: Set<string>; facts: Set<string> } {
  const names = new Set<string>();
  const facts = new Set<string>();
  const rel = ASKED_RELATIVE.exec(question)?.[1];
  if (!rel) return { names, facts };
  const kin = new RegExp(String.raw`\b(?:the user's|user's|my)\s+(${KIN_WORDS})\s+(?:is\s+(?:called\s+|named\s+)?|,\s*)?(\p{Lu}[\p{L}'-]+)`, 'iu');
  for (const m of memories) {
    const k = kin.exec(m.memory);
    if (!k || relative(k[1]!) !== relative(rel) || !/^\p{Lu}/u.test(k[2]!)) continue;
    names.add(k[2]!.toLowerCase());
    if (/\bis\s+(?:called\s+|named\s+)?\p{Lu}[\p{L}'-]+[.!]?\s*$/u.test(m.memory.trim())) facts.add(m.memory);
  }
  // Two sisters named: the question does not say which.
  return names.size === 1 ? { names, facts } : { names: new Set(), facts: new Set() };
}

/**
 * "The user's mum's got a Toyota Yaris now." filed under the user: the fact opens with a relative who acts (no name
 * follows the relation, no "is"/"and"), so it is that relative's ("the user's mother", as the engine files "my mum").
 */
// Case-sensitive: the word after the relation must be in lower case (a capital is the relative's name).
const RELATIVE_ACTS = new RegExp(String.raw`^\s*(?:[Tt]he\s+)?[Uu]ser's\s+(${KIN_WORDS})(?:'s)?\s+(?!(?:is|are|was|were|and|or|name|names)\b)\p{Ll}`, 'u');

/**
 * "The user's parents live in Cork.", "The user's mum and Dad sold the house": both parents act together, whichever of
 * them the engine filed it under (the user, or one parent): one subject, the user's parents.
 */
// Case-sensitive after the relation (a capital would be a name), so each parent word spells its own capital.
const PARENTS_ACT = /^\s*(?:[Tt]he\s+)?[Uu]ser's\s+(?:parents|[Mm](?:um|om|other|a)\s+and\s+[DdPp](?:ad|ather|a)|[DdPp](?:ad|ather|a)\s+and\s+[Mm](?:um|om|other|a))\s+(?!(?:is|are|was|were|and|or|name|names)\b)\p{Ll}/u;
const PARENT_SUBJECT = /^(?:the user|user|the user's (?:mother|father))$/;

/** The subject a fact is about: the stored one, or the relative it opens with when it was filed under the user. */
export function textSubject(m: Pick<MemoryRecord, 'subject' | 'memory'>): string | null {
  const stored = m.subject?.trim().toLowerCase();
  if ((!stored || PARENT_SUBJECT.test(stored)) && PARENTS_ACT.test(m.memory)) return `${USER}'s parents`;
  if (stored && stored !== USER && stored !== 'user') return m.subject;
  const rel = RELATIVE_ACTS.exec(m.memory)?.[1];
  if (rel) return `${USER}'s ${relative(rel)}`;
  const other = RELATION_ACTS.exec(m.memory);
  return other && isVerbForm(other[2]!) ? `${USER}'s ${other[1]!.toLowerCase()}` : m.subject;
}

/**
 * "The user's landlord lives in Spain, so repairs take forever." filed under the user (round 19): a person the user
 * knows by a relation that is no kin opens the fact and acts (a verb follows), so the fact is that person's, and
 * "where do I live?" is not answered by it. "The user's dentist appointment is ..." (no verb) stays the user's.
 */
const RELATION_ACTS =
  /^\s*(?:[Tt]he\s+)?[Uu]ser's\s+(?:(?:new|old|former|best)\s+)?(landlord|landlady|boss|manager|colleague|co-?worker|flatmate|roommate|housemate|neighbou?r|friend|doctor|dentist|therapist|coach|teacher|tutor|mentor|accountant|lawyer|client|assistant|ex)\s+(?!(?:is|are|was|were|has|have|had|and|or|name|names|says|said|thinks)\b)(\p{Ll}+)\b/u;

const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself)\b|\bthe user\b|\buser's\b/i;
/** "my brother", "the user's mom": a question about someone the user knows, not about the user. */
const RELATIVE =
  /\b(?:my|the user's|user's|our)\s+(?:\w+\s+)?(?:mother|mom|mum|mama|father|dad|papa|parents?|brother|sister|siblings?|wife|husband|spouse|partner|boyfriend|girlfriend|fianc[eé]e?|son|daughter|kids?|child|children|baby|friend|friends|boss|manager|colleague|coworker|co-worker|roommate|flatmate|neighbou?r|aunt|uncle|cousin|niece|nephew|grandma|grandmother|grandpa|grandfather|ex|client|customer|doctor|dentist|landlord|team|teammate)\b/i;

/**
 * "who is my coach?", "who's our landlord?", "what is the name of my dentist?": the relation asked is the user's own
 * (the question asks who holds it), so the user's facts answer and another person's relation of the same kind does not;
 * also asked about now ("who's my boss these days?": round 19).
 */
const RELATION_ASKED = new RegExp(
  String.raw`^\s*(?:who(?:'s|\s+is|\s+are|\s+was)|what(?:'s|\s+is)\s+the\s+name\s+of)\s+${RELATIVE.source}(?:\s+(?:now|currently|these days|nowadays|right now|at the moment|at present))?\s*[?.!]*\s*$`,
  'i',
);

/** The relation a subject stored as a relation of the user names ("the user's mother" → mother), else null. */
function relationOf(key: string): string | null {
  const m = /^(?:the\s+)?user's\s+(.+)$/.exec(key);
  return m ? relative(m[1]!) : null;
}

/** A mother or father asked about is one of "the user's parents", who act together in some facts. */
const PARENT = new Set(['mother', 'father']);
const PARENTS = `${USER}'s parents`;

/** Kin words used as a name, by the relation word the rest of this file reads ("Gran" is "grandma"). */
const KIN_NAMES: Record<string, string> = {
  Mum: 'mum',
  Mom: 'mom',
  Mam: 'mum',
  Mummy: 'mum',
  Mommy: 'mom',
  Ma: 'mum',
  Dad: 'dad',
  Daddy: 'dad',
  Pa: 'dad',
  Gran: 'grandma',
  Granny: 'grandma',
  Grandma: 'grandma',
  Nan: 'grandma',
  Nana: 'grandma',
  Nanna: 'grandma',
  Grandpa: 'grandpa',
  Grandad: 'grandpa',
  Granddad: 'grandpa',
};
// Case-sensitive: the capital makes the word a name ("where does Mum live?"), not "my mum" nor "his Mum".
const KIN_NAME = new RegExp(String.raw`(?<!\b(?:[Mm]y|[Oo]ur|[Tt]he|[Yy]our|[Hh]is|[Hh]er|[Tt]heir|user's)\s+)\b(${Object.keys(KIN_NAMES).join('|')})\b(?!\s+\p{Lu})`, 'gu');

/** "Where does Mum live now?": a capitalised kin word used as a name is the user's relative ("my mum"). */
export function kinAsName(question: string): string {
  return question.replace(KIN_NAME, (_, w: string) => `my ${KIN_NAMES[w]}`);
}

/**
 * A question about an event, an activity or a time rather than a person's lasting attribute: when something happened,
 * how long or how often, what someone did. LoCoMo dev (883 questions): 434 of them.
 */
const EVENT_QUESTION = /^\s*(?:when|how long|how many times|how often|in what year|what year|which year)\b|\b(?:did|activities|events|recently)\b/i;

export function asksAboutEvent(question: string): boolean {
  return EVENT_QUESTION.test(question);
}

/** The user's names, from the name facts among the memories ("The user's name is Priyanka."). */
function userNames(memories: readonly Pick<MemoryRecord, 'subject' | 'attribute' | 'memory'>[]): Set<string> {
  const out = new Set<string>();
  for (const m of memories) {
    if (m.subject?.trim().toLowerCase() !== USER || m.attribute?.trim().toLowerCase() !== 'name') continue;
    const value = /\bname is\s+(.+?)[.!]*$/i.exec(m.memory.trim())?.[1];
    const first = value ? words(value)[0] : undefined;
    if (first) out.add(first);
  }
  return out;
}

/** The subjects of a memory search's candidates, read against its question. */
export function subjectsOf(asked_: string, memories: readonly Pick<MemoryRecord, 'subject' | 'attribute' | 'memory'>[]): Subjects {
  const question = kinAsName(asked_);
  const user = userNames(memories);
  const written = (subject: string | null): string | null => {
    const s = subject?.trim().toLowerCase();
    if (!s) return null;
    if (s === USER || s === 'user') return USER;
    const w = words(s);
    if (w.length === 0) return null;
    return user.has(w[0]!) && w.length === 1 ? USER : w.join(' ');
  };
  // A first name alone stands for the one full name it begins ("Luis" for "Luis Ortega"), unless two people share it.
  const full = [...new Set(memories.map((m) => written(m.subject)).filter((k): k is string => k !== null && k !== USER && k.includes(' ')))];
  const alias = new Map<string, string>();
  for (const first of new Set(full.map((k) => k.split(' ')[0]!))) {
    const owners = full.filter((k) => k.split(' ')[0] === first);
    if (owners.length === 1) alias.set(first, user.has(first) ? USER : owners[0]!);
  }
  // Ranking asks for the key of each candidate's subject many times (once per pair it compares): read each once.
  const keys = new Map<string | null, string | null>();
  const key = (subject: string | null): string | null => {
    const cached = keys.get(subject);
    if (cached !== undefined) return cached;
    const w = written(subject);
    const k = w === null ? null : (alias.get(w) ?? w);
    keys.set(subject, k);
    return k;
  };
  const known = new Set(memories.map((m) => key(m.subject)).filter((k): k is string => k !== null && k !== USER));
  const said = new Set(words(question).map((w) => w.replace(/'s$/, '')));
  const asked = new Set<string>();
  if ([...user].some((n) => said.has(n))) asked.add(USER);
  // A full name the question says ("Jonas Weber"); else every person of a first name it says ("Luis").
  for (const k of known) if (k.split(' ').every((t) => said.has(t))) asked.add(k);
  const firsts = new Set([...asked].map((k) => k.split(' ')[0]));
  for (const k of known) {
    const first = k.split(' ')[0]!;
    // "the user's mother" has no first name: "the" of "where does the user live?" does not ask about her.
    if (said.has(first) && !firsts.has(first) && relationOf(k) === null && k !== PARENTS) asked.add(k);
  }
  // "who is my manager?" asks for the user's own relation, not about the manager.
  if (FIRST_PERSON.test(question) && (!RELATIVE.test(question) || RELATION_ASKED.test(question))) asked.add(USER);
  // "where does my mum live?": the memories may file the relative under the relation itself ("the user's mother").
  const rel = ASKED_RELATIVE.exec(question)?.[1];
  if (rel && !RELATION_ASKED.test(question)) for (const k of known) if (relationOf(k) === relative(rel) || (PARENT.has(relative(rel) ?? '') && k === PARENTS)) asked.add(k);
  // "my sister" is the one sister the memories name.
  const kin = relativesAsked(question, memories);
  for (const k of known) if (kin.names.has(k.split(' ')[0]!)) asked.add(k);
  // "where's my brother living?" is not about the user, whether or not the memories say who the brother is: the user's
  // own facts are another person's, unless they name the relation asked ("The user lives with the user's brother").
  const relationWord = RELATION_ASKED.test(question) ? undefined : RELATIVE.exec(question)?.[0].split(/\s+/).pop()?.toLowerCase();
  const userNotAsked = relationWord !== undefined && !asked.has(USER);
  // By any word for the relation: "dad's party" names the father asked about.
  const namesRelation = relationWord === undefined ? null : new RegExp(String.raw`\b(?:${kinWords(relative(relationWord) ?? relationWord).join('|')})\b`, 'i');
  // The words that name an asked person in a memory's text: its first name (the user's names for the user).
  const names = new Set<string>();
  // A relative known only by the relation ("the user's mother") has no name to look for.
  for (const k of asked) for (const n of k === USER ? user : relationOf(k) !== null ? [] : [k.split(' ')[0]!]) names.add(n);
  return {
    key,
    match(m) {
      const k = key(textSubject(m));
      if (k === USER && userNotAsked) return -1;
      if (asked.size === 0 || k === null) return 0;
      return asked.has(k) ? 1 : -1;
    },
    mentionsAsked(m) {
      if (namesRelation?.test(m.memory)) return true;
      if (names.size === 0) return false;
      return words(m.memory).some((w) => names.has(w.replace(/'s$/, '')));
    },
    resolvesRelative(m) {
      return kin.facts.has(m.memory);
    },
  };
}
