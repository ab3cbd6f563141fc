import { z } from 'zod';
import { ContainerTag, ContainerTags, Metadata } from './common.js';

/** An image reference: `image_url: {url}` as documented; the agent tools send `imageUrl: {url}`. */
const ImageUrl = z.looseObject({ url: z.string().min(1, 'url must not be empty').max(2_000_000) });

const ContentPart = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string().max(1_000_000) }),
  z
    .looseObject({ type: z.literal('image_url'), image_url: ImageUrl.optional(), imageUrl: ImageUrl.optional() })
    .refine((p) => p.image_url !== undefined || p.imageUrl !== undefined, { message: 'image_url.url is required', path: ['image_url'] }),
]);

export const ConversationMessage = z.looseObject({
  role: z.enum(['user', 'assistant', 'system', 'tool']),
  // An assistant turn that only calls tools carries empty content.
  content: z.union([z.string().max(1_000_000), z.array(ContentPart).max(1000)]),
  name: z.string().max(256).optional(),
  tool_calls: z.array(z.unknown()).max(1000).optional(),
  tool_call_id: z.string().max(256).optional(),
});

export const ConversationBody = z.looseObject({
  conversationId: z
    .string()
    .min(1, 'conversationId must not be empty')
    .max(255)
    .refine((s) => s.trim().length > 0, 'conversationId must not be blank')
    .describe('Your identifier of the conversation: re-sending it updates the same conversation'),
  messages: z.array(ConversationMessage).min(1, 'messages must hold at least one message').max(10_000),
  containerTags: ContainerTags.optional(),
  containerTag: ContainerTag.optional(),
  metadata: Metadata.optional(),
  entityContext: z.string().max(1500).optional(),
});

export const ConversationResponse = z.strictObject({ id: z.string(), conversationId: z.string(), status: z.string() });
