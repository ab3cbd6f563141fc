import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Real files collected from public repositories' test data (test/fixtures/real, see its README and MANIFEST.json). */
export const REAL = path.resolve(import.meta.dirname, '../fixtures/real');

export interface RealFixture {
  file: string;
  kind: string;
  /** 'tune': used to choose and measure extraction steps; 'holdout': only measured, never tuned on. */
  set: 'tune' | 'holdout';
  expect: 'text' | 'fails';
  /** What a person reads or hears in the file (matched after normalise()). */
  phrases: string[];
  /** Page chrome a reader should not get (web pages only; informative). */
  absent?: string[];
  language?: string;
  source: string;
  licence: string;
}

/** The entries of test/fixtures/real/MANIFEST.json (or web/MANIFEST.json), optionally of some kinds only. */
export function realFixtures(manifest: 'MANIFEST.json' | 'web/MANIFEST.json' = 'MANIFEST.json', kinds?: readonly string[]): (RealFixture & { path: string })[] {
  const dir = path.dirname(path.join(REAL, manifest));
  const all = JSON.parse(fs.readFileSync(path.join(REAL, manifest), 'utf8')) as RealFixture[];
  return all.filter((e) => !kinds || kinds.includes(e.kind)).map((e) => ({ ...e, path: path.join(dir, e.file) }));
}

/** A fixture's bytes (gzipped web pages are stored as .gz and given to extractors as the page itself). */
export function fixtureBytes(f: { path: string }): Buffer {
  const raw = fs.readFileSync(f.path);
  return f.path.endsWith('.gz') ? zlib.gunzipSync(raw) : raw;
}

/**
 * The matching convention of ../shared/data/files/README.md: case-insensitive, whitespace runs as one space, NBSP
 * as a space, curly quotes straight, en and em dashes as '-'; markdown emphasis marks are ignored too.
 */
export function normalise(s: string): string {
  return s
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u00a0\s]+/g, ' ')
    .replace(/[‘’‚‛]/g, "'")
    .replace(/[“”„‟«»]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/\*\*|__/g, '')
    .trim();
}

/**
 * Speech as the words heard: normalise(), then the punctuation a transcriber writes between words (commas, full
 * stops, question marks, dashes, hyphens, quotes) as a space, since none of it is heard. Apostrophes inside a word
 * stay ("beauty's", "d'écho", "n'est"). A speaker-test clip saying "front" and "center" comes back as "Front,
 * center.": a person hears the phrase "Front center" in it (test/helpers/media.ts compares transcripts the same way).
 */
export function spokenWords(s: string): string {
  return normalise(s)
    .replace(/[^\p{L}\p{M}\p{N}']+/gu, ' ')
    .replace(/(?<![\p{L}\p{M}\p{N}])'|'(?![\p{L}\p{M}\p{N}])/gu, ' ')
    .replace(/ +/g, ' ')
    .trim();
}

/**
 * The phrases of `f` found in `text`, and the share of them. Speech (`spoken`) is compared by its words
 * (spokenWords); everything else as read, punctuation included (normalise).
 */
export function phraseRecall(phrases: readonly string[], text: string, o: { spoken?: boolean } = {}): { found: string[]; missing: string[]; recall: number } {
  const norm = o.spoken ? spokenWords : normalise;
  const t = norm(text);
  const found = phrases.filter((p) => t.includes(norm(p)));
  return { found, missing: phrases.filter((p) => !found.includes(p)), recall: phrases.length ? found.length / phrases.length : 1 };
}
