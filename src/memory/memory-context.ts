import { dateOf } from './calendar.js';
import { parseConversation } from './conversation.js';

/**
 * What a memory's vector carries besides its text (contextual retrieval). A chat stored one turn per document (an app
 * that adds each message as it comes, LoCoMo's shape) gives memories whose words lean on another turn: "They signed
 * it to show our friendship" is found by a question about the basketball only if something in its vector says so.
 * The memory's text stays one readable fact; its vector is the embedding of that text followed by its source turn
 * and the turns stored just before it in the same conversation day (the speaker, the date, the antecedent).
 *
 * Only a document that is exactly one chat turn gets a context, and only turns of the same day count: a note, a
 * whole transcript or a fact written directly embeds its text alone, so a stale value said in an earlier document of
 * another day never enters the vector of the fact that replaced it.
 */

/** Documents stored before a one-turn chat document whose turns its memories' vectors carry. */
export const VECTOR_CONTEXT_TURNS = 1;

/** What the memory step needs of the document store (structural, so this module stays free of storage). */
export interface NeighbourReader {
  neighbourDocuments(orgId: string, ids: readonly string[], window: number): Promise<Map<string, { id: string; offset: number }[]>>;
  getDocumentsByIds(orgId: string, ids: readonly string[]): Promise<{ id: string; content: string | null }[]>;
}

/** The one chat turn `content` is, or null when it is not exactly one turn (a note, a transcript). */
function singleTurn(content: string, documentDate: string) {
  const turns = parseConversation(content, documentDate);
  return turns && turns.length === 1 ? turns[0]! : null;
}

/**
 * The context of a one-turn chat document's memories: the same-day turns stored before it (oldest first, at most
 * {@link VECTOR_CONTEXT_TURNS}) and the turn itself, one per line; null when `content` is not one chat turn or no
 * turn of its day was stored before it.
 * `before`: the contents stored before it, oldest first.
 */
export function turnVectorContext(content: string, before: readonly string[], documentDate: string): string | null {
  const turn = singleTurn(content, documentDate);
  return turn ? contextOfTurn(turn.timestamp, content, before, documentDate) : null;
}

/** turnVectorContext of a document already read as one turn stated at `timestamp` (parsed once by the caller). */
function contextOfTurn(timestamp: string | null | undefined, content: string, before: readonly string[], documentDate: string): string | null {
  const day = dateOf(timestamp);
  const kept: string[] = [];
  // Walk back from the nearest: the first document that is not a turn of the same day ends the context.
  for (const text of [...before].reverse().slice(0, VECTOR_CONTEXT_TURNS)) {
    const earlier = singleTurn(text, documentDate);
    if (!earlier || day === null || dateOf(earlier.timestamp) !== day) break;
    kept.unshift(text.trim());
  }
  // A turn that opens its day has nothing to lean on: its text alone (a note read as one "Client: ..." line too).
  return kept.length > 0 ? [...kept, content.trim()].join('\n') : null;
}

/**
 * The context of a stored document's memories (turnVectorContext), reading the documents added just before it only
 * for a document that is one chat turn.
 */
export async function storedVectorContext(store: NeighbourReader, orgId: string, doc: { id: string; content: string | null }, documentDate: string): Promise<string | null> {
  const content = doc.content ?? '';
  const turn = content.trim() ? singleTurn(content, documentDate) : null;
  if (!turn) return null;
  const near = (await store.neighbourDocuments(orgId, [doc.id], VECTOR_CONTEXT_TURNS)).get(doc.id) ?? [];
  const earlier = near.filter((n) => n.offset < 0).sort((x, y) => x.offset - y.offset);
  const byId = new Map(
    earlier.length > 0
      ? (
          await store.getDocumentsByIds(
            orgId,
            earlier.map((n) => n.id),
          )
        ).map((d) => [d.id, d.content ?? ''])
      : [],
  );
  return contextOfTurn(
    turn.timestamp,
    content,
    earlier.map((n) => byId.get(n.id) ?? ''),
    documentDate,
  );
}

/** The text a memory's vector embeds: the fact, then its context when it has one. */
export function withVectorContext(text: string, context: string | null | undefined): string {
  return context ? `${text}\n${context}` : text;
}
