import type Router from '@koa/router';
import type { ConversationService } from '../../services/conversations.js';
import type { AppState } from '../context.js';
import { resolveTags } from '../schemas/common.js';
import { ConversationBody } from '../schemas/conversations.js';
import { parse } from '../validate.js';

/** POST /v4/conversations (API.md §4.2): ingest or update a conversation; the agent tools call it after each turn. */
export function registerConversationRoutes(router: Router<AppState>, { conversations }: { conversations: ConversationService }): void {
  router.post('/v4/conversations', async (ctx) => {
    const b = parse(ConversationBody, ctx.state.body);
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
