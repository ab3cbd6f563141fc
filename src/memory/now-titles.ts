import { PROFESSIONS } from './attribute-patterns.js';

/**
 * "still at Kaspi.kz, now team lead", "Dana is still with Arup, now a senior engineer" (issue 26, round 22): a title
 * said after the employer with "now" is the subject's new role, a statement of its own beside the employer. Only a
 * title whose last word names a job (a profession, lead, manager, head, director…).
 */
const TITLE_WORD = new RegExp(String.raw`\b(?:${PROFESSIONS.join('|')}|lead|manager|head|director|chief|officer|partner|founder|vp|principal|supervisor)s?$`, 'i');
const STILL_AT_NOW =
  /^(?<who>I(?:'m|’m| am)|(?<name>\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)(?:'s|’s| is))\s+(?<head>(?:still\s+)?(?:at|with|working at|working for)\s+\p{Lu}[^,;]{0,40}?),\s+now\s+(?:an?\s+)?(?<title>[\p{L} -]{2,40}?)\s*[.!]?$/u;

/** The clause, split in two when it names a title after the employer with "now". */
export function titleAfterEmployer(clause: string): string[] {
  const m = STILL_AT_NOW.exec(clause.trim());
  if (!m?.groups || !TITLE_WORD.test(m.groups.title!.trim())) return [clause];
  const { who, name, head } = m.groups as { who: string; name?: string; head: string };
  const title = m.groups.title!.trim();
  const a = /^[aeiou]/i.test(title) ? 'an' : 'a';
  return [`${who} ${head}.`, name ? `${name} is now ${a} ${title}.` : `I'm now ${a} ${title}.`];
}
