/**
 * The rule for bench/results/: one file per benchmark, `<name>-latest.json`, with the run's date inside (earlier runs
 * are in git: `git log -p -- bench/results/<name>-latest.json`). A dated file `<name>-<yyyy-mm-ddThh-mm-ss>.json`
 * stays only while a document cites it by name (README.md, docs/, bench/README.md); charts and descriptively named
 * files (e.g. search-10k-store-split-before.json) are kept. `npm run bench:prune` applies it.
 */
import fs from 'node:fs';
import path from 'node:path';

const DATED = /^(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.json$/;

/** The documents whose citations keep a dated result file. */
export function citingDocuments(repoRoot: string): string[] {
  const docs = path.join(repoRoot, 'docs');
  const inDocs = fs.existsSync(docs)
    ? fs
        .readdirSync(docs, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => path.join(docs, f))
    : [];
  return [path.join(repoRoot, 'README.md'), path.join(repoRoot, 'bench', 'README.md'), ...inDocs].filter((f) => fs.existsSync(f));
}

/**
 * The result files (paths relative to the results folder, `/`-separated) that the rule removes: dated files whose
 * name no citing text mentions.
 */
export function prunableResults(files: readonly string[], citingText: string): string[] {
  return files.filter((f) => DATED.test(path.posix.basename(f)) && !citingText.includes(path.posix.basename(f))).sort();
}

/** Every file under a results folder, relative and `/`-separated. */
export function resultFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'));
}

/** Writes `<name>-latest.json` in dir (replacing the previous run's) and returns its path. */
export function writeLatest(dir: string, name: string, data: unknown): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-latest.json`);
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`);
  fs.renameSync(tmp, file);
  return file;
}
