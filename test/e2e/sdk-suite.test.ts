import Supermemory, { toFile } from 'supermemory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientServer, type ClientServer } from '../helpers/client-server.js';
import { block, startFakeNotion, type FakeNotion } from '../helpers/fake-notion.js';

/**
 * The official client's generated API suite (supermemory sdk-ts 4.25.1, tests/api-resources/*.test.ts: 45 calls,
 * run there against a mock server with placeholder ids) made with the installed client against a real Mnemo,
 * with real ids: the documents, memories and connections each call names are created first. Every call succeeds,
 * except those Mnemo refuses on purpose (README, "Calls Mnemo refuses on purpose"), which answer their documented
 * 4xx. Placeholders that stand for an id or a date get a real one; every other parameter is the generated one.
 */

/** What a call must do: succeed, be refused with this status and code, or (path-override calls) hit an unknown path. */
type Outcome = { ok: true } | { status: number; code: string } | { notFound: true };
const OK: Outcome = { ok: true };

const TAGS = ['user_123', 'project_123'];

describe("the official client's generated API suite, against Mnemo with real ids", () => {
  let server: ClientServer;
  let client: Supermemory;
  let notion: FakeNotion;
  /** Real ids the calls use in place of the generated placeholders. */
  const ids = { doc: '', docToDelete: '', memory: '', memoryText: '', pending: '', connection: '', connectionToDelete: '' };

  const notionConnection = async (containerTags: string[]) => (await client.connections.create('notion', { containerTags, metadata: { token: notion.token } })).id;

  beforeAll(async () => {
    notion = await startFakeNotion();
    notion.pages.set('p-ml', { id: 'p-ml', title: 'Machine learning notes', lastEdited: '2026-11-01T10:00:00.000Z', blocks: [block('b1', 'paragraph', 'Gradient descent minimises the loss.')] });
    server = await startClientServer({
      NOTION_API_URL: notion.url,
      NOTION_CLIENT_ID: notion.oauth.clientId,
      NOTION_CLIENT_SECRET: notion.oauth.clientSecret,
      MNEMO_SECRET_KEY: 'a test secret of at least thirty-two characters',
    });
    client = server.client;

    ids.doc = (await client.add({ content: 'This is a detailed article about machine learning concepts: supervised learning, gradient descent.', containerTag: 'user_123' })).id;
    ids.docToDelete = (await client.add({ content: 'A document the suite deletes.', containerTag: 'user_123' })).id;
    const written = (await client.post('/v4/memories', { body: { containerTag: 'user_123', memories: [{ content: 'John prefers dark mode' }] } })) as { memories: { id: string; memory: string }[] };
    ids.memory = written.memories[0]!.id;
    ids.memoryText = written.memories[0]!.memory;
    ids.connection = await notionConnection(TAGS);
    ids.connectionToDelete = await notionConnection(['suite-delete']);
    await server.idle();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await notion?.stop();
  });

  /** search.documents and search.execute (both POST /v3/search) are generated with the same parameters. */
  const v3SearchParams = (): Supermemory.Search.SearchDocumentsParams => ({
    q: 'machine learning concepts',
    categoriesFilter: ['string'],
    chunkThreshold: 0.5,
    containerTag: 'user_123',
    containerTags: ['user_123'],
    docId: ids.doc,
    documentThreshold: 0,
    filepath: '/docs/',
    filters: { OR: [{ key: 'key', value: 'value', filterType: 'metadata', ignoreCase: 'true', negate: 'true', numericOperator: '>' }] },
    includeFullDocs: false,
    includeSummary: true,
    limit: 10,
    onlyMatchingChunks: true,
    rerank: false,
    rewriteQuery: false,
  });

  /** The 45 generated calls, in the order the suite makes them (reads before the deletes that would remove their ids). */
  const calls: [string, () => Promise<unknown>, Outcome][] = [
    // resource connections
    [
      'connections.create',
      async () => {
        const created = await client.connections.create('notion', {});
        ids.pending = created.id;
        expect(created.authLink).toMatch(/^http/);
        return created;
      },
      OK,
    ],
    ['connections.list', () => client.connections.list({}), OK],
    ['connections.configure: only required params', () => client.connections.configure(ids.connection, { resources: [{ foo: 'bar' }] }), { status: 400, code: 'CONNECTOR_CONFIG_INVALID' }],
    ['connections.configure: required and optional params', () => client.connections.configure(ids.connection, { resources: [{ foo: 'bar' }] }), { status: 400, code: 'CONNECTOR_CONFIG_INVALID' }],
    ['connections.getByID', () => client.connections.getByID(ids.connection), OK],
    ['connections.getByTag: only required params', () => client.connections.getByTag('notion', { containerTags: TAGS }), OK],
    ['connections.getByTag: required and optional params', () => client.connections.getByTag('notion', { containerTags: TAGS }), OK],
    ['connections.import', () => client.connections.import('notion', {}), OK],
    ['connections.listDocuments', () => client.connections.listDocuments('notion', {}), OK],
    ['connections.resources', () => client.connections.resources(ids.connection), OK],
    [
      'connections.resources: request options and params are passed correctly',
      () => client.connections.resources(ids.connection, { page: 0, parent_id: 'parent_id', per_page: 0 }, { path: '/_stainless_unknown_path' }),
      { notFound: true },
    ],
    ['connections.deleteByID', () => client.connections.deleteByID(ids.connectionToDelete), OK],
    [
      'connections.deleteByID: request options and params are passed correctly',
      () => client.connections.deleteByID(ids.connection, { deleteDocuments: 'deleteDocuments' }, { path: '/_stainless_unknown_path' }),
      { notFound: true },
    ],
    ['connections.deleteByProvider: only required params', () => client.connections.deleteByProvider('notion', { containerTags: TAGS }), OK],
    [
      'connections.deleteByProvider: required and optional params',
      async () => {
        await notionConnection(TAGS);
        return client.connections.deleteByProvider('notion', { containerTags: TAGS });
      },
      OK,
    ],

    // resource documents
    ['documents.update', () => client.documents.update(ids.doc, {}), OK],
    ['documents.list', () => client.documents.list({}), OK],
    ['documents.add: only required params', () => client.documents.add({ content: 'content' }), OK],
    [
      'documents.add: required and optional params',
      () =>
        client.documents.add({
          content: 'content',
          containerTag: 'containerTag',
          containerTags: ['string'],
          customId: 'customId',
          entityContext: 'entityContext',
          filepath: 'filepath',
          metadata: { foo: 'string' },
          taskType: 'memory',
        }),
      OK,
    ],
    ['documents.batchAdd: only required params', () => client.documents.batchAdd({ documents: [{ content: 'This is a detailed article about machine learning concepts...' }] }), OK],
    [
      'documents.batchAdd: required and optional params',
      () =>
        client.documents.batchAdd({
          documents: [
            {
              content: 'This is a detailed article about machine learning concepts...',
              containerTag: 'user_123',
              containerTags: ['user_123', 'project_123'],
              customId: 'mem_abc123',
              filepath: '/documents/reports/file.pdf',
              metadata: { category: 'technology', isPublic: true, readingTime: 5, source: 'web', tag_1: 'ai', tag_2: 'machine-learning' },
              taskType: 'memory',
            },
          ],
          containerTag: 'user_123',
          containerTags: ['user_123', 'project_123'],
          content: null,
          filepath: '/documents/reports/file.pdf',
          metadata: { category: 'technology', isPublic: true, readingTime: 5, source: 'web', tag_1: 'ai', tag_2: 'machine-learning' },
          taskType: 'memory',
        }),
      OK,
    ],
    ['documents.deleteBulk', () => client.documents.deleteBulk({}), { status: 400, code: 'VALIDATION_FAILED' }],
    ['documents.get', () => client.documents.get(ids.doc), OK],
    ['documents.listProcessing', () => client.documents.listProcessing(), OK],
    ['documents.uploadFile: only required params', async () => client.documents.uploadFile({ file: await toFile(Buffer.from('Example data'), 'README.md') }), OK],
    [
      'documents.uploadFile: required and optional params',
      async () =>
        client.documents.uploadFile({
          file: await toFile(Buffer.from('Example data'), 'README.md'),
          containerTag: 'user',
          containerTags: '["user_123", "project_123"]',
          filepath: '/documents/reports/file.pdf',
          fileType: 'image',
          metadata: '{"category": "technology", "isPublic": true, "readingTime": 5}',
          mimeType: 'mimeType',
          taskType: 'memory',
          useAdvancedProcessing: 'true',
        }),
      OK,
    ],
    ['documents.delete', () => client.documents.delete(ids.docToDelete), OK],

    // resource memories
    ['memories.forget: only required params', () => client.memories.forget({ containerTag: 'user_123' }), { status: 400, code: 'VALIDATION_FAILED' }],
    ['memories.updateMemory: only required params', () => client.memories.updateMemory({ containerTag: 'user_123', newContent: 'John now prefers light mode' }), { status: 400, code: 'VALIDATION_FAILED' }],
    [
      'memories.updateMemory: required and optional params',
      async () => {
        const updated = await client.memories.updateMemory({
          containerTag: 'user_123',
          newContent: 'John now prefers light mode',
          id: ids.memory,
          content: ids.memoryText,
          forgetAfter: '2026-06-01T00:00:00Z',
          forgetReason: 'temporary project deadline',
          metadata: { foo: 'string' },
          temporalContext: { documentDate: '2026-05-01T00:00:00Z', eventDate: ['2026-05-20T00:00:00Z'] },
        });
        ids.memory = updated.id;
        ids.memoryText = 'John now prefers light mode';
        return updated;
      },
      OK,
    ],
    ['memories.forget: required and optional params', () => client.memories.forget({ containerTag: 'user_123', id: ids.memory, content: ids.memoryText, reason: 'outdated information' }), OK],

    // resource search (filters as generated: a metadata condition carrying a numericOperator with a text value)
    ['search: only required params', () => client.search({ q: 'machine learning concepts' }), OK],
    [
      'search: required and optional params',
      () =>
        client.search({
          q: 'machine learning concepts',
          containerTag: 'user_123',
          filters: { OR: [{ key: 'key', value: 'value', filterType: 'metadata', ignoreCase: true, negate: true, numericOperator: '>' }] },
          include: { chunks: false, documents: true, forgottenMemories: false, relatedMemories: true, summaries: true },
          limit: 10,
          rerank: false,
          rewriteQuery: false,
          searchMode: 'memories',
          threshold: 0.5,
        }),
      OK,
    ],
    ['search.documents: only required params', () => client.search.documents({ q: 'machine learning concepts' }), OK],
    ['search.documents: required and optional params', () => client.search.documents(v3SearchParams()), OK],
    ['search.execute: only required params', () => client.search.execute({ q: 'machine learning concepts' }), OK],
    ['search.execute: required and optional params', () => client.search.execute(v3SearchParams()), OK],
    ['search.memories: only required params', () => client.search.memories({ q: 'machine learning concepts' }), OK],
    [
      'search.memories: required and optional params',
      () =>
        client.search.memories({
          q: 'machine learning concepts',
          aggregate: false,
          containerTag: 'user_123',
          filepath: '/docs/',
          filters: { OR: [{ key: 'key', value: 'value', filterType: 'metadata', ignoreCase: 'true', negate: 'true', numericOperator: '>' }] },
          include: { chunks: false, documents: true, forgottenMemories: false, relatedMemories: true, summaries: true },
          limit: 10,
          rerank: false,
          rewriteQuery: false,
          searchMode: 'memories',
          threshold: 0.5,
        }),
      OK,
    ],

    // resource settings
    ['settings.update', () => client.settings.update({}), OK],
    ['settings.get', () => client.settings.get(), OK],

    // top level methods
    ['add: only required params', () => client.add({ content: 'content' }), OK],
    [
      'add: required and optional params',
      () =>
        client.add({
          content: 'content',
          containerTag: 'containerTag',
          containerTags: ['string'],
          customId: 'customId',
          entityContext: 'entityContext',
          filepath: 'filepath',
          metadata: { foo: 'string' },
          taskType: 'memory',
        }),
      OK,
    ],
    ['profile: only required params', () => client.profile({ containerTag: 'containerTag' }), OK],
    [
      'profile: required and optional params',
      () =>
        client.profile({
          containerTag: 'containerTag',
          filters: { OR: [{ key: 'key', value: 'value', filterType: 'metadata', ignoreCase: 'true', negate: 'true', numericOperator: '>' }] },
          q: 'q',
          threshold: 0,
        }),
      OK,
    ],
  ];

  it('makes every one of the 45 generated calls', () => {
    expect(calls).toHaveLength(45);
    expect(new Set(calls.map(([name]) => name)).size).toBe(45);
  });

  for (const [name, call, outcome] of calls) {
    it(name, async () => {
      if ('ok' in outcome) {
        const result = await call();
        expect(result).toBeDefined();
        return;
      }
      if ('notFound' in outcome) {
        await expect(call()).rejects.toThrow(Supermemory.NotFoundError);
        return;
      }
      const err = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, `${name} should be refused`).toBeInstanceOf(Supermemory.APIError);
      expect(err).toMatchObject({ status: outcome.status, error: expect.objectContaining({ code: outcome.code }) });
    });
  }
});
