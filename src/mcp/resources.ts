import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { guarded, type McpCall, type McpDeps } from './context.js';
import { NO_PROFILE, profileText, SAVE_INSTRUCTION } from './format.js';

export const PROFILE_URI = 'supermemory://profile';
export const PROJECTS_URI = 'supermemory://projects';

/**
 * Resources (the reference's profile and projects, plus one profile per project) and the `context` prompt. The
 * URIs are the reference's, so clients configured for it read Mnemo unchanged.
 */
export function registerResources(server: McpServer, deps: McpDeps, call: McpCall): void {
  const { agent, logger } = deps;
  const projects = () => (call.project ? Promise.resolve([call.project]) : agent.projects(call.actor));

  server.registerResource('User Profile', PROFILE_URI, { description: 'Stable preferences and recent activity of the current project', mimeType: 'text/plain' }, (uri) =>
    guarded(logger, 'resource profile', async () => {
      const profile = await agent.profile(call.actor, agent.resolveTag(call.actor, undefined, call.project));
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: profileText(profile) ?? 'No profile yet. Start saving memories.' }] };
    }),
  );

  server.registerResource('My Projects', PROJECTS_URI, { description: 'Projects (container tags) this connection may use', mimeType: 'application/json' }, (uri) =>
    guarded(logger, 'resource projects', async () => ({
      contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ projects: await projects() }, null, 2) }],
    })),
  );

  server.registerResource(
    'Project Profile',
    new ResourceTemplate(`${PROFILE_URI}/{containerTag}`, {
      list: () =>
        guarded(logger, 'resource list profiles', async () => ({
          resources: (await projects()).map((tag) => ({ uri: `${PROFILE_URI}/${encodeURIComponent(tag)}`, name: `Profile of ${tag}`, mimeType: 'text/plain' })),
        })),
    }),
    { description: 'The profile of one project', mimeType: 'text/plain' },
    (uri, variables) =>
      guarded(logger, 'resource project profile', async () => {
        const raw = variables.containerTag;
        const tag = agent.resolveTag(call.actor, decodeURIComponent(Array.isArray(raw) ? raw[0]! : raw!), call.project);
        const profile = await agent.profile(call.actor, tag);
        return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: profileText(profile, { heading: `# Profile of ${tag}` }) ?? 'No profile yet. Start saving memories.' }] };
      }),
  );

  server.registerPrompt(
    'context',
    {
      title: 'User context',
      description: "User profile and preferences for system context injection. Returns a formatted system message with the user's stable preferences and recent activity.",
      argsSchema: {
        containerTag: z.string().max(128, 'Container tag exceeds maximum length').optional().describe('Project to take the profile from'),
        includeRecent: z.enum(['true', 'false']).optional().describe('Include recent activity (default true)'),
      },
    },
    (args) =>
      guarded(logger, 'prompt context', async () => {
        const tag = agent.resolveTag(call.actor, args.containerTag || undefined, call.project);
        const profile = await agent.profile(call.actor, tag);
        const body = profileText(profile, { includeRecent: args.includeRecent !== 'false', heading: '## User Context' });
        const text = `${SAVE_INSTRUCTION}\n\n${body ?? NO_PROFILE}`;
        return { description: `Context of project ${tag}`, messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] };
      }),
  );
}
