/**
 * Filter parity: for many wire filters over varied metadata, every store query that takes filters returns exactly
 * the documents for which the reference evaluator `matchesFilter` is true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesFilter, parseFilters } from '../../src/core/filters.js';
import { queryTerms } from '../../src/text/tokenize.js';
import type { Store } from '../../src/storage/store.js';
import type { DocumentRecord, Metadata, MetadataValue } from '../../src/core/types.js';
import type { CleanupStore, MakeStore } from './contract-context.js';
import { addIndexed, axis, docIdsOf, makeDocument, makeOrg, MODEL, prng } from './store-fixtures.js';

const MISSING = Symbol('missing');
type Pool = readonly (MetadataValue | typeof MISSING)[];

/** Candidate values per key: mixed case, numeric strings, booleans as strings, arrays, absent keys. */
const POOLS: Record<string, Pool> = {
  kind: ['note', 'Note', 'NOTE', 'task', 'Task list', 'Ünïcode', 'straße', MISSING],
  priority: [1, 2, 3, 10, -1, 2.5, 0, '3', ' 7 ', '007', '1e3', 'abc', '', MISSING],
  done: [true, false, 'true', 'TRUE', 'yes', MISSING],
  tags: [['red', 'Blue'], [], ['green'], ['red', 'green'], ['RED'], ['blue', 'teal'], MISSING],
  title: ['Hello World', 'hello', 'say hello there', 'HELLO', 'goodbye', MISSING],
  score: [0.5, 0.25, 1.75, 10, '2.50', -0.75, MISSING],
  'dotted.key': ['x', 'y', MISSING],
  Kind: ['note', MISSING, MISSING],
};

function generateMetadata(count: number): Metadata[] {
  const rand = prng(7);
  const out: Metadata[] = [{}];
  for (let i = 1; i < count; i++) {
    const m: Metadata = {};
    for (const [key, pool] of Object.entries(POOLS)) {
      const v = pool[Math.floor(rand() * pool.length)]!;
      if (v !== MISSING) m[key] = v;
    }
    out.push(m);
  }
  return out;
}

const NUMERIC_OPS = ['>', '<', '>=', '<=', '=', '!='] as const;

/** Wire filters, as clients send them (objects, arrays, JSON strings). */
export const PARITY_FILTERS: readonly unknown[] = [
  { key: 'kind', value: 'note' },
  { key: 'kind', value: 'note', ignoreCase: true },
  { key: 'kind', value: 'note', negate: true },
  { key: 'kind', value: 'NOTE', ignoreCase: true, negate: true },
  { key: 'kind', value: 'ÜNÏCODE', ignoreCase: 'true' },
  { key: 'Kind', value: 'note' },
  { key: 'dotted.key', value: 'x' },
  { key: 'done', value: true },
  { key: 'done', value: 'TRUE', ignoreCase: true },
  { key: 'done', value: false, negate: true },
  { key: 'priority', value: 3 },
  { key: 'priority', value: '2.5' },
  { key: 'score', value: '10', type: 'string_equal' },
  { key: 'tags', value: 'red' },
  { key: 'tags', value: 'red', ignoreCase: true },
  { key: 'missing', value: 'x' },
  { key: 'missing', value: 'x', negate: true },
  { key: 'title', value: 'hello', filterType: 'string_contains' },
  { key: 'title', value: 'HELLO', filterType: 'string_contains', ignoreCase: true },
  { key: 'title', value: 'hello', filterType: 'string_contains', negate: true },
  { key: 'kind', value: 'as', type: 'string_contains' },
  { key: 'tags', value: 're', filterType: 'string_contains' },
  { key: 'priority', value: '0', filterType: 'string_contains' },
  { key: 'done', value: 'ru', filterType: 'string_contains' },
  { key: 'title', value: '', filterType: 'string_contains' },
  { key: 'tags', value: 'red', filterType: 'array_contains' },
  { key: 'tags', value: 'RED', filterType: 'array_contains', ignoreCase: true },
  { key: 'tags', value: 'green', filterType: 'array_contains', negate: true },
  { key: 'kind', value: 'task', filterType: 'array_contains' },
  ...NUMERIC_OPS.map((numericOperator) => ({ key: 'priority', value: 2, filterType: 'numeric', numericOperator })),
  ...NUMERIC_OPS.map((numericOperator) => ({ key: 'score', value: '0.5', filterType: 'numeric', numericOperator, negate: true })),
  { key: 'priority', value: '3', filterType: 'numeric' },
  { key: 'priority', value: 3, numericOperator: '==' },
  { key: 'priority', value: 1000, filterType: 'numeric', numericOperator: '=' },
  { key: 'priority', value: 7, filterType: 'numeric', numericOperator: '=' },
  { key: 'score', value: '-0.5', filterType: 'numeric', numericOperator: '<' },
  { key: 'done', value: 0, filterType: 'numeric', numericOperator: '>=' },
  { key: 'title', value: 0, filterType: 'numeric', numericOperator: '!=' },
  {
    AND: [
      { key: 'kind', value: 'note', ignoreCase: true },
      { key: 'priority', value: 2, filterType: 'numeric', numericOperator: '>=' },
    ],
  },
  {
    OR: [
      { key: 'kind', value: 'task' },
      { key: 'tags', value: 'red', filterType: 'array_contains' },
    ],
  },
  {
    AND: [
      {
        OR: [
          { key: 'done', value: true },
          { key: 'score', value: 1, filterType: 'numeric', numericOperator: '>' },
        ],
      },
      { key: 'title', value: 'hello', filterType: 'string_contains', ignoreCase: true, negate: true },
    ],
  },
  {
    OR: [
      {
        AND: [
          { key: 'kind', value: 'note' },
          { key: 'done', value: false },
        ],
      },
      {
        AND: [
          { key: 'tags', value: 'blue', ignoreCase: true },
          { key: 'priority', value: 0, filterType: 'numeric', numericOperator: '<=' },
        ],
      },
    ],
  },
  [
    { key: 'kind', value: 'Note', negate: true },
    { key: 'missing', value: 'x', negate: true },
    { key: 'score', value: 0, filterType: 'numeric', numericOperator: '>' },
  ],
  JSON.stringify({
    OR: [
      { key: 'dotted.key', value: 'y' },
      { key: 'Kind', value: 'note' },
    ],
  }),
];

