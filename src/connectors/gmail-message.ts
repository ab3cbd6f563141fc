import { errorMessage } from '../core/errors.js';
import { decodeText } from '../extract/text-decode.js';

/** An HTML body → its readable part as markdown (gmail.ts: parsed in the extraction sandbox, under its limits). */
export type HtmlToMarkdown = (html: string) => Promise<string>;

/** A message whose body could not be read (an HTML body over the parse limits): its thread's item fails, naming it. */
export class UnreadableMessage extends Error {
  constructor(
    readonly messageId: string,
    readonly reason: unknown,
  ) {
    super(`message ${messageId}: ${errorMessage(reason)}`);
    this.name = 'UnreadableMessage';
  }
}

/** A MIME part of a Gmail message (format=full). */
export interface GmailPart {
  partId?: string;
  mimeType?: string;
  filename?: string;
  headers?: { name: string; value: string }[];
  body?: { size?: number; data?: string; attachmentId?: string };
  parts?: GmailPart[];
}

export interface GmailMessage {
  id: string;
  threadId: string;
  labelIds?: string[];
  internalDate?: string;
  payload?: GmailPart;
}

export interface GmailThread {
  id: string;
  historyId?: string;
  messages?: GmailMessage[];
}

/** An attachment of a message: read later through messages.attachments.get. */
export interface GmailAttachment {
  messageId: string;
  partId: string;
  attachmentId: string;
  filename: string;
  mimeType: string;
  size: number;
}

const header = (part: GmailPart | undefined, name: string): string => part?.headers?.find((h) => h.name.toLowerCase() === name)?.value.trim() ?? '';

function charsetOf(part: GmailPart): string | null {
  const type = header(part, 'content-type');
  return /charset="?([^";\s]+)"?/i.exec(type)?.[1] ?? null;
}

function decodePart(part: GmailPart): string {
  const data = part.body?.data;
  if (!data) return '';
  return decodeText(Buffer.from(data, 'base64url'), { declared: charsetOf(part) }).text;
}

/**
 * The readable body of a message: text/plain where the message has one (multipart/alternative), otherwise its
 * text/html as markdown; parts with a filename are attachments, not body. Nested multiparts are walked in order
 * (multipart/mixed bodies keep every inline text part).
 */
export async function messageBody(part: GmailPart | undefined, toMarkdown: HtmlToMarkdown): Promise<string> {
  if (!part) return '';
  const type = (part.mimeType ?? '').toLowerCase();
  if (part.filename) return '';
  if (type === 'text/plain') return decodePart(part).trim();
  if (type === 'text/html') return (await toMarkdown(decodePart(part))).trim();
  const parts = part.parts ?? [];
  if (type === 'multipart/alternative') {
    const plain = parts.find((p) => (p.mimeType ?? '').toLowerCase() === 'text/plain' && !p.filename);
    const chosen = plain ?? parts.find((p) => (p.mimeType ?? '').toLowerCase() === 'text/html' && !p.filename) ?? parts.find((p) => (p.mimeType ?? '').startsWith('multipart/'));
    return chosen ? messageBody(chosen, toMarkdown) : '';
  }
  if (type.startsWith('multipart/')) {
    const bodies: string[] = [];
    for (const p of parts) bodies.push(await messageBody(p, toMarkdown));
    return bodies.filter((t) => t !== '').join('\n\n');
  }
  return '';
}

/** Every attachment of a message (parts with a filename and an attachment id, or inline data). */
export function attachmentsOf(message: GmailMessage): GmailAttachment[] {
  const out: GmailAttachment[] = [];
  const walk = (part: GmailPart | undefined, path: string) => {
    if (!part) return;
    if (part.filename && part.body?.attachmentId) {
      out.push({
        messageId: message.id,
        partId: part.partId ?? path,
        attachmentId: part.body.attachmentId,
        filename: part.filename,
        mimeType: part.mimeType ?? 'application/octet-stream',
        size: part.body.size ?? 0,
      });
    }
    (part.parts ?? []).forEach((p, i) => walk(p, path === '' ? String(i) : `${path}.${i}`));
  };
  walk(message.payload, '');
  return out;
}

function isoDate(m: GmailMessage): string {
  const ms = Number(m.internalDate);
  if (Number.isFinite(ms) && ms > 0) return new Date(ms).toISOString();
  const parsed = Date.parse(header(m.payload, 'date'));
  return Number.isFinite(parsed) ? new Date(parsed).toISOString() : header(m.payload, 'date');
}

/** Subject of the thread (its first message's), or a placeholder. */
export function threadSubject(thread: GmailThread): string {
  return header(thread.messages?.[0]?.payload, 'subject') || '(no subject)';
}

/**
 * A thread as one markdown document: the subject as heading, then each message in order with its participants and
 * date, then its body; attachments are named (their content is a document of its own). A body that cannot be read
 * rejects with UnreadableMessage.
 */
export async function threadMarkdown(thread: GmailThread, toMarkdown: HtmlToMarkdown): Promise<string> {
  const blocks: string[] = [];
  for (const m of thread.messages ?? []) {
    const lines = [`From: ${header(m.payload, 'from')}`];
    for (const name of ['to', 'cc']) {
      const v = header(m.payload, name);
      if (v) lines.push(`${name === 'to' ? 'To' : 'Cc'}: ${v}`);
    }
    lines.push(`Date: ${isoDate(m)}`);
    const files = attachmentsOf(m).map((a) => a.filename);
    if (files.length > 0) lines.push(`Attachments: ${files.join(', ')}`);
    let body: string;
    try {
      body = await messageBody(m.payload, toMarkdown);
    } catch (err) {
      throw new UnreadableMessage(m.id, err);
    }
    blocks.push(`${lines.join('  \n')}\n\n${body || '_(no text)_'}`);
  }
  return [`# ${threadSubject(thread)}`, ...blocks].join('\n\n---\n\n');
}
