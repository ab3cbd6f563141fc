/**
 * LoCoMo dev through bench/quality's machinery: one document per turn (quality/locomo.ts), ingested once with the
 * memory step, then the same questions in three modes on that data: chunk-only hybrid (`searchMode: "documents"`),
 * memories only, and memories + chunks (`"hybrid"`). A memory stands for its source turns through its
 * `documents[].metadata.turnId` (quality/units.ts), so recall@10 is comparable across the three.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Embedder } from '../../src/providers/embedder.js';
import { round, type Summary } from '../lib.js';
import { evaluateMode } from '../quality/evaluate.js';
import { ingest, memoryInventory, openService } from '../quality/harness.js';
import { loadLocomo } from '../quality/locomo.js';
import { mean } from '../quality/metrics.js';
import { MODES } from '../quality/modes.js';
import { coveredShare } from '../quality/units.js';

export const LOCOMO_MODES = [MODES.hybrid, MODES.memories, MODES['hybrid-memories']] as const;

export async function evaluateLocomo(sharedDir: string, limitQuestions: number, embedder: Embedder, engineEnv: Record<string, string>, log: (m: string) => void) {
  const t0 = performance.now();
  const dataset = loadLocomo(sharedDir, limitQuestions);
  log(`locomo: ${dataset.documents.length} turns, ${dataset.queries.length} questions`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-bench-memories-locomo-'));
  try {
    const svc = await openService(dataDir, embedder, engineEnv, true);
    let report;
    try {
      report = await ingest(svc.api, dataset.documents);
    } finally {
      await svc.close();
    }
    log(`locomo: ingested ${report.done}/${report.documents} in ${report.seconds.toFixed(0)} s (${report.failed} failed)`);
    const search = await openService(dataDir, embedder, engineEnv, false);
    try {
      const tags = [...new Set(dataset.queries.map((q) => q.containerTag))];
      const inv = await memoryInventory(search.api, tags, dataset.unitKey);
      const evidenceWithMemory = round(mean(dataset.queries.map((q) => coveredShare(q.relevant.keys(), q.containerTag, inv.unitsWithMemory))), 4);
      const modes: {
        mode: string;
        label: string;
        searchMode: string;
        overall: Record<string, number>;
        byCategory: Record<string, Record<string, number>>;
        distinctUnitsOverall: Record<string, number> | null;
        latencyMs: Summary;
      }[] = [];
      for (const mode of LOCOMO_MODES) {
        const r = await evaluateMode(search.api, dataset, mode);
        log(`locomo ${mode.name}: recall@10 ${r.overall['recall@10']} (${r.seconds} s)`);
        modes.push({ mode: mode.name, label: mode.label, searchMode: mode.searchMode, overall: r.overall, byCategory: r.byCategory, distinctUnitsOverall: r.distinctUnitsOverall ?? null, latencyMs: r.latencyMs });
      }
      const recall = (name: string) => modes.find((m) => m.mode === name)!.overall['recall@10']!;
      return {
        documents: dataset.documents.length,
        questions: dataset.queries.length,
        limitQuestions,
        ingest: { seconds: round(report.seconds, 1), done: report.done, failed: report.failed, memoryStep: report.memoryStep ?? null },
        memories: inv.memories,
        staticMemories: inv.static,
        evidenceWithMemory,
        modes,
        recallAt10: { chunksHybrid: recall('hybrid'), memories: recall('memories'), memoriesAndChunks: recall('hybrid-memories') },
        seconds: round((performance.now() - t0) / 1000, 1),
      };
    } finally {
      await search.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
export type LocomoResult = Awaited<ReturnType<typeof evaluateLocomo>>;
