/**
 * Runs model inferences one at a time. An in-process ONNX session already spreads one inference over every core,
 * so concurrent inferences only fight over them (measured by `npm run bench:ingest`: two at once were a third
 * slower than one after the other). Waiting query embeddings go before waiting document batches, so a search
 * waits for at most the batch in progress, never for a whole ingestion backlog.
 */
export type InferencePriority = 'query' | 'document';

export class InferenceQueue {
  private busy = false;
  private readonly waiting: Record<InferencePriority, (() => void)[]> = { query: [], document: [] };

  async run<T>(priority: InferencePriority, task: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting[priority].push(resolve));
    else this.busy = true;
    try {
      return await task();
    } finally {
      const next = this.waiting.query.shift() ?? this.waiting.document.shift();
      // Hand the slot straight to the next task (busy stays true), or free it.
      if (next) next();
      else this.busy = false;
    }
  }

  /** Tasks waiting for their turn (not counting the one running). */
  get pending(): number {
    return this.waiting.query.length + this.waiting.document.length;
  }
}
