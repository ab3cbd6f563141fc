import { isPlaceName } from './lexicon.js';

/**
 * "please send my next box to 14 Residency Road, Bengaluru. Shifted here for work last month." (issue 26, round 22):
 * a move "here" is a move to the place the text last named, and "shifted" is how Indian English says "moved". The
 * place is where the text said the writer lives (a name the lexicon knows as a place), or the town ending an address
 * ("…Road, Bengaluru"), written before the move in the same text; never a place only visited ("went to Lisbon").
 * Without such a place the text is left as it is.
 */

const MOVED_HERE = /(?:(?<=\b(?:I|we|I've|we've|have|had)\s+)|(?<=^|[.!?]\s+))(?:(?:[Jj]ust|[Rr]ecently|[Ff]inally)\s+)?(?:[Mm]oved|[Ss]hifted|[Rr]elocated)\s+here\b/gu;
// Where the writer lives or receives post, not where they went: "live in Leeds", "my address is … Leeds".
const PLACE = /\b(?:live|lives|living|based|home|flat|apartment|house|address is|settled)\s+(?:in|at)\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2})/gu;
const STREET_WORDS = 'road|rd|street|st|avenue|ave|lane|ln|nagar|marg|colony|block|sector|layout|cross|main';
const STREET = STREET_WORDS.split('|')
  .map((w) => `${w}|${w[0]!.toUpperCase()}${w.slice(1)}`)
  .join('|');
const ADDRESS_END = new RegExp(String.raw`\b(?:${STREET})\.?\s*,\s+(\p{Lu}[\p{L}'’-]+)`, 'gu');

/** The text with "moved/shifted here" naming the place said before it; unchanged when none was. */
export function movedHereNamed(text: string): string {
  if (!/\b(?:moved|shifted|relocated)\s+here\b/i.test(text)) return text;
  return text.replace(MOVED_HERE, (all: string, ...rest: unknown[]) => {
    const offset = rest.find((r) => typeof r === 'number') as number;
    const place = lastPlace(text.slice(0, offset));
    if (!place) return all;
    return all.replace(/\b(shifted|relocated|moved)\s+here\b/i, (_m, verb: string) => {
      const moved = /^shifted$/i.test(verb) ? 'moved' : verb.toLowerCase();
      return `${/^\p{Lu}/u.test(verb) ? moved[0]!.toUpperCase() + moved.slice(1) : moved} to ${place}`;
    });
  });
}

function lastPlace(before: string): string | null {
  let found: { at: number; name: string } | null = null;
  for (const m of before.matchAll(PLACE)) {
    const name = m[1]!;
    if (isPlaceName(name) && (!found || m.index >= found.at)) found = { at: m.index, name };
  }
  for (const m of before.matchAll(ADDRESS_END)) if (!found || m.index >= found.at) found = { at: m.index, name: m[1]! };
  return found?.name ?? null;
}
