import { isKnownName, isLabelNoun, isVerbLemma } from './lexicon.js';
import type { Turn } from './types.js';

/**
 * "Restructure: I report to Priya Nair now", "Relocation: we moved to Leeds": a document whose only "speakers" are
 * label words is a note with labelled lines, not a chat, so its "I" is the author and the label no person. A label
 * word is a verb's base form ("Restructure", "Update", "Change") a mass or plural noun ("News", "Heads") or a noun by its
 * shape ("Relocation", "Announcement", "Leadership"); a name the lexicon knows, a role, or any other word (a name it does not know, "Maya", "Rose") keeps
 * the chat reading.
 */
const NOUN_SHAPE = /(?:tion|sion|ment|ness|ity|ance|ence|ship|ism|ure)$/i;
// Clipped and abbreviated labels of notes the lexicon does not know ("Reorg: I report to Tom Ellis now").
const CLIPPED_LABEL = /^(?:Reorg|Re-org|Promo|Recap|Info|Admin|Memo|Misc|Fyi|Psa|Btw|Tldr|Ps|Nb|Edit|Upd|Org|Mgmt|Hr|Ooo|Wfh|Rto|Eod|Eow|Todo|Asap)$/i;

export function isLabelWord(speaker: string): boolean {
  if (CLIPPED_LABEL.test(speaker)) return true;
  return !/\s/.test(speaker) && /^\p{Lu}\p{Ll}+$/u.test(speaker) && !isKnownName(speaker) && (isVerbLemma(speaker) || isLabelNoun(speaker) || NOUN_SHAPE.test(speaker));
}

/** The turns, or null when every speaker is a label word (the document is a note, not a chat). */
export function unlessOnlyLabels(turns: Turn[] | null): Turn[] | null {
  if (!turns) return turns;
  return [...new Set(turns.map((t) => t.speaker))].every(isLabelWord) ? null : turns;
}
