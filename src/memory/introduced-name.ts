import { USER } from './conversation.js';
import type { ExtractedFact } from './types.js';

/**
 * "Hi, I'm Oksana Petrenko. I live in Kraków": the name the user introduces themselves with is a fact of its own,
 * "The user's name is Oksana Petrenko.", as "My name is ..." already is. Without it the tag never learns who "the
 * user" is, and a later "We moved to Wrocław" (about "the user") cannot update "Oksana Petrenko lives in Kraków"
 * (issue 26: the subject's name once known). Null when the document already states the name or learned it earlier.
 */
export function introducedNameFact(name: string | null, facts: readonly ExtractedFact[]): ExtractedFact | null {
  if (!name || facts.some((f) => f.attribute === 'name' && f.text.includes(name))) return null;
  return { text: `The user's name is ${name}.`, isStatic: true, eventDate: null, forgetAfter: null, subject: USER, attribute: 'name', speaker: null, aliases: [name] };
}
