import { createError } from '../core/errors.js';
import type { Actor } from '../core/actor.js';
import type { Metadata } from '../core/types.js';
import type { DocumentService } from './documents.js';

export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url?: { url: string }; imageUrl?: { url: string } };

export interface ConversationMessage {
  role: 'user' | 'assistant' | 'system' | 'tool';
  content: string | readonly ContentPart[];
  name?: string;
}

export interface ConversationInput {
  conversationId: string;
  messages: readonly ConversationMessage[];
  containerTags?: string[];
  metadata?: Metadata;
  entityContext?: string;
}

/**
 * POST /v4/conversations: a chat as one document, found again by its conversationId (its customId) within its
 * container tags. The document holds the transcript, one `Speaker: text` turn a line (the shape the memory engine
 * reads), so chunks and search cover the whole conversation. Re-sent with turns appended, its memory step extracts
 * only the new turns, the earlier ones read as context (pipeline/memory-prefix.ts); any other change re-processes
 * the conversation as a whole. System prompts and tool traffic are not turns: they are left out of the transcript.
 */
export class ConversationService {
  constructor(private readonly documents: DocumentService) {}

  async ingest(actor: Actor, input: ConversationInput): Promise<{ id: string; conversationId: string; status: string }> {
    const content = transcript(input.messages);
    if (content === '') {
      throw createError('VALIDATION_FAILED', ['messages: no user or assistant message has text'], {
        details: [{ path: 'body.messages', message: 'at least one user or assistant message needs text or an image' }],
      });
    }
    const { id, status } = await this.documents.add(actor, {
      content,
      customId: input.conversationId,
      keepMemoryPrefix: true,
      ...(input.containerTags && input.containerTags.length > 0 ? { containerTags: input.containerTags } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
      ...(input.entityContext !== undefined ? { entityContext: input.entityContext } : {}),
    });
    return { id, conversationId: input.conversationId, status };
  }
}

/**
 * The transcript of a conversation: `user:` / `assistant:` lines, or the speaker's name when the message gives one;
 * a message's further lines indented (so they continue its turn); images as `[image]` with their web address.
 */
export function transcript(messages: readonly ConversationMessage[]): string {
  const lines: string[] = [];
  for (const m of messages) {
    if (m.role !== 'user' && m.role !== 'assistant') continue;
    const text = clean(bodyOf(m.content));
    if (text === '') continue;
    const speaker = m.name && m.name.trim() !== '' ? oneLine(m.name) : m.role;
    const [first, ...rest] = text.split('\n');
    lines.push(`${speaker}: ${first}`, ...rest.map((l) => (l === '' ? '' : `  ${l}`)));
  }
  return lines.join('\n');
}

function bodyOf(content: ConversationMessage['content']): string {
  if (typeof content === 'string') return content;
  return content
    .map((p) => {
      if (p.type === 'text') return p.text;
      const url = (p.image_url ?? p.imageUrl)?.url ?? '';
      return /^https?:\/\//i.test(url) ? `[image: ${url}]` : '[image]';
    })
    .filter((t) => t.trim() !== '')
    .join('\n');
}

/** Normalised as the extract step normalises text, so the stored content is the transcript as written here. */
function clean(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function oneLine(s: string): string {
  return s.replace(/[\s:]+/g, ' ').trim();
}
