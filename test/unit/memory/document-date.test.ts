import { describe, expect, it } from 'vitest';
import { documentDateOf } from '../../../src/memory/document-date.js';

const ADDED = '2026-11-20T09:00:00.000Z';
const at = (content: string, metadata: Record<string, string | number> = {}) => documentDateOf({ content, metadata, createdAt: ADDED });

/** Issue 26: a backfilled chat speaks from its own date, not the day it was added. */
describe('documentDateOf', () => {
  it('reads a date header at the top of the content', () => {
    expect(at('Date: 2026-03-14\nuser: I am in Lisbon this week.')).toBe('2026-03-14T00:00:00.000Z');
    expect(at('Chat session on 2023/05/20 (Sat) 07:47\n\nuser: Hi')).toBe('2023-05-20T07:47:00.000Z');
    expect(at('# March 14, 2026\n\nNotes from the call.')).toBe('2026-03-14T00:00:00.000Z');
  });

  it('else metadata.date (or a timestamp in seconds)', () => {
    expect(at('user: I am in Lisbon this week.', { date: '2026-03-14' })).toBe('2026-03-14T00:00:00.000Z');
    expect(at('hello', { date: '2026-03-14T18:30:00+02:00' })).toBe('2026-03-14T16:30:00.000Z');
    expect(at('hello', { timestamp: 1773446400 })).toBe('2026-03-14T00:00:00.000Z');
    expect(at('hello', { date: 'not a date' })).toBe(ADDED);
  });

  it('else the first timestamp of its turns', () => {
    expect(at('[1:56 pm on 8 May, 2023] Caroline: I went to a support group.\n[2:01 pm on 8 May, 2023] Melanie: Wow!')).toBe('2023-05-08T13:56:00.000Z');
    expect(at(JSON.stringify([{ role: 'user', content: 'Hi', timestamp: '2026-03-14T10:00:00Z' }]))).toBe('2026-03-14T10:00:00.000Z');
  });

  it('else when it was added', () => {
    expect(at('user: I am in Lisbon this week.\nassistant: Enjoy!')).toBe(ADDED);
    expect(documentDateOf({ content: null, metadata: null, createdAt: ADDED })).toBe(ADDED);
  });
});
