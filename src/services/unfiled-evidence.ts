import { DIETS } from '../memory/attribute-words.js';

/**
 * What a fact the engine filed under no attribute states, by its words, for the attributes whose facts are often so
 * filed: care notes state a diet ("Diet changed to soft and bite-sized", "moved Arthur to a pureed diet") asked about
 * by "what should I give Arthur for lunch?"; news of a place of study ("Melike's daughter Defne just got into medical
 * school in Ankara", blind23) states the education "where is Defne going to study?" asks about.
 */
const SAYS: Record<string, RegExp> = {
  diet: new RegExp(String.raw`\b(?:diet|${DIETS})\b`, 'i'),
  education: /\b(?:school|university|college|degree|studies|studying|studied|enrolled|PhD|master's|bachelor's)\b/i,
};

/** Whether an unfiled fact's text states an attribute the question asks about. */
export function unfiledStatesAsked(asked: readonly string[], memory: string): boolean {
  return asked.some((a) => SAYS[a]?.test(memory) ?? false);
}
