import { createError, errorMessage, type AppError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { retryAfterMs, withRetry } from '../core/retry.js';
import type { ChatMessage, ChatModel, CompleteOptions } from './chat-model.js';

export interface OpenAIChatOptions {
  /** MNEMO_LLM_URL: see chatCompletionsUrl for how it becomes the endpoint. */
  url: string;
  apiKey: string | undefined;
  model: string;
  /** Per request (each attempt). */
  timeoutMs: number;
  /** Requests per call, counting the first (429, 5xx, timeouts and network errors are retried). */
  maxAttempts: number;
  /** Backoff before attempt n: retryBaseMs·2^(n-2) with jitter, unless the server sends retry-after. */
  retryBaseMs?: number;
  /** Cap on any wait between attempts, retry-after included. */
  retryMaxMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
}

/**
 * The endpoint for a configured base URL. A URL already ending in /chat/completions is used as is; one whose path
 * has a version segment (/v1, /v1beta, /api/v1, /openai/v1...) gets /chat/completions; any other gets
 * /v1/chat/completions. So `http://localhost:11434` and `http://localhost:11434/v1` both reach
 * `http://localhost:11434/v1/chat/completions`.
 */
export function chatCompletionsUrl(base: string): string {
  const url = new URL(base);
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/chat\/completions$/.test(path)) url.pathname = path;
  else if (path.split('/').some((segment) => /^v\d+[a-z0-9]*$/i.test(segment))) url.pathname = `${path}/chat/completions`;
  else url.pathname = `${path}/v1/chat/completions`;
  return url.toString();
}

/** Seconds, an HTTP date, or OpenAI's retry-after-ms, as milliseconds (the one parser, in core/retry.ts). */
export { retryAfterMs };

// Statuses worth another attempt: timeouts, conflicts, rate limits and server-side trouble.
const RETRYABLE = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

/** Any OpenAI-compatible `/chat/completions` endpoint (OpenAI, Ollama, vLLM, LM Studio, llama.cpp, OpenRouter...). */
export function createOpenAIChatModel(opts: OpenAIChatOptions): ChatModel {
  const doFetch = opts.fetch ?? fetch;
  const endpoint = chatCompletionsUrl(opts.url);
  const retryBaseMs = opts.retryBaseMs ?? 500;
  const retryMaxMs = opts.retryMaxMs ?? 30_000;
  const log = opts.logger;
  // Some servers (older vLLM, llama.cpp builds) reject response_format; once one does, stop sending it.
  let jsonModeSupported = true;

  const failure = (detail: string, permanent: boolean, extra: Record<string, unknown>, cause?: unknown): AppError =>
    createError('LLM_FAILED', [detail], { permanent, details: { model: opts.model, ...extra }, ...(cause === undefined ? {} : { cause }) });

  /** One HTTP request: the answer text, or why it failed and whether another attempt may help. */
  const request = async (messages: readonly ChatMessage[], o: CompleteOptions): Promise<Attempt> => {
    const body = {
      model: opts.model,
      messages,
      ...(o.maxTokens !== undefined ? { max_tokens: o.maxTokens } : {}),
      ...(o.temperature !== undefined ? { temperature: o.temperature } : {}),
      ...(o.json && jsonModeSupported ? { response_format: { type: 'json_object' } } : {}),
    };
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    let res: Response;
    try {
      res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: o.signal ? AbortSignal.any([o.signal, timeout]) : timeout,
      });
    } catch (err) {
      if (o.signal?.aborted) throw err;
      const detail = timeout.aborted ? `no answer within ${opts.timeoutMs} ms` : `network error: ${errorMessage(err)}`;
      return { ok: false, detail, retryable: true, extra: { timeout: timeout.aborted }, cause: err };
    }
    if (!res.ok) {
      const text = (await res.text().catch(() => '')).slice(0, 300);
      if ((res.status === 400 || res.status === 422) && body.response_format && /response_format|json_object/i.test(text)) {
        jsonModeSupported = false;
        log?.warn('LLM server refuses response_format json_object; asking for JSON in the prompt only', { model: opts.model });
        return request(messages, o);
      }
      const waitMs = retryAfterMs(res.headers);
      return { ok: false, detail: `HTTP ${res.status} ${text}`.trim(), retryable: RETRYABLE(res.status), extra: { status: res.status }, waitMs };
    }
    let json: { choices?: { message?: { content?: unknown } }[] };
    try {
      json = (await res.json()) as typeof json;
    } catch (err) {
      if (o.signal?.aborted) throw err;
      const detail = timeout.aborted ? `answer not complete within ${opts.timeoutMs} ms` : 'response is not JSON';
      return { ok: false, detail, retryable: true, extra: { timeout: timeout.aborted }, cause: err };
    }
    const choice = Array.isArray(json.choices) ? json.choices[0] : undefined;
    if (!choice) return { ok: false, detail: 'response has no choices', retryable: true, extra: {} };
    const content = choice.message?.content;
    return { ok: true, text: typeof content === 'string' ? content : '' };
  };

  return {
    id: `openai:${opts.model}`,
    async complete(messages, o = {}) {
      const policy = { attempts: opts.maxAttempts, baseMs: retryBaseMs, maxMs: retryMaxMs };
      const hooks = {
        retryable: (err: unknown) => err instanceof FailedAttempt && err.attempt.retryable,
        retryAfterMs: (err: unknown) => (err instanceof FailedAttempt ? err.attempt.waitMs : undefined),
        ...(o.signal ? { signal: o.signal } : {}),
        onRetry: (err: unknown, attempt: number, waitMs: number) => log?.warn('LLM request failed; retrying', { model: opts.model, schema: o.schemaName, attempt, waitMs, error: errorMessage(err).slice(0, 200) }),
      };
      let attempts = 0;
      try {
        return await withRetry(policy, hooks, async (attempt) => {
          attempts = attempt;
          const started = Date.now();
          const r = await request(messages, o);
          if (!r.ok) throw new FailedAttempt(r);
          log?.debug('LLM answered', { model: opts.model, schema: o.schemaName, attempt, ms: Date.now() - started, chars: r.text.length });
          return r.text;
        });
      } catch (err) {
        if (!(err instanceof FailedAttempt)) throw err;
        const r = err.attempt;
        if (!r.retryable) throw failure(r.detail, true, { ...r.extra, attempts }, r.cause);
        throw failure(`${r.detail} (after ${attempts} attempts)`, false, { ...r.extra, attempts }, r.cause);
      }
    },
  };
}

type FailedRequest = { ok: false; detail: string; retryable: boolean; extra: Record<string, unknown>; waitMs?: number | undefined; cause?: unknown };

/** One request that did not answer, carried through the retry loop. */
class FailedAttempt extends Error {
  constructor(readonly attempt: FailedRequest) {
    super(attempt.detail);
  }
}

type Attempt = { ok: true; text: string } | FailedRequest;
