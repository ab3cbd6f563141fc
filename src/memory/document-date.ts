import type { Metadata } from '../core/types.js';
import { dateOf, parseTimestamp } from './calendar.js';
import { DATE_HEADER, parseConversation } from './conversation.js';

/**
 * The date a document speaks from, against which "yesterday" and "this week" resolve: a date header at its top
 * ("Date: 2026-03-14", "Chat session on 2023/05/20"), else its `metadata.date` (or timestamp, sentAt...), else the
 * first timestamp of its conversation turns, else when it was added. A chat backfilled months later then keeps its
 * own "this week". `ownDocumentDate` is the same without the last fallback: null for a document that carries no date of
 * its own, whose facts then hold from when they arrive (the version chain follows arrival for them).
 */

/** Metadata keys that date a document, most specific first. */
const DATE_KEYS = ['date', 'documentDate', 'document_date', 'timestamp', 'sentAt', 'sent_at', 'conversationDate', 'created', 'createdAt', 'created_at', 'time'];
/** Lines read for a header: an e-mail's block (From, To, Cc, Date, Subject) fits. */
const HEADER_LINES = 6;
/** A mail client's header line ("Sent: Monday, September 7, 2026 9:12 AM", "Date: Tue, 4 Aug 2026 10:14:00 +0000"). */
const MAIL_HEADER = /^(?:sent|date|received)\s*:\s*(.+)$/i;

type DatedDocument = { content: string | null; metadata: Metadata | null | undefined; createdAt: string };

export function documentDateOf(doc: DatedDocument): string {
  return ownDocumentDate(doc) ?? doc.createdAt;
}

/** The date the document carries itself (a header, its metadata, its turns' timestamps), or null. */
export function ownDocumentDate(doc: DatedDocument): string | null {
  const content = doc.content ?? '';
  return headerDate(content) ?? metadataDate(doc.metadata) ?? firstTurnDate(content, doc.createdAt);
}

function headerDate(content: string): string | null {
  const lines = content
    .slice(0, 2000)
    .split(/\r\n?|\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, HEADER_LINES);
  for (const line of lines) {
    const header = DATE_HEADER.exec(line);
    const stamp = parseTimestamp((header ? header[1]! : line.replace(/^#+\s*/, '')).replace(/[*_]/g, '').trim()) ?? mailDate(line);
    if (stamp) return stamp;
  }
  return null;
}

/** The date of a mail header line, in the calendar's formats or RFC 2822 ("Tue, 4 Aug 2026 10:14:00 +0000"). */
function mailDate(line: string): string | null {
  const value = MAIL_HEADER.exec(line)?.[1]?.trim();
  if (!value || !/\b\d{4}\b/.test(value)) return null;
  const stamp = parseTimestamp(value);
  if (stamp) return stamp;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The date a document's (or a memory's) metadata gives under one of the usual keys: ISO text or epoch (s or ms). */
export function metadataDate(metadata: Metadata | null | undefined): string | null {
  if (!metadata) return null;
  for (const key of DATE_KEYS) {
    const v = metadata[key];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) {
      const d = new Date(v < 1e11 ? v * 1000 : v);
      if (!Number.isNaN(d.getTime())) return d.toISOString();
    }
    if (typeof v !== 'string') continue;
    const stamp = parseTimestamp(v) ?? isoInstant(v);
    if (stamp) return stamp;
  }
  return null;
}

function isoInstant(v: string): string | null {
  if (!dateOf(v.trim())) return null;
  const ms = Date.parse(v.trim());
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function firstTurnDate(content: string, createdAt: string): string | null {
  const trimmed = content.trimStart();
  // Cheap test first: only transcripts whose turns carry timestamps can date the document.
  if (!/^\[|^\{|^\[\{/.test(trimmed)) return null;
  return parseConversation(content.slice(0, 200_000), createdAt)?.find((t) => t.timestamp !== null)?.timestamp ?? null;
}
