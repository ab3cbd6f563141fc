import type { DocumentPatch } from '../storage/store.js';
import type { DocumentRecord, DocumentRef, DocumentStatus } from '../types.js';
import { chunkDocument } from './chunk.js';
import type { PipelineDeps, ProgressFn } from './deps.js';
import { embedDocument } from './embed.js';
import { extractDocument } from './extract.js';
import { indexDocument } from './index-step.js';

export type StepName = 'extract' | 'chunk' | 'embed' | 'index';

/** Timeout class of a step; each runner maps it to its own timeouts and retry policies. */
export type TimeoutClass = 'network' | 'fast' | 'model';

export interface StepOutcome {
  patch?: DocumentPatch;
  metadata?: Record<string, unknown>;
}

export interface PipelineStep {
  name: StepName;
  /** Document status while this step runs. */
  status: DocumentStatus;
  timeoutClass: TimeoutClass;
  run(deps: PipelineDeps, doc: DocumentRecord, ref: DocumentRef, progress?: ProgressFn): Promise<StepOutcome>;
}

/** The ingestion pipeline, defined once and driven by either runner (embedded or Temporal). */
export const PIPELINE: readonly PipelineStep[] = [
  {
    name: 'extract',
    status: 'extracting',
    timeoutClass: 'network',
    run: async (deps, doc) => {
      const x = await extractDocument(deps, doc);
      return {
        patch: {
          content: x.content,
          title: x.title,
          type: x.type,
          url: x.url,
          summary: doc.summary ?? x.summary,
          wordCount: x.content.split(/\s+/).filter(Boolean).length,
        },
        metadata: { type: x.type, characters: x.content.length },
      };
    },
  },
  { name: 'chunk', status: 'chunking', timeoutClass: 'fast', run: (deps, doc, ref) => chunkDocument(deps, doc, ref) },
  { name: 'embed', status: 'embedding', timeoutClass: 'model', run: (deps, _doc, ref, progress) => embedDocument(deps, ref, progress) },
  { name: 'index', status: 'indexing', timeoutClass: 'fast', run: (deps, _doc, ref) => indexDocument(deps, ref) },
];

export const STEP_NAMES: readonly StepName[] = PIPELINE.map((s) => s.name);

export function getStep(name: StepName): PipelineStep {
  const step = PIPELINE.find((s) => s.name === name);
  if (!step) throw new Error(`unknown pipeline step ${name}`);
  return step;
}

/** Steps still to run for a document in `status` (a step in flight when the process died runs again). */
export function remainingSteps(status: DocumentStatus): readonly PipelineStep[] {
  if (status === 'queued' || status === 'unknown') return PIPELINE;
  const i = PIPELINE.findIndex((s) => s.status === status);
  return i < 0 ? [] : PIPELINE.slice(i);
}
