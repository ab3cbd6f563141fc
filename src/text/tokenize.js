import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
// Porter2 (Snowball English): keeps words like "octopus" and "octopuses" on one stem, unlike Porter.
const porter2 = createRequire(import.meta.url)('wink-porter2-stemmer');
// Stemming dominates tokenising, and text repeats its words: memoise stems (bounded, reset when full).
const STEM_CACHE_SIZE = 100_000;
const stems = new Map();
function stem(word) {
    let s = stems.get(word);
    if (s === undefined) {
        if (stems.size >= STEM_CACHE_SIZE)
            stems.clear();
        s = porter2(word);
        stems.set(word, s);
    }
    return s;
}
/** English stopwords dropped from keyword indexing and queries. */
const STOPWORDS = new Set(`a about above after again against all am an and any are aren't as at be because been before being below between both but by
  can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further had hadn't has hasn't
  have haven't having he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is
  isn't it it's its itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours ourselves
  out over own same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves
  then there there's these they they'd they'll they're they've this those through to too under until up very was wasn't we we'd
  we'll we're we've were weren't what what's when when's where where's which while who who's whom why why's with won't would
  wouldn't you you'd you'll you're you've your yours yourself yourselves s t d ll m re ve`
    .split(/\s+/)
    .flatMap((w) => [w, w.replace(/'/g, '')])
    .filter(Boolean));
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const MAX_TOKEN_LENGTH = 40;
/** Lowercases, strips diacritics and splits text into words (apostrophes kept inside words). */
export function words(text) {
    const normalized = text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
    const out = [];
    for (const m of normalized.matchAll(WORD)) {
        const w = m[0].replace(/’/g, "'");
        if (w.length <= MAX_TOKEN_LENGTH)
            out.push(w);
    }
    return out;
}
/** Whether `word` (lowercased, as words() returns it) is a stopword: term() drops it. */
export function isStopword(word) {
    return STOPWORDS.has(word);
}
/** Normalises one word into its index term (stemmed, possessive removed), or null for a stopword. */
export function term(word) {
    if (STOPWORDS.has(word))
        return null;
    const base = word.endsWith("'s") ? word.slice(0, -2) : word.replace(/'/g, '');
    if (!base || STOPWORDS.has(base))
        return null;
    // The stemmer uses "3" as an internal marker, so tokens with digits (mp3, 3rd, 2024) are kept as they are.
    return /\p{N}/u.test(base) ? base : stem(base);
}
/** Index terms of a text, in order, with repeats (what the keyword index stores). */
export function indexTerms(text) {
    const out = [];
    for (const w of words(text)) {
        const t = term(w);
        if (t)
            out.push(t);
    }
    return out;
}
/** Distinct index terms of a query, in order of first appearance. */
export function queryTerms(text) {
    return [...new Set(indexTerms(text))];
}
/** Rough token count (word pieces of ~6 characters, punctuation counted), used to bound chunk sizes. */
export function estimateTokens(text) {
    return estimateTokensUpTo(text, Infinity);
}
/**
 * estimateTokens, counted only until it passes `cap` (then some number above it): whether a text fits a chunk is
 * known after reading about a chunk of it, not all of a 5 MB paragraph.
 */
export function estimateTokensUpTo(text, cap) {
    let n = 0;
    for (const m of text.matchAll(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)) {
        n += m[0].length <= 6 ? 1 : Math.ceil(m[0].length / 6);
        if (n > cap)
            break;
    }
    return n;
}
/** Texts indexTermsYielding tokenises before it lets the event loop serve others (~10-30 ms of full chunks). */
export const TERMS_SLICE = 32;
/**
 * indexTerms of each text, TERMS_SLICE texts at a time with the event loop served in between: the terms of a
 * 5M-character document's chunks take seconds, which would otherwise stall every request of the process.
 */
export async function indexTermsYielding(texts) {
    const out = [];
    for (let i = 0; i < texts.length; i++) {
        if (i > 0 && i % TERMS_SLICE === 0)
            await nextTurn();
        out.push(indexTerms(texts[i]));
    }
    return out;
}
