import { ADV, k, NEG, type Build } from './attribute-words.js';

/**
 * What someone drinks or eats as a habit, keyed by the substance, so the end of the habit replaces it: "drinks four
 * coffees a day" → schedule:coffee; "gave up coffee completely", "quit coffee", "cut out sugar", "stopped drinking
 * alcohol" → the same attribute, ended (issue 26: "quit coffee" was filed as an employer, "gave up coffee" under
 * "coffe", and the old habit stayed current).
 */

const SUBSTANCES = String.raw`coffee|tea|alcohol|beer|wine|booze|soda|coke|sugar|caffeine|energy drinks|chocolate|junk food|fast food`;
// "coffees", "cups of tea", "glasses of wine": the plural or measure form of a substance.
const SUBSTANCE = String.raw`(?:(?:(?:an?|one|two|three|four|five|six|\d+)\s+)?(?:(?:cups?|mugs?|glasses|glass|cans?|bottles?|pints?|shots?)\s+of\s+)?(?<v>${SUBSTANCES})(?:e?s)?)`;

export const CONSUMPTION_PATTERNS: [RegExp | RegExp[], Build][] = [
  // "quit coffee", "gave up coffee completely", "cut out sugar", "stopped drinking alcohol": the habit ends.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:has\s+|have\s+)?(?:quit|stopped|gave up|given up|cut out|cut back on|kicked|ditched|dropped|stopped having|stopped drinking|stopped eating|quit drinking|quit eating|gave up drinking|gave up eating)\s+(?:on\s+)?(?:the\s+)?(?<v>${SUBSTANCES})\b`,
      'iu',
    ),
    (g) => k('schedule', g.v!.toLowerCase(), null, { ended: true }),
  ],
  // "drinks four coffees a day", "has two cups of tea every morning", "doesn't drink alcohol".
  [
    new RegExp(String.raw`^\s+${ADV}${NEG}(?:drinks?|has|have|eats?)\s+(?:about\s+|around\s+|at least\s+)?${SUBSTANCE}\b`, 'iu'),
    (g, rest) => (/\b(?:a|per|every|each)\s+(?:day|week|morning|evening|night)\b|\b(?:daily|regularly|usually|always|never)\b|n't|\bnot\b|no longer/i.test(rest) ? k('schedule', g.v!.toLowerCase(), rest.trim()) : null),
  ],
];
