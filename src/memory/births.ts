import { ADV, f, type Build } from './attribute-words.js';

/**
 * A child born (issue 26, round 21): "Our third, a baby girl named Noor, arrived on Friday!", "We just had our second
 * baby, a boy called Idris", "welcomed our fourth child". The ordinal is the new number of children, so the birth is
 * filed under `children` and replaces "We have two kids"; the fact keeps the baby's name.
 */
const ORDINALS: Record<string, string> = { second: 'two', third: 'three', fourth: 'four', fifth: 'five', sixth: 'six', seventh: 'seven', '2nd': 'two', '3rd': 'three', '4th': 'four', '5th': 'five' };
const ORDINAL = String.raw`(?<n>${Object.keys(ORDINALS).join('|')})`;
const CHILD = String.raw`(?:baby|child|kid|son|daughter|boy|girl|little one)`;
const BORN = String.raw`(?:arrived|was born|came along|is here|has arrived)`;

const count = (n: string | undefined) => f('children', ORDINALS[n?.toLowerCase() ?? ''] ?? null);

export const BIRTH_PATTERNS: [RegExp | RegExp[], Build][] = [
  // "'s third, a baby girl named Noor, arrived on …", "'s third baby was born on …"
  [new RegExp(String.raw`^'s\s+(?:(?:new|newest)\s+)?${ORDINAL}(?:\s+${CHILD})?\s*(?:,[^,]{0,60},\s*|\s+\(\s*[^()]{0,60}\)\s*|\s+)${BORN}\b`, 'iu'), (g) => count(g.n)],
  // "just had their third baby", "welcomed their second child"
  [new RegExp(String.raw`^\s+${ADV}(?:have\s+|has\s+)?(?:had|welcomed)\s+(?:their|his|her|our|a)\s+${ORDINAL}\s+(?:${CHILD}|grandchild)\b`, 'iu'), (g) => (/grandchild/i.test(g[0] ?? '') ? null : count(g.n))],
];
