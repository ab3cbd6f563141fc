import type { MemoryRecord } from '../core/types.js';
import { planDue, plannedAhead } from './profile-dates.js';

/**
 * A value said as new replaces the value said before it (issue 26: `static` keeps stale and contradicted facts;
 * blind24 form-email-landlord-rent: "The user's new monthly rent is $1,990, effective 1 July 2026." left "The user's
 * rent is $1,850 a month" in the static profile). "<Owner>'s new <thing> is …" ends "<Owner>'s <thing> is …" said
 * before it, once its date has come (a change effective later is a plan until then, and the old value holds); from
 * then it is the lasting value itself.
 */
const PERIOD = String.raw`(?:(?:monthly|weekly|annual|yearly|daily)\s+)?`;
const NEW_VALUE = new RegExp(String.raw`^(?<owner>.+?)['’]s\s+new\s+${PERIOD}(?<thing>[\p{L}-]+(?:\s+(?:number|address|rate))?)\s+(?:is|are)\b`, 'iu');
const VALUE = new RegExp(String.raw`^(?<owner>.+?)['’]s\s+(?!new\s)${PERIOD}(?<thing>[\p{L}-]+(?:\s+(?:number|address|rate))?)\s+(?:is|are)\b`, 'iu');

type Fact = Pick<MemoryRecord, 'id' | 'memory' | 'eventDate' | 'createdAt' | 'metadata'>;

function keyOf(re: RegExp, text: string): string | null {
  const m = re.exec(text);
  return m ? `${m.groups!.owner!.toLowerCase()}\u0000${m.groups!.thing!.toLowerCase()}` : null;
}

/** Whether a fact states a new value that holds by `today` (YYYY-MM-DD): said as done, or a change whose day has come. */
export function newValueHolds(m: Fact, today: string): boolean {
  return keyOf(NEW_VALUE, m.memory) !== null && (!plannedAhead(m) || planDue(m, today));
}

/** Ids of the facts whose value a later new value of the same owner and thing replaced by `today`. `later(a, b)`: a was said after b. */
export function replacedByNewValues<T extends Fact>(facts: readonly T[], later: (a: T, b: T) => boolean, today: string): Set<string> {
  const news = facts.filter((m) => newValueHolds(m, today)).map((m) => ({ m, key: keyOf(NEW_VALUE, m.memory)! }));
  const out = new Set<string>();
  if (news.length === 0) return out;
  for (const older of facts) {
    const key = keyOf(VALUE, older.memory) ?? keyOf(NEW_VALUE, older.memory);
    if (key && news.some((n) => n.m !== older && n.key === key && later(n.m, older))) out.add(older.id);
  }
  return out;
}
