import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
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

const ROOT = path.resolve(import.meta.dirname, '../..');

/** An SDK client over stdio, through the bridge command (scripts/mnemo-mcp.mjs, the package's bin). */
export async function connectStdio(url: string, key: string, extraArgs: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(ROOT, 'scripts/mnemo-mcp.mjs'), '--url', url, ...extraArgs],
    env: { PATH: process.env.PATH ?? '', MNEMO_API_KEY: key },
    cwd: ROOT,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}
