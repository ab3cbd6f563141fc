import { describe, expect, it } from 'vitest';
import { quietMoment, type QuietClock } from '../../../src/storage/sqlite/quiet-moment.js';

/** A clock that only moves when the code under test sleeps; `onSleep` may start searches meanwhile. */
function fakeClock(onSleep: (now: number) => void = () => {}): QuietClock & { slept: number[] } {
  let t = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
      onSleep(t);
    },
  };
}

describe('quietMoment', () => {
  it('goes on at once when no search started within the quiet time', async () => {
    const clock = fakeClock();
    await quietMoment(() => -500, { quietMs: 100, maxWaitMs: 1000 }, clock);
    expect(clock.slept).toEqual([]);
  });

  it('waits out the rest of the quiet time after the latest search', async () => {
    const clock = fakeClock();
    await quietMoment(() => -30, { quietMs: 100, maxWaitMs: 1000 }, clock);
    expect(clock.slept).toEqual([70]);
  });

  it('waits again when a search starts meanwhile, and gives up at the longest wait under steady traffic', async () => {
    let last = 0;
    const clock = fakeClock((now) => {
      last = now - 10; // a search started 10 ms before every wake-up
    });
    await quietMoment(() => last, { quietMs: 100, maxWaitMs: 350 }, clock);
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBe(350);
    expect(clock.slept.length).toBeGreaterThan(1);
  });
});
