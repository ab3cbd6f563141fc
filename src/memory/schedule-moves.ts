import { ADV, k, type Build } from './attribute-words.js';

/**
 * A weekly slot moved to another day (issue 26, blind22): "I moved my swim to Thursday mornings" had no attribute, so
 * "swims at the Aquatic Centre on Tuesday evenings" stayed the current slot in the profile. The activity moved is the
 * slot's object, the new day its value.
 */
const DAY = String.raw`(?:mon|tues|wednes|thurs|fri|satur|sun)days?(?:\s+(?:mornings?|afternoons?|evenings?|nights?|lunchtimes?))?`;
const OWNER = String.raw`(?:my|our|his|her|their|the user's|\p{Lu}[\p{L}'’-]*'s)`;
const SESSION = String.raw`(?:\s+(?:class|classes|session|sessions|lesson|lessons|practice|training|slot|club))?`;

export const SCHEDULE_MOVE_PATTERNS: [RegExp | RegExp[], Build][] = [
  [new RegExp(String.raw`^\s+${ADV}(?:has\s+|have\s+)?(?:moved|switched|changed|shifted|rescheduled)\s+${OWNER}\s+(?<o>\p{Ll}[\p{Ll}-]+)${SESSION}\s+to\s+(?<v>${DAY})`, 'iu'), (g) => k('schedule', g.o!, g.v!)],
];
