/**
 * Runs model inferences one at a time. An in-process ONNX session already spreads one inference over every core,
 * so concurrent inferences only fight over them (measured by `npm run bench:ingest`: two at once were a third
 * slower than one after the other). Waiting query embeddings go before waiting document batches, so a search
 * waits for at most the batch in progress, never for a whole ingestion backlog — but not forever: after
 * `QUERY_STREAK` queries in a row, or once a document batch has waited `DOCUMENT_MAX_WAIT_MS`, the next slot goes to a
 * document batch, so ingestion keeps a share of the model under sustained search traffic. Document batches take the
 * model DOCUMENT_SLICE texts at a time (inferInSlices), so "the batch in progress" a query waits for is a small slice.
 * Among documents, small ones go first: `bulk` slices (a large document's) wait while `document` ones are queued,
 * for at most BULK_MAX_WAIT_MS, so a small add is searchable in seconds while a 5M-character document embeds.
 */
export type InferencePriority = 'query' | 'document' | 'bulk';

/** Queries served in a row before a waiting document batch gets the next slot. */
export const QUERY_STREAK = 4;
/** A document batch waiting longer than this goes next, whatever is queued. */
export const DOCUMENT_MAX_WAIT_MS = 2_000;
/** A bulk slice waiting longer than this goes before waiting document slices. */
export const BULK_MAX_WAIT_MS = 15_000;
/**
 * Texts of a document batch per inference slot. A 32-text batch of full chunks takes seconds on two cores, and a
 * query that arrives meanwhile used to wait for all of it; a slice of 4 (a few hundred milliseconds of full chunks)
 * keeps most of the batching gain.
 */
export const DOCUMENT_SLICE = 4;
/**
 * With no query asked for this long (and none waiting), a document's slices grow, doubling each turn up to the batch
 * size, to win back the batching throughput of pure ingestion; the next query puts them back to DOCUMENT_SLICE. A
 * query that arrives after such a quiet spell waits for at most one grown slice.
 */
export const QUIET_MS = 2_000;

export class InferenceQueue {
  private busy = false;
  private streak = 0;
  private lastQueryAt = Number.NEGATIVE_INFINITY;
  private readonly waiting: Record<InferencePriority, { resolve: () => void; since: number }[]> = { query: [], document: [], bulk: [] };

  constructor(private readonly now: () => number = Date.now) {}

  async run<T>(priority: InferencePriority, task: () => Promise<T>): Promise<T> {
    if (priority === 'query') this.lastQueryAt = this.now();
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

  /** No query is waiting and none was asked for in the last QUIET_MS. */
  get quiet(): boolean {
    return this.waiting.query.length === 0 && this.now() - this.lastQueryAt >= QUIET_MS;
  }

  /** Tasks waiting for their turn (not counting the one running). */
  get pending(): number {
    return this.waiting.query.length + this.waiting.document.length + this.waiting.bulk.length;
  }

  private pickNext(): (() => void) | undefined {
    const now = this.now();
    const bulk = this.waiting.bulk[0];
    const bulkStarved = bulk !== undefined && now - bulk.since >= BULK_MAX_WAIT_MS;
    // The document work that goes next when queries yield: small documents first, unless a bulk slice waited too long.
    const background = bulkStarved || this.waiting.document.length === 0 ? this.waiting.bulk : this.waiting.document;
    const head = background[0];
    const starved = head !== undefined && (this.streak >= QUERY_STREAK || now - head.since >= DOCUMENT_MAX_WAIT_MS || bulkStarved);
    if (this.waiting.query.length > 0 && !starved) {
      this.streak++;
      return this.waiting.query.shift()!.resolve;
    }
    this.streak = 0;
    return (background.shift() ?? this.waiting.query.shift())?.resolve;
  }
}

/** One forward pass: the pooled vectors of `texts`, row after row, `dims` floats each. */
export type InferFn = (texts: string[]) => Promise<{ dims: number; data: Float32Array }>;

/**
 * Embeds `texts` through `queue`: queries in batches of `batchSize`, documents in slices that start at
 * DOCUMENT_SLICE and double (up to `batchSize`) while the queue is quiet, each slice its own turn in the queue so
 * that queries waiting meanwhile go in between. Texts are sorted by length first (batches of similar lengths waste
 * less work on padding); results come back in the callers' order.
 */
export async function inferInSlices(queue: InferenceQueue, priority: InferencePriority, texts: readonly string[], batchSize: number, infer: InferFn): Promise<Float32Array[]> {
  const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
  const out = new Array<Float32Array>(texts.length);
  let size = priority === 'query' ? batchSize : Math.min(batchSize, DOCUMENT_SLICE);
  for (let i = 0; i < order.length;) {
    const slice = order.slice(i, i + size);
    i += slice.length;
    const { dims, data } = await queue.run(priority, () => infer(slice.map((j) => texts[j]!)));
    slice.forEach((j, k) => {
      out[j] = data.slice(k * dims, (k + 1) * dims);
    });
    if (priority !== 'query') size = queue.quiet ? Math.min(batchSize, size * 2) : Math.min(batchSize, DOCUMENT_SLICE);
  }
  return out;
}

/**
 * Query embeddings that wait for the model together go through it together: one forward pass over a dozen short
 * queries costs little more than over one, so under many concurrent searches each waits for one pass, not for a
 * pass per query ahead of it. At most one query turn is queued at a time; it takes every query waiting when it
 * starts (up to `batchSize`), and queries arriving while it runs queue the next turn.
 */
export class QueryBatcher {
  private waiting: { text: string; resolve: (v: Float32Array) => void; reject: (e: unknown) => void }[] = [];
  private turnQueued = false;

  constructor(
    private readonly queue: InferenceQueue,
    private readonly batchSize: number,
    private readonly infer: InferFn,
  ) {}

  embed(text: string): Promise<Float32Array> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ text, resolve, reject });
      this.queueTurn();
    });
  }

  private queueTurn(): void {
    if (this.turnQueued || this.waiting.length === 0) return;
    this.turnQueued = true;
    void this.queue.run('query', async () => {
      this.turnQueued = false;
      const batch = this.waiting.splice(0, this.batchSize);
      // Whatever did not fit, or arrives during this pass, gets the next query turn.
      this.queueTurn();
      try {
        const { dims, data } = await this.infer(batch.map((b) => b.text));
        batch.forEach((b, k) => b.resolve(data.slice(k * dims, (k + 1) * dims)));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    });
  }
}
