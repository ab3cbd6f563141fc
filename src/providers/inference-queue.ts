/**
 * Runs model inferences one at a time. An in-process ONNX session already spreads one inference over every core,
 * so concurrent inferences only fight over them (measured by `npm run bench:ingest`: two at once were a third
 * slower than one after the other). Waiting query embeddings go before waiting document batches, so a search
 * waits for at most the batch in progress, never for a whole ingestion backlog — but not forever: after
 * `QUERY_STREAK` queries in a row, or once a document batch has waited `DOCUMENT_MAX_WAIT_MS`, the next slot goes to a
 * document batch, so ingestion keeps a share of the model under sustained search traffic.
 */
export type InferencePriority = 'query' | 'document';

/** Queries served in a row before a waiting document batch gets the next slot. */
export const QUERY_STREAK = 4;
/** A document batch waiting longer than this goes next, whatever is queued. */
export const DOCUMENT_MAX_WAIT_MS = 2_000;

export class InferenceQueue {
  private busy = false;
  private streak = 0;
  private readonly waiting: Record<InferencePriority, { resolve: () => void; since: number }[]> = { query: [], document: [] };

  constructor(private readonly now: () => number = Date.now) {}

  async run<T>(priority: InferencePriority, task: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting[priority].push({ resolve, since: this.now() }));
    else this.busy = true;
    try {
      return await task();
    } finally {
      const next = this.pickNext();
      // Hand the slot straight to the next task (busy stays true), or free it.
      if (next) next();
      else this.busy = false;
    }
  }

  /** Tasks waiting for their turn (not counting the one running). */
  get pending(): number {
    return this.waiting.query.length + this.waiting.document.length;
  }

  private pickNext(): (() => void) | undefined {
    const doc = this.waiting.document[0];
    const starved = doc !== undefined && (this.streak >= QUERY_STREAK || this.now() - doc.since >= DOCUMENT_MAX_WAIT_MS);
    if (this.waiting.query.length > 0 && !starved) {
      this.streak++;
      return this.waiting.query.shift()!.resolve;
    }
    this.streak = 0;
    return (this.waiting.document.shift() ?? this.waiting.query.shift())?.resolve;
  }
}
