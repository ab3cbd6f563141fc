/**
 * "After four great years at Siemens I'm excited to share that I'm starting a new position as X at Roche!", "Thrilled
 * to announce that I've joined Canva": an announcement's frame around the statement (issue 26, blind22: the whole
 * frame became one dynamic memory with no attribute, so the new job never replaced the old one). The statement after
 * the frame is read; the time spent at the old place ("after four years at Siemens") is left out, the new job
 * replaces it.
 */
const AFTER = String.raw`(?:after\s+(?:[\p{L}\d-]+\s+){1,4}(?:at|with|in)\s+[^,]{2,60}?,?\s+)?`;
const FEELING = String.raw`(?:excited|happy|thrilled|delighted|pleased|proud|glad|humbled|honou?red)`;
const SHARE = String.raw`(?:share|announce|say|tell you|let (?:you|everyone) know)`;
const FRAME = new RegExp(String.raw`^${AFTER}(?:(?:I'm|I am|I|we're|we are)\s+)?(?:(?:so|very|really|super|beyond)\s+)?${FEELING}\s+to\s+${SHARE}\s+(?:that\s+)?(?=(?:I|I'm|I've|I'll|we|we're|we've)\b)`, 'iu');

// "Exciting news since we last spoke:", "Big update since we last talked -", "So much news since I last wrote!": a
// catch-up lead (round 23: "Exciting" was read as the subject's state, "The user is exciting news since …").
const CATCH_UP = new RegExp(
  String.raw`^(?:(?:so\s+much|lots\s+of|loads\s+of|a\s+lot\s+of|some|big|huge|great|exciting|good|bad|sad|amazing|happy|major|quick|small|little|fun|wild|crazy|mixed)\s+)*(?:news|updates?)\s+since\s+(?:we|I)\s+(?:last\s+)?(?:spoke|talked|chatted|met|wrote|caught up|saw each other|last\s+(?:spoke|talked|chatted|met|wrote))\b\s*(?:[:!.…—–-]+\s*|,\s*)`,
  'iu',
);

/** The sentence after a catch-up lead ('' when the lead is all there is), or the sentence itself. */
export function withoutCatchUpLead(sentence: string): string {
  const lead = CATCH_UP.exec(sentence.trim());
  if (!lead) return sentence;
  const rest = sentence.trim().slice(lead[0].length);
  return rest ? `${rest[0]!.toUpperCase()}${rest.slice(1)}` : '';
}

/** The statement behind an announcement's frame, or the sentence itself. */
export function statementBehindAnnouncement(sentence: string): string {
  const m = FRAME.exec(sentence.trim());
  return m ? sentence.trim().slice(m[0].length) : sentence;
}
