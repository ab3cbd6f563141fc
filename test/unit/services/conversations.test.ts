import { describe, expect, it } from 'vitest';
import { transcript } from '../../../src/services/conversations.js';
import { continuation, contentPrefix, processedPrefix } from '../../../src/pipeline/memory-prefix.js';
import { daysBefore, finishedPlan, normalizedText } from '../../../src/services/memory-profile.js';

describe('conversation transcripts and incremental memories', () => {
  it('writes one turn a line, indenting further lines, naming speakers, leaving system and tool messages out', () => {
    expect(
      transcript([
        { role: 'system', content: 'Be nice.' },
        { role: 'user', content: 'Hi!\r\n\r\n\r\nI moved.  \nTo Lisbon.' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Congrats' },
            { type: 'image_url', image_url: { url: 'https://x.test/a.png' } },
          ],
        },
        { role: 'tool', content: '{}' },
        { role: 'user', name: 'Maya: the user', content: '' },
        { role: 'user', name: 'Maya', content: 'Thanks' },
      ]),
    ).toBe('user: Hi!\n\n  I moved.\n  To Lisbon.\nassistant: Congrats\n  [image: https://x.test/a.png]\nMaya: Thanks');
  });

  it('continues content only where it starts with exactly what was processed and the new part starts a line', () => {
    const before = 'user: I live in Boston.\nassistant: Nice!';
    const prefix = contentPrefix(before);
    expect(continuation(`${before}\nuser: I work at Figma.`, prefix)).toEqual({ previous: before, fresh: 'user: I work at Figma.' });
    expect(continuation(`${before} Really nice!`, prefix)).toBeNull();
    expect(continuation(before.replace('Boston', 'Austin') + '\nuser: x', prefix)).toBeNull();
    expect(continuation(before, prefix)).toBeNull();
    expect(continuation(`${before}\nuser: x`, null)).toBeNull();
  });

  it('takes the processed prefix from the last completed memory step, else from the run that carries one', () => {
    const done = contentPrefix('abc');
    const carried = contentPrefix('ab');
    const step = (status: 'completed' | 'pending') => ({ name: 'memories', startTime: 't', status, metadata: { processed: done } });
    expect(processedPrefix({ startTime: 't', steps: [step('completed')], memoryPrefix: carried })).toEqual(done);
    expect(processedPrefix({ startTime: 't', steps: [step('pending')], memoryPrefix: carried })).toEqual(carried);
    expect(processedPrefix({ startTime: 't', steps: [] })).toBeNull();
    expect(processedPrefix(null)).toBeNull();
  });

  it('profile helpers: finished plans, day arithmetic, text identity', () => {
    expect(finishedPlan({ eventDate: '2026-09-01', createdAt: '2026-03-14T10:00:00.000Z' }, '2026-10-01')).toBe(true);
    expect(finishedPlan({ eventDate: '2026-09-01', createdAt: '2026-03-14T10:00:00.000Z' }, '2026-08-01')).toBe(false);
    expect(finishedPlan({ eventDate: '2026-02-01', createdAt: '2026-03-14T10:00:00.000Z' }, '2026-10-01')).toBe(false);
    expect(finishedPlan({ eventDate: null, createdAt: '2026-03-14T10:00:00.000Z' }, '2026-10-01')).toBe(false);
    expect(daysBefore('2026-03-01', 30)).toBe('2026-01-30');
    expect(normalizedText('  Dana keeps   Bees.. ')).toBe('dana keeps bees');
  });
});
