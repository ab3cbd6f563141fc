/**
 * A plan of the speaker's that did not happen, said of the plan (issue 26, round 21): "The move fell through, but I
 * love my flat anyway", "sadly the Porto move was called off". Said with no person, a chat turn's clause was dropped,
 * so the memory step never saw that the move failed (`plan-arrivals.ts` `NOT_MOVED`) and filed the planned city as the
 * new home. The plan is the speaker's: "my move fell through", a fact that ends the plan.
 */
const LEAD = String.raw`(?:(?:sadly|unfortunately|so|well|anyway|alas|ugh|update|bad news|in the end|turns out|as it turns out)\s*[,:!-]?\s+)*`;
const PLAN = String.raw`(?:(?:\p{Lu}[\p{L}'’-]+|big|whole|house|job|new)\s+)?(?:move|moving plan|relocation|transfer|trip|plan|plans|offer|job offer|sale|purchase|house sale|house purchase|wedding|visa|mortgage|flat|apartment|house|deal)`;
const GIVEN_UP = String.raw`(?:fell through|has fallen through|(?:was|got|has been)\s+(?:called off|cancell?ed|scrapped|postponed|shelved)|is off|didn't happen|did not happen|never happened|didn't work out|did not work out)`;
const PLAN_GIVEN_UP = new RegExp(String.raw`^(\s*${LEAD})(?:the|that|this|our|my)\s+(${PLAN}\s+${GIVEN_UP})\b`, 'iu');

/** The sentence with a given-up plan said as the speaker's ("My move fell through, …"), or the sentence itself. */
export function ownPlanGivenUp(sentence: string): string {
  const m = PLAN_GIVEN_UP.exec(sentence);
  if (!m) return sentence;
  const whose = /^\s*(?:our|we)\b/i.test(sentence.slice(m[1]!.length)) ? 'Our' : 'My';
  return `${whose} ${m[2]}${sentence.slice(m[0].length)}`;
}
