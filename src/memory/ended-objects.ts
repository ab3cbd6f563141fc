import { term, words } from '../text/tokenize.js';

/**
 * What a change statement ends or replaces, by name: "ditched Spotify for Apple Music" → "Spotify", "cancelled The
 * Economist subscription" → "The Economist subscription", "swapped the violin for the cello" → "violin", "stopped
 * seeing Dr. Obi" → "Dr. Obi", "gave up on Japanese" → "Japanese", "handed tidyfs over" → "tidyfs".
 *
 * An older fact of the same subject that holds every content word of that object is what the change supersedes,
 * whatever attribute the classifier filed either under ("subscribed to The Economist" as a role, "plays the violin"
 * as a habit) and however far apart the two are in meaning (a replacement names the new thing the old fact never
 * mentions, so their similarity is low). The judge asks this before it compares attributes (heuristic-judge.ts).
 */

// The verbs that end or replace what follows them ("bye iPhone 8" after "finally bought a Pixel 9": round 19). Not "left" (a place or a time follows as often: "left for Paris",
// "left early") nor "moved" (a home): the attribute rules read those.
const ENDING_VERB = String.raw`(?:ditched|dumped|swapped|replaced|cancel+ed|quit|stopped(?:\s+[\p{Ll}]+ing)?|gave\s+up(?:\s+on)?|given\s+up(?:\s+on)?|dropped(?:\s+out\s+of)?|handed|came\s+off|come\s+off|parted\s+ways\s+with|stepped\s+(?:down|back)\s+from|sold|got\s+rid\s+of|switched\s+(?:away\s+)?from|no\s+longer\s+[\p{Ll}]+s|(?<!(?:said|say|says|saying|waved?|kissed?)\s+)(?:good)?bye(?:\s+bye)?,?(?:\s+to)?(?=\s+(?:my|our|the|old|\p{Lu})))`;
const OWNER = String.raw`(?:(?:the user's|my|our|his|her|their|the|an?|\p{Lu}[\p{L}'-]*'s)\s+)?`;
// The object runs up to a clause break or the word that names what came instead ("for", "to", "with").
const OBJECT = String.raw`(?<object>[\p{L}\d][\p{L}\d.'&-]*(?:\s+(?!(?:for|to|with|and|in|on|at|after|because|since|last|this|over|from|as|when|so|but|instead|now|again|too)\b)[\p{L}\d][\p{L}\d.'&-]*){0,3})`;
const ENDED = new RegExp(String.raw`\b${ENDING_VERB}\s+${OWNER}${OBJECT}`, 'iu');

// "Dave and the user parted ways": the other one of the two is what ends.
const ENDED_TOGETHER =
  /(?<object>\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)\s+and\s+(?:the user|\p{Lu}[\p{L}'-]*)\s+(?:have\s+|had\s+|just\s+|finally\s+)*(?:parted ways|broke up|split up|separated|divorced|fell out|went (?:their )?separate ways)\b/u;

/** Words that say how or when, never what: "stopped taking the melatonin" ends melatonin, not "taking". */
const NOT_OBJECT = new Set(words('old new current usual whole same one thing things stuff it that this way job now all').flatMap((w) => term(w) ?? []));

/** The content words (stemmed) of what `text` ends or replaces, or an empty list when it ends nothing by name. */
export function endedObjectTerms(text: string): string[] {
  const m = ENDED.exec(text) ?? ENDED_TOGETHER.exec(text);
  if (!m?.groups?.object) return [];
  const stems = (ws: string[]) =>
    words(ws.join(' ')).flatMap((w) => {
      const t = term(w);
      return t && !NOT_OBJECT.has(t) ? [t] : [];
    });
  // A name in the object is what it ends ("The Economist subscription" → Economist): the common nouns beside it may
  // be worded otherwise in the older fact ("subscribed to The Economist").
  const named = stems(m.groups.object.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w)));
  return named.length > 0 ? named : stems(m.groups.object.split(/\s+/));
}

/**
 * The new fact ends or replaces something the older fact names: every content word of the ended object is in the
 * older text. `names` are the subject's own names, which never count as the object ("Dana stopped seeing Dana's
 * therapist" names Dana everywhere).
 */
export function endsNamedObject(newText: string, oldText: string, names: ReadonlySet<string> = new Set()): boolean {
  const object = endedObjectTerms(newText).filter((t) => !names.has(t));
  if (object.length === 0) return false;
  const old = new Set(words(oldText).flatMap((w) => term(w) ?? []));
  return object.every((t) => old.has(t));
}
