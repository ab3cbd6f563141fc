import { describe, expect, it } from 'vitest';
import { joinLines, pageText, prominentLine, type TextBox } from '../../../src/extract/pdf/layout.js';
import { meaningfulTitle } from '../../../src/extract/pdf/title.js';

/** A run of text at (x, baseline) in 10 pt type, ~5 pt per character. */
function box(text: string, x: number, base: number, size = 10): TextBox {
  return { text, x0: x, x1: x + text.length * size * 0.5, base, size };
}

const left = ['the first column starts here and', 'runs on for a few lines of prose', 'with enough words on every line', 'until the first column ends now.'];
const right = ['the second column starts here and', 'it also runs for a few lines of', 'ordinary prose with many words', 'until the second column ends.'];

describe('PDF reading order', () => {
  it('reads a two-column page column by column, below a full-width title', () => {
    const boxes = [box('A Title That Spans Both Columns Of The Page', 100, 50, 16)];
    left.forEach((t, i) => boxes.push(box(t, 50, 100 + 12 * i)));
    right.forEach((t, i) => boxes.push(box(t, 250, 100 + 12 * i)));
    const text = pageText(boxes);
    expect(text.indexOf('A Title')).toBe(0);
    expect(text.indexOf('first column ends')).toBeLessThan(text.indexOf('second column starts'));
    // Column 1 ends with a full stop, so column 2 starts a new paragraph.
    expect(text).toContain('the first column ends now.\n\nthe second column starts');
    expect(text).toContain('the first column starts here and runs on for a few lines of prose');
    expect(prominentLine(boxes)).toBe('A Title That Spans Both Columns Of The Page');
  });

  it('keeps columns apart when both have a paragraph break at the same height', () => {
    const boxes: TextBox[] = [];
    [...left, ...left].forEach((t, i) => boxes.push(box(`L${i} ${t}`, 50, 100 + 12 * i + (i >= 4 ? 20 : 0))));
    [...right, ...right].forEach((t, i) => boxes.push(box(`R${i} ${t}`, 250, 100 + 12 * i + (i >= 4 ? 20 : 0))));
    const text = pageText(boxes);
    const order = [...text.matchAll(/\b([LR]\d)\b/g)].map((m) => m[1]);
    expect(order).toEqual(['L0', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'R0', 'R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7']);
  });

  it('reads a table row by row with its cells intact', () => {
    const rows = [
      ['State', 'Permit', 'Handgun', 'Totals'],
      ['Alabama', '18,870', '23,022', '71,137'],
      ['District of Columbia', '8', '54', '64'],
      ['Wyoming', '804,006', '1,205', '9,999'],
    ];
    const boxes = rows.flatMap((r, i) => r.map((c, j) => box(c, 50 + 150 * j, 100 + 12 * i)));
    const lines = pageText(boxes).split('\n');
    expect(lines).toEqual(['State | Permit | Handgun | Totals', 'Alabama | 18,870 | 23,022 | 71,137', 'District of Columbia | 8 | 54 | 64', 'Wyoming | 804,006 | 1,205 | 9,999']);
  });

  it('joins words of separate runs with one space and lines of a paragraph, taking out line-end hyphens', () => {
    const boxes = [box('a long line that ends with', 50, 100), box('an exam-', 188, 100), box('ple of a word.', 50, 112), box('Short.', 50, 124)];
    expect(pageText(boxes)).toBe('a long line that ends with an example of a word.\nShort.');
    expect(joinLines('well-', 'Known')).toBe('well- Known');
    expect(joinLines('soft\u00ad', 'ware')).toBe('software');
  });

  it('continues a sentence from the foot of one column to the top of the next', () => {
    const boxes: TextBox[] = [];
    ['the first column starts here and', 'runs on for a few lines of prose', 'with enough words on every line', 'and breaks off in the mid-'].forEach((t, i) => boxes.push(box(t, 50, 100 + 12 * i)));
    ['dle of a word in the second', 'column that carries on with the', 'rest of the sentence here and', 'stops.'].forEach((t, i) => boxes.push(box(t, 250, 100 + 12 * i)));
    expect(pageText(boxes)).toContain('and breaks off in the middle of a word in the second');
  });

  it('sorts runs into lines by baseline, whatever order the PDF draws them in', () => {
    const boxes = [box('second line', 50, 112), box('first', 50, 100), box('line', 80, 100.5)];
    expect(pageText(boxes)).toBe('first line second line');
  });
});

describe('PDF title', () => {
  it('keeps meaningful titles and drops placeholders and file names', () => {
    expect(meaningfulTitle('  Quarterly Report 2024 ')).toBe('Quarterly Report 2024');
    expect(meaningfulTitle('Microsoft Word - Budget Plan')).toBe('Budget Plan');
    expect(meaningfulTitle('Microsoft Word - draft.docx')).toBeNull();
    expect(meaningfulTitle('Untitled')).toBeNull();
    expect(meaningfulTitle('untitled.pdf')).toBeNull();
    expect(meaningfulTitle('')).toBeNull();
    expect(meaningfulTitle(null)).toBeNull();
  });
});
