/**
 * Client input reaches MongoDB only as data: filter values, metadata keys, ids, paths and settings keys that look
 * like operators, paths or regular expressions match literally (or are rejected), on a real MongoDB-wire server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.js';
import { parseFilters, type FilterNode } from '../../src/core/filters.js';
import { MongoStore } from '../../src/storage/mongo/mongo-store.js';
import type { DocumentRecord, Metadata } from '../../src/core/types.js';
import { startFerretDb, type FerretDb } from '../helpers/ferretdb.js';
import { makeDocument, makeOrg } from './store-fixtures.js';

let ferret: FerretDb;
let store: MongoStore;
const org = makeOrg('injection');
const docs: Record<string, DocumentRecord> = {};

const METADATA: Record<string, Metadata> = {
  plain: { kind: 'note', n: 5 },
  dollarKey: { $where: 'x', $gt: '' },
  dottedKey: { 'a.b': 'nested?', a: 'top' },
  operatorText: { kind: '{"$gt": ""}', path: '$regex' },
  regexChars: { kind: 'a.*b', sym: '^(x|y)$ [z] {1} +? \\ /', nul: 'one\u0000two\nthree' },
  proto: JSON.parse('{"__proto__": "p", "constructor": "c"}') as Metadata,
};

beforeAll(async () => {
  ferret = await startFerretDb();
  store = new MongoStore({ uri: ferret.uri, db: 'injection' });
  await store.migrate();
  await store.accounts.upsertOrganization(org);
  for (const [name, metadata] of Object.entries(METADATA)) {
    docs[name] = makeDocument(org.id, { metadata, customId: `c-${name}`, filepath: name === 'regexChars' ? '/a.b/(x)/f.md' : `/${name}.md` });
    await store.documents.insertDocument(docs[name]!);
  }
}, 60_000);
afterAll(async () => {
  await store?.close();
  await ferret?.stop();
});

const listed = async (filters: FilterNode | undefined, filepath?: string) =>
  (await store.documents.listDocuments(org.id, { limit: 100, offset: 0, ...(filters ? { filters } : {}), ...(filepath ? { filepath } : {}) })).documents
    .map((d) => Object.keys(docs).find((k) => docs[k]!.id === d.id))
    .sort();

describe('MongoDB injection attempts', () => {
  it('rejects an operator object as a filter value, at the wire and at the store', async () => {
    expect(() => parseFilters({ key: 'kind', value: { $gt: '' } })).toThrow(AppError);
    expect(() => parseFilters({ key: 'kind', value: { $ne: null }, filterType: 'numeric' })).toThrow(AppError);
    const forged = { kind: 'clause', key: 'kind', value: { $gt: '' }, match: 'equals', negate: false, ignoreCase: false } as unknown as FilterNode;
    await expect(store.documents.listDocuments(org.id, { filters: forged, limit: 10, offset: 0 })).rejects.toMatchObject({ code: 'INVALID_FILTER' });
    const forgedNumber = { kind: 'clause', key: 'n', value: '1', match: 'numeric', numericOperator: '>', numericValue: { $gt: 0 }, negate: false, ignoreCase: false } as unknown as FilterNode;
    await expect(store.chunks.vectorSearch(org.id, { filters: forgedNumber, vector: new Float32Array(8), model: 'm', limit: 5 })).rejects.toMatchObject({ code: 'INVALID_FILTER' });
  });

  it('treats operator-like text as a literal value', async () => {
    expect(await listed(parseFilters({ key: 'kind', value: '{"$gt": ""}' }))).toEqual(['operatorText']);
    expect(await listed(parseFilters({ key: 'path', value: '$regex' }))).toEqual(['operatorText']);
    expect(await listed(parseFilters({ key: 'kind', value: '$gt', filterType: 'string_contains' }))).toEqual(['operatorText']);
  });

  it('treats keys starting with "$" or containing "." as plain keys', async () => {
    expect(await listed(parseFilters({ key: '$where', value: 'x' }))).toEqual(['dollarKey']);
    expect(await listed(parseFilters({ key: '$gt', value: '' }))).toEqual(['dollarKey']);
    expect(await listed(parseFilters({ key: '$where', value: 'x', negate: true }))).toEqual(['dottedKey', 'operatorText', 'plain', 'proto', 'regexChars']);
    expect(await listed(parseFilters({ key: 'a.b', value: 'nested?' }))).toEqual(['dottedKey']);
    expect(await listed(parseFilters({ key: 'a', value: 'nested?' }))).toEqual([]);
    expect(await listed(parseFilters({ key: '__proto__', value: 'p' }))).toEqual(['proto']);
    expect(await store.documents.getDocument(org.id, docs.proto!.id)).toEqual(docs.proto);
    expect(await store.documents.getDocument(org.id, docs.dollarKey!.id)).toEqual(docs.dollarKey);
  });

  it('matches regular-expression characters in contains filters and filepath prefixes literally', async () => {
    const contains = (key: string, value: string) => listed(parseFilters({ key, value, filterType: 'string_contains' }));
    expect(await contains('kind', '.*')).toEqual(['regexChars']);
    expect(await contains('kind', 'a.')).toEqual(['regexChars']);
    expect(await contains('kind', '.')).toEqual(['regexChars']);
    expect(await contains('sym', '^(x|y)$')).toEqual(['regexChars']);
    expect(await contains('sym', '[z] {1} +? \\ /')).toEqual(['regexChars']);
    expect(await contains('sym', 'x|q')).toEqual([]);
    expect(await contains('nul', 'one\u0000two\nthr')).toEqual(['regexChars']);
    expect(await contains('kind', 'a.*B')).toEqual([]);
    expect(await listed(parseFilters({ key: 'kind', value: 'A.*B', filterType: 'string_contains', ignoreCase: true }))).toEqual(['regexChars']);
    expect(await listed(undefined, '/a.b/(x)/')).toEqual(['regexChars']);
    expect(await listed(undefined, '/a.b/')).toEqual(['regexChars']);
    expect(await listed(undefined, '/a.')).toEqual([]);
    expect(await listed(undefined, '/.*/')).toEqual([]);
    expect(await store.documents.findDocumentIdsByTags(org.id, ['default'], '/a?b/')).toEqual([]);
  });

  it('looks ids, customIds and key hashes up literally', async () => {
    for (const probe of ['{"$ne": null}', '$where', '.*', '']) {
      expect(await store.documents.getDocument(org.id, probe)).toBeNull();
      expect(await store.accounts.findApiKeyByHash(probe)).toBeNull();
    }
    expect(await store.documents.findDocumentsByCustomId(org.id, 'c-plain')).toEqual([docs.plain]);
    for (const probe of ['{"$ne": null}', '$where', '.*']) expect(await store.documents.findDocumentsByCustomId(org.id, probe)).toEqual([]);
    expect(await store.documents.getDocumentsByIds(org.id, ['{"$gt": ""}'])).toEqual([]);
    expect(await store.documents.deleteDocuments(org.id, ['{"$gt": ""}', '.*'])).toEqual([]);
  });

  it('keeps settings keys that look like operators or paths as plain keys', async () => {
    const other = makeOrg('settings');
    const patch = { $set: { x: 1 }, 'a.b': { 'c.d': ['$e'] }, '': 'empty', '%24': 'percent', plain: null };
    expect(await store.settings.updateSettings(other.id, patch)).toEqual(patch);
    expect(await store.settings.updateSettings(other.id, { 'a.b': 2 })).toEqual({ ...patch, 'a.b': 2 });
    expect(await store.settings.getSettings(other.id)).toEqual({ ...patch, 'a.b': 2 });
    expect(await store.settings.getSettings(org.id)).toEqual({});
  });
});
