import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type Koa from 'koa';

/** Serves a Koa app on a free loopback port (the MCP client speaks real HTTP). */
export async function listen(app: Koa<never> | { callback(): http.RequestListener }): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** An SDK client over Streamable HTTP at `<base>/mcp`, presenting `key` as a bearer token. */
export async function connectMcp(base: string, key: string, headers: Record<string, string> = {}, name = 'mnemo-test'): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', base), { requestInit: { headers: { authorization: `Bearer ${key}`, ...headers } } });
  const client = new Client({ name, version: '1.2.3' }, { capabilities: {} });
  await client.connect(transport);
  return { client, transport };
}

/** The text of a tool result's first content item. */
export function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text?: string }[] }).content;
  return content.map((c) => c.text ?? '').join('\n');
}
