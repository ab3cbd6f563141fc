import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { compareNumbers, type FilterClause, type FilterNode, matchesFilter, MAX_FILTER_CLAUSES, MAX_FILTER_DEPTH, type NumericOperator, parseFilters } from '../../../src/core/filters.js';
import type { Metadata, MetadataValue } from '../../../src/core/types.js';

const invalidFilter = (fragment?: string) =>
  expect.objectContaining({
    name: 'AppError',
    code: 'INVALID_FILTER',
    status: 400,
    ...(fragment ? { message: expect.stringContaining(fragment) } : {}),
  });

/** Parses a wire filter that must yield a single clause. */
const clause = (wire: unknown): FilterClause => {
  const node = parseFilters(wire);
  if (node?.kind !== 'clause') throw new Error(`expected a clause, got ${JSON.stringify(node)}`);
  return node;
};

/** `depth` nested groups of the given kind around one clause. */
const nested = (depth: number, kind: 'AND' | 'OR' = 'AND'): unknown => {
  let node: unknown = { key: 'k', value: 'v' };
  for (let i = 0; i < depth; i++) node = { [kind]: [node] };
  return node;
};

describe('parseFilters: absent and empty input', () => {
  it.each([undefined, null, '', {}, '{}', { AND: [] }, { OR: [] }, [], { OR: [{}, { AND: [] }] }])('returns undefined for %j', (input) => {
    expect(parseFilters(input)).toBeUndefined();
  });
});

describe('parseFilters: clause forms', () => {
  it('parses a bare key/value clause as a case-sensitive, non-negated equality', () => {
    expect(parseFilters({ key: 'lang', value: 'en' })).toEqual({
      kind: 'clause',
      key: 'lang',
      value: 'en',
      match: 'equals',
      negate: false,
      ignoreCase: false,
    });
  });

  it.each([
    [{ filterType: 'metadata' }, 'equals'],
    [{ filterType: 'string_equal' }, 'equals'],
    [{ filterType: 'string_contains' }, 'contains'],
    [{ filterType: 'array_contains' }, 'array_contains'],
    [{ type: 'string_equal' }, 'equals'],
    [{ type: 'string_contains' }, 'contains'],
    [{ type: 'array_contains' }, 'array_contains'],
    [{ type: 'metadata' }, 'equals'],
  ] as const)('maps %j to match %s', (form, match) => {
    expect(clause({ key: 'k', value: 'v', ...form }).match).toBe(match);
  });

  it('lets filterType win over type when both are given', () => {
    expect(clause({ key: 'k', value: 'v', filterType: 'string_contains', type: 'string_equal' }).match).toBe('contains');
    expect(clause({ key: 'k', value: 'v', filterType: 'string_equal', type: 'string_contains' }).match).toBe('equals');
  });

  it('turns number and boolean values into strings', () => {
    expect(clause({ key: 'k', value: 42 }).value).toBe('42');
    expect(clause({ key: 'k', value: true }).value).toBe('true');
    expect(clause({ key: 'k', value: false }).value).toBe('false');
  });

  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
  ] as const)('accepts negate/ignoreCase = %j as %s', (wire, expected) => {
    const c = clause({ key: 'k', value: 'v', negate: wire, ignoreCase: wire });
    expect(c.negate).toBe(expected);
    expect(c.ignoreCase).toBe(expected);
  });

  it.each(['yes', 'TRUE', 1, 0, 'on'])('rejects negate = %j', (negate) => {
    expect(() => parseFilters({ key: 'k', value: 'v', negate })).toThrow(invalidFilter('negate'));
  });

  it('ignores unknown properties on a clause', () => {
    expect(clause({ key: 'k', value: 'v', comment: 'x' }).value).toBe('v');
  });

  it.each([
    [{ value: 'v' }, 'key'],
    [{ key: '', value: 'v' }, 'key'],
    [{ key: 'x'.repeat(257), value: 'v' }, 'key'],
    [{ key: 'k' }, 'value'],
    [{ key: 'k', value: null }, 'value'],
    [{ key: 'k', value: ['a'] }, 'value'],
    [{ key: 'k', value: 'v', filterType: 'regex' }, 'filterType'],
    [{ key: 'k', value: '1', numericOperator: '~' }, 'numericOperator'],
  ])('rejects the malformed clause %j, naming %s', (wire, field) => {
    expect(() => parseFilters(wire)).toThrow(invalidFilter(field));
  });

  it('reports the path of the offending clause inside a group', () => {
    expect(() => parseFilters({ AND: [{ key: 'a', value: 'x' }, { OR: [{ key: 'b' }] }] })).toThrow(invalidFilter('filters.AND[1].OR[0].value'));
  });

  it('accepts a 256-character key', () => {
    expect(clause({ key: 'x'.repeat(256), value: 'v' }).key).toHaveLength(256);
  });
});

