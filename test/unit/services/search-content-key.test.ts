import { describe, expect, it } from 'vitest';
import { contentKey } from '../../../src/services/search.js';

describe('contentKey (de-duplication of hits by text)', () => {
  it('folds case and every run or kind of whitespace to one space, and trims', () => {
    const key = 'the otter den is by the river';
    for (const text of ['The otter den is by the river', '  The  otter\tden\nis by\r\nthe river ', 'THE\u00a0otter \u00a0 den is\u2028by the\n\n\nriver', 'the otter den is by the river\n']) {
      expect(contentKey(text)).toBe(key);
    }
    expect(contentKey('the otter den is by the rivers')).not.toBe(key);
    expect(contentKey('the otterden is by the river')).not.toBe(key);
  });
});
