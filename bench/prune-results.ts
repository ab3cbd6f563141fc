/**
 * Applies the bench/results rule (bench/results-files.ts): removes dated result files no document cites.
 *   npm run bench:prune              # remove them
 *   npm run bench:prune -- --dry-run # list them only
 */
import fs from 'node:fs';
import path from 'node:path';
import { citingDocuments, prunableResults, resultFiles } from './results-files.js';
import { REPO_ROOT, RESULTS_DIR } from './lib.js';

const dryRun = process.argv.includes('--dry-run');
const citing = citingDocuments(REPO_ROOT)
  .map((f) => fs.readFileSync(f, 'utf8'))
  .join('\n');
const prunable = prunableResults(resultFiles(RESULTS_DIR), citing);
for (const f of prunable) {
  if (!dryRun) fs.rmSync(path.join(RESULTS_DIR, f));
  console.log(`${dryRun ? 'would remove' : 'removed'} bench/results/${f}`);
}
// Folders a pruning emptied go too.
if (!dryRun) {
  for (const e of fs.readdirSync(RESULTS_DIR, { withFileTypes: true })) {
    if (e.isDirectory() && fs.readdirSync(path.join(RESULTS_DIR, e.name)).length === 0) fs.rmdirSync(path.join(RESULTS_DIR, e.name));
  }
}
console.log(`${prunable.length} dated result file(s) ${dryRun ? 'to remove' : 'removed'}; kept: *-latest.json, charts, named and cited files`);
