import type { Build } from './attribute-words.js';
import { CONSUMPTION_PATTERNS } from './consumption-patterns.js';
import { DEGREE_PATTERNS } from './degree-patterns.js';
import { LIFE_PATTERNS } from './life-patterns.js';
import { PLACE_AND_WORK_PATTERNS } from './place-work-patterns.js';
import { POSITION_PATTERNS } from './position-patterns.js';
import { SCHEDULE_MOVE_PATTERNS } from './schedule-moves.js';
import { LANGUAGE_SWITCH_PATTERNS } from './language-switches.js';
import { BIRTH_PATTERNS } from './births.js';
import { CAR_MODEL_PATTERNS } from './car-models.js';
import { OWN_BUSINESS_PATTERNS } from './own-business.js';

/**
 * What follows a fact's subject, matched to the attribute catalogue (attributes.ts): the words (attribute-words.ts),
 * the patterns by area (place-work-patterns.ts, life-patterns.ts) and the facets built from a match (facet-builders.ts).
 */
export { ADV, DIETS, isUniqueRelative, LANGUAGES, PARTNER_WORDS, PET_WORDS, PROFESSIONS, relative, RELATIVE_WORDS, WORKPLACE, WORKPLACES, type Facet } from './attribute-words.js';

/** Patterns in order; the first that matches wins, except for `also` patterns that add a facet (role beside employer). */
export const PATTERNS: [RegExp | RegExp[], Build][] = [
  ...SCHEDULE_MOVE_PATTERNS,
  ...BIRTH_PATTERNS,
  ...CAR_MODEL_PATTERNS,
  ...OWN_BUSINESS_PATTERNS,
  ...CONSUMPTION_PATTERNS,
  ...PLACE_AND_WORK_PATTERNS,
  ...LIFE_PATTERNS,
  ...DEGREE_PATTERNS,
  ...POSITION_PATTERNS,
  ...LANGUAGE_SWITCH_PATTERNS,
];
