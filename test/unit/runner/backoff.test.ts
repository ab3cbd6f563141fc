import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../src/runner/backoff.js';

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
