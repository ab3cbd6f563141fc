import type { Turn } from './types.js';

/**
 * "Catch-up notes\nSam: moved out of Leeds. Now in Sheffield.\nJo: new baby, a girl.": a document under a heading
 * whose "Name:" lines say what each person did without a subject of their own is a note about those people, not a
 * chat between them, so each line is read as a person-labelled note line (person-labels.ts: "Sam now lives in
 * Sheffield") instead of turns whose speakers talk about themselves. A chat keeps its reading: its lines speak in the
 * first person or ask, and it has no heading.
 */

const HEADING_WORD = /\b(?:notes?|catch-?up|update|updates|minutes|summary|recap|news|log|1:1|one-to-one|standup|stand-up|check-?in|round-?up|meeting)\b/i;
const FIRST_PERSON = /(?:^|[^\p{L}'’])(?:I|I'm|I've|I'd|I'll|im|ive|me|my|we|we're|we've|our|us)(?![\p{L}'’])/iu;

/** The turns, or null when the content is a headed note of person-labelled lines. */
export function unlessHeadedNotes(content: string, turns: Turn[] | null): Turn[] | null {
  if (!turns || turns.length < 2) return turns;
  const first =
    content
      .split(/\r\n?|\n/)
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  // The heading: a short line of its own, with no speaker label, naming the kind of note.
  if (first.length > 60 || /^[^:]{1,40}:\s/.test(first) || !HEADING_WORD.test(first.replace(/^#+\s*/, ''))) return turns;
  if (turns.some((t) => FIRST_PERSON.test(t.content) || /\?/.test(t.content))) return turns;
  return null;
}
