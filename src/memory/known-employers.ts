import type { MemoryStore } from '../storage/memories.js';
import { escapeRe } from '../text/regex-escape.js';
import { queryTerms } from '../text/tokenize.js';
import { memoriesWithTerms } from './tag-memories.js';
import type { ExtractedFact } from './types.js';

/**
 * "Kit is at Allegro now" in a tag that knows "Tomasz works at Allegro" (issue 26, round 21): with no place word, "is
 * at <Name> now" is where the person is this minute or where they work, and the name decides. A name the tag (or the
 * same document) already holds as someone's employer is an organisation: the fact is the person's employer, so it
 * replaces their old one. "Rosa is at Heathrow now" stays a whereabouts (no one works at Heathrow in the tag). One
 * bounded keyword read per such fact, only for facts of that shape.
 */
const AT_NOW = /\b(?:is|are|'s)\s+(?:(?:currently|now)\s+)?at\s+(\p{Lu}[\p{L}\d&'’.-]*(?:\s+\p{Lu}[\p{L}\d&'’.-]*){0,3})\s+now\b/u;

/** The facts, with each "is at <employer> now" whereabouts filed as the employer. */
export async function withKnownEmployers(memories: MemoryStore, scope: { orgId: string; containerTags: readonly string[] }, facts: readonly ExtractedFact[]): Promise<ExtractedFact[]> {
  const out = [...facts];
  for (const [i, fact] of facts.entries()) {
    const name = fact.attribute === 'location' ? AT_NOW.exec(fact.text)?.[1] : undefined;
    if (!name) continue;
    const holds = new RegExp(String.raw`(?<![\p{L}\p{N}])${escapeRe(name)}(?![\p{L}\p{N}])`, 'u');
    const employer = (attribute: string | null, text: string) => attribute === 'employer' && holds.test(text);
    let known = facts.some((f) => f !== fact && employer(f.attribute, f.text));
    if (!known) {
      const rows = await memoriesWithTerms(memories, scope, queryTerms(name));
      known = rows.some((r) => !r.isForgotten && employer(r.attribute, r.memory));
    }
    if (known) out[i] = { ...fact, attribute: 'employer', isStatic: true, forgetAfter: null };
  }
  return out;
}
