/**
 * The text the offline reader's patterns see, with long runs cut to a few: three or more line breaks are one blank
 * line, spaces and tabs past 32 are 32, one punctuation mark repeated past 4 is 4. No note, chat or message needs
 * more to be read the same (a blank line ends a paragraph either way; indentation under 32 keeps a nested bullet;
 * "!!!!" says what "!!!!!!!!" says). Many patterns start at every line start or stop and take the run after it, so a
 * run of n read them in n² steps: 30 KB of blank lines, stops or "[" held the reader for seconds at a time.
 */
export function boundRuns(text: string): string {
  return text
    .replace(/(?:\n[ \t]*){2,}\n/g, '\n\n')
    .replace(/[ \t\u00a0]{33,}/g, (run) => run.slice(0, 32))
    .replace(/([.!?…,;:*_#>[\]()|~=+-])\1{4,}/g, '$1$1$1$1');
}
