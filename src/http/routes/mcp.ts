import type Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import type { AppState } from '../context.js';
import { defineRoute, mount } from '../route.js';

/** The MCP server (Streamable HTTP), declared once; served when MCP is enabled. */
export const MCP_ROUTE = defineRoute({
  method: 'all',
  methods: ['get', 'post', 'delete'],
  path: '/mcp',
  tag: 'mcp',
  auth: 'key',
  summary: 'The MCP server (Streamable HTTP: POST JSON-RPC messages, GET the event stream, DELETE ends the session)',
  description: 'OAuth access tokens must be issued for /mcp; a 401 names the protected resource metadata in WWW-Authenticate. x-sm-project or x-mnemo-project picks the container tag.',
  rawBody: 'JSON-RPC 2.0 message(s) of the Model Context Protocol',
  responses: {
    200: { description: 'The JSON-RPC response as an event stream (application/json when the client accepts only that)', contentType: 'text/event-stream' },
    202: { description: 'Notification accepted' },
    404: { description: 'Unknown or ended mcp-session-id' },
  },
});

/** Mounts the MCP handler behind its own authentication (keys or OAuth tokens bound to /mcp). */
export function registerMcpRoute(router: Router<AppState>, auth: RouterMiddleware<AppState>, handler: RouterMiddleware<AppState>): void {
  mount(router, MCP_ROUTE, (ctx) => handler(ctx, () => Promise.resolve()), auth);
}
