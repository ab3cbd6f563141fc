import { isLexiconWord } from './lexicon.js';

/**
 * A school's name typed in lowercase, as chat is typed: "florin's at willowdene primary", "he moved schools, hes at
 * al-noor now". With a school word after it ("primary", "academy") the name is capitalised with it; bare after "at" in
 * a sentence about schools ("moved schools", "new school"), a word no dictionary knows is the school's name and is
 * written as one ("at Al-Noor School"), where the school readers find it.
 */
const SCHOOL_WORD = 'primary|secondary|school|academy|college|high school|high|infants|juniors|nursery|grammar|prep';
const TYPED_WITH_WORD = new RegExp(String.raw`\b(at|to|from|joined|starts?|started)\s+((?:(?!(?:at|to|from|in|the|a)\s)[\p{Ll}][\p{L}'’-]+\s+){1,2})(${SCHOOL_WORD})\b`, 'gu');
const ABOUT_SCHOOLS = /\b(?:moved|changed|switched|new|started|starts|changing|moving)\s+schools?\b|\bschools?\s+(?:now|these days)\b/i;
const BARE_AT = /\bat\s+([\p{Ll}][\p{L}'’-]{2,})(?=\s+(?:now|these days|instead|since|from)\b|\s*[,.;!?]|\s*$)/gu;

const title = (words: string) => words.replace(/(^|[\s-])(\p{Ll})/gu, (_, b: string, c: string) => `${b}${c.toUpperCase()}`);

export function schoolNamesTyped(sentence: string): string {
  let s = sentence.replace(TYPED_WITH_WORD, (all, lead: string, name: string, word: string) => {
    const words = name.trim().split(/\s+/);
    // "at the local primary", "to a new school": a description, not a name.
    if (words.some((w) => /^(?:the|a|an|my|our|his|her|their|local|new|old|same|different|this|that|big|small|private|state|catholic)$/.test(w))) return all;
    return `${lead} ${title(`${name.trim()} ${word}`)}`;
  });
  if (ABOUT_SCHOOLS.test(s)) s = s.replace(BARE_AT, (all, name: string) => (isLexiconWord(name.replace(/[’']s$/u, '')) ? all : `at ${title(name)} School`));
  return s;
}
