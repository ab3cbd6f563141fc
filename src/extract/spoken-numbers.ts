import type { TranscriptSegment } from '../providers/transcriber.js';
import { detectLanguage } from '../text/language.js';

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * A whole number from 0 to 10 standing on its own: not part of a larger number or code ("1,000", "3.5", "10:30",
 * "2-3", "4G", "A4", "1st"), nor of money, a percentage or a degree. Whisper writes most spoken counts as digits
 * ("8 of spades", "1, 2, 3"), where the words were said.
 */
const SMALL_NUMBER = /(?<![\p{L}\p{N}$£€¥#.,:/+-])(10|\d)(?![\p{L}\p{N}%°:/]|[.,]\d|-\d)/gu;
/** A capitalised word right before the number, not opening a sentence: a name with a number ("Windows 10", "Channel 4"). */
const NAME_BEFORE = /(?:^|[^.!?\s])\s+\p{Lu}[\p{L}'-]*\s+$/u;

/**
 * English speech as a transcriber would write it by the usual convention for transcripts: the numbers zero to ten as
 * words, larger ones, amounts, times and names with a number as digits. Only for English text.
 */
export function spellSmallNumbers(text: string): string {
  return text.replace(SMALL_NUMBER, (digits: string, _group: string, offset: number) => {
    if (NAME_BEFORE.test(text.slice(Math.max(0, offset - 60), offset))) return digits;
    const word = WORDS[Number(digits)]!;
    // At the start of a sentence the word takes the capital.
    return /(?:^|[.!?]\s+)$/.test(text.slice(Math.max(0, offset - 3), offset)) ? word[0]!.toUpperCase() + word.slice(1) : word;
  });
}

/**
 * The segments with small numbers spelled out where the text is English: by the segment's own words when it has
 * enough of them to tell, else by the language the engine detected (or was told) for the file.
 */
export function spellSmallNumbersInEnglish(segments: readonly TranscriptSegment[], engineLanguage: string | null): TranscriptSegment[] {
  return segments.map((s) => {
    if (!/\d/.test(s.text)) return s;
    const language = detectLanguage(s.text)?.iso639_1 ?? engineLanguage;
    return language === 'en' ? { ...s, text: spellSmallNumbers(s.text) } : s;
  });
}
