import type { Config } from '../core/config.js';
import type { Logger } from '../core/logger.js';
import { createChatModel, type ChatModel } from '../providers/llm.js';
import { createHeuristicJudge } from './heuristic-judge.js';
import { createLlmExtractor } from './llm-extractor.js';
import { filterRelevant } from './llm-filter.js';
import { createLlmJudge } from './llm-judge.js';
import { createOfflineExtractor } from './offline-extractor.js';
import type { FactExtractor, RelationJudge } from './types.js';

/** The memory engine in use: the LLM one when MNEMO_LLM_URL is set, else the deterministic offline one. */
export interface MemoryEngineParts {
  extractor: FactExtractor;
  judge: RelationJudge;
  /** Present with an LLM: the relevance filter behind the shouldLLMFilter setting. */
  filter?: (content: string, filterPrompt: string) => Promise<{ relevant: boolean; reason: string }>;
  model: ChatModel | null;
}

export function createMemoryEngine(llm: Config['llm'], logger: Logger): MemoryEngineParts {
  const heuristic = createHeuristicJudge();
  const model = createChatModel(llm, logger);
  if (!model) return { extractor: createOfflineExtractor(), judge: heuristic, model: null };
  return {
    extractor: createLlmExtractor(model, { logger }),
    // The LLM decides relations; when its answer is unusable the documented heuristic does.
    judge: createLlmJudge(model, { fallback: heuristic, logger }),
    filter: (content, filterPrompt) => filterRelevant(model, content, filterPrompt),
    model,
  };
}
