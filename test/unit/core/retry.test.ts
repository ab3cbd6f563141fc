import { describe, expect, it } from 'vitest';
import { backoffDelay, retryAfterMs, withRetry, type RetryHooks } from '../../../src/core/retry.js';

const low = () => 0;
const high = () => 1;

describe('backoffDelay', () => {
  it('doubles the ceiling with every attempt', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, 100, 1_000_000, high))).toEqual([100, 200, 400, 800, 1600]);
  });

  it('jitters between half the ceiling and the ceiling', () => {
    expect(backoffDelay(3, 100, 1_000_000, low)).toBe(200);
    expect(backoffDelay(3, 100, 1_000_000, () => 0.5)).toBe(300);
    expect(backoffDelay(3, 100, 1_000_000, high)).toBe(400);
  });

  it('caps the ceiling at maxMs', () => {
    expect(backoffDelay(10, 100, 5000, high)).toBe(5000);
    expect(backoffDelay(10, 100, 5000, low)).toBe(2500);
    expect(backoffDelay(10_000, 100, 5000, high)).toBe(5000);
  });

  it('treats attempt 0 or below like the first attempt', () => {
    expect(backoffDelay(0, 100, 10_000, high)).toBe(100);
    expect(backoffDelay(-3, 100, 10_000, low)).toBe(50);
  });

  it('returns whole milliseconds', () => {
    expect(Number.isInteger(backoffDelay(1, 333, 10_000, () => 0.123))).toBe(true);
  });

  it('stays within [ceiling/2, ceiling] with the default random source', () => {
    for (let attempt = 1; attempt <= 12; attempt++) {
      const ceiling = Math.min(60_000, 1000 * 2 ** (attempt - 1));
      for (let i = 0; i < 50; i++) {
        const d = backoffDelay(attempt, 1000, 60_000);
        expect(d).toBeGreaterThanOrEqual(Math.round(ceiling / 2));
        expect(d).toBeLessThanOrEqual(ceiling);
      }
    }
  });
});

describe('withRetry', () => {
  const transient = Object.assign(new Error('busy'), { transient: true });
  const fatal = new Error('bad request');
  const hooks = (waits: number[], extra: Partial<RetryHooks> = {}): RetryHooks => ({
    retryable: (err) => (err as { transient?: boolean }).transient === true,
    sleep: async (ms) => void waits.push(ms),
    ...extra,
  });

  it('retries transient failures with backoff until one succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const out = await withRetry({ attempts: 4, baseMs: 100, maxMs: 1000 }, hooks(waits), async (attempt) => {
      calls++;
      if (attempt < 3) throw transient;
      return 'ok';
    });
    expect(out).toBe('ok');
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it('throws a permanent failure at once, and the last transient one when attempts run out', async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(
      withRetry({ attempts: 5, baseMs: 1, maxMs: 1 }, hooks(waits), async () => {
        calls++;
        throw fatal;
      }),
    ).rejects.toBe(fatal);
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      withRetry({ attempts: 3, baseMs: 1, maxMs: 1 }, hooks(waits), async () => {
        calls++;
        throw transient;
      }),
    ).rejects.toBe(transient);
    expect(calls).toBe(3);
  });

  it('waits what the server asks (Retry-After), capped, or gives up when told to stop on a long wait', async () => {
    const asked = (ms: number) => Object.assign(new Error('slow down'), { transient: true, waitMs: ms });
    const withHint = (waits: number[]) => hooks(waits, { retryAfterMs: (err) => (err as { waitMs?: number }).waitMs });
    let waits: number[] = [];
    let first = true;
    const once = async () => {
      if (first) {
        first = false;
        throw asked(700);
      }
      return 'ok';
    };
    expect(await withRetry({ attempts: 2, baseMs: 1, maxMs: 1000 }, withHint(waits), once)).toBe('ok');
    expect(waits).toEqual([700]);
    waits = [];
    first = true;
    expect(await withRetry({ attempts: 2, baseMs: 1, maxMs: 300 }, withHint(waits), once)).toBe('ok');
    expect(waits).toEqual([300]);
    waits = [];
    first = true;
    await expect(withRetry({ attempts: 2, baseMs: 1, maxMs: 1, maxRetryAfterMs: 500, onLongRetryAfter: 'stop' }, withHint(waits), once)).rejects.toThrow('slow down');
    expect(waits).toEqual([]);
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    // The abort comes during the minute-long wait: the call ends with the abort's reason, not after the minute.
    const onRetry = () => setImmediate(() => controller.abort(new Error('shutting down')));
    const run = withRetry({ attempts: 3, baseMs: 60_000, maxMs: 60_000 }, { retryable: () => true, signal: controller.signal, onRetry }, async () => {
      throw transient;
    });
    await expect(run).rejects.toThrow('shutting down');
  });
});

describe('retryAfterMs', () => {
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6000);
    expect(retryAfterMs(new Headers({}))).toBeUndefined();
  });
});
