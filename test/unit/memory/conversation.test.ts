import { describe, expect, it } from 'vitest';
import { parseConversation } from '../../../src/memory/conversation.js';

describe('parseConversation', () => {
  it('reads a JSON array of role/content turns, naming the user from the entity context', () => {
    const content = JSON.stringify([
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: 'I live in Paris.', timestamp: '2023-05-08T10:00:00Z' },
      { role: 'assistant', content: 'Nice city!' },
    ]);
    expect(parseConversation(content, '2023-05-09', 'Dana')).toEqual([
      { speaker: 'Dana', content: 'I live in Paris.', timestamp: '2023-05-08T10:00:00.000Z' },
      { speaker: 'the assistant', content: 'Nice city!', timestamp: null },
    ]);
    expect(parseConversation(content, '2023-05-09')![0]!.speaker).toBe('the user');
  });

  it('reads speaker/text and name/content objects, and a {messages} wrapper', () => {
    const a = JSON.stringify([
      { speaker: 'Caroline', text: 'Hi Mel!', date: '2023-05-08' },
      { name: 'Melanie', content: 'Hey!' },
    ]);
    expect(parseConversation(a, '2023-05-09')!.map((t) => [t.speaker, t.content, t.timestamp])).toEqual([
      ['Caroline', 'Hi Mel!', '2023-05-08T00:00:00.000Z'],
      ['Melanie', 'Hey!', null],
    ]);
    expect(parseConversation(JSON.stringify({ messages: [{ role: 'user', content: 'Hello there' }] }), '2023-05-09')).toHaveLength(1);
  });

  it('reads "Speaker: text" lines, attributing both speakers and keeping continuation lines in their turn', () => {
    const turns = parseConversation('Caroline: I went to a support group.\nMelanie: Wow!\nI painted a lake.\nCaroline: Nice.', '2023-05-08');
    expect(turns).toEqual([
      { speaker: 'Caroline', content: 'I went to a support group.', timestamp: null },
      { speaker: 'Melanie', content: 'Wow!\nI painted a lake.', timestamp: null },
      { speaker: 'Caroline', content: 'Nice.', timestamp: null },
    ]);
  });

  it('reads bracketed timestamps, as LoCoMo turns are stored', () => {
    expect(parseConversation('[1:56 pm on 8 May, 2023] Caroline: I went to a LGBTQ support group yesterday.', '2024-01-01')).toEqual([
      { speaker: 'Caroline', content: 'I went to a LGBTQ support group yesterday.', timestamp: '2023-05-08T13:56:00.000Z' },
    ]);
    expect(parseConversation('[2023-05-08 13:56] Dana: I moved.\n[2023-05-08 13:57] Sam: Where to?', '2024-01-01')!.map((t) => t.timestamp)).toEqual(['2023-05-08T13:56:00.000Z', '2023-05-08T13:57:00.000Z']);
  });

  it('takes a session date line as the date of every turn, as LongMemEval sessions are stored', () => {
    const content = 'Chat session on 2023/05/20 (Sat) 07:47\n\nuser: I need tips.\n\nassistant: Sure:\n\nTip: drink water.\n1. **Sleep**: eight hours.';
    const turns = parseConversation(content, '2024-01-01');
    expect(turns!.map((t) => t.speaker)).toEqual(['the user', 'the assistant']);
    expect(turns![1]!.content).toContain('Tip: drink water.');
    expect(turns![0]!.timestamp).toBe('2023-05-20T07:47:00.000Z');
  });

  it('returns null for content that is not a conversation', () => {
    expect(parseConversation('The meeting moved to Thursday. Bring the slides.', '2023-05-08')).toBeNull();
    expect(parseConversation('Note: the office is closed.\nSummary: nothing else.', '2023-05-08')).toBeNull();
    expect(parseConversation('Python: a programming language created by Guido van Rossum.', '2023-05-08')).toBeNull();
    expect(parseConversation('[1, 2, 3]', '2023-05-08')).toBeNull();
    expect(parseConversation(JSON.stringify([{ title: 'x' }]), '2023-05-08')).toBeNull();
    expect(parseConversation('', '2023-05-08')).toBeNull();
  });

  it('reads a named user beside an assistant role (issue 26)', () => {
    for (const bot of ['Assistant', 'AI', 'Bot']) {
      expect(parseConversation(`Maya: I work at Figma.\n${bot}: Nice!\nMaya: I live in Boston.`, '2023-05-08')!.map((t) => t.speaker)).toEqual(['Maya', 'the assistant', 'Maya']);
    }
    expect(parseConversation('[1:56 pm on 8 May, 2023] Caroline: Hi!\n[1:57 pm on 8 May, 2023] AI: Hello!', '2024-01-01')!.map((t) => t.speaker)).toEqual(['Caroline', 'the assistant']);
  });

  it('keeps an assistant the assistant whatever its name, and names the user by the name field', () => {
    const content = JSON.stringify([
      { role: 'user', name: 'Maya', content: [{ type: 'text', text: 'I live in Boston.' }] },
      { role: 'assistant', name: 'Helper', content: 'Noted.' },
    ]);
    expect(parseConversation(content, '2023-05-08')!.map((t) => [t.speaker, t.content])).toEqual([
      ['Maya', 'I live in Boston.'],
      ['the assistant', 'Noted.'],
    ]);
  });

  it('does not take "Budget:" or "Correction:" lines for speakers', () => {
    expect(parseConversation('Budget: $5k\nDeadline: June 1\nLead: Priya', '2023-05-08')).toBeNull();
    expect(parseConversation('Correction: I live in Portland.', '2023-05-08')).toBeNull();
  });
});
