import { describe, expect, it } from 'vitest';
import { SUMMARY_MAX_CHARS, summarize } from '../../../src/text/summary.js';

describe('summarize', () => {
  it('takes the first paragraph of prose, skipping headings, the title line, code, tables, lists and rules', () => {
    const md = [
      '# Otter field notes',
      '```sh\nnpm install otters and many other words here\n```',
      '| a | b |\n|---|---|\n| one two three four five six seven eight | x |',
      '- a list item with more than eight words in it, really',
      '---',
      'Otter field notes',
      'Otters hunt at dawn in cold rivers. They eat fish and crabs.',
      'A later paragraph.',
    ].join('\n\n');
    expect(summarize(md, 'Otter field notes')).toBe('Otters hunt at dawn in cold rivers. They eat fish and crabs.');
  });

  it('drops a first line that repeats the title, also a title shortened with "..."', () => {
    expect(summarize('Meeting notes\nWe agreed to ship the otter tracker on Friday after review.', 'Meeting notes')).toBe('We agreed to ship the otter tracker on Friday after review.');
    const line = 'A very long first line that goes on and on about otters, rivers and the dams that beavers build there';
    expect(summarize(`${line}\n\nThe body of the note talks about something else entirely, at length.`, `${line.slice(0, 77)}...`)).toBe('The body of the note talks about something else entirely, at length.');
  });

  it('removes markdown syntax: links, images, emphasis, inline code, quotes; keeps snake_case', () => {
    expect(summarize('> See [the docs](https://x.y) and ![logo](l.png) for **bold** and *em* text with `code` and snake_case_name.')).toBe('See the docs and logo for bold and em text with code and snake_case_name.');
  });

  it('keeps whole sentences within the bound, and cuts a longer first sentence at a word with an ellipsis', () => {
    const sentences = Array.from({ length: 20 }, (_, i) => `Sentence ${i} says Node.js 20.1 is fine.`).join(' ');
    const s = summarize(sentences)!;
    expect(s.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(sentences.startsWith(s)).toBe(true);
    expect(s).toMatch(/is fine\.$/);
    const one = `${'word '.repeat(100)}end.`;
    const cut = summarize(one)!;
    expect(cut.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(cut).toMatch(/^(word )+word…$/);
  });

  it('falls back to a short paragraph, then to the title line alone; null without words', () => {
    expect(summarize('# Title\n\nBuy milk.\n\n- eggs\n- bread')).toBe('Buy milk.');
    expect(summarize('Buy milk', 'Buy milk')).toBe('Buy milk');
    expect(summarize('# Only a heading\n\n```\ncode only\n```')).toBeNull();
    expect(summarize('  \n\n --- \n')).toBeNull();
  });

  // Issue 27: unclosed emphasis and link openers made each pattern scan to the end of the text (80 KB took 23 s).
  it('summarizes text full of unclosed markdown openers, and skips a document of many lists', () => {
    for (const openers of ['**x ', '[a _b ']) {
      const summary = summarize(`The ferry left at noon with forty people aboard. ${openers.repeat(50_000)}`)!;
      expect(summary).toMatch(/^The ferry left at noon with forty people aboard\. \S/);
      expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    }
    const lists = `${'- **item** one\n- item two\n\n'.repeat(100_000)}The ferry left at noon with forty people aboard the boat.`;
    // Past the scanned part of the content: the first list is the fallback.
    expect(summarize(lists)).toBe('item one - item two');
    expect(summarize(`${'- **item** one\n- item two\n\n'.repeat(10)}The ferry left at noon with forty people aboard the boat.`)).toBe('The ferry left at noon with forty people aboard the boat.');
  });
});
