import { z } from 'zod';
import { isAppError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { completeJson, type ChatModel } from '../providers/llm.js';
import { judgeMessages } from './llm-prompts.js';
import type { ExtractedFact, Relation, RelationCandidate, RelationDecision, RelationJudge } from './types.js';

export interface LlmJudgeOptions {
  /** Decides when the model's output stays invalid or the provider refuses the request. Default: always "new". */
  fallback?: RelationJudge;
  /** Candidates shown to the model, most similar first. Default 10. */
  maxCandidates?: number;
  /** Answers asked for: the first plus re-asks after malformed output. Default 3. */
  outputAttempts?: number;
  logger?: Logger;
}

const RELATIONS = ['duplicate', 'updates', 'extends', 'derives', 'new'] as const satisfies readonly Relation[];
const DecisionSchema = z.object({
  relation: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(RELATIONS)),
  targetId: z.union([z.string(), z.number()]).nullish(),
});

/** Always "new": the default fallback until a heuristic judge is passed in. */
export const newFactJudge: RelationJudge = { kind: 'heuristic', judge: async () => ({ relation: 'new' }) };

/**
 * Relations through a chat model. Candidates are shown as [m1], [m2]... (short labels survive the model better
 * than ids); a target that is neither a label nor a candidate's id makes the fact "new". Output still invalid after
 * the re-asks, or a permanent provider error, hands the decision to the fallback judge; a transient provider error
 * (LLM_FAILED, permanent: false) is thrown for the pipeline to retry.
 */
export function createLlmJudge(model: ChatModel, opts: LlmJudgeOptions = {}): RelationJudge {
  const { fallback = newFactJudge, maxCandidates = 10, outputAttempts = 3, logger } = opts;

  return {
    kind: 'llm',
    async judge(fact: ExtractedFact, candidates: readonly RelationCandidate[]): Promise<RelationDecision> {
      if (candidates.length === 0) return { relation: 'new' };
      const shown = [...candidates]
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, maxCandidates)
        .map((candidate, i) => ({ label: `m${i + 1}`, candidate }));
      let result;
      try {
        result = await completeJson(model, judgeMessages(fact, shown), DecisionSchema, {
          attempts: outputAttempts,
          schemaName: 'relation',
          maxTokens: 200,
          temperature: 0,
        });
      } catch (err) {
        if (!(isAppError(err) && err.code === 'LLM_FAILED' && err.permanent)) throw err;
        logger?.warn('relation judge: the LLM refused the request; using the fallback judge', { model: model.id, code: err.code });
        return fallback.judge(fact, candidates);
      }
      if (!result.ok) {
        logger?.warn('relation judge: LLM output invalid; using the fallback judge', { model: model.id, attempts: result.attempts });
        return fallback.judge(fact, candidates);
      }
      const { relation, targetId } = result.value;
      if (relation === 'new' || targetId === null || targetId === undefined) return { relation: 'new' };
      const wanted = String(targetId)
        .trim()
        .replace(/^\[|\]$/g, '');
      const label = /^\d+$/.test(wanted) ? `m${wanted}` : wanted.toLowerCase();
      const target = shown.find((s) => s.label === label || s.candidate.id === wanted);
      return target ? { relation, targetId: target.candidate.id } : { relation: 'new' };
    },
  };
}