describe('parseFilters: numeric clauses', () => {
  it('parses a numeric clause, with the value sent as a string', () => {
    expect(parseFilters({ key: 'year', value: '2020', filterType: 'numeric', numericOperator: '>=' })).toEqual({
      kind: 'clause',
      key: 'year',
      value: '2020',
      match: 'numeric',
      numericOperator: '>=',
      numericValue: 2020,
      negate: false,
      ignoreCase: false,
    });
  });

  it('parses a numeric clause with the value sent as a number, including decimals and negatives', () => {
    expect(clause({ key: 'p', value: -1.5, filterType: 'numeric', numericOperator: '<' }).numericValue).toBe(-1.5);
    expect(clause({ key: 'p', value: '0.25', filterType: 'numeric' }).numericValue).toBe(0.25);
  });

  it('defaults the operator to = and treats == as =', () => {
    expect(clause({ key: 'n', value: '3', filterType: 'numeric' }).numericOperator).toBe('=');
    expect(clause({ key: 'n', value: '3', filterType: 'numeric', numericOperator: '==' }).numericOperator).toBe('=');
  });

  it('treats a plain clause with a numericOperator as numeric', () => {
    const c = clause({ key: 'n', value: 5, numericOperator: '>' });
    expect(c).toMatchObject({ match: 'numeric', numericOperator: '>', numericValue: 5 });
  });

  it('keeps a string_contains clause textual even when a numericOperator is present', () => {
    expect(clause({ key: 'n', value: '5', filterType: 'string_contains', numericOperator: '>' }).match).toBe('contains');
  });

  it.each(['abc', '', '   ', 'NaN', 'Infinity', '12abc'])('rejects the non-numeric value %j', (value) => {
    expect(() => parseFilters({ key: 'n', value, filterType: 'numeric' })).toThrow(invalidFilter('must be a number'));
  });

  it('keeps a metadata clause whose value is not a number a string match, whatever numericOperator it carries (as the official client sends it)', () => {
    // The SDK's own generated calls send {key, value: "value", filterType: "metadata", numericOperator: ">"}.
    expect(clause({ key: 'key', value: 'value', filterType: 'metadata', numericOperator: '>', ignoreCase: 'true', negate: 'true' })).toEqual({
      kind: 'clause',
      key: 'key',
      value: 'value',
      match: 'equals',
      negate: true,
      ignoreCase: true,
    });
    expect(clause({ key: 'n', value: 'soon', numericOperator: '<' })).toMatchObject({ match: 'equals', negate: false });
    expect(clause({ key: 'n', value: 'soon', numericOperator: '!=' })).toMatchObject({ match: 'equals', negate: true });
    expect(matchesFilter(parseFilters({ key: 'status', value: 'draft', filterType: 'metadata', numericOperator: '>' }), { status: 'draft' })).toBe(true);
    expect(matchesFilter(parseFilters({ key: 'status', value: 'draft', filterType: 'metadata', numericOperator: '!=' }), { status: 'draft' })).toBe(false);
  });

  it('still refuses a numeric filter whose value is not a number', () => {
    expect(() => parseFilters({ key: 'n', value: 'soon', filterType: 'numeric', numericOperator: '<' })).toThrow(invalidFilter('soon'));
  });

  it.each([
    ['<', '>='],
    ['<=', '>'],
    ['>', '<='],
    ['>=', '<'],
    ['=', '!='],
    ['==', '!='],
    ['!=', '='],
  ] as const)('flips %s to %s when negated, and clears negate', (op, flipped) => {
    for (const negate of [true, 'true'] as const) {
      const c = clause({ key: 'n', value: '10', filterType: 'numeric', numericOperator: op, negate });
      expect(c.numericOperator).toBe(flipped);
      expect(c.negate).toBe(false);
    }
  });

  it('does not flip the operator when negate is false', () => {
    expect(clause({ key: 'n', value: '10', filterType: 'numeric', numericOperator: '<', negate: 'false' }).numericOperator).toBe('<');
  });

  it('makes a negated clause select exactly the numbers the plain clause rejects', () => {
    const ops: NumericOperator[] = ['<', '<=', '>', '>=', '=', '!='];
    for (const op of ops) {
      const plain = parseFilters({ key: 'n', value: '10', filterType: 'numeric', numericOperator: op });
      const negated = parseFilters({ key: 'n', value: '10', filterType: 'numeric', numericOperator: op, negate: true });
      for (const n of [9, 9.99, 10, 10.01, 11]) {
        expect(matchesFilter(negated, { n }), `NOT (${n} ${op} 10)`).toBe(!matchesFilter(plain, { n }));
      }
    }
  });
});

