import { z } from 'zod';
import { errorMessage, isAppError } from '../core/errors.js';
import { completeJson, type ChatModel } from '../providers/llm.js';
import { filterMessages } from './llm-prompts.js';

export interface RelevanceVerdict {
  relevant: boolean;
  /** One sentence, for processingMetadata. */
  reason: string;
}

export interface FilterOptions {
  /** Characters of content shown: longer content is cut to its beginning and end. Default 12000. */
  maxChars?: number;
  /** Answers asked for: the first plus re-asks after malformed output. Default 3. */
  outputAttempts?: number;
}

const VerdictSchema = z.object({
  relevant: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  reason: z.string().nullish(),
});

/**
 * Whether content is relevant to the organisation's filterPrompt (the shouldLLMFilter setting). Fails open: output
 * still invalid after the re-asks, or a permanent provider error, keeps the content (relevant, with the reason why).
 * A transient provider error (LLM_FAILED, permanent: false) is thrown for the pipeline to retry.
 */
export async function filterRelevant(model: ChatModel, content: string, filterPrompt: string, opts: FilterOptions = {}): Promise<RelevanceVerdict> {
  const { maxChars = 12_000, outputAttempts = 3 } = opts;
  if (!filterPrompt.trim()) return { relevant: true, reason: 'no filter prompt set' };
  if (!content.trim()) return { relevant: true, reason: 'no content to judge' };
  let result;
  try {
    result = await completeJson(model, filterMessages(excerpt(content, maxChars), filterPrompt.trim()), VerdictSchema, {
      attempts: outputAttempts,
      schemaName: 'relevance',
      maxTokens: 200,
      temperature: 0,
    });
  } catch (err) {
    if (!(isAppError(err) && err.code === 'LLM_FAILED' && err.permanent)) throw err;
    return { relevant: true, reason: `relevance filter unavailable (${errorMessage(err).slice(0, 200)}); content kept` };
  }
  if (!result.ok) {
    return { relevant: true, reason: `relevance filter output invalid after ${result.attempts} attempts (${result.error.slice(0, 200)}); content kept` };
  }
  const reason = result.value.reason?.replace(/\s+/g, ' ').trim().slice(0, 300);
  return { relevant: result.value.relevant, reason: reason || (result.value.relevant ? 'relevant to the filter prompt' : 'not relevant to the filter prompt') };
}

/** The beginning (two thirds) and end (one third) of long content. */
function excerpt(content: string, maxChars: number): string {
  if (content.length <= maxChars) return content;
  const head = Math.floor((maxChars * 2) / 3);
  return `${content.slice(0, head)}\n[...]\n${content.slice(content.length - (maxChars - head))}`;
}
