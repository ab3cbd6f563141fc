/**
 * "handed my notice in at Klarna" said in the order the job-end pattern reads: "handed in my notice at Klarna"
 * (issue 26, blind23; round 22: the rewrite waited for the judge to end the memory holding Klarna, not the latest job).
 */
const NOTICE_IN = /\b(?<v>handed|put|gave)\s+(?<p>my|his|her|their|our)\s+notice\s+in\s+(?=(?:at|to)\s)/iu;

/** The sentence with a notice "handed … in at X" said as "handed in … notice at X"; unchanged otherwise. */
export function noticeInOrder(sentence: string): string {
  return sentence.replace(NOTICE_IN, (...a) => {
    const g = a[a.length - 1] as Record<string, string>;
    return `${g.v!.toLowerCase() === 'put' ? 'put' : 'handed'} in ${g.p} notice `;
  });
}
