import type { Metadata } from '../core/types.js';
import { dateOf, parseTimestamp } from './calendar.js';
import { DATE_HEADER, parseConversation } from './conversation.js';

/**
 * The date a document speaks from, against which "yesterday" and "this week" resolve: a date header at its top
 * ("Date: 2026-03-14", "Chat session on 2023/05/20"), else its `metadata.date` (or timestamp, sentAt...), else the
 * first timestamp of its conversation turns, else when it was added. A chat backfilled months later then keeps its
 * own "this week".
 */

/** Metadata keys that date a document, most specific first. */
const DATE_KEYS = ['date', 'documentDate', 'document_date', 'timestamp', 'sentAt', 'sent_at', 'conversationDate', 'created', 'createdAt', 'created_at', 'time'];
/** Lines read for a header. */
const HEADER_LINES = 5;

export function documentDateOf(doc: { content: string | null; metadata: Metadata | null | undefined; createdAt: string }): string {
  const content = doc.content ?? '';
  return headerDate(content) ?? metadataDate(doc.metadata) ?? firstTurnDate(content, doc.createdAt) ?? doc.createdAt;
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
    const stamp = parseTimestamp((header ? header[1]! : line.replace(/^#+\s*/, '')).replace(/[*_]/g, '').trim());
    if (stamp) return stamp;
  }
  return null;
}

function metadataDate(metadata: Metadata | null | undefined): string | null {
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
