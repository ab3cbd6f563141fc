import type Router from '@koa/router';
import type { AppState } from '../context.js';
import type { ConversationService } from '../../services/conversations.js';
import { defineRoute, mount, ok } from '../route.js';
import { resolveTags } from '../schemas/common.js';
import { ConversationBody, ConversationResponse } from '../schemas/conversations.js';

/** POST /v4/conversations (API.md §4.2): ingest or update a conversation; the agent tools call it after each turn. */
export const CONVERSATION_ROUTES = {
  ingest: defineRoute({
    method: 'post',
    path: '/v4/conversations',
    tag: 'conversations',
    auth: 'key',
    summary: 'Ingest or update a conversation by conversationId (appended turns: only they become memories)',
    body: ConversationBody,
    responses: ok(ConversationResponse),
  }),
};

export function registerConversationRoutes(router: Router<AppState>, { conversations }: { conversations: ConversationService }): void {
  mount(router, CONVERSATION_ROUTES.ingest, async (ctx, input) => {
    const b = input.body();
    const tags = resolveTags(b.containerTag, b.containerTags);
    ctx.body = await conversations.ingest(ctx.state.actor, {
      conversationId: b.conversationId,
      messages: b.messages,
      ...(tags ? { containerTags: tags } : {}),
      ...(b.metadata ? { metadata: b.metadata } : {}),
      ...(b.entityContext !== undefined ? { entityContext: b.entityContext } : {}),
    });
  });
}
