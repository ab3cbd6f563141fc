import type { ExtractedFact } from './types.js';

/**
 * "new job (Stripe) + new flat (Hackney)": a subject's new flat in a place the lexicon does not know (a district) is
 * their new home, unless the same document already gives them a home ("moved to Warsaw! new flat in Mokotow": the
 * district is part of the city move, not a home of its own).
 */
const NEW_HOME = /^(.+?)'s new (?:place|flat|house|home|apartment) is in (\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)\.$/u;

export function newHomesInDistricts(facts: ExtractedFact[]): ExtractedFact[] {
  return facts.map((f) => {
    if (f.attribute !== null || !f.subject || !NEW_HOME.test(f.text)) return f;
    if (facts.some((o) => o !== f && o.subject === f.subject && o.attribute === 'residence')) return f;
    return { ...f, attribute: 'residence', isStatic: true };
  });
}
