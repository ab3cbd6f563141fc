import { ASSISTANT, speakerOf, USER } from './conversation.js';
import { isLabelWord } from './label-speakers.js';
import { isCommonWord, isPlaceName, mayBeName } from './lexicon.js';
import type { Turn } from './types.js';

/**
 * Group chats (round 20): "Sam: I'm vegetarian now\nJules: I'll bring halloumi\nNina: I'm allergic to sesame\nJules:
 * noted". The transcript reader accepts, beyond three lines, only names that speak twice (a note's "Budget: 5k" lines
 * must not become people), so a member who speaks once was folded into the previous speaker's turn ("Jules is allergic
 * to sesame") or dropped before the first turn. When the document is already a chat between people (some person
 * speaks twice) and every one of its lines is a `Name: text` line whose name can be a person's, each line is its own
 * speaker's turn.
 */
const LINE = /^([\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*)?)\s*:\s+(\S.*)$/u;

function personLike(name: string): boolean {
  const role = speakerOf(name);
  if (role === USER || role === ASSISTANT) return true;
  const first = name.split(/\s+/)[0]!;
  return !isLabelWord(first) && !isPlaceName(name) && (mayBeName(first) || !isCommonWord(first));
}

/** The turns with each `Name: text` line of a group chat as its own turn; the turns unchanged otherwise. */
export function groupChatTurns(content: string, turns: Turn[] | null, userName: string | null = null): Turn[] | null {
  if (!turns || turns.length < 2 || turns.some((t) => t.timestamp !== null)) return turns;
  const speakers = turns.map((t) => t.speaker).filter((s) => s !== ASSISTANT);
  const repeats = speakers.some((s, i) => speakers.indexOf(s) !== i);
  if (!repeats) return turns;
  const lines = content.split(/\r\n?|\n/).filter((l) => l.trim() !== '');
  const rows = lines.map((l) => LINE.exec(l.trim()));
  if (rows.some((m) => m === null || !personLike(m[1]!))) return turns;
  const rebuilt = rows.map((m) => ({ speaker: speakerOf(m![1]!, userName), content: m![2]!.trim(), timestamp: null }));
  return new Set(rebuilt.map((t) => t.speaker)).size > new Set(turns.map((t) => t.speaker)).size ? rebuilt : turns;
}