describe('parseFilters: groups', () => {
  it('builds AND and OR groups', () => {
    const node = parseFilters({
      AND: [
        { key: 'a', value: '1' },
        {
          OR: [
            { key: 'b', value: '2' },
            { key: 'c', value: '3' },
          ],
        },
      ],
    });
    expect(node).toMatchObject({
      kind: 'and',
      children: [
        { kind: 'clause', key: 'a' },
        {
          kind: 'or',
          children: [
            { kind: 'clause', key: 'b' },
            { kind: 'clause', key: 'c' },
          ],
        },
      ],
    });
  });

  it('treats a bare array as AND', () => {
    expect(
      parseFilters([
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
      ]),
    ).toMatchObject({ kind: 'and' });
  });

  it('collapses a group with a single child into that child', () => {
    expect(parseFilters({ OR: [{ AND: [{ key: 'a', value: '1' }] }] })).toMatchObject({ kind: 'clause', key: 'a' });
  });

  it('drops empty children of a group', () => {
    const node = parseFilters({ OR: [{}, { key: 'a', value: '1' }, { AND: [] }, { key: 'b', value: '2' }] });
    expect(node).toMatchObject({ kind: 'or', children: [{ key: 'a' }, { key: 'b' }] });
  });

  it('rejects an object with both AND and OR', () => {
    expect(() => parseFilters({ AND: [{ key: 'a', value: '1' }], OR: [{ key: 'b', value: '2' }] })).toThrow(invalidFilter('both AND and OR'));
  });

  it.each([{ AND: { key: 'a', value: '1' } }, { OR: 'x' }, { AND: null }])('rejects the non-array group %j', (wire) => {
    expect(() => parseFilters(wire)).toThrow(invalidFilter('must be an array'));
  });

  it.each([42, true, 'null', '"text"', '7', { AND: ['x'] }, { OR: [null] }, { AND: [[1]] }])('rejects the non-object node in %j', (wire) => {
    expect(() => parseFilters(wire)).toThrow(invalidFilter('must be an object'));
  });
});

describe('parseFilters: filters sent as a JSON string', () => {
  it('parses the same tree as the object form', () => {
    const wire = {
      OR: [{ key: 'tag', value: 'A', ignoreCase: 'true' }, { AND: [{ key: 'year', value: '2020', filterType: 'numeric', numericOperator: '>', negate: 'true' }] }],
    };
    expect(parseFilters(JSON.stringify(wire))).toEqual(parseFilters(wire));
    expect(parseFilters(JSON.stringify(wire))).toMatchObject({
      kind: 'or',
      children: [
        { key: 'tag', ignoreCase: true },
        { key: 'year', numericOperator: '<=', numericValue: 2020 },
      ],
    });
  });

  it.each(['{', '{"AND": [}', "{'key': 'a'}", 'not json', '   '])('rejects the malformed string %j', (wire) => {
    expect(() => parseFilters(wire)).toThrow(invalidFilter('not valid JSON'));
  });

  it('throws AppError instances (so the HTTP layer maps them to 400)', () => {
    expect(() => parseFilters('{')).toThrow(AppError);
  });
});

