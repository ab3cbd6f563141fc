import { intArg } from '../lib.js';
import { loadLocomo } from './locomo.js';
import { loadLongMemEval } from './longmemeval.js';
import { loadSciFact } from './scifact.js';
import type { DatasetName, QualityDataset } from './types.js';

/** The quality benchmarks' shared dataset options (bench:quality, quality-replay, quality-rerank-ab). */
export interface LoaderArgs {
  /** LongMemEval only: these question ids and their haystacks (comma-separated). */
  'question-ids'?: string;
  /** SciFact only: keep this many abstracts; "0" = the whole corpus. */
  'scifact-docs'?: string;
}

/** Loads one dataset from the shared data folder, `limit` questions (0 = all). */
export function loadDataset(name: DatasetName, dataDir: string, limit: number, args: LoaderArgs): QualityDataset {
  switch (name) {
    case 'locomo':
      return loadLocomo(dataDir, limit);
    case 'longmemeval':
      return loadLongMemEval(dataDir, limit, args['question-ids'] ? args['question-ids'].split(',') : []);
    case 'scifact':
      return loadSciFact(dataDir, limit, intArg(args['scifact-docs'], 0, 'scifact-docs'));
  }
}
