/**
 * A voice note's transcript read as the sentence the speaker meant: hesitations ("um", "uh", "erm") and the filler
 * "like" / "you know" / "I mean" taken out, so "I'm, um, engineering manager now at Deliveroo, I've got like eight
 * people on my team" reads as "I'm engineering manager now at Deliveroo, I've got eight people on my team". The
 * filler "like" after a verb ("I'm like a senior developer now") is only dropped in a sentence that also hesitates,
 * so typed comparisons ("she's like a sister to me") keep their word.
 */

const HESITATION = /(?<![\p{L}\p{N}'’-])(?:u+m+|u+h+m*|e+rm+|er|hmm+)(?![\p{L}\p{N}'’-])/giu;
// The filler with the commas and spaces around it.
const HESITATION_RUN = /[ \t]*(,?)[ \t]*(?<![\p{L}\p{N}'’-])(u+m+|u+h+m*|e+rm+|er|hmm+)(?![\p{L}\p{N}'’-])[.…]*[ \t]*(,?)[ \t]*/giu;
// Words after which a sentence cannot pause: a filler there leaves no comma ("I'm, um, a nurse" → "I'm a nurse").
const NO_PAUSE_AFTER = /(?:^|\s)(?:I['’]m|am|is|are|was|were|['’]s|['’]re|be|been|a|an|the|my|our|his|her|their|to|in|at|of|on|for|with|from|and|or|but|got|have|['’]ve|had|has)$/iu;
const VERB_LIKE =
  /\b((?:I['’]m|I am|am|is|are|was|were|['’]s|['’]re|got|get|have|['’]ve|has|had)\s+)like,?\s+(?=(?:a|an|the|\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|a few|super|really|totally|so|way)\b)/giu;
const BRACKETED = /,\s*(?:like|you know|I mean|kind of|sort of)\s*,\s*/giu;
const OPENING = /^\s*(?:(?:so|okay|ok|yeah|and|well)[ \t]*,?[ \t]*)*(?:like|you know|I mean)\s*,\s*/iu;
// "so yeah, I'm...", "okay so we...": the spoken run-up to the sentence.
const RUN_UP = /^(?:(?:so|okay|ok|yeah|yep|well|right|and|anyway)\b[ \t]*,?[ \t]*)+(?=\p{L})/iu;

/** True when the text hesitates as speech does ("um", "uh", "erm"); an upper-case "ER" is a hospital, not a pause. */
export function isSpoken(text: string): boolean {
  for (const m of text.matchAll(HESITATION)) if (m[0] !== 'ER' && m[0] !== 'Er') return true;
  return false;
}

/** The sentence without its spoken fillers; a sentence with none is returned unchanged (the same string). */
export function withoutFillers(sentence: string): string {
  let s = sentence.replace(BRACKETED, ', ');
  if (isSpoken(s)) {
    s = s.replace(HESITATION_RUN, (all, before: string, word: string, after: string, at: number, whole: string) => {
      if (word === 'ER' || word === 'Er') return all;
      const head = whole.slice(0, at);
      if (head.trim() === '') return '';
      if (/[.!?;:]$/.test(head.trimEnd())) return ' ';
      return (before || after) && !NO_PAUSE_AFTER.test(head.trimEnd()) ? ', ' : ' ';
    });
    s = s
      .replace(VERB_LIKE, '$1')
      .replace(/^[\s,;:]+/, '')
      .replace(RUN_UP, '');
  }
  if (s === sentence) return sentence;
  s = s
    .replace(OPENING, '')
    .replace(/^[\s,;:]+/, '')
    .replace(/\s*,(?:\s*,)+/g, ',')
    .replace(/\s+([,.!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ');
  return s;
}
