import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpCall, McpDeps } from './context.js';
import { registerResources } from './resources.js';
import { registerTools } from './tools.js';

export const MCP_INSTRUCTIONS =
  "Mnemo is the user's memory. Call `recall` before answering questions that may depend on what you know about the user; save new facts, preferences and decisions with `memory`; use `search` for answers from saved documents.";

/** The MCP server of one call context: tools, resources and the prompt, all acting as the caller. */
export function createMcpServer(deps: McpDeps, call: McpCall): McpServer {
  const server = new McpServer(
    { name: 'mnemo', title: 'Mnemo memory', version: deps.version },
    {
      capabilities: { tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true }, logging: {} },
      instructions: MCP_INSTRUCTIONS,
    },
  );
  registerTools(server, deps, call);
  registerResources(server, deps, call);
  return server;
}
