/**
 * Languages extraction knows by name: the ISO 639-1 code speech engines take, the tesseract language data
 * (@tesseract.js-data/<code>) and the common words that tell written text of one language from another.
 */
export interface LanguageInfo {
  iso639_1: string;
  /** Tesseract's code (ISO 639-2/T), the name of its language data package. */
  tesseract: string;
  names: readonly string[];
}

const LANGUAGES: readonly (LanguageInfo & { words: readonly string[] })[] = [
  {
    iso639_1: 'en',
    tesseract: 'eng',
    names: ['english', 'anglais', 'englisch', 'inglés', 'inglês', 'inglese'],
    words: ['the', 'and', 'of', 'to', 'is', 'in', 'that', 'it', 'with', 'for', 'this', 'are', 'was', 'you', 'not', 'be', 'on', 'have'],
  },
  {
    iso639_1: 'fr',
    tesseract: 'fra',
    names: ['french', 'français', 'francais', 'französisch', 'francés', 'francês', 'francese'],
    words: ['le', 'la', 'les', 'et', 'des', 'est', 'un', 'une', 'du', 'que', 'qui', 'dans', 'pour', 'pas', 'sur', 'au', 'avec', 'ce', 'il', 'sont'],
  },
  {
    iso639_1: 'de',
    tesseract: 'deu',
    names: ['german', 'deutsch', 'allemand', 'alemán', 'alemão', 'tedesco'],
    words: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'ein', 'eine', 'zu', 'den', 'mit', 'sich', 'auf', 'für', 'dem', 'von', 'auch', 'wird', 'es', 'im'],
  },
  {
    iso639_1: 'es',
    tesseract: 'spa',
    names: ['spanish', 'español', 'espanol', 'castellano', 'espagnol', 'spanisch', 'espanhol', 'spagnolo'],
    words: ['el', 'la', 'de', 'que', 'y', 'los', 'las', 'en', 'un', 'por', 'con', 'para', 'una', 'es', 'del', 'se', 'no', 'su', 'al', 'lo'],
  },
  {
    iso639_1: 'pt',
    tesseract: 'por',
    names: ['portuguese', 'português', 'portugues', 'portugais', 'portugiesisch', 'portugués', 'portoghese'],
    words: ['o', 'a', 'os', 'as', 'de', 'que', 'e', 'do', 'da', 'em', 'um', 'uma', 'para', 'com', 'não', 'no', 'na', 'por', 'mais', 'dos'],
  },
  {
    iso639_1: 'it',
    tesseract: 'ita',
    names: ['italian', 'italiano', 'italien', 'italienisch'],
    words: ['il', 'la', 'di', 'che', 'e', 'le', 'un', 'una', 'per', 'non', 'sono', 'con', 'del', 'della', 'gli', 'nel', 'si', 'lo', 'al', 'è'],
  },
];

/** Every language extraction can name: the OCR languages that have an npm package, and their speech codes. */
export const KNOWN_LANGUAGES: readonly LanguageInfo[] = LANGUAGES.map(({ iso639_1, tesseract, names }) => ({ iso639_1, tesseract, names }));

/**
 * The language a document's metadata names (`language`, `lang` or `locale`): an ISO 639-1 or -2 code, a locale
 * ("fr-CA", "pt_BR") or a name in English or in the language itself. Null when absent or not one we know.
 */
export function languageHint(metadata: Record<string, unknown> | null | undefined): LanguageInfo | null {
  const value = metadata?.language ?? metadata?.lang ?? metadata?.locale;
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  const code = v.split(/[-_]/)[0]!;
  return KNOWN_LANGUAGES.find((l) => l.iso639_1 === code || l.tesseract === code || l.names.includes(v)) ?? null;
}

/**
 * The language of a text by its common words (of the languages above), or null when it is too short to tell or no
 * language stands out. Good enough to choose OCR language data and to label a transcript, not to classify tweets.
 */
export function detectLanguage(text: string): (LanguageInfo & { share: number }) | null {
  const words =
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/\p{L}+/gu) ?? [];
  if (words.length < 8) return null;
  const counts = LANGUAGES.map((l) => {
    const set = new Set(l.words);
    return words.reduce((n, w) => n + (set.has(w) ? 1 : 0), 0);
  });
  const ranked = counts.map((n, i) => ({ n, i })).sort((a, b) => b.n - a.n);
  const best = ranked[0]!;
  const second = ranked[1]!;
  // At least one word in twelve a function word of the language, and clearly more of them than of the next one.
  if (best.n < Math.max(3, words.length / 12) || best.n < second.n * 1.5) return null;
  const { iso639_1, tesseract, names } = LANGUAGES[best.i]!;
  return { iso639_1, tesseract, names, share: best.n / words.length };
}

/**
 * Every language of the list with at least `min` of its common words in the text (a page mixing languages, such as
 * a multilingual notice), most frequent first. Unlike detectLanguage, no single language needs to stand out.
 */
export function languagesIn(text: string, min = 3): LanguageInfo[] {
  const words =
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/\p{L}+/gu) ?? [];
  return LANGUAGES.map((l) => {
    const set = new Set(l.words);
    return { l, n: words.reduce((n, w) => n + (set.has(w) ? 1 : 0), 0) };
  })
    .filter((x) => x.n >= min)
    .sort((a, b) => b.n - a.n)
    .map(({ l: { iso639_1, tesseract, names } }) => ({ iso639_1, tesseract, names }));
}
