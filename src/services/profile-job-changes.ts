import type { MemoryRecord } from '../core/types.js';
import { PROFESSIONS } from '../memory/attribute-words.js';
import { canonicalAttribute, subjectOf } from './memory-ranking.js';

/**
 * A job title in a profile after the job changed. "Got promoted to ward sister" is rarely filed as a title (it names
 * no employer and reads as an event), and "Hannah quit law" is filed as the job's end, not as a new version of "Hannah
 * is a solicitor": the older title stays in a profile beside the news that replaced it. A title said as done is the
 * person's title now (lasting); a job ended ends the title said before it.
 */

const PROFESSION_WORDS = PROFESSIONS.join('|');
/** Another title said as done: promoted / appointed / took over as / became a <profession> / title changed to. Not wished ("wants to become"). */
const TITLE_CHANGE = new RegExp(
  String.raw`\b(?:(?:got|gets|was|were|been|being)\s+(?:promoted|demoted|appointed)|(?:promoted|demoted|appointed)\s+(?:to|as)|promotion to|took over as|stepped up (?:as|to)|moved up to|(?:made|became|was named|been named)\s+(?:(?:a|an|the)\s+)?(?:[\p{L}-]+\s+){0,2}?(?:${PROFESSION_WORDS})s?\b)|\b(?:title|role|position|job title|rank)\b[^.;]*\b(?:changed|switched) to\b`,
  'iu',
);
/** Words that end a job, whatever its name. */
const JOB_ENDED = /\b(?:quit|retired|resigned|laid off|was fired|got fired|was let go|handed in (?:\w+ )?notice|lost (?:\w+(?:'s)? )?job|stopped (?:working|teaching|practi[cs]ing|nursing))\b/i;
/** A title stated in a fact filed under no attribute: "Hannah is a solicitor in London". */
const STATES_TITLE = new RegExp(String.raw`\b(?:is|works as)\s+an?\s+(?:[\p{L}-]+\s+){0,2}?(?:${PROFESSION_WORDS})s?\b`, 'iu');

/** A fact that gives its subject a new title, said as done. */
export function titleChange(m: Pick<MemoryRecord, 'memory'>): boolean {
  return TITLE_CHANGE.test(m.memory);
}

/** A fact that ends its subject's job (filed as the job's employer or title). */
function jobEnded(m: Pick<MemoryRecord, 'memory' | 'attribute'>): boolean {
  const a = canonicalAttribute(m.attribute);
  return (a === 'employer' || a === 'role') && JOB_ENDED.test(m.memory);
}

/** A fact that states its subject's job title. */
function statesTitle(m: Pick<MemoryRecord, 'memory' | 'attribute'>): boolean {
  const a = canonicalAttribute(m.attribute);
  return a === 'role' || (a === null && STATES_TITLE.test(m.memory));
}

/**
 * Ids of the facts whose title a later fact of the same person replaced: a new title or the job's end (the person is
 * the stored subject, else the name the fact opens with: "Kofi was promoted to captain" is often filed without one).
 * `later(a, b)`: a was said after b.
 */
export function replacedTitles<T extends Pick<MemoryRecord, 'id' | 'memory' | 'attribute' | 'subject'>>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const out = new Set<string>();
  const changes = facts.filter((m) => titleChange(m) || jobEnded(m)).map((m) => ({ m, person: subjectOf(m) }));
  if (changes.length === 0) return out;
  for (const older of facts) {
    if (!statesTitle(older) || titleChange(older)) continue;
    const person = subjectOf(older);
    if (person && changes.some((c) => c.m !== older && c.person === person && later(c.m, older))) out.add(older.id);
  }
  return out;
}

/**
 * A job taken, said as done or as a start to come: "started at Deliveroo", "starts as a chartered accountant at KPMG in July", "joined Wise as a backend engineer", "has been head chef at Ember
 * since August", "got a new job". A verb of starting with an employer right after it, a title after it (no activity in
 * between: "has been seeing a therapist" is no job), or the words of a job; not wished ("wants to join").
 */
const JOB_TAKEN = new RegExp(
  [
    String.raw`\b(?:started|starting|starts)\s+(?:working\s+|work\s+)?(?:at|with)\s+(?:the\s+)?\p{Lu}`,
    String.raw`\b(?:new job|took a job|got a job|taken a job)\b`,
    String.raw`\b(?:joined|started at)\s+(?:the\s+)?[\p{L}&'-]+(?:\s+[\p{L}&'-]+)?\s+as\s+(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+){0,2}?(?:${PROFESSION_WORDS})s?\b`,
    String.raw`\b(?:started|starting|starts|joined|been|now works?|now working)\s+(?:as\s+)?(?:an?\s+|the\s+)?(?:(?![\p{L}-]*ing\b)[\p{L}-]+\s+){0,2}?(?:${PROFESSION_WORDS})s?\b`,
  ].join('|'),
  'iu',
);
const WISHED = /\b(?:wants?|wanted|would like|hoping|hopes|plans?|planning|thinking of|considering|might|may|will|going to|applied)\b/i;

/** A fact that says its subject took a job, as done. */
export function jobTaken(m: Pick<MemoryRecord, 'memory' | 'forgetAfter'>): boolean {
  return !m.forgetAfter && !WISHED.test(m.memory) && !JOB_ENDED.test(m.memory) && JOB_TAKEN.test(m.memory);
}

/**
 * Ids of the facts whose job a later job taken by the same person replaced: the older employer always, the older title
 * when the new job names one ("started at Deliveroo (same role)" keeps the title). `later(a, b)`: a was said after b.
 */
export function replacedJobs<T extends Pick<MemoryRecord, 'id' | 'memory' | 'attribute' | 'subject' | 'forgetAfter'>>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const out = new Set<string>();
  const taken = facts.filter(jobTaken).map((m) => ({ m, person: subjectOf(m), title: STATES_NEW_TITLE.test(m.memory) }));
  if (taken.length === 0) return out;
  for (const older of facts) {
    const a = canonicalAttribute(older.attribute);
    const employer = a === 'employer';
    const title = statesTitle(older);
    if (!employer && !title) continue;
    const person = subjectOf(older);
    if (person && taken.some((t) => t.m !== older && t.person === person && later(t.m, older) && (employer || t.title))) out.add(older.id);
  }
  return out;
}

/** A title in a job taken: a profession word, not said to be the same one. */
const STATES_NEW_TITLE = new RegExp(String.raw`^(?!.*\bsame (?:role|job|title|position)\b).*\b(?:${PROFESSION_WORDS})s?\b`, 'iu');
