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

/**
 * Letters each language writes that English does not: a page read with English data whose words carry them (an
 * 'é' in 'Brésil', 'Indonésie') is in another Latin-script language even when it has few function words (a list of
 * country names, a table, a sign). A letter several languages share counts for each of them in part.
 */
const LETTERS: Readonly<Record<string, string>> = {
  fr: 'éèêëàâîïôûùçœ',
  de: 'äöüß',
  es: 'áéíóúñü¿¡',
  pt: 'áâãàéêíóôõúç',
  it: 'àèéìíòóù',
};

/**
 * Each language's thirty most frequent words (function words first), for languageByLetters: a short or list-like
 * text has few words, so every frequent one counts (detectLanguage's shorter lists avoid words two languages share).
 */
const FREQUENT: Readonly<Record<string, readonly string[]>> = {
  fr: ['de', 'la', 'le', 'et', 'les', 'des', 'en', 'un', 'du', 'une', 'que', 'est', 'pour', 'qui', 'dans', 'par', 'plus', 'pas', 'au', 'sur', 'ne', 'se', 'ce', 'il', 'sont', 'avec', 'son', 'ou', 'mais', 'aux'],
  de: [
    'der',
    'die',
    'und',
    'in',
    'den',
    'von',
    'zu',
    'das',
    'mit',
    'sich',
    'des',
    'auf',
    'für',
    'ist',
    'im',
    'dem',
    'nicht',
    'ein',
    'eine',
    'als',
    'auch',
    'es',
    'an',
    'werden',
    'aus',
    'er',
    'hat',
    'dass',
    'sie',
    'nach',
  ],
  es: ['de', 'la', 'que', 'el', 'en', 'y', 'a', 'los', 'se', 'del', 'las', 'un', 'por', 'con', 'no', 'una', 'su', 'para', 'es', 'al', 'lo', 'como', 'más', 'o', 'pero', 'sus', 'le', 'ha', 'me', 'si'],
  pt: ['de', 'a', 'o', 'que', 'e', 'do', 'da', 'em', 'um', 'para', 'é', 'com', 'não', 'uma', 'os', 'no', 'se', 'na', 'por', 'mais', 'as', 'dos', 'como', 'mas', 'foi', 'ao', 'ele', 'das', 'tem', 'seu'],
  it: ['di', 'e', 'il', 'la', 'che', 'a', 'per', 'in', 'un', 'è', 'non', 'una', 'del', 'le', 'si', 'con', 'da', 'i', 'della', 'al', 'sono', 'lo', 'gli', 'ma', 'come', 'nel', 'più', 'anche', 'se', 'dei'],
};

/** A language chosen by its letters needs them in at least this many words... */
const MIN_LETTER_WORDS = 2;
/** ...and its evidence (letters and function words) this many times the next language's. */
const LETTER_MARGIN = 1.5;

/**
 * The language of a text by the letters its words carry that English does not write (LETTERS, a letter shared by k
 * languages counting 1/k for each) together with its function words, or null when fewer than MIN_LETTER_WORDS words
 * carry such letters or no language stands out. For texts too short or too list-like for detectLanguage: a page of
 * country names in French, read with English data, loses its accents on capitals ('PEUPLES', 'Etats-Unis').
 */
export function languageByLetters(text: string): LanguageInfo | null {
  const words =
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/\p{L}+/gu) ?? [];
  const evidence = new Map<string, number>();
  let lettered = 0;
  for (const w of words) {
    const foreign = [...new Set(w.replace(/[a-z]/g, ''))].filter((ch) => Object.values(LETTERS).some((set) => set.includes(ch)));
    if (foreign.length === 0) continue;
    lettered++;
    for (const ch of foreign) {
      const users = Object.keys(LETTERS).filter((l) => LETTERS[l]!.includes(ch));
      for (const l of users) evidence.set(l, (evidence.get(l) ?? 0) + 1 / users.length / foreign.length);
    }
  }
  if (lettered < MIN_LETTER_WORDS) return null;
  for (const [code, list] of Object.entries(FREQUENT)) {
    const set = new Set(list);
    evidence.set(code, (evidence.get(code) ?? 0) + words.reduce((n, w) => n + (set.has(w) ? 1 : 0), 0));
  }
  const ranked = [...evidence.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || (second && best[1] < second[1] * LETTER_MARGIN)) return null;
  return KNOWN_LANGUAGES.find((l) => l.iso639_1 === best[0]) ?? null;
}
