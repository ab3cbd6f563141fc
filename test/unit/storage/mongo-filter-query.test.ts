import { describe, expect, it } from 'vitest';
import { parseFilters, type FilterNode } from '../../../src/core/filters.js';
import { metaField } from '../../../src/storage/mongo/codec.js';
import { compileFilter, documentScopeQuery, escapeRegex, filepathQuery } from '../../../src/storage/mongo/filter-query.js';

const field = (key: string, sub: 's' | 'l' | 'n') => `metaIndex.${metaField(key)}.${sub}`;

describe('compileFilter', () => {
  it('compiles clauses to $eq, escaped $regex and numeric comparisons on hashed fields', () => {
    expect(compileFilter(parseFilters({ key: 'kind', value: 'note' })!)).toEqual({ [field('kind', 's')]: { $eq: 'note' } });
    expect(compileFilter(parseFilters({ key: 'kind', value: 'NoTe', ignoreCase: true })!)).toEqual({ [field('kind', 'l')]: { $eq: 'note' } });
    expect(compileFilter(parseFilters({ key: 't', value: 'a.b', filterType: 'string_contains' })!)).toEqual({ [field('t', 's')]: { $regex: 'a\\.b' } });
    expect(compileFilter(parseFilters({ key: 'tags', value: 'red', filterType: 'array_contains' })!)).toEqual({ [field('tags', 's')]: { $eq: 'red' } });
    expect(compileFilter(parseFilters({ key: 'n', value: 2, filterType: 'numeric', numericOperator: '>=' })!)).toEqual({ [field('n', 'n')]: { $gte: 2 } });
    expect(compileFilter(parseFilters({ key: 'n', value: 2, filterType: 'numeric', numericOperator: '!=' })!)).toEqual({
      [field('n', 'n')]: { $exists: true, $ne: 2 },
    });
    // Negated numeric clauses are flipped by the parser, not wrapped.
    expect(compileFilter(parseFilters({ key: 'n', value: 2, filterType: 'numeric', numericOperator: '<', negate: true })!)).toEqual({
      [field('n', 'n')]: { $gte: 2 },
    });
  });

  it('wraps negated clauses in $nor (so documents without the key match) and nests AND / OR', () => {
    const node = parseFilters({
      OR: [
        { key: 'a', value: 'x', negate: true },
        {
          AND: [
            { key: 'b', value: 'y' },
            { key: 'c', value: 'z' },
          ],
        },
      ],
    })!;
    expect(compileFilter(node)).toEqual({
      $or: [{ $nor: [{ [field('a', 's')]: { $eq: 'x' } }] }, { $and: [{ [field('b', 's')]: { $eq: 'y' } }, { [field('c', 's')]: { $eq: 'z' } }] }],
    });
  });

  it('never puts a client key into a path: keys are hashed to m + 32 hex digits', () => {
    for (const key of ['$where', 'a.b', '$gt.$ne', '__proto__', '', 'x'.repeat(256)]) {
      const [path] = Object.keys(compileFilter({ kind: 'clause', key, value: 'v', match: 'equals', negate: false, ignoreCase: false }));
      expect(path).toMatch(/^metaIndex\.m[0-9a-f]{32}\.s$/);
    }
  });

  it('rejects forged clauses whose values are not plain strings or finite numbers', () => {
    const forged = [
      { kind: 'clause', key: 'k', value: { $gt: '' }, match: 'equals', negate: false, ignoreCase: false },
      { kind: 'clause', key: 'k', value: ['x'], match: 'contains', negate: false, ignoreCase: false },
      { kind: 'clause', key: { $where: '1' }, value: 'x', match: 'equals', negate: false, ignoreCase: false },
      { kind: 'clause', key: 'k', value: '1', match: 'numeric', numericValue: '1', negate: false, ignoreCase: false },
      { kind: 'clause', key: 'k', value: '1', match: 'numeric', numericValue: Number.NaN, negate: false, ignoreCase: false },
    ] as unknown as FilterNode[];
    for (const node of forged) expect(() => compileFilter(node)).toThrow(expect.objectContaining({ code: 'INVALID_FILTER' }));
  });
});

describe('escapeRegex', () => {
  const samples = ['a.b', '.*', '^$', '(x|y)', '[a-z]{2,}', 'a+b?c*', 'back\\slash', '/path/', 'nul\u0000tab\there\nline', 'ünïcödé 📁', ''];

  it('matches the text literally and nothing else', () => {
    for (const s of samples) {
      const re = new RegExp(`^${escapeRegex(s)}$`, 'u');
      expect(re.test(s), s).toBe(true);
    }
    expect(new RegExp(escapeRegex('a.b')).test('axb')).toBe(false);
    expect(new RegExp(escapeRegex('.*')).test('anything')).toBe(false);
    expect(escapeRegex('nul\u0000')).toBe('nul\\x00');
  });

  it('anchors filepath prefixes and compares other filepaths exactly', () => {
    expect(filepathQuery('/a.b/')).toEqual({ $regex: '^/a\\.b/' });
    expect(filepathQuery('/a.b')).toEqual({ $eq: '/a.b' });
    expect(documentScopeQuery({})).toBeNull();
    expect(documentScopeQuery({ documentId: 'd', filepath: '/x/' })).toEqual([{ _id: { $eq: 'd' } }, { filepath: { $regex: '^/x/' } }]);
  });
});
