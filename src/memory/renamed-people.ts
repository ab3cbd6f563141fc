import { reviseMemoriesNaming, type RevisionDeps } from './memory-revisions.js';
import { escapeRe } from '../text/regex-escape.js';

/**
 * A person's name corrected ("sorry, her name is Astrid, not Ingrid", "he's called Tomas, not Tobias", "autocorrect,
 * it's Ronan not Rowan"): every fact told about them was told under the wrong name, so every memory holding it gets a
 * next version with the name meant, not only the one the correction step replaced (rejected-values.ts). A correction
 * that says the person changed ("it's Deepak now, not Priya") is a new holder of a role, not a rename: Priya's own
 * facts stay hers.
 */

/** Words that say the name itself was wrong (its spelling, what the person is called), not who holds a role. */
const NAME_CUE = /\b(?:name|names|name's|named|called|spell|spelled|spelt|spelling|autocorrect|autocorrected|autocorrects|typo|misspelled|misspelt)\b/i;
/** Words that say the value changed rather than was wrong. */
const CHANGED = /\b(?:now|new|nowadays|these days|anymore|any more|replaced|instead)\b/i;
/** A first name: one capitalised word (hyphen or apostrophe inside), not a weekday or month. */
const FIRST_NAME = /^\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)?$/u;
const CALENDAR_WORD = /^(?:mon|tues|wednes|thurs|fri|satur|sun)days?$|^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/**
 * Whether a correction of `rejected` to `meant` in `sentence` renames a person (see above); the cue may be in the text
 * around it ("ugh, autocorrect. It's Ronan not Rowan").
 */
export function renamesPerson(sentence: string, meant: string, rejected: string, around: string = sentence): boolean {
  const names = [meant, rejected];
  // "Mary Jane, not Mary Ann": a full name of up to three words is renamed whole, so "Mary" alone (another person)
  // keeps hers.
  const isName = (n: string) => n.split(/\s+/).length <= 3 && n.split(/\s+/).every((w) => FIRST_NAME.test(w) && !CALENDAR_WORD.test(w));
  if (!names.every(isName)) return false;
  return (NAME_CUE.test(sentence) || NAME_CUE.test(around)) && !CHANGED.test(sentence);
}

function wordRe(name: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(name)}(?![\\p{L}\\p{N}])`, 'gu');
}

/** The text with the rejected name replaced by the meant one, or null when it does not hold the rejected name alone. */
export function renamedText(text: string, rejected: string, meant: string): string | null {
  if (!wordRe(rejected).test(text) || wordRe(meant).test(text)) return null;
  return text.replace(wordRe(rejected), meant);
}

/** A subject filed under the rejected name ("Ingrid", "Ingrid Berg") is filed under the meant one. */
export function renamedSubject(subject: string | null, rejected: string, meant: string): string | null {
  if (subject === null) return null;
  return wordRe(rejected).test(subject) ? subject.replace(wordRe(rejected), meant) : subject;
}

/** Gives every latest memory of the tags that holds `rejected` a next version with `meant` (see above), except `skip`. */
export async function renameEveryMemory(deps: RevisionDeps, ctx: Parameters<typeof reviseMemoriesNaming>[1], rename: { rejected: string; meant: string }, skip: ReadonlySet<string>): Promise<string[]> {
  return reviseMemoriesNaming(
    deps,
    ctx,
    rename.rejected,
    (m) => {
      const text = renamedText(m.memory, rename.rejected, rename.meant);
      return text ? { text, subject: renamedSubject(m.subject, rename.rejected, rename.meant) } : null;
    },
    skip,
  );
}
