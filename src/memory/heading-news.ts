import { PARTNER_WORDS, RELATIVE_WORDS } from './attribute-words.js';
import { isKnownName } from './lexicon.js';

/**
 * News written into a note's heading (issue 26, round 23): "## Move checklist (done: moved to Ghent on 28 Feb)",
 * "# Job hunt (update: accepted the Canva offer)". The heading was dropped with the note's title, so the move was
 * never stored. The parenthesised statement becomes a line of the note, in the author's voice ("I moved to Ghent on
 * 28 Feb."); the heading stays.
 *
 * A heading about someone else (review 23, F3): "## Dad (update: moved into a care home)" is Dad's news, not the
 * author's. A heading that is a person ("Dad", "My sister", "Sarah") gives its `-ed` news that person as subject ("My
 * dad moved into a care home."); a heading that only mentions a person ("Trip with Tom"), or sits under a heading that
 * names one ("# Sarah" over "## Health"), is left as it was (its news dropped with the heading).
 */
const HEADING = /^\s*(#{1,6})\s+([^\r\n]*)/u;
const NEWS = /^(\s*#{1,6}\s+[^\n(]*?)\s*\(\s*(?:done|update|updated|status|news|edit|result)\s*[:—–-]\s*([^()\n]{3,120}?)\s*\)\s*$/iu;
const KIN = `${RELATIVE_WORDS}|${PARTNER_WORDS}|mum|mom|mam|mommy|mummy|dad|daddy|papa|mama|nan|nana|gran|grandad|granddad|bf|gf|mate|boss|manager|kids?|children|baby|parents|in-laws`;
const KIN_WORD = new RegExp(String.raw`\b(?:${KIN})s?\b`, 'iu');
const KIN_HEADING = new RegExp(String.raw`^(?:(?:my|our)\s+)?(?:(?:older|younger|little|big|twin|best|baby)\s+)?(${KIN})$`, 'iu');
const NAME_HEADING = /^(\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)?)(?:\s+\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)?)?$/u;

/** The note with each heading's news as a line of its own after the heading. */
export function headingNewsAsLines(note: string): string {
  if (!/^\s*#/m.test(note)) return note;
  const parents: { level: number; person: boolean }[] = [];
  return note
    .split('\n')
    .map((line) => {
      const heading = HEADING.exec(line);
      if (!heading) return line;
      const level = heading[1]!.length;
      while (parents.length > 0 && parents.at(-1)!.level >= level) parents.pop();
      const underPerson = parents.some((p) => p.person);
      const news = NEWS.exec(line);
      const title = (news ? news[1]!.replace(/^\s*#+\s+/, '') : heading[2]!).trim();
      parents.push({ level, person: namesPerson(title) });
      if (!news) return line;
      const said = spoken(title, news[2]!, underPerson);
      return said === null ? line : `${news[1]}\n\n${said.replace(/[.!\s]*$/, '.')}`;
    })
    .join('\n');
}

/** The news as a sentence with its subject, or null when whose news it is is unclear. */
function spoken(title: string, news: string, underPerson: boolean): string | null {
  const person = personOf(title);
  if (person) return /^\p{L}+ed\b/u.test(news) ? `${person} ${news[0]!.toLowerCase()}${news.slice(1)}` : null;
  if (underPerson || namesPerson(title)) return null;
  return /^\p{Ll}+ed\b/u.test(news) ? `I ${news}` : `${news[0]!.toUpperCase()}${news.slice(1)}`;
}

/** The subject a heading that is a person gives its news ("Dad" → "My dad", "Sarah" → "Sarah"), or null. */
function personOf(title: string): string | null {
  const kin = KIN_HEADING.exec(title);
  if (kin) return `My ${title.replace(/^(?:my|our)\s+/iu, '').toLowerCase()}`;
  const name = NAME_HEADING.exec(title);
  return name && isKnownName(name[1]!) ? title : null;
}

/** A heading that names a person: a kin word or a capitalised word the lexicon knows as a first name. */
function namesPerson(title: string): boolean {
  if (KIN_WORD.test(title)) return true;
  return (title.match(/\b\p{Lu}\p{Ll}+\b/gu) ?? []).some((w) => isKnownName(w) && !/^(?:May|June|April|August|Will|Mark|Bill|Grace|Hope|Joy)$/.test(w));
}
