import type { Actor } from '../core/actor.js';
import { errorMessage, isAppError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { AgentMemoryService } from '../services/agent-memory.js';

/** What the MCP server calls: services only (edges parse, call a service, serialize). */
export interface McpDeps {
  agent: AgentMemoryService;
  logger: Logger;
  version: string;
  /** Longest a `memory` save with a progress token waits for its document to be processed. */
  progressWaitMs?: number;
  /** How often a followed save checks its document's status. */
  progressPollMs?: number;
}

/** Who calls and how: one per HTTP request (or per stdio connection). */
export interface McpCall {
  actor: Actor;
  /** x-sm-project / x-mnemo-project: every call is limited to this container tag. */
  project: string | undefined;
  sessionId: string | null;
  client: { name: string; version: string | null } | null;
  /** The key's name, or the OAuth client's name for a token. */
  principalName: string;
  principalKind: 'api-key' | 'oauth';
}

/**
 * Errors leave a tool, resource or prompt once, here: a client error's message as it is (scope refusals name the
 * tags), anything else logged and hidden.
 */
export function mapError(logger: Logger, what: string, err: unknown): Error {
  if (isAppError(err) && err.expose) return new Error(err.message);
  logger.error('MCP call failed', { what, error: errorMessage(err) });
  return new Error('Internal error; the server log has the details');
}

export async function guarded<T>(logger: Logger, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw mapError(logger, what, err);
  }
}