const label = (wire: unknown) => (typeof wire === 'string' ? `string ${wire}` : JSON.stringify(wire));
const expectedIds = (docs: readonly DocumentRecord[], wire: unknown) => {
  const node = parseFilters(wire);
  return docs
    .filter((d) => matchesFilter(node, d.metadata))
    .map((d) => d.id)
    .sort();
};

export function filterParityContract(makeStore: MakeStore, cleanup?: CleanupStore): void {
  describe('filter parity with matchesFilter', () => {
    let store: Store;
    const org = makeOrg('filters');
    const docs: DocumentRecord[] = [];
    const terms = queryTerms('parity sample');

    beforeAll(async () => {
      store = await makeStore();
      await store.accounts.upsertOrganization(org);
      for (const metadata of generateMetadata(48)) {
        const { doc } = await addIndexed(store, org.id, [{ text: 'parity sample text', vector: axis(0) }], { metadata });
        docs.push(doc);
      }
    });
    afterAll(async () => {
      if (cleanup) await cleanup(store);
      await store.close();
    });

    it('the filters are selective on the generated documents', () => {
      const selective = PARITY_FILTERS.filter((wire) => {
        const n = expectedIds(docs, wire).length;
        return n > 0 && n < docs.length;
      });
      expect(selective.length).toBeGreaterThanOrEqual(Math.ceil(PARITY_FILTERS.length * 0.8));
    });

    it.each(PARITY_FILTERS.map((wire) => [label(wire), wire] as const))('%s', async (_name, wire) => {
      const expected = expectedIds(docs, wire);
      const filters = parseFilters(wire)!;
      const listed = await store.documents.listDocuments(org.id, { filters, limit: 1000, offset: 0, sort: 'createdAt', order: 'asc' });
      expect(listed.documents.map((d) => d.id).sort(), 'listDocuments').toEqual(expected);
      expect(listed.total, 'listDocuments total').toBe(expected.length);
      const vector = await store.chunks.vectorSearch(org.id, { filters, vector: axis(0), model: MODEL, limit: 1000 });
      expect(docIdsOf(vector), 'vectorSearch').toEqual(expected);
      const keyword = await store.chunks.keywordSearch(org.id, { filters, terms, limit: 1000 });
      expect(docIdsOf(keyword), 'keywordSearch').toEqual(expected);
    });

    it('compares numbers in their JavaScript text form (0.00001, 1e21)', async () => {
      const numbers = makeOrg('numbers');
      await store.accounts.upsertOrganization(numbers);
      const values = [0.00001, 0.000001, 1e21, 1.5e-7, 123.25, 0.1 + 0.2];
      const own: DocumentRecord[] = [];
      for (const v of values) {
        const doc = makeDocument(numbers.id, { metadata: { v } });
        await store.documents.insertDocument(doc);
        own.push(doc);
      }
      const wires = [
        { key: 'v', value: '0.00001' },
        { key: 'v', value: 0.000001 },
        { key: 'v', value: 1e21 },
        { key: 'v', value: '0.30000000000000004' },
        { key: 'v', value: '00001', filterType: 'string_contains' },
        { key: 'v', value: 'e', filterType: 'string_contains' },
      ];
      for (const wire of wires) {
        const listed = await store.documents.listDocuments(numbers.id, { filters: parseFilters(wire)!, limit: 100, offset: 0 });
        expect(listed.documents.map((d) => d.id).sort(), label(wire)).toEqual(expectedIds(own, wire));
      }
    });
  });
}
