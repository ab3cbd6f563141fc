import { describe, expect, it } from 'vitest';
import { titleContext } from '../../../src/pipeline/chunk.js';

describe('titleContext', () => {
  it('prefixes a chunk that does not start with the title', () => {
    expect(titleContext('Otter field notes', 'They swim at dawn.')).toBe('Otter field notes');
  });

  it('skips a title the chunk already starts with, also under heading marks', () => {
    expect(titleContext('Otter field notes', 'Otter field notes\nThey swim at dawn.')).toBeNull();
    expect(titleContext('Otter field notes', '# Otter field notes\nThey swim at dawn.')).toBeNull();
  });

  it('skips a first-line title shortened with an ellipsis when the chunk starts with that line', () => {
    const line = 'A very long first line that goes on and on about otters, rivers and the dams that beavers build there';
    const title = `${line.slice(0, 77)}...`;
    expect(titleContext(title, `${line}\nMore text.`)).toBeNull();
    expect(titleContext(title, 'A later chunk of the same document.')).toBe(title);
  });

  it('returns null without a title', () => {
    expect(titleContext(null, 'text')).toBeNull();
    expect(titleContext('', 'text')).toBeNull();
  });
});
