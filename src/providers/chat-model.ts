/**
 * The chat-model port the memory engine asks for JSON. Failure rule, shared by every caller:
 * - the provider throws `LLM_FAILED`: transient (`permanent: false`: timeouts, network errors, 429, 5xx, after its
 *   own bounded retries) or permanent (401/403/404, a request the server rejects);
 * - callers rethrow transient errors (the pipeline retries the document later) and degrade on permanent ones and on
 *   malformed output (an extractor returns no facts with a note, a judge falls back, a filter keeps the content).
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompleteOptions {
  /** Ask for a JSON object (`response_format: json_object`, dropped if the server refuses it). */
  json?: boolean;
  /** What the JSON is for ("facts", "relation"): named in debug logs and errors, never the prompt itself. */
  schemaName?: string;
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

export interface ChatModel {
  /** Provider and model, e.g. "openai:gpt-4o-mini". */
  readonly id: string;
  /** The assistant message's text ('' when the model sent none). */
  complete(messages: readonly ChatMessage[], opts?: CompleteOptions): Promise<string>;
}
