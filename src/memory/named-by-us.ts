import { nameWithNewcomer } from './named-later.js';

/**
 * "we finally got a puppy!! we called him Biscuit", "got a kitten, I named her Pip": a newcomer named by the speaker
 * (issue 26, profile24: no fact named the puppy). The naming is read as "he's called Biscuit", which named-later.ts
 * moves next to the newcomer it names; when it names none ("we called him yesterday", "I named him in the email"), the
 * text is read as written.
 */
const NAMED_BY_US = /\b(?:we|I)(?:'ve|’ve|\s+have)?\s+(?:(?:just|finally|already)\s+)?(?:called|named)\s+(?<p>him|her|it)\s+(?<name>\p{Lu}\p{Ll}+)\b(?!\s+\p{Lu})/gu;
const NOT_A_NAME = /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Today|Tonight|Tomorrow|Yesterday|Back|Again|Later|Mum|Mom|Dad)$/;

/** The text with a newcomer the speaker named named where it stands (nameWithNewcomer, named-later.ts). */
export function nameGivenByUs(text: string): string {
  const rewritten = text.replace(NAMED_BY_US, (whole, p: string, name: string) => (NOT_A_NAME.test(name) ? whole : `${p === 'him' ? 'he' : p === 'her' ? 'she' : 'it'}'s called ${name}`));
  if (rewritten === text) return nameWithNewcomer(text);
  const named = nameWithNewcomer(rewritten);
  // Only when the naming found its newcomer (the rewritten clause is gone).
  return /\b(?:he|she|it)'s called \p{Lu}/u.test(named) && !/\b(?:he|she|it)'s called \p{Lu}/u.test(text) ? nameWithNewcomer(text) : named;
}
