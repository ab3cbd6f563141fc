import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText, DEFAULT_CHUNK_TOKENS } from '../../../src/text/chunking.js';
import { htmlToMarkdown } from '../../../src/extract/html-to-markdown.js';
import { chunkViolations } from './chunk-invariants.js';

// Words that an "every '.' ends a sentence" splitter breaks, plus markdown, unicode and whitespace oddities.
const TRICKY = [
  'Node.js',
  '20.1',
  '3.5.2024',
  'v2.1',
  'e.g.',
  'i.e.',
  'Dr.',
  'U.S.',
  'No. 5',
  'J. R. R. Tolkien',
  'https://example.com/a.b?c=1&d=e.f',
  '`a.b()`',
  'x?y',
  'Wait...really?!',
  '"quoted."',
  '(aside.)',
  'end.',
  'Why?',
  'Yes!',
  'naïve',
  'e\u0301',
  '🙂',
  '👩‍👩‍👧',
  '今日は晴れ。明日は雨！',
  'internationalization',
  '-',
  '|',
  '=====',
  '#hashtag',
  'a\u00a0b',
  '\t',
  '\u2028',
];
const WORDS = ['the', 'otter', 'swims', 'at', 'dawn', 'and', 'eats', 'fish', 'in', 'a', 'river', 'of', 'cold', 'water', 'It', 'They'];

const word = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 400 }).map((n) => 'x'.repeat(n)) },
);
const sentence = fc.tuple(fc.array(word, { minLength: 1, maxLength: 40 }), fc.constantFrom('.', '. ', '!', '?', '', '\n', '。')).map(([ws, end]) => ws.join(' ') + end);
const paragraph = fc.array(sentence, { minLength: 1, maxLength: 12 }).map((s) => s.join(' '));
const heading = fc.tuple(fc.integer({ min: 1, max: 7 }), fc.array(word, { minLength: 1, maxLength: 30 })).map(([n, ws]) => `${'#'.repeat(n)} ${ws.join(' ')}`);
const codeLine = fc.array(word, { maxLength: 20 }).map((ws) => `  ${ws.join(' ')}`);
const code = fc.tuple(fc.constantFrom('```', '~~~'), fc.array(codeLine, { maxLength: 60 }), fc.boolean()).map(([fence, lines, closed]) => [`${fence}ts`, ...lines, ...(closed ? [fence] : [])].join('\n'));
const block = fc.oneof({ weight: 5, arbitrary: paragraph }, { weight: 2, arbitrary: heading }, { weight: 1, arbitrary: code });
const separator = fc.constantFrom('\n\n', '\n', '\r\n\r\n', '\r\n', '\n\n\n', ' \n \t\n', '\r');
const document = fc
  .tuple(fc.constantFrom('', '\n', '  '), fc.array(fc.tuple(block, separator), { maxLength: 14 }), fc.constantFrom('', '\n', '  \n'))
  .map(([lead, parts, trail]) => lead + parts.map(([b, s]) => b + s).join('') + trail);

describe('chunkText properties over generated documents', () => {
  it('every chunk is a verbatim, bounded slice; overlaps start at word boundaries; nothing is dropped', () => {
    fc.assert(
      fc.property(document, fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 80 }), (text, max, overlap) => {
        const chunks = chunkText(text, { maxTokens: max, overlapTokens: overlap });
        expect(chunkViolations(text, chunks, max, overlap)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

// Real documents from ../shared/data (see ../shared/README.md), read in place; skipped where that folder is absent.
const SHARED = path.resolve(process.env.MNEMO_SHARED_DATA ?? path.join(import.meta.dirname, '../../../../shared/data'));
const has = (p: string) => existsSync(path.join(SHARED, p));
const read = (p: string) => readFileSync(path.join(SHARED, p), 'utf8');

function expectVerbatim(name: string, docs: readonly string[]) {
  const bad: string[] = [];
  let chunkCount = 0;
  for (const [max, overlap] of [
    [DEFAULT_CHUNK_TOKENS, Math.round(DEFAULT_CHUNK_TOKENS * 0.125)],
    [48, 6],
  ] as const) {
    docs.forEach((text, i) => {
      const chunks = chunkText(text, { maxTokens: max, overlapTokens: overlap });
      chunkCount += chunks.length;
      bad.push(...chunkViolations(text, chunks, max, overlap).map((v) => `${name} #${i} (max ${max}): ${v}`));
    });
  }
  expect(chunkCount).toBeGreaterThan(docs.length);
  expect(bad.slice(0, 20)).toEqual([]);
}

describe('chunkText properties over real documents (../shared/data)', () => {
  it.skipIf(!has('scifact/corpus.jsonl'))('SciFact abstracts (title, blank line, abstract)', () => {
    const lines = read('scifact/corpus.jsonl').split('\n').filter(Boolean).slice(0, 600);
    const docs = lines.map((l) => JSON.parse(l) as { title: string; text: string }).map((d) => `${d.title}\n\n${d.text}`);
    expectVerbatim('scifact', docs);
  });

  it.skipIf(!has('locomo/locomo-dev.json'))('LoCoMo conversations, one transcript per session', () => {
    type Turn = { speaker: string; text: string; blip_caption?: string };
    const data = JSON.parse(read('locomo/locomo-dev.json')) as { conversation: Record<string, unknown> }[];
    const docs = data.flatMap(({ conversation: c }) =>
      Object.keys(c)
        .filter((k) => /^session_\d+$/.test(k) && Array.isArray(c[k]))
        .map((k) => {
          const turns = (c[k] as Turn[]).map((t) => `${t.speaker}: ${t.text}${t.blip_caption ? ` (shares ${t.blip_caption})` : ''}`);
          return [String(c[`${k}_date_time`]), ...turns].join('\n');
        }),
    );
    expectVerbatim('locomo', docs);
  });

  it.skipIf(!has('longmemeval/longmemeval-s-dev.json'))('LongMemEval chat sessions', () => {
    type Turn = { role: string; content: string };
    const data = JSON.parse(read('longmemeval/longmemeval-s-dev.json')) as { haystack_sessions: Turn[][]; haystack_dates: string[] }[];
    const session = (turns: Turn[], date: string | undefined) => [`Chat session on ${date}`, ...turns.map((t) => `${t.role}: ${t.content}`)].join('\n\n');
    const docs = data.slice(0, 3).flatMap((q) => q.haystack_sessions.map((s, i) => session(s, q.haystack_dates[i])));
    expectVerbatim('longmemeval', docs);
  });

  it.skipIf(!has('files/readability_README.md'))('a README with code fences, and a Wikipedia page converted to markdown', () => {
    const docs = [read('files/readability_README.md')];
    const html = 'files/readability_wikipedia-mozilla.html';
    if (has(html)) docs.push(htmlToMarkdown(read(html)).markdown);
    expectVerbatim('files', docs);
  });
});
