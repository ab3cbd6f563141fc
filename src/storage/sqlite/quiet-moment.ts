import { setTimeout as sleep } from 'node:timers/promises';

/** How long no search must have started for background work to count the service as quiet. */
export const QUIET_MS = 100;

/** Background work waits at most this long for a quiet moment, then goes on (it must finish under steady traffic). */
export const MAX_QUIET_WAIT_MS = 1_000;

export interface QuietClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: QuietClock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

/**
 * Resolves once no search has started for `quietMs` (`lastActivity()` answers when the latest one did, on the
 * clock's scale), or after `maxWaitMs` whatever the traffic. Background work that competes with searches for the
 * CPU (an index image reading a million rows' floats from the store) takes its slices between bursts this way,
 * and still finishes, slower, under traffic that never pauses.
 */
export async function quietMoment(lastActivity: () => number, options: { quietMs?: number; maxWaitMs?: number } = {}, clock: QuietClock = realClock): Promise<void> {
  const quietMs = options.quietMs ?? QUIET_MS;
  const maxWaitMs = options.maxWaitMs ?? MAX_QUIET_WAIT_MS;
  const start = clock.now();
  for (;;) {
    const now = clock.now();
    const idle = now - lastActivity();
    const waited = now - start;
    if (idle >= quietMs || waited >= maxWaitMs) return;
    await clock.sleep(Math.min(quietMs - idle, maxWaitMs - waited));
  }
}
