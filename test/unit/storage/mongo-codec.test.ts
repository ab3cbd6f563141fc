import { describe, expect, it } from 'vitest';
import type { DocumentPatch } from '../../../src/storage/documents.js';
import { documentFields, escapeKey, fromOpaque, metadataFields, metaField, metaIndexEntry, toOpaque, unescapeKey } from '../../../src/storage/mongo/codec.js';

describe('key escaping for opaque JSON (settings, processing and chunk metadata)', () => {
  const keys = ['plain', 'a.b', '$set', '$', '.', '%', '%2E', '%%', '', 'nul\u0000', 'ü.$%'];

  it('is a bijection whose output has no ".", no "$", no NUL and is never empty', () => {
    const escaped = keys.map(escapeKey);
    expect(new Set(escaped).size).toBe(keys.length);
    for (const [i, e] of escaped.entries()) {
      expect(e).not.toMatch(/[.$\u0000]/);
      expect(e.length).toBeGreaterThan(0);
      expect(unescapeKey(e)).toBe(keys[i]);
    }
  });

  it('round-trips nested values as JSON does', () => {
    const value = { 'a.b': [{ $c: 1, d: undefined }, null, 'x'], '': { '%': -0 }, keep: true };
    const stored = toOpaque(value);
    expect(JSON.stringify(stored)).not.toMatch(/"[^"]*[.$][^"]*":/);
    expect(fromOpaque(stored)).toEqual(JSON.parse(JSON.stringify(value)));
  });
});

describe('metadata index entries (filter semantics of matchesFilter)', () => {
  it('keeps the JavaScript text form, lower-cased text, and a number only for numbers and numeric strings', () => {
    expect(metaIndexEntry('Note')).toEqual({ s: ['Note'], l: ['note'] });
    expect(metaIndexEntry(' 7 ')).toEqual({ s: [' 7 '], l: [' 7 '], n: 7 });
    expect(metaIndexEntry('1e3')).toEqual({ s: ['1e3'], l: ['1e3'], n: 1000 });
    expect(metaIndexEntry('')).toEqual({ s: [''], l: [''] });
    expect(metaIndexEntry('abc')).toEqual({ s: ['abc'], l: ['abc'] });
    expect(metaIndexEntry(0.00001)).toEqual({ s: ['0.00001'], l: ['0.00001'], n: 0.00001 });
    expect(metaIndexEntry(1e21)).toEqual({ s: ['1e+21'], l: ['1e+21'], n: 1e21 });
    expect(metaIndexEntry(true)).toEqual({ s: ['true'], l: ['true'] });
    expect(metaIndexEntry(['Red', 'x'])).toEqual({ s: ['Red', 'x'], l: ['red', 'x'] });
    expect(metaIndexEntry([])).toEqual({ s: [], l: [] });
    expect(metaIndexEntry(null)).toBeNull();
  });

  it('stores metadata as ordered pairs and indexes each key under its hash', () => {
    const { metadata, metaIndex } = metadataFields({ 'a.b': 1, $k: 'v' });
    expect(metadata).toEqual([
      { k: 'a.b', v: 1 },
      { k: '$k', v: 'v' },
    ]);
    expect(metaIndex).toEqual({ [metaField('a.b')]: { s: ['1'], l: ['1'], n: 1 }, [metaField('$k')]: { s: ['v'], l: ['v'] } });
  });
});

describe('document patches', () => {
  it('set known fields only, keep the customId key in step, and never touch id, orgId or createdAt', () => {
    const patch = { title: 'T', customId: 'c1', id: 'x', orgId: 'other', createdAt: 'now', bogus: 1, summary: undefined } as unknown as DocumentPatch;
    expect(documentFields(patch)).toEqual({ title: 'T', customId: 'c1' });
    expect(documentFields({ customId: null })).toEqual({ customId: null });
  });
});
