/** Outcome of counting one request against a limit. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch ms when the current window ends. */
  resetAt: number;
}

/**
 * Fixed-window request counters per key (API key id, organisation id), in memory. Each API process counts its own
 * requests: behind several API replicas a limit applies per replica.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number; windowMs: number }>();
  private sweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a request for `key` under `max` per `windowMs`. */
  hit(key: string, max: number, windowMs: number): RateDecision {
    const now = this.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || now - w.start >= w.windowMs || w.windowMs !== windowMs) {
      w = { start: now, count: 0, windowMs };
      this.windows.set(key, w);
    }
    const allowed = w.count < max;
    if (allowed) w.count++;
    return { allowed, limit: max, remaining: Math.max(0, max - w.count), resetAt: w.start + windowMs };
  }

  /** Drops finished windows now and then, so idle keys do not accumulate. */
  private sweep(now: number): void {
    if (now < this.sweepAt) return;
    this.sweepAt = now + 60_000;
    for (const [k, w] of this.windows) if (now - w.start >= w.windowMs) this.windows.delete(k);
  }
}
