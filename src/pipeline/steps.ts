import type { DocumentStatus } from '../core/types.js';
import { createError } from '../core/errors.js';
import { chunkDocument } from './chunk.js';
import { embedDocument } from './embed.js';
import { extractDocument } from './extract-step.js';
import { indexDocument } from './index-step.js';
import { extractMemories } from './memories.js';
import type { PipelineStep, StepRun } from './step.js';
import { remainingPlan, STEP_PLAN, type StepName } from './step-plan.js';

export type { StepName, TimeoutClass } from './step-plan.js';

const RUN: Record<StepName, StepRun> = {
  extract: async (deps, doc, _ref, progress) => {
    const x = await extractDocument(deps, doc, progress);
    // Fetched or extracted text can be far longer than what was sent: the same cap as at the API applies.
    const max = deps.config.limits.maxDocumentChars;
    if (x.content.length > max) {
      throw createError('DOCUMENT_TOO_LARGE', [`${x.content.length} characters`, `${max} characters`, 'MNEMO_MAX_DOCUMENT_CHARS'], { permanent: true });
    }
    return {
      patch: {
        content: x.content,
        title: x.title,
        type: x.type,
        // Content sent as HTML has no URL of its own; a connector's page keeps the one it was read from.
        url: x.url ?? doc.url,
        // Derived from the content like the rest of the patch: a summary kept from an earlier run would be stale.
        summary: x.summary,
        wordCount: x.content.split(/\s+/).filter(Boolean).length,
      },
      metadata: { type: x.type, characters: x.content.length, ...(x.details ? { extraction: x.details } : {}) },
    };
  },
  chunk: (deps, doc, ref) => chunkDocument(deps, doc, ref),
  memories: (deps, doc, ref) => extractMemories(deps, doc, ref),
  embed: (deps, _doc, ref, progress) => embedDocument(deps, ref, progress),
  index: (deps, _doc, ref) => indexDocument(deps, ref),
};

/** The ingestion pipeline: STEP_PLAN with each step's implementation, driven by either runner. */
export const PIPELINE: readonly PipelineStep[] = STEP_PLAN.map((s) => ({ ...s, run: RUN[s.name] }));

export const STEP_NAMES: readonly StepName[] = PIPELINE.map((s) => s.name);

export function getStep(name: StepName): PipelineStep {
  const step = PIPELINE.find((s) => s.name === name);
  if (!step) throw new Error(`unknown pipeline step ${name}`);
  return step;
}

/** Steps still to run for a document in `status`. */
export function remainingSteps(status: DocumentStatus): readonly PipelineStep[] {
  return remainingPlan(status).map((s) => getStep(s.name));
}
