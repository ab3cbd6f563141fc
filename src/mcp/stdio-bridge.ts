import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface BridgeOptions {
  /** Mnemo's base URL (its /mcp is used), or the full /mcp URL. */
  url: string;
  apiKey: string;
  project?: string;
  /** Overridable in tests; default the process's stdin/stdout. */
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  onError?: (err: Error) => void;
}

/** The /mcp endpoint of a Mnemo URL given with or without the path. */
export function mcpEndpoint(url: string): URL {
  const u = new URL(url);
  if (!/\/mcp\/?$/.test(u.pathname)) u.pathname = `${u.pathname.replace(/\/+$/, '')}/mcp`;
  return u;
}

/**
 * For clients that only launch commands: relays MCP messages between stdio and Mnemo's Streamable HTTP endpoint,
 * unchanged, with the key as a bearer token. Resolves when either side closes.
 */
export async function runStdioBridge(o: BridgeOptions): Promise<void> {
  const headers: Record<string, string> = { authorization: `Bearer ${o.apiKey}` };
  if (o.project) headers['x-mnemo-project'] = o.project;
  const remote = new StreamableHTTPClientTransport(mcpEndpoint(o.url), { requestInit: { headers } });
  const local = new StdioServerTransport(o.stdin as never, o.stdout as never);
  const initializeIds = new Set<string | number>();
  const fail = (err: Error) => o.onError?.(err);

  let closing = false;
  const closed = new Promise<void>((resolve) => {
    const close = () => {
      if (closing) return;
      closing = true;
      void Promise.allSettled([remote.close(), local.close()]).then(() => resolve());
    };
    local.onclose = close;
    remote.onclose = close;
  });

  local.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message) && message.method === 'initialize') initializeIds.add(message.id);
    remote.send(message).catch((err: Error) => {
      fail(err);
      // A request that cannot reach Mnemo gets an error answer rather than silence.
      if (isJSONRPCRequest(message)) void local.send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: `Mnemo unreachable: ${err.message}` } });
    });
  };
  remote.onmessage = (message: JSONRPCMessage) => {
    // Later HTTP requests carry the negotiated protocol version, as the SDK client would send it.
    if (isJSONRPCResultResponse(message) && initializeIds.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') remote.setProtocolVersion(version);
    }
    local.send(message).catch(fail);
  };
  local.onerror = fail;
  remote.onerror = fail;

  await remote.start();
  await local.start();
  await closed;
}
