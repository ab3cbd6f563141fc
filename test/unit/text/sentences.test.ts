import { describe, expect, it } from 'vitest';
import { lineSpans, sentenceSpans, trimSpan, wordSpans, type Span } from '../../../src/text/sentences.js';

const texts = (text: string, spans: Span[]) => spans.map((s) => text.slice(s.start, s.end));
const sentences = (text: string) => texts(text, sentenceSpans(text));

describe('sentenceSpans', () => {
  it('keeps numbers, versions, dates and file names inside their sentence', () => {
    expect(sentences('We run Node.js 20.1 on 3.5.2024 with v2.1 of config.yaml. Next one.')).toEqual(['We run Node.js 20.1 on 3.5.2024 with v2.1 of config.yaml.', 'Next one.']);
  });

  it('does not end a sentence at titles, initials, dotted abbreviations or "No." before a number', () => {
    expect(sentences('See Dr. Smith and e.g. the U.S. Army. Then Mr. Jones left. J. R. R. Tolkien wrote No. 5 here.')).toEqual([
      'See Dr. Smith and e.g. the U.S. Army.',
      'Then Mr. Jones left.',
      'J. R. R. Tolkien wrote No. 5 here.',
    ]);
    expect(sentences('I said no. Then I left.')).toEqual(['I said no.', 'Then I left.']);
  });

  it('ends a sentence only where whitespace follows, so URLs and code stay whole', () => {
    expect(sentences('Go to https://example.com/a?b=1.5&c=d. It works!Really? Yes.')).toEqual(['Go to https://example.com/a?b=1.5&c=d.', 'It works!Really?', 'Yes.']);
  });

  it('ends sentences at line breaks and at CJK full stops, and keeps quotes and brackets with their sentence', () => {
    expect(sentences('line one\nline two\n\n今日は晴れ。明日は雨！ He said "stop." Then (he left.) Done')).toEqual(['line one', 'line two', '今日は晴れ。', '明日は雨！', 'He said "stop."', 'Then (he left.)', 'Done']);
  });

  it('returns trimmed spans of the original string, within the given range', () => {
    const text = '>>  First one.   Second one.  <<';
    const spans = sentenceSpans(text, 2, text.length - 2);
    expect(texts(text, spans)).toEqual(['First one.', 'Second one.']);
    expect(spans[0]).toEqual({ start: 4, end: 14 });
    expect(sentenceSpans(' \n\t ')).toEqual([]);
  });
});

describe('sentenceSpans on long texts', () => {
  it('finds the same sentences across the segmenting windows, a sentence longer than a window included', () => {
    const long = `A ${'very '.repeat(2000)}long one.`;
    const parts = Array.from({ length: 3000 }, (_, i) => (i === 1500 ? long : `Sentence ${i} is here.`));
    const text = parts.join(' ');
    expect(sentences(text)).toEqual(parts);
  });

  // V8's segmenter spends time linear in the whole string on every segment: 500 KB unwindowed takes about 45 s on 2 cores.
  it('segments 500 KB of short sentences in seconds, not minutes', () => {
    const text = 'Hello there. '.repeat(40_000);
    const t0 = performance.now();
    expect(sentenceSpans(text)).toHaveLength(40_000);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});

describe('wordSpans, lineSpans, trimSpan', () => {
  it('finds words as runs of non-whitespace, and trimmed non-blank lines', () => {
    const text = ' a.b  c\u00a0d\n\n  e 🙂 ';
    expect(texts(text, wordSpans(text))).toEqual(['a.b', 'c', 'd', 'e', '🙂']);
    expect(texts(text, lineSpans(text))).toEqual(['a.b  c\u00a0d', 'e 🙂']);
    expect(trimSpan(text, { start: 0, end: 5 })).toEqual({ start: 1, end: 4 });
    expect(trimSpan(text, { start: 9, end: 13 })).toBeNull();
  });

  // Issue 27: each line break was a segment costing a 4,096-character window (a million of them took 14 s).
  it('reads a text of a million line breaks, and one of 100,000 short sentences, as its sentences', () => {
    expect(sentences(`First.${'\n'.repeat(1_000_000)}Last one.`)).toEqual(['First.', 'Last one.']);
    const many = sentences('A! '.repeat(100_000));
    expect(many).toHaveLength(100_000);
    expect(new Set(many)).toEqual(new Set(['A!']));
  });
});
