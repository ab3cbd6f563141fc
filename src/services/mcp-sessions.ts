import { randomUUID } from 'node:crypto';
import type { Actor } from '../core/actor.js';
import type { AgentAccessStore, McpSessionRecord } from '../storage/accounts.js';

export type { McpSessionRecord };

/** A session unused this long is gone: the client initializes a new one (the spec's answer to a 404). */
export const MCP_SESSION_IDLE_MS = 24 * 3_600_000;
/** lastSeenAt is written at most this often, so busy sessions do not write on every request. */
const TOUCH_EVERY_MS = 10 * 60_000;

export interface McpClientInfo {
  name: string | null;
  version: string | null;
  protocolVersion: string | null;
}

/**
 * MCP sessions (Streamable HTTP): opened by `initialize`, kept in the store so that any API process serves the
 * next request, usable only by the principal (key or OAuth grant) that opened them.
 */
export class McpSessionService {
  constructor(private readonly store: AgentAccessStore) {}

  async open(actor: Actor, client: McpClientInfo): Promise<McpSessionRecord> {
    const now = new Date().toISOString();
    const session: McpSessionRecord = {
      id: randomUUID(),
      orgId: actor.orgId,
      principalId: actor.keyId,
      clientName: client.name,
      clientVersion: client.version,
      protocolVersion: client.protocolVersion,
      createdAt: now,
      lastSeenAt: now,
    };
    await this.store.putMcpSession(session);
    return session;
  }

  /** The caller's live session with this id; null when unknown, idle too long, or opened by someone else. */
  async resume(actor: Actor, id: string, now = Date.now()): Promise<McpSessionRecord | null> {
    if (id.length > 200) return null;
    const s = await this.store.getMcpSession(id);
    if (!s || s.orgId !== actor.orgId || s.principalId !== actor.keyId) return null;
    const seen = Date.parse(s.lastSeenAt);
    if (now - seen > MCP_SESSION_IDLE_MS) {
      await this.store.deleteMcpSession(id);
      return null;
    }
    if (now - seen > TOUCH_EVERY_MS) await this.store.touchMcpSession(id, new Date(now).toISOString());
    return s;
  }

  /** Ends the caller's session (DELETE /mcp); false when it was not theirs or not there. */
  async close(actor: Actor, id: string): Promise<boolean> {
    const s = await this.resume(actor, id);
    if (!s) return false;
    await this.store.deleteMcpSession(id);
    return true;
  }
}
