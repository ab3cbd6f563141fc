import type { MemoryStore } from '../storage/memories.js';
import { escapeRe } from '../text/regex-escape.js';
import type { ExtractedFact } from './types.js';
import { kinWords } from './kin-words.js';
import { queryTerms } from '../text/tokenize.js';
import { memoriesWithTerms } from './tag-memories.js';

/**
 * "My brother moved to Oslo" in a tag that knows "The user's brother Erik lives in Bergen": the brother is Erik. A fact
 * about an unnamed relative ("the user's brother") is filed under the relative's name when the tag (or the same
 * document) names exactly one relative of that kind, and says the name ("The user's brother Erik moved to Oslo."), so
 * the judge relates it to Erik's facts. One bounded keyword read per relative kind and document.
 */

const UNNAMED = /^(.+)'s ([\p{Ll}-]+)$/u;

export async function withRelativeNames(memories: MemoryStore, scope: { orgId: string; containerTags: readonly string[] }, facts: readonly ExtractedFact[]): Promise<ExtractedFact[]> {
  const kinds = new Map<string, { owner: string; kin: string }>();
  for (const f of facts) {
    const m = f.subject ? UNNAMED.exec(f.subject) : null;
    if (m) kinds.set(f.subject!, { owner: m[1]!, kin: m[2]! });
  }
  if (kinds.size === 0) return [...facts];
  const names = new Map<string, string>();
  for (const [subject, { owner, kin }] of kinds) {
    const said = kinWords(kin);
    const named = new RegExp(String.raw`^${anyCase(owner)}'s\s+(?:${said.map(escapeRe).join('|')})\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)\b`, 'u');
    const terms = [...new Set(said.flatMap(queryTerms))];
    const rows = await memoriesWithTerms(memories, scope, terms);
    const texts = [...facts.map((f) => f.text), ...rows.filter((r) => r.isLatest && !r.isForgotten).map((r) => r.memory)];
    const distinct = new Set(texts.flatMap((t) => named.exec(t)?.[1] ?? []));
    if (distinct.size === 1) names.set(subject, [...distinct][0]!);
  }
  return facts.map((f) => {
    const name = f.subject ? names.get(f.subject) : undefined;
    if (!name) return f;
    const kin = UNNAMED.exec(f.subject!)!;
    const said = new RegExp(String.raw`^(${anyCase(kin[1]!)}'s\s+(?:${kinWords(kin[2]!).map(escapeRe).join('|')}))(?!\s+${escapeRe(name)})`, 'u');
    return { ...f, text: f.text.replace(said, `$1 ${name}`), subject: name, aliases: [...new Set([...(f.aliases ?? []), f.subject!])] };
  });
}

/** The phrase as a pattern whose first letter may be either case ("the user" / "The user"). */
function anyCase(phrase: string): string {
  const first = phrase.charAt(0);
  return `[${escapeRe(first.toUpperCase())}${escapeRe(first.toLowerCase())}]${escapeRe(phrase.slice(1))}`;
}
