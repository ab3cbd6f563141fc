import { extractFacts } from './offline-extractor.js';
import type { ExtractedFact } from './types.js';

/**
 * The facts of a memory written directly (POST /v4/memories), read by the offline extractor like a one-line note so
 * the judge sees its subject, attribute and dates: "Maya lives in Seattle now." is Maya's residence and versions
 * "Maya lives in Boston.". A single fact keeps the caller's wording; a compound one ("Maya lives in Paris and works
 * at Figma") becomes one memory per fact, as a document's would, so a later move does not drop the job. Text the
 * extractor finds no fact in is kept as written, about no particular subject. The caller's isStatic wins.
 */
export function factsOfDirectWrite(content: string, isStatic: boolean | undefined, now: string): ExtractedFact[] {
  const text = content.trim();
  const { facts } = extractFacts({ content: asAuthorWrote(text), title: null, type: 'text', documentDate: now, metadata: {}, entityContext: null }, 20);
  if (facts.length > 1) return facts.map((f) => ({ ...f, isStatic: isStatic ?? f.isStatic }));
  const f = facts[0];
  return [
    {
      text,
      isStatic: isStatic ?? f?.isStatic ?? false,
      eventDate: f?.eventDate ?? null,
      forgetAfter: f?.forgetAfter ?? null,
      subject: f?.subject ?? null,
      attribute: f?.attribute ?? null,
      speaker: null,
      ...(f?.aliases ? { aliases: f.aliases } : {}),
    },
  ];
}

const ADVERBS = String.raw`(?:(?:now|currently|still|also|just|recently|finally|actually|no longer|officially)\s+)*`;
const USER_SUBJECT = new RegExp(String.raw`^(?:the\s+)?user\s+(${ADVERBS})([\p{L}']+)\b`, 'iu');

/**
 * "The user lives in Edinburgh now" (how agents write memories) read as the user's own words ("I live in Edinburgh
 * now"), so the extractor finds the subject and attribute it finds in "I live in Glasgow" and the write versions it.
 */
export function asAuthorWrote(text: string): string {
  const own = text.replace(/^(?:the\s+)?user's\s+/iu, 'My ');
  const m = USER_SUBJECT.exec(own);
  const head = m ? `I ${m[1]}${baseForm(m[2]!)}${own.slice(m[0].length)}` : own;
  return head.replace(/\bthe user's\b/giu, 'my').replace(/\bthe user\b/giu, 'me');
}

/** "lives" → "live", "studies" → "study", "is" → "am": the verb as "I" says it. */
function baseForm(verb: string): string {
  const v = verb.toLowerCase();
  const irregular: Record<string, string> = { is: 'am', "'s": 'am', has: 'have', does: 'do', "doesn't": "don't", "isn't": 'am not', "hasn't": "haven't", was: 'was', "wasn't": "wasn't" };
  if (irregular[v]) return irregular[v];
  if (/[^aeiou]ies$/.test(v)) return `${verb.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z|o)es$/.test(v)) return verb.slice(0, -2);
  if (/[^s]s$/.test(v)) return verb.slice(0, -1);
  return verb;
}
