import { PROFESSIONS } from '../memory/attribute-patterns.js';

/**
 * A title said inside a fact filed as the employer (issue 26, round 22, blind22's Aigerim): "Aigerim Bekova is still
 * at Kaspi.kz, now team lead for the payments squad." answers "What is Aigerim's role at Kaspi.kz?" as much as a fact
 * filed as the role; it counted as another attribute (-1), below an unfiled list of languages.
 */
const TITLE_SAID = new RegExp(String.raw`\b(?:now|as|is)\s+(?:(?:an?|the)\s+)?(?:[\p{L}-]+\s+){0,2}?(?:${PROFESSIONS.join('|')})s?\b`, 'iu');

/** Whether an employer fact names the person's title too: it states the role asked about. */
export function employerNamesTitle(text: string): boolean {
  return TITLE_SAID.test(text);
}