describe('parseFilters: limits', () => {
  it(`accepts ${MAX_FILTER_DEPTH} levels of nesting`, () => {
    expect(parseFilters(nested(MAX_FILTER_DEPTH))).toMatchObject({ kind: 'clause', key: 'k' });
    expect(parseFilters(nested(MAX_FILTER_DEPTH, 'OR'))).toMatchObject({ kind: 'clause', key: 'k' });
  });

  it(`rejects ${MAX_FILTER_DEPTH + 1} levels of nesting`, () => {
    expect(() => parseFilters(nested(MAX_FILTER_DEPTH + 1))).toThrow(invalidFilter('nested deeper'));
    expect(() => parseFilters(JSON.stringify(nested(MAX_FILTER_DEPTH + 1, 'OR')))).toThrow(invalidFilter('nested deeper'));
  });

  it('rejects absurd nesting without overflowing the stack', () => {
    expect(() => parseFilters(nested(10_000))).toThrow(invalidFilter('nested deeper'));
  });

  it(`accepts ${MAX_FILTER_CLAUSES} clauses and rejects ${MAX_FILTER_CLAUSES + 1}`, () => {
    const clauses = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, value: String(i) }));
    const ok = parseFilters({ OR: clauses(MAX_FILTER_CLAUSES) });
    expect(ok?.kind === 'or' && ok.children.length).toBe(MAX_FILTER_CLAUSES);
    expect(() => parseFilters({ OR: clauses(MAX_FILTER_CLAUSES + 1) })).toThrow(invalidFilter(`more than ${MAX_FILTER_CLAUSES}`));
  });

  it('counts clauses across nested groups', () => {
    const half = (offset: number) => Array.from({ length: (MAX_FILTER_CLAUSES + 2) / 2 }, (_, i) => ({ key: `k${offset + i}`, value: 'v' }));
    expect(() => parseFilters({ AND: [{ OR: half(0) }, { OR: half(1000) }] })).toThrow(invalidFilter('more than'));
  });
});

