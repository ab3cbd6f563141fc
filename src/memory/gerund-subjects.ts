/**
 * "moving to manchester was the best decision ever", "leaving tesco was scary but i started at aldi": a change said
 * as the subject of a judgement is the author's change all the same ("I moved to manchester.", "I left tesco but i
 * started at aldi"), and "the new place in Utrecht" is the author's new home. Only a sentence that opens with the
 * change, in a chat turn or a note of the author's.
 */
const MOVED =
  /^(?:(?:honestly|really|so|and|but|tbh|ngl|lol|omg)\s*,?\s+)*(?:moving|relocating)\s+(?:(?:back|over|out)\s+)?to\s+([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*)?)\s+(?:(?:was|is|has been|had been)\s+\S|(?:honestly|really|genuinely)\s+)[^,.;!?]*/iu;
const LEFT =
  /^(?:(?:honestly|really|so|and|but|tbh|ngl|lol|omg)\s*,?\s+)*(?:leaving|quitting)\s+([\p{L}][\p{L}&'’-]*(?:\s+[\p{L}][\p{L}&'’-]*)?)\s+(?:was|is|has been|had been)\s+[^,.;!?]*?(?=\s*(?:,\s*)?\b(?:but|and)\s+(?:I|i|we)\b|[,.;!?]|$)/u;

// "The new place in Utrecht is quieter than Amsterdam": in the author's own note, the new home is theirs.
// The remark on it ("is quieter than Amsterdam, which I miss") is left out: it names the old home beside the new.
const NEW_HOME = /^[Tt]he new (place|flat|house|apartment|home)\s+(?:is\s+)?in\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)(?:\s+(?:is|was|feels|looks)\b[^.!?]*)?/u;

/** The sentence with its opening change said by the author, or the sentence itself. */
export function gerundAsAuthorsChange(sentence: string): string {
  if (NEW_HOME.test(sentence)) return sentence.replace(NEW_HOME, 'My new $1 is in $2');
  const moved = MOVED.exec(sentence);
  if (moved) return `I moved to ${moved[1]}${sentence.slice(moved[0].length)}`;
  const left = LEFT.exec(sentence);
  if (left) return `I left ${left[1]}${sentence.slice(left[0].length)}`;
  return sentence;
}
