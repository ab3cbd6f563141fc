import { describe, expect, it } from 'vitest';
import { BULK_MAX_WAIT_MS, DOCUMENT_MAX_WAIT_MS, DOCUMENT_SLICE, InferenceQueue, inferInSlices, QUIET_MS, QueryBatcher, type InferFn } from '../../../src/providers/inference-queue.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('InferenceQueue', () => {
  it('runs one task at a time and lets waiting queries go before waiting documents', async () => {
    const q = new InferenceQueue();
    const log: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const task = (name: string) => async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      log.push(`start ${name}`);
      await tick();
      running--;
      return name;
    };
    const results = await Promise.all([q.run('document', task('doc-1')), q.run('document', task('doc-2')), q.run('document', task('doc-3')), q.run('query', task('query'))]);
    expect(results).toEqual(['doc-1', 'doc-2', 'doc-3', 'query']);
    expect(maxRunning).toBe(1);
    expect(log).toEqual(['start doc-1', 'start query', 'start doc-2', 'start doc-3']);
    expect(q.pending).toBe(0);
  });

  it('gives waiting documents a share under a steady stream of queries: after a streak of queries, or after waiting too long', async () => {
    let clock = 0;
    const q = new InferenceQueue(() => clock);
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(name);
      await tick();
    };
    const all = [q.run('query', task('q0')), q.run('document', task('d1')), q.run('document', task('d2'))];
    for (let i = 1; i <= 10; i++) all.push(q.run('query', task(`q${i}`)));
    await Promise.all(all);
    // q0 runs first; then four queries, a document, four queries, the other document, the rest.
    expect(log).toEqual(['q0', 'q1', 'q2', 'q3', 'q4', 'd1', 'q5', 'q6', 'q7', 'q8', 'd2', 'q9', 'q10']);

    // A document that has waited past the limit goes next even within a streak.
    log.length = 0;
    const first = q.run('query', async () => {
      log.push('q-running');
      await tick();
      // Both tasks below are queued by now; the document has waited past the limit when this one ends.
      clock += DOCUMENT_MAX_WAIT_MS + 1;
    });
    const waiting = [q.run('document', task('old-doc')), q.run('query', task('q-new'))];
    await Promise.all([first, ...waiting]);
    expect(log).toEqual(['q-running', 'old-doc', 'q-new']);
  });

  it('serves small documents before bulk ones, and a bulk slice that waited too long before both', async () => {
    let clock = 0;
    const q = new InferenceQueue(() => clock);
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(name);
      await tick();
    };
    const first = q.run('document', task('running'));
    const all = [first, q.run('bulk', task('bulk-1')), q.run('bulk', task('bulk-2')), q.run('document', task('add-1')), q.run('document', task('add-2'))];
    await Promise.all(all);
    expect(log).toEqual(['running', 'add-1', 'add-2', 'bulk-1', 'bulk-2']);

    log.length = 0;
    const busy = q.run('document', async () => {
      log.push('running');
      await tick();
      clock += BULK_MAX_WAIT_MS + 1;
    });
    await Promise.all([busy, q.run('bulk', task('old-bulk')), q.run('query', task('query')), q.run('document', task('add'))]);
    // The bulk slice goes even before the query; then the add, which has also waited past DOCUMENT_MAX_WAIT_MS.
    expect(log).toEqual(['running', 'old-bulk', 'add', 'query']);
  });

  it('frees the slot when a task fails', async () => {
    const q = new InferenceQueue();
    await expect(q.run('document', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(q.run('query', async () => 'ok')).resolves.toBe('ok');
  });

  describe('inferInSlices', () => {
    // A slow fake model: 2 ms per text, one pass at a time (the queue guarantees it), vectors [index of text].
    const fakeModel =
      (calls: number[]): InferFn =>
      async (texts) => {
        calls.push(texts.length);
        await new Promise((r) => setTimeout(r, 2 * texts.length));
        return { dims: 1, data: Float32Array.from(texts, (t) => Number(t.split(' ')[1])) };
      };

    it('lets a query issued while a large document batch runs finish before that batch', async () => {
      const q = new InferenceQueue();
      const calls: number[] = [];
      const infer = fakeModel(calls);
      const done: string[] = [];
      const texts = Array.from({ length: 32 }, (_, i) => `doc ${i}`);
      const documents = inferInSlices(q, 'document', texts, 32, infer).then((v) => {
        done.push('documents');
        return v;
      });
      await new Promise((r) => setTimeout(r, 1)); // the document batch is in flight
      const query = inferInSlices(q, 'query', ['query 99'], 32, infer).then((v) => {
        done.push('query');
        return v;
      });
      const [docVectors, queryVectors] = await Promise.all([documents, query]);
      expect(done).toEqual(['query', 'documents']);
      // Every text still gets its own vector, in the caller's order, and no pass exceeds a slice.
      expect(docVectors.map((v) => v[0])).toEqual(texts.map((_, i) => i));
      expect(queryVectors.map((v) => v[0])).toEqual([99]);
      expect(Math.max(...calls)).toBe(DOCUMENT_SLICE);
      expect(calls.reduce((a, b) => a + b, 0)).toBe(33);
    });

    it('grows document slices while no query comes (4, 8, 16, 32), and shrinks them back when one does', async () => {
      let clock = 0;
      const q = new InferenceQueue(() => clock);
      const calls: number[] = [];
      const model = fakeModel(calls);
      clock = QUIET_MS; // nothing asked for a while
      const texts = Array.from({ length: 100 }, (_, i) => `doc ${i}`);
      const vectors = await inferInSlices(q, 'document', texts, 32, model);
      expect(calls).toEqual([4, 8, 16, 32, 32, 8]);
      expect(vectors.map((v) => v[0])).toEqual(texts.map((_, i) => i));
      // A query asked just now: the next document embeds in small slices again.
      await q.run('query', async () => undefined);
      calls.length = 0;
      await inferInSlices(q, 'document', texts.slice(0, 12), 32, model);
      expect(calls).toEqual([4, 4, 4]);
      clock += QUIET_MS;
      calls.length = 0;
      await inferInSlices(q, 'document', texts.slice(0, 12), 32, model);
      expect(calls).toEqual([4, 8]);
    });

    it('keeps whole batches for queries and returns results in input order after sorting by length', async () => {
      const q = new InferenceQueue();
      const calls: number[] = [];
      const texts = Array.from({ length: 20 }, (_, i) => `q ${i}${' '.repeat((i * 7) % 5)}`);
      const vectors = await inferInSlices(q, 'query', texts, 16, fakeModel(calls));
      expect(calls).toEqual([16, 4]);
      expect(vectors.map((v) => v[0])).toEqual(texts.map((_, i) => i));
    });
  });

  describe('QueryBatcher', () => {
    it('embeds the queries that waited during a document slice in one pass, each getting its own vector', async () => {
      const q = new InferenceQueue();
      const calls: string[][] = [];
      const infer: InferFn = async (texts) => {
        calls.push(texts);
        await new Promise((r) => setTimeout(r, 5));
        return { dims: 1, data: Float32Array.from(texts, (t) => Number(t.split(' ')[1])) };
      };
      const batcher = new QueryBatcher(q, 32, infer);
      const documents = inferInSlices(q, 'document', ['doc 0', 'doc 1'], 32, infer);
      await new Promise((r) => setTimeout(r, 1)); // the document slice is in flight
      const vectors = await Promise.all(Array.from({ length: 12 }, (_, i) => batcher.embed(`query ${i}`)));
      await documents;
      expect(vectors.map((v) => v[0])).toEqual(Array.from({ length: 12 }, (_, i) => i));
      expect(calls.map((c) => c.length)).toEqual([2, 12]);
      // A query arriving while that pass runs gets the next one.
      const later = [batcher.embed('query 40')];
      await new Promise((r) => setTimeout(r, 1));
      later.push(batcher.embed('query 41'), batcher.embed('query 42'));
      expect((await Promise.all(later)).map((v) => v[0])).toEqual([40, 41, 42]);
      expect(calls.slice(2).map((c) => c.length)).toEqual([1, 2]);
    });

    it('fails every query of a failed pass and keeps serving the next ones', async () => {
      const q = new InferenceQueue();
      let fail = true;
      const batcher = new QueryBatcher(q, 32, async (texts) => {
        if (fail) throw new Error('model gone');
        return { dims: 1, data: new Float32Array(texts.length) };
      });
      const failed = await Promise.allSettled([batcher.embed('a'), batcher.embed('b')]);
      expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      fail = false;
      await expect(batcher.embed('c')).resolves.toHaveLength(1);
    });
  });
});
