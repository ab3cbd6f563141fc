import { IRREGULAR_PAST, isRegularPast } from './tense.js';

/**
 * First and second person rewritten to names, so that a fact reads the same out of its conversation: "I am allergic
 * to peanuts" said by Dana → "Dana is allergic to peanuts", "my" → "Dana's", "me" → "Dana", and the verb after a
 * rewritten subject agrees ("I love" → "Dana loves", "you have" → "Sam has"). "We"/"us" become "Dana and others"
 * (who the others are is rarely said), reflexives become "themselves". "You" becomes the listener when it is known
 * (exactly two speakers); otherwise the sentence cannot be made self-contained and the result is null.
 */
export interface Voices {
  /** Who "I" is. */
  speaker: string;
  /** Who "you" is, when the conversation has exactly two speakers. */
  listener: string | null;
  /** Who "we" is, when known ("Maya and Sam"); else "<speaker> and others". */
  group?: string | null;
}

const TOKEN = /[\p{L}\p{N}]+(?:'[\p{L}]+)*|\s+|[^\s\p{L}\p{N}]/gu;

// Between a subject and its verb: "I really love" → "Dana really loves".
const ADVERBS = new Set(
  'also just still never always usually often sometimes even only already totally absolutely definitely kinda sorta recently finally actually really truly both all mostly generally normally currently now personally myself seriously honestly literally basically first once then soon later almost maybe perhaps ever'.split(
    ' ',
  ),
);
const LY_VERBS = new Set('apply reply supply rely fly comply multiply imply ally bully tally rally'.split(' '));
// Forms that stay as they are after a third-person subject: modals, past forms, and verbs whose past looks present.
const NO_AGREEMENT = new Set(
  `can could will would shall should may might must ought was wasn't had hadn't did didn't can't couldn't won't wouldn't
  shouldn't mightn't mustn't cannot used read put cut set let hit quit cost hurt shut spread cast bet burst`.split(/\s+/),
);
// Never a verb: "I just on 2023-05-05 joined" must not become "ons".
const FUNCTION_WORDS = new Set('on in at to for from with by of about the a an this that these those and or but so as if when there here not no very too myself'.split(' '));
const ING_VERBS = new Set('bring sing ring sting swing cling fling spring wring string'.split(' '));
const AGREEMENT: Record<string, string> = {
  am: 'is',
  are: 'is',
  have: 'has',
  do: 'does',
  go: 'goes',
  be: 'is',
  were: 'was',
  "don't": "doesn't",
  "haven't": "hasn't",
  "aren't": "isn't",
  "weren't": "wasn't",
  "ain't": "isn't",
};
const CONTRACTION: Record<string, string> = { m: 'is', re: 'is', ve: 'has', ll: 'will' };
const SUBJECT_CONTEXT = new Set('and but or so that if when because since as while though although what how where why who which unless until before after once then'.split(' '));

const possessive = (name: string) => `${name}'s`;
const group = (name: string) => `${name} and others`;

/** Third person form of a present verb ("love" → "loves", "try" → "tries", "watch" → "watches"). */
export function thirdPerson(verb: string): string {
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function agree(word: string): string {
  const lower = word.toLowerCase();
  if (AGREEMENT[lower]) return AGREEMENT[lower]!;
  if (NO_AGREEMENT.has(lower) || IRREGULAR_PAST.has(lower) || !/^[a-z]{2,}$/.test(lower)) return word;
  if (isRegularPast(lower) || (lower.endsWith('ing') && !ING_VERBS.has(lower)) || (lower.endsWith('s') && !lower.endsWith('ss'))) return word;
  return thirdPerson(lower);
}

/** "Dana" from an entity context like "Dana, a nurse in Lyon" or "Dana is a nurse"; null when no name leads it. */
export function nameFromEntityContext(entityContext: string | null): string | null {
  const m = /^\s*(?:name:\s*)?(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2})(?=\s*(?:[,(:;–—-]|$|\s+(?:is|was|works|lives|who|a|an|the|from|in)\b))/u.exec(entityContext ?? '');
  if (!m || /^(?:The|User|I|This|He|She|They|My|We|You|It)\b/.test(m[1]!)) return null;
  return m[1]!;
}

/** The sentence with its first and second person rewritten to names, or null when "you" names no known listener. */
export function toThirdPerson(sentence: string, voices: Voices): string | null {
  const tokens = sentence.replace(/’/g, "'").match(TOKEN) ?? [];
  const out: string[] = [];
  let atStart = true;
  let grouped = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const lower = token.toLowerCase();
    const [base, suffix] = lower.split("'") as [string, string | undefined];
    const isSecond = base === 'you' || base === 'your' || base === 'yours' || base === 'yourself' || base === 'yourselves';
    if (isSecond && voices.listener === null) return null;
    let replacement: string | null = null;
    let subject: string | null = null;
    if (base === 'i' && (token === 'I' || token.startsWith("I'") || !/^\.\p{L}/u.test(tokens.slice(i + 1, i + 3).join('')))) {
      subject = voices.speaker;
    } else if (base === 'you' && (suffix !== undefined || isSubjectPosition(out))) {
      subject = voices.listener!;
    } else if (base === 'we' && (suffix === undefined || suffix in CONTRACTION || suffix === 'd')) {
      // Plural subject: the verb after it needs no change, only contractions do. Named once, then "they".
      replacement = (grouped ? 'they' : (voices.group ?? group(voices.speaker))) + (suffix ? ` ${suffix === 'd' ? wouldOrHad(tokens, i) : suffix === 've' ? 'have' : suffix === 're' ? 'are' : 'will'}` : '');
      grouped = true;
    } else if (grouped && (base === 'us' || base === 'our' || base === 'ours') && suffix === undefined && token !== 'US') {
      replacement = base === 'us' ? 'them' : base === 'our' ? 'their' : 'theirs';
    } else if (suffix === undefined && !(base === 'us' && token === 'US')) {
      replacement = objectForm(base, voices);
      if (base === 'us') grouped = true;
    }
    if (subject !== null) {
      replacement = subject;
      if (suffix === 'd') replacement += ` ${wouldOrHad(tokens, i)}`;
      else if (suffix !== undefined) replacement += ` ${CONTRACTION[suffix] ?? suffix}`;
      else if (!isCompoundSubject(tokens.slice(0, i))) agreeNext(tokens, i);
    }
    if (replacement !== null && atStart) replacement = replacement[0]!.toUpperCase() + replacement.slice(1);
    out.push(replacement ?? token);
    if (!/^\s+$/.test(token)) atStart = false;
  }
  return out.join('');
}

function objectForm(base: string, voices: Voices): string | null {
  switch (base) {
    case 'me':
      return voices.speaker;
    case 'my':
    case 'mine':
      return possessive(voices.speaker);
    case 'myself':
    case 'ourselves':
    case 'yourself':
    case 'yourselves':
      return 'themselves';
    case 'us':
      return voices.group ?? group(voices.speaker);
    case 'our':
    case 'ours':
      return possessive(voices.speaker);
    case 'you':
      return voices.listener;
    case 'your':
    case 'yours':
      return possessive(voices.listener!);
    default:
      return null;
  }
}

/** "You" is a subject at the start of a clause: after nothing, punctuation, or a conjunction. */
function isSubjectPosition(out: readonly string[]): boolean {
  for (let j = out.length - 1; j >= 0; j--) {
    const t = out[j]!;
    if (/^\s+$/.test(t)) continue;
    return !/[\p{L}\p{N}]/u.test(t) || SUBJECT_CONTEXT.has(t.toLowerCase());
  }
  return true;
}

/** "My husband and I love": a plural subject, whose verb stays as it is. */
function isCompoundSubject(before: readonly string[]): boolean {
  const clause = before.join('').split(/[,;:]/).pop()!.trim().split(/\s+/);
  if (clause.length < 2 || clause.length > 4 || !/^(?:and|or)$/i.test(clause.at(-1)!)) return false;
  return /^(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[Tt]he|[Aa]|\p{Lu}\p{Ll}+)$/u.test(clause[0]!);
}

/** The next verb after the subject at `i`, past adverbs, made to agree with a third-person singular subject. */
function agreeNext(tokens: string[], i: number): void {
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (/^\s+$/.test(t)) continue;
    const lower = t.toLowerCase();
    if (ADVERBS.has(lower) || (lower.endsWith('ly') && !LY_VERBS.has(lower))) continue;
    // "I no longer work at Zalando" → "Dana no longer works at Zalando".
    if ((lower === 'no' && /^\s+longer$/i.test(tokens.slice(j + 1, j + 3).join(''))) || (lower === 'longer' && tokens[j - 2]?.toLowerCase() === 'no')) continue;
    if (!/^[\p{L}']+$/u.test(t) || FUNCTION_WORDS.has(lower)) return;
    const agreed = agree(t);
    tokens[j] = /^\p{Lu}/u.test(t) ? agreed[0]!.toUpperCase() + agreed.slice(1) : agreed;
    return;
  }
}

/** "I'd" is "I had" before a past participle ("I'd been", "I'd gone", "I'd better"), else "I would". */
function wouldOrHad(tokens: readonly string[], i: number): string {
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j]!.toLowerCase();
    if (/^\s+$/.test(t) || ADVERBS.has(t)) continue;
    return t === 'better' || t === 'been' || (IRREGULAR_PAST.has(t) && t !== 'was' && t !== 'were') || isRegularPast(t) ? 'had' : 'would';
  }
  return 'would';
}
