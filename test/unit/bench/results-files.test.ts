import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citingDocuments, prunableResults, resultFiles, writeLatest } from '../../../bench/results-files.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('bench/results rule', () => {
  it('a run replaces its benchmark’s latest file instead of adding a dated one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-results-'));
    try {
      writeLatest(dir, 'search', { date: '2026-11-26T10:00:00.000Z', n: 1 });
      const file = writeLatest(dir, 'search', { date: '2026-11-26T11:00:00.000Z', n: 2 });
      writeLatest(dir, 'ingest', { n: 3 });
      expect(resultFiles(dir).sort()).toEqual(['ingest-latest.json', 'search-latest.json']);
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ date: '2026-11-26T11:00:00.000Z', n: 2 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prunes dated files no document cites; keeps latest, cited, named files and charts', () => {
    const files = [
      'search-latest.json',
      'search-2026-11-26T03-42-26.json',
      'search-2026-11-25T12-19-59.json',
      'search-10k-store-split-before.json',
      'perf-chart.svg',
      'tuning/quality-scifact-2026-11-25T12-17-37.json',
      'tuning/quality-scifact-2026-11-23T12-30-51.json',
    ];
    const citing = 'p95 145 ms [search-2026-11-26T03-42-26.json](bench/results/search-2026-11-26T03-42-26.json); `bench/results/tuning/quality-scifact-2026-11-25T12-17-37.json`';
    expect(prunableResults(files, citing)).toEqual(['search-2026-11-25T12-19-59.json', 'tuning/quality-scifact-2026-11-23T12-30-51.json']);
  });

  it('the committed bench/results has nothing left to prune (run `npm run bench:prune`)', () => {
    const citing = citingDocuments(ROOT)
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    expect(prunableResults(resultFiles(path.join(ROOT, 'bench', 'results')), citing)).toEqual([]);
  });
});
