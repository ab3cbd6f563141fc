/**
 * Where a request's time goes, measured inside the real request path: the store (and its memory port), the embedder
 * and every SQLite statement are wrapped in timers that add up per name until reset (once per request).
 */
import Database from 'better-sqlite3';
import type { Embedder } from '../src/providers/embedder.js';
import type { Store } from '../src/storage/store.js';

/** Accumulates durations and call counts per name. */
export class CallTimer {
  private totals = new Map<string, { ms: number; calls: number }>();

  add(name: string, ms: number): void {
    const t = this.totals.get(name) ?? { ms: 0, calls: 0 };
    t.ms += ms;
    t.calls++;
    this.totals.set(name, t);
  }

  get(name: string): number {
    return this.totals.get(name)?.ms ?? 0;
  }

  calls(name: string): number {
    return this.totals.get(name)?.calls ?? 0;
  }

  entries(): [string, { ms: number; calls: number }][] {
    return [...this.totals.entries()];
  }

  reset(): void {
    this.totals = new Map();
  }
}

/**
 * Times every method of an object; the SQLite adapters do all their (synchronous) work before returning their
 * promise, so the time until the call returns is the method's own cost.
 */
function timeMethods<T extends object>(target: T, timer: CallTimer, prefix: string, nested: Record<string, string> = {}): T {
  return new Proxy(target, {
    get(t, prop) {
      const value: unknown = Reflect.get(t, prop, t);
      if (typeof prop === 'string' && prop in nested && value && typeof value === 'object') return timeMethods(value, timer, nested[prop]!);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return (...a: unknown[]) => {
        const t0 = performance.now();
        try {
          return (value as (...x: unknown[]) => unknown).apply(t, a);
        } finally {
          timer.add(`${prefix}${prop}`, performance.now() - t0);
        }
      };
    },
  });
}

/**
 * The store with every call timed: the documents, chunks, settings and accounts ports' under the method's own name
 * (the names were the Store's before the ports), the memory port's as `memories.<method>`.
 */
export function instrumentStore(store: Store, timer: CallTimer): Store {
  return timeMethods(store, timer, '', { documents: '', chunks: '', settings: '', accounts: '', memories: 'memories.' });
}

/**
 * Times query embedding until its promise resolves (the model runs in ONNX threads, overlapping other work) and
 * counts document embedding calls.
 */
export function instrumentEmbedder(embedder: Embedder, timer: CallTimer): Embedder {
  const timed =
    <A extends unknown[], R>(name: string, fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      const t0 = performance.now();
      try {
        return await fn(...a);
      } finally {
        timer.add(name, performance.now() - t0);
      }
    };
  return {
    id: embedder.id,
    kind: embedder.kind,
    dimensions: embedder.dimensions,
    get calibration() {
      return embedder.calibration;
    },
    embedDocuments: timed('embedDocuments', (texts: string[]) => embedder.embedDocuments(texts)),
    embedQuery: timed('embedQuery', (text: string) => embedder.embedQuery(text)),
  };
}

type StatementMethod = (this: { source: string }, ...a: unknown[]) => unknown;

/**
 * Times every better-sqlite3 statement of the process by its SQL (whitespace collapsed): statements share one
 * native prototype, so patching it once covers every connection. Returns a function that restores it.
 */
export function instrumentSql(timer: CallTimer, name: (sql: string) => string = (s) => `sql ${s}`): () => void {
  const db = new Database(':memory:');
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, StatementMethod>;
  db.close();
  const originals = new Map<string, StatementMethod>();
  for (const method of ['run', 'get', 'all']) {
    const original = proto[method]!;
    originals.set(method, original);
    proto[method] = function timedStatement(this: { source: string }, ...a: unknown[]) {
      const t0 = performance.now();
      try {
        return original.apply(this, a);
      } finally {
        timer.add(name(this.source.replace(/\s+/g, ' ').trim()), performance.now() - t0);
      }
    };
  }
  return () => {
    for (const [method, original] of originals) proto[method] = original;
  };
}
