import { isPlaceName } from './lexicon.js';

/**
 * A person's own word on a single-valued slot said with "still" / "now" / "currently" and no verb the extractor files
 * ("Dan: lol no, that's my brother Sam. I'm still at Monzo" → "Dan is still at Monzo.", no attribute) after another
 * value of that slot ("Priya: Dan just started at Wise" → employer): the restatement is the slot's current value, so
 * it updates the older memory (issue 26, round 19). The value must be another one than the older memory names.
 */
const STILL_AT = /\b(?:still|now|currently)\s+(?:working\s+|employed\s+)?(?:at|with|for)\s+(?:the\s+)?(\p{Lu}[\p{L}\p{N}&'’-]*(?:\s+\p{Lu}[\p{L}\p{N}&'’-]*)*)/u;
const STILL_IN = /\b(?:still|now|currently)\s+(?:(?:living|based|live|lives)\s+)?in\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)/u;

/** Whether `text` restates the slot `attribute` (employer, residence) with a value `older` does not name. */
export function restatesSlot(text: string, attribute: string | null, older: string): boolean {
  const m = attribute === 'employer' ? STILL_AT.exec(text) : attribute === 'residence' ? STILL_IN.exec(text) : null;
  if (!m) return false;
  const value = m[1]!;
  if (attribute === 'residence' && !isPlaceName(value)) return false;
  return !older.toLowerCase().includes(value.toLowerCase());
}