describe('matchesFilter', () => {
  const match = (wire: unknown, metadata: Metadata | null | undefined) => matchesFilter(parseFilters(wire), metadata);

  it('matches everything when there is no filter', () => {
    expect(matchesFilter(undefined, { a: 'x' })).toBe(true);
    expect(matchesFilter(undefined, null)).toBe(true);
  });

  describe('equality', () => {
    it('compares strings exactly unless ignoreCase is set', () => {
      expect(match({ key: 'lang', value: 'en' }, { lang: 'en' })).toBe(true);
      expect(match({ key: 'lang', value: 'en' }, { lang: 'EN' })).toBe(false);
      expect(match({ key: 'lang', value: 'en' }, { lang: 'eng' })).toBe(false);
      expect(match({ key: 'lang', value: 'en', ignoreCase: true }, { lang: 'EN' })).toBe(true);
      expect(match({ key: 'lang', value: 'En', ignoreCase: 'true' }, { lang: 'eN' })).toBe(true);
    });

    it('compares numbers and booleans by their string form', () => {
      expect(match({ key: 'n', value: 5 }, { n: 5 })).toBe(true);
      expect(match({ key: 'n', value: '5' }, { n: 5 })).toBe(true);
      expect(match({ key: 'n', value: '5.0' }, { n: 5 })).toBe(false);
      expect(match({ key: 'b', value: true }, { b: true })).toBe(true);
      expect(match({ key: 'b', value: 'false' }, { b: false })).toBe(true);
      expect(match({ key: 'b', value: 'true' }, { b: false })).toBe(false);
      expect(match({ key: 'b', value: 'TRUE', ignoreCase: true }, { b: true })).toBe(true);
    });

    it('matches an array value when any element is equal', () => {
      expect(match({ key: 'tags', value: 'b' }, { tags: ['a', 'b'] })).toBe(true);
      expect(match({ key: 'tags', value: 'B' }, { tags: ['a', 'b'] })).toBe(false);
      expect(match({ key: 'tags', value: 'B', ignoreCase: true }, { tags: ['a', 'b'] })).toBe(true);
      expect(match({ key: 'tags', value: 'c' }, { tags: ['a', 'b'] })).toBe(false);
      expect(match({ key: 'tags', value: 'a' }, { tags: [] })).toBe(false);
    });
  });

  describe('string_contains', () => {
    it('matches substrings, case-sensitively unless ignoreCase is set', () => {
      const f = { key: 'title', value: 'port', filterType: 'string_contains' };
      expect(match(f, { title: 'quarterly report' })).toBe(true);
      expect(match(f, { title: 'Portugal' })).toBe(false);
      expect(match({ ...f, ignoreCase: true }, { title: 'Portugal' })).toBe(true);
      expect(match(f, { title: 'unrelated' })).toBe(false);
    });

    it('accepts the type: string_contains form', () => {
      expect(match({ key: 'title', value: 'port', type: 'string_contains' }, { title: 'report' })).toBe(true);
    });

    it('matches an array value when any element contains the value', () => {
      const f = { key: 'tags', value: 'ops', filterType: 'string_contains' };
      expect(match(f, { tags: ['devops', 'infra'] })).toBe(true);
      expect(match(f, { tags: ['dev', 'infra'] })).toBe(false);
    });

    it('looks inside the string form of numbers', () => {
      expect(match({ key: 'n', value: '23', filterType: 'string_contains' }, { n: 1234 })).toBe(true);
    });
  });

  describe('array_contains', () => {
    it('matches an element exactly, not a substring', () => {
      const f = { key: 'tags', value: 'ops', filterType: 'array_contains' };
      expect(match(f, { tags: ['ops', 'infra'] })).toBe(true);
      expect(match(f, { tags: ['devops'] })).toBe(false);
      expect(match({ ...f, ignoreCase: true }, { tags: ['OPS'] })).toBe(true);
    });

    it('treats a scalar value as a one-element array', () => {
      expect(match({ key: 'tag', value: 'ops', filterType: 'array_contains' }, { tag: 'ops' })).toBe(true);
      expect(match({ key: 'tag', value: 'ops', filterType: 'array_contains' }, { tag: 'devops' })).toBe(false);
    });
  });

  describe('numeric', () => {
    const num = (op: string, value: string | number) => ({ key: 'n', value, filterType: 'numeric', numericOperator: op });

    it.each([
      ['>', 10, [11], [10, 9]],
      ['>=', 10, [10, 11], [9]],
      ['<', 10, [9], [10, 11]],
      ['<=', 10, [9, 10], [11]],
      ['=', 10, [10], [9, 11]],
      ['!=', 10, [9, 11], [10]],
    ] as const)('n %s %d', (op, bound, yes, no) => {
      for (const n of yes) expect(match(num(op, String(bound)), { n }), `${n} ${op} ${bound}`).toBe(true);
      for (const n of no) expect(match(num(op, String(bound)), { n }), `${n} ${op} ${bound}`).toBe(false);
    });

    it('coerces numeric strings in metadata', () => {
      expect(match(num('>', 2019), { n: '2020' })).toBe(true);
      expect(match(num('>', 2019), { n: ' 2018 ' })).toBe(false);
      expect(match(num('=', '1.5'), { n: '1.50' })).toBe(true);
    });

    it('never matches non-numeric metadata: text, empty strings, booleans, arrays', () => {
      const values: MetadataValue[] = ['abc', '', '  ', true, false, ['5'], []];
      for (const n of values) {
        expect(match(num('!=', 0), { n }), JSON.stringify(n)).toBe(false);
        expect(match(num('>=', -1e9), { n }), JSON.stringify(n)).toBe(false);
      }
    });

    it('compares negative and fractional numbers', () => {
      expect(match(num('<', '-0.5'), { n: -1 })).toBe(true);
      expect(match(num('<', '-0.5'), { n: 0 })).toBe(false);
    });
  });

  describe('missing keys', () => {
    it('fails a positive clause and passes a negated textual clause', () => {
      expect(match({ key: 'lang', value: 'en' }, { other: 'en' })).toBe(false);
      expect(match({ key: 'lang', value: 'en', negate: true }, { other: 'en' })).toBe(true);
      expect(match({ key: 'tags', value: 'a', filterType: 'array_contains', negate: 'true' }, {})).toBe(true);
      expect(match({ key: 'lang', value: 'en' }, null)).toBe(false);
      expect(match({ key: 'lang', value: 'en', negate: true }, undefined)).toBe(true);
    });

    it('fails a numeric clause, negated or not (the negation is folded into the operator)', () => {
      expect(match({ key: 'n', value: '1', filterType: 'numeric', numericOperator: '<' }, {})).toBe(false);
      expect(match({ key: 'n', value: '1', filterType: 'numeric', numericOperator: '<', negate: true }, {})).toBe(false);
    });

    it('does not see inherited properties as metadata keys', () => {
      expect(match({ key: 'constructor', value: 'x', filterType: 'string_contains' }, {})).toBe(false);
      expect(match({ key: 'toString', value: 'function', filterType: 'string_contains' }, {})).toBe(false);
      expect(match({ key: '__proto__', value: '[object Object]' }, {})).toBe(false);
    });
  });

  it('negates textual clauses', () => {
    expect(match({ key: 'lang', value: 'en', negate: true }, { lang: 'en' })).toBe(false);
    expect(match({ key: 'lang', value: 'en', negate: 'true' }, { lang: 'de' })).toBe(true);
    expect(match({ key: 'tags', value: 'x', filterType: 'array_contains', negate: true }, { tags: ['x', 'y'] })).toBe(false);
  });

  it('evaluates nested AND/OR trees', () => {
    const filter = {
      AND: [
        { key: 'type', value: 'note' },
        {
          OR: [
            { key: 'year', value: '2023', filterType: 'numeric', numericOperator: '>=' },
            { key: 'pinned', value: true },
          ],
        },
        { key: 'tags', value: 'draft', filterType: 'array_contains', negate: true },
      ],
    };
    const docs: [Metadata, boolean][] = [
      [{ type: 'note', year: 2024, tags: ['x'] }, true],
      [{ type: 'note', year: 2020, pinned: true, tags: [] }, true],
      [{ type: 'note', year: 2020, pinned: false, tags: [] }, false],
      [{ type: 'note', year: 2024, tags: ['draft'] }, false],
      [{ type: 'page', year: 2024 }, false],
      [{ type: 'note', year: 2024 }, true],
    ];
    const node = parseFilters(filter);
    for (const [metadata, expected] of docs) expect(matchesFilter(node, metadata), JSON.stringify(metadata)).toBe(expected);
  });

  it('evaluates hand-built trees with empty groups as the identity of their operator', () => {
    const and: FilterNode = { kind: 'and', children: [] };
    const or: FilterNode = { kind: 'or', children: [] };
    expect(matchesFilter(and, {})).toBe(true);
    expect(matchesFilter(or, {})).toBe(false);
  });
});

describe('compareNumbers', () => {
  it.each([
    [1, '<', 2, true],
    [2, '<', 2, false],
    [2, '<=', 2, true],
    [3, '<=', 2, false],
    [3, '>', 2, true],
    [2, '>', 2, false],
    [2, '>=', 2, true],
    [1, '>=', 2, false],
    [2, '=', 2, true],
    [2, '=', 3, false],
    [2, '!=', 3, true],
    [2, '!=', 2, false],
  ] as const)('%d %s %d is %s', (a, op, b, expected) => {
    expect(compareNumbers(a, op, b)).toBe(expected);
  });
});
