/** The string as a literal inside a JavaScript regular expression (`new RegExp(\`\\b${escapeRe(name)}\\b\`)`). */
export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether `text` holds `name` as a whole word: no letter or digit on either side, so names with punctuation ("O'Neil",
 * "Zoë") match where `\b` would not.
 */
export function namesWord(text: string, name: string, ignoreCase = false): boolean {
  return new RegExp(String.raw`(?<![\p{L}\p{N}])${escapeRe(name)}(?![\p{L}\p{N}])`, ignoreCase ? 'iu' : 'u').test(text);
}
