import type { z } from 'zod';
import type { Config } from '../core/config.js';
import { errorMessage, isAppError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { ChatMessage, ChatModel, CompleteOptions } from './chat-model.js';
import { createOpenAIChatModel } from './openai-chat.js';

export type { ChatMessage, ChatModel, CompleteOptions } from './chat-model.js';

/** The configured chat model, or null when MNEMO_LLM_URL is unset (offline memory engine). */
export function createChatModel(llm: Config['llm'], logger?: Logger): ChatModel | null {
  if (!llm) return null;
  return createOpenAIChatModel({ ...llm, ...(logger ? { logger } : {}) });
}

export type JsonResult<T> = { ok: true; value: T; attempts: number } | { ok: false; error: string; attempts: number };

export interface CompleteJsonOptions extends Omit<CompleteOptions, 'json'> {
  /** Answers asked for in all (the first plus re-asks after invalid output). Default 3. */
  attempts?: number;
}

/**
 * Asks for JSON matching `schema`; an answer that is not JSON or does not match is shown back to the model with the
 * error, up to `attempts` answers. Never throws for bad output (`ok: false`); provider errors propagate.
 */
export async function completeJson<T>(model: ChatModel, messages: readonly ChatMessage[], schema: z.ZodType<T>, opts: CompleteJsonOptions = {}): Promise<JsonResult<T>> {
  const { attempts = 3, ...completeOpts } = opts;
  const conversation: ChatMessage[] = [...messages];
  let error = 'no answer';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const raw = await model.complete(conversation, { ...completeOpts, json: true });
    const parsed = parseJsonAnswer(raw);
    if (parsed.ok) {
      const checked = schema.safeParse(parsed.value);
      if (checked.success) return { ok: true, value: checked.data, attempts: attempt };
      error = `schema mismatch: ${checked.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}`;
    } else {
      error = parsed.error;
    }
    conversation.push({ role: 'assistant', content: raw.slice(0, 4000) }, { role: 'user', content: `That answer was invalid (${error}). Reply again with only the JSON object, in the format asked.` });
  }
  return { ok: false, error, attempts };
}

/** JSON of a model answer, tolerating a markdown code fence or prose around one object. */
export function parseJsonAnswer(raw: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const text = raw.trim();
  if (!text) return { ok: false, error: 'empty answer' };
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1]?.trim();
  const braces = text.indexOf('{') >= 0 ? text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1) : undefined;
  let firstError = '';
  for (const candidate of [text, fenced, braces]) {
    if (!candidate) continue;
    try {
      return { ok: true, value: JSON.parse(candidate) as unknown };
    } catch (err) {
      firstError ||= errorMessage(err);
    }
  }
  return { ok: false, error: `malformed JSON: ${firstError.slice(0, 200)}` };
}

/** True for an LLM_FAILED error worth retrying later (timeouts, network, 429, 5xx). */
export function isTransientLlmError(err: unknown): boolean {
  return isAppError(err) && err.code === 'LLM_FAILED' && !err.permanent;
}
