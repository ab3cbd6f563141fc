import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { chunksText, recallText } from './format.js';
import { guarded, type McpCall, type McpDeps } from './context.js';

const ContainerTag = z
  .string()
  .max(128, 'Container tag exceeds maximum length')
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'must be 1-100 characters of letters, digits, "_", "-", ".", ":"')
  .describe('Optional project (container tag) to scope memories; see the projects resource or listProjects');

const MemoryHitOut = z.object({ id: z.string(), memory: z.string(), similarity: z.number(), isStatic: z.boolean(), updatedAt: z.string() });
const ProfileOut = z.object({ static: z.array(z.string()), dynamic: z.array(z.string()) });

/** The reference's tools (memory, recall, listProjects, whoAmI) and Mnemo's `search`, with annotations. */
export function registerTools(server: McpServer, deps: McpDeps, call: McpCall): void {
  const { agent, logger } = deps;
  // With a project header the field is left out, as in the reference: the header decides (typed as present, since
  // the handlers read it as optional either way).
  const tagField = (call.project ? {} : { containerTag: ContainerTag.optional() }) as { containerTag: z.ZodOptional<typeof ContainerTag> };
  const tagOf = (args: { containerTag?: string | undefined }) => agent.resolveTag(call.actor, args.containerTag, call.project);

  server.registerTool(
    'memory',
    {
      title: 'Save or forget a memory',
      description: "Save or forget information about the user. Use 'save' when the user shares preferences, facts, or asks to remember something. Use 'forget' when information is outdated or the user asks to remove it.",
      inputSchema: {
        content: z.string().min(1).max(200_000, 'Content exceeds maximum length of 200,000 characters').describe('The memory content to save or forget'),
        action: z.enum(['save', 'forget']).optional().default('save'),
        ...tagField,
      },
      outputSchema: {
        action: z.enum(['save', 'forget']),
        containerTag: z.string(),
        documentId: z.string().optional(),
        status: z.string().optional(),
        forgotten: z.object({ id: z.string(), memory: z.string() }).nullable().optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    (args, extra) =>
      guarded(logger, 'tool memory', async () => {
        const tag = tagOf(args);
        if (args.action === 'forget') {
          const { forgotten } = await agent.forget(call.actor, tag, args.content);
          const text = forgotten ? `Forgot: "${forgotten.memory.slice(0, 100)}" in project ${tag}` : `No matching memory found to forget in project ${tag}.`;
          return { content: [{ type: 'text' as const, text }], structuredContent: { action: 'forget' as const, containerTag: tag, forgotten } };
        }
        const progressToken = extra._meta?.progressToken;
        const saved = await agent.save(call.actor, tag, args.content, {
          ...(deps.progressWaitMs !== undefined ? { waitMs: deps.progressWaitMs } : {}),
          ...(deps.progressPollMs !== undefined ? { pollMs: deps.progressPollMs } : {}),
          ...(progressToken !== undefined
            ? {
                onProgress: (p) =>
                  extra.sendNotification({
                    method: 'notifications/progress',
                    params: { progressToken, progress: p.step, total: p.total, message: `document ${p.status}` },
                  }),
              }
            : {}),
        });
        // A save into a project the caller did not have yet changes the project list.
        if (saved.newProject) await extra.sendNotification({ method: 'notifications/resources/list_changed' });
        const state = saved.status === 'done' ? 'processed' : saved.status === 'failed' ? 'failed to process' : 'queued for processing';
        return {
          content: [{ type: 'text' as const, text: `Saved memory (id: ${saved.documentId}) in ${tag} project; ${state}.` }],
          structuredContent: { action: 'save' as const, containerTag: tag, documentId: saved.documentId, status: saved.status },
        };
      }),
  );

  server.registerTool(
    'recall',
    {
      title: 'Recall memories',
      description: "Search the user's memories. Returns relevant memories plus their profile summary.",
      inputSchema: {
        query: z.string().min(1).max(1000, 'Query exceeds maximum length of 1,000 characters').describe('The search query to find relevant memories'),
        includeProfile: z.boolean().optional().default(true),
        ...tagField,
      },
      outputSchema: { containerTag: z.string(), memories: z.array(MemoryHitOut), profile: ProfileOut.nullable() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(logger, 'tool recall', async () => {
        const r = await agent.recall(call.actor, tagOf(args), args.query, { includeProfile: args.includeProfile });
        const memories = r.memories.map((h) => ({
          id: h.memory.id,
          memory: h.memory.memory,
          similarity: Math.round(h.similarity * 10_000) / 10_000,
          isStatic: h.memory.isStatic,
          updatedAt: h.memory.updatedAt,
        }));
        return { content: [{ type: 'text' as const, text: recallText(r) }], structuredContent: { containerTag: r.containerTag, memories, profile: r.profile } };
      }),
  );

  server.registerTool(
    'search',
    {
      title: 'Search documents',
      description: 'Search the knowledge base: passages of saved documents with their source, for answers grounded in documents.',
      inputSchema: {
        query: z.string().min(1).max(1000).describe('What to look for'),
        limit: z.number().int().min(1).max(50).optional().default(5),
        ...tagField,
      },
      outputSchema: {
        containerTag: z.string(),
        results: z.array(z.object({ documentId: z.string(), title: z.string().nullable(), url: z.string().nullable(), chunk: z.string(), similarity: z.number() })),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(logger, 'tool search', async () => {
        const tag = tagOf(args);
        const hits = await agent.searchDocuments(call.actor, tag, args.query, args.limit);
        const results = hits.map((h) => ({
          documentId: h.document.id,
          title: h.document.title,
          url: h.document.url,
          chunk: h.chunk.content,
          similarity: Math.round(h.similarity * 10_000) / 10_000,
        }));
        return { content: [{ type: 'text' as const, text: chunksText(hits) }], structuredContent: { containerTag: tag, results } };
      }),
  );

  server.registerTool(
    'listProjects',
    {
      title: 'List projects',
      description: 'List the projects (container tags) available for organizing memories: the valid values of containerTag.',
      inputSchema: { refresh: z.boolean().optional().default(false).describe('Accepted for compatibility; the list is always current') },
      outputSchema: { projects: z.array(z.string()) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(logger, 'tool listProjects', async () => {
        const projects = call.project ? [call.project] : await agent.projects(call.actor);
        const text = projects.length === 0 ? 'No projects found. Memories will use the default project.' : `Available projects:\n${projects.map((p) => `- ${p}`).join('\n')}`;
        return { content: [{ type: 'text' as const, text }], structuredContent: { projects } };
      }),
  );

  server.registerTool(
    'whoAmI',
    {
      title: 'Who am I',
      description: "Get the current user's information: the key or connected app, organisation, scope and session.",
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(logger, 'tool whoAmI', async () => {
        const me = {
          userId: call.actor.keyId,
          email: null,
          name: call.principalName,
          client: call.client,
          sessionId: call.sessionId,
          orgId: call.actor.orgId,
          auth: call.principalKind,
          scope: { containerTags: call.project ? [call.project] : call.actor.containerTags, permission: call.actor.permission },
        };
        return { content: [{ type: 'text' as const, text: JSON.stringify(me) }], structuredContent: me };
      }),
  );
}
