import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { EmbeddedSyncRunner } from '../../src/services/connection-scheduler.js';
import { loadConfig } from '../../src/core/config.js';
import { silentLogger } from '../../src/core/logger.js';
import { staticEmbedderHandle } from '../../src/providers/create-embedder.js';
import { createHashEmbedder } from '../../src/providers/hash-embedder.js';
import { createRuntime } from '../../src/runtime.js';
import { DEFAULT_ORG_ID } from '../../src/services/auth.js';
import { documentFileKey } from '../../src/storage/blobs.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { createHash, randomBytes } from 'node:crypto';

const KEY = 'docs-root-key-0123456789abcdef';

/** One answer: the route as "METHOD /path" (OpenAPI path syntax), its status, content type and body. */
export interface RouteSample {
  method: string;
  path: string;
  status: number;
  type: string;
  body: unknown;
}

const NOTE = {
  containerTag: 'user-42',
  title: 'Career notes',
  filepath: '/notes/career.md',
  metadata: { source: 'chat', year: 2024 },
  entityContext: 'Notes about Caroline',
  forgetAfter: '2030-01-01T00:00:00.000Z',
};

/**
 * Drives an in-memory instance (SQLite :memory:, hash embedder) through every declared route with valid requests
 * (and a few invalid ones) and keeps each answer. Any unexpected status stops the run.
 */
export async function sampleResponses(): Promise<RouteSample[]> {
  // Loopback allowed by name: the web-crawler samples crawl a two-page site served below.
  const config = loadConfig({ MNEMO_API_KEY: KEY, MNEMO_DATA_DIR: '/nonexistent-docs-data-dir', MNEMO_INGEST_POLL_MS: '20', MNEMO_URL_ALLOWED_HOSTS: '127.0.0.1' });
  const runtime = await createRuntime(config, silentLogger, {
    store: new SqliteStore(':memory:'),
    embedder: staticEmbedderHandle(createHashEmbedder()),
    print: () => undefined,
    // Fixed engines: what /health reports must not depend on what this machine has installed.
    extraction: {
      ocr: { name: 'tesseract.js', recognize: () => Promise.resolve({ text: '', confidence: 0 }) },
      transcriber: { name: 'faster-whisper', model: 'tiny.en', transcribe: () => Promise.reject(new Error('not used')) },
      ffmpeg: { path: '/usr/bin/ffmpeg', version: '5.1', ffprobe: '/usr/bin/ffprobe' },
      unavailable: {},
      close: () => Promise.resolve(),
    },
  });
  const samples: RouteSample[] = [];
  const agent = request(runtime.app.callback());
  const record = (method: string, url: string, docPath: string, expected: number | readonly number[], res: request.Response) => {
    if (!(Array.isArray(expected) ? expected : [expected]).includes(res.status)) {
      throw new Error(`${method.toUpperCase()} ${url} answered ${res.status}, expected ${String(expected)}: ${JSON.stringify(res.body)}`);
    }
    const type = String(res.headers['content-type'] ?? '').split(';')[0]!;
    samples.push({ method: method.toUpperCase(), path: docPath, status: res.status, type, body: type === 'application/json' ? res.body : res.text });
    return res;
  };
  const call = async (method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string, docPath: string, expected: number, body?: object) => {
    const req = agent[method](url).set('authorization', `Bearer ${KEY}`);
    const res = body === undefined ? await req : await req.send(body);
    return record(method, url, docPath, expected, res).body as Record<string, unknown>;
  };
  const drain = () => runtime.embeddedRunner!.drain(30_000);
  try {
    const content = 'Caroline wants to become a counselor. She has been volunteering at a crisis line on weekends.';
    const { id } = (await call('post', '/v3/documents', '/v3/documents', 200, { ...NOTE, content, customId: 'note-1' })) as { id: string };
    await call('post', '/v3/documents', '/v3/documents', 400, { containerTag: 'user-42' });
    await call('post', '/v3/documents/batch', '/v3/documents/batch', 200, {
      containerTag: 'team-7',
      documents: ['Standup moved to 10:00.', { content: 'Release notes draft', customId: 'release-1' }, { content: '' }],
    });
    await call('post', '/v3/documents', '/v3/documents', 200, { content: 'Quarterly planning notes', containerTag: 'team-8' });
    // Uploads are multipart: recorded like `call` does.
    for (const [data, name, expected] of [
      [Buffer.from('# Offsite\n\nThe team offsite is in Lisbon in May.'), 'offsite.md', 200],
      [Buffer.from([0x00, 0x13, 0x37, 0x00, 0xfe, 0x01, 0x02, 0x03]), 'blob.bin', 415],
    ] as const) {
      const res = await agent.post('/v3/documents/file').set('authorization', `Bearer ${KEY}`).field('containerTag', 'team-8').attach('file', data, name);
      record('post', '/v3/documents/file', '/v3/documents/file', expected, res);
    }
    // Runner not started yet: everything is still queued.
    await call('get', '/v3/documents/processing', '/v3/documents/processing', 200);
    await call('get', `/v3/documents/${id}`, '/v3/documents/{id}', 200);
    await runtime.runner.start();
    await drain();
    await call('get', '/v3/documents/note-1', '/v3/documents/{id}', 200);
    await call('patch', `/v3/documents/${id}`, '/v3/documents/{id}', 200, { metadata: { ...NOTE.metadata, reviewed: true } });
    await call('post', '/v3/documents', '/v3/documents', 200, { ...NOTE, content: 'Caroline enjoys painting and hiking.', customId: 'note-2' });
    await drain();
    await call('get', `/v3/documents/${id}/chunks`, '/v3/documents/{id}/chunks', 200);
    await call('get', `/v3/documents/${id}/file-url`, '/v3/documents/{id}/file-url', 404);
    // The original of an upload, stored as the upload route stores it.
    const original = path.join(os.tmpdir(), `mnemo-docs-sample-${process.pid}.pdf`);
    fs.writeFileSync(original, '%PDF-1.4 sample');
    const fileKey = documentFileKey(DEFAULT_ORG_ID, id, 1);
    const blob = await runtime.store.blobs.putFile(fileKey, original, { contentType: 'application/pdf', filename: 'notes.pdf' });
    fs.rmSync(original, { force: true });
    await runtime.store.documents.updateDocument(DEFAULT_ORG_ID, id, { file: { key: fileKey, filename: 'notes.pdf', mimeType: 'application/pdf', size: blob.size, sha256: blob.sha256 } });
    const link = await call('get', `/v3/documents/${id}/file-url`, '/v3/documents/{id}/file-url', 200);
    await call('get', new URL(String(link.url)).pathname, '/v3/files/{token}', 200);
    await call('get', '/v3/files/not-a-valid-token', '/v3/files/{token}', 403);
    await call('post', '/v3/documents/list', '/v3/documents/list', 200, { containerTags: ['user-42'] });
    await call('post', '/v3/documents/list', '/v3/documents/list', 200, { containerTags: ['user-42'], includeContent: true });
    await call('get', '/v3/documents?containerTags=user-42&limit=5', '/v3/documents', 200);
    // The memory graph and tag profile see a tag of their own, whose document yields memories.
    const graphNote = { ...NOTE, containerTag: 'user-7', content: 'Caroline moved to Boston last year. She works as a nurse.', customId: 'chat-7' };
    await call('post', '/v3/documents', '/v3/documents', 200, graphNote);
    await drain();
    await call('post', '/v3/documents/documents', '/v3/documents/documents', 200, { containerTags: ['user-7'], limit: 500 });
    await call('post', '/v3/documents/documents/by-ids', '/v3/documents/documents/by-ids', 200, { ids: ['chat-7'], by: 'customId', containerTags: ['user-7'] });
    await call('get', '/v3/container-tags/user-7/profile', '/v3/container-tags/{tag}/profile', 200);
    const q = 'What job does Caroline want?';
    await call('post', '/v4/search', '/v4/search', 200, { q, containerTag: 'user-42', threshold: 0 });
    // Chunk results as well: in hybrid a memory may stand in for its source chunk, so both shapes are sampled.
    await call('post', '/v4/search', '/v4/search', 200, { q, containerTag: 'user-42', threshold: 0, searchMode: 'documents' });
    await call('post', '/v4/search', '/v4/search', 200, { q, containerTag: 'user-42', threshold: 0, include: { documents: true, summaries: true } });
    await call('post', '/v3/search', '/v3/search', 200, { q, containerTags: ['user-42'] });
    await call('post', '/v3/search', '/v3/search', 200, {
      q,
      containerTags: ['user-42'],
      onlyMatchingChunks: false,
      includeSummary: true,
      includeFullDocs: true,
    });
    await call('post', '/v4/profile', '/v4/profile', 200, { containerTag: 'user-42' });
    await call('post', '/v4/profile', '/v4/profile', 200, { containerTag: 'user-42', q, threshold: 0 });
    await call('post', '/v4/conversations', '/v4/conversations', 200, {
      conversationId: 'chat-7',
      containerTags: ['user-42'],
      messages: [
        { role: 'user', content: 'I just moved to Lisbon.' },
        { role: 'assistant', content: [{ type: 'text', text: 'Congratulations on the move!' }] },
      ],
    });
    await call('patch', '/v3/settings', '/v3/settings', 200, { chunkSize: 256, shouldLLMFilter: false });
    await call('get', '/v3/settings', '/v3/settings', 200);
    await call('get', '/health', '/health', 200);
    await call('patch', '/v3/container-tags/user-42', '/v3/container-tags/{tag}', 200, { name: 'Caroline', entityContext: 'Notes about Caroline' });
    await call('get', '/v3/container-tags/user-42', '/v3/container-tags/{tag}', 200);
    await call('get', '/v3/container-tags/list', '/v3/container-tags/list', 200);
    const key = await call('post', '/v3/auth/scoped-key', '/v3/auth/scoped-key', 200, { containerTag: 'user-42', name: 'app', expiresInDays: 30 });
    const keyId = String(key.id ?? key.keyId);
    await call('get', '/v3/auth/keys', '/v3/auth/keys', 200);
    await call('put', `/v3/auth/keys/${keyId}/toggle`, '/v3/auth/keys/{id}/toggle', 200);
    await call('get', '/v3/session', '/v3/session', 200);
    await call('delete', `/v3/auth/scoped-key/${keyId}`, '/v3/auth/scoped-key/{id}', 200);
    await sampleMemories(call, () => drain());
    await call('get', '/', '/', 200);
    await call('get', '/openapi.json', '/openapi.json', 200);
    record('get', '/v3/memories/list', '/v3/memories/{rest}', 308, await agent.get('/v3/memories/x?containerTag=user-42'));
    record('post', '/v3/memories', '/v3/memories', 308, await agent.post('/v3/memories').send({ content: 'x' }));
    record('get', '/console', '/console', [200, 503], await agent.get('/console'));
    record('get', '/console/', '/console/', [200, 503], await agent.get('/console/'));
    record('get', '/console/assets/none.js', '/console/assets/{file}', 404, await agent.get('/console/assets/none.js'));
    for (const p of ['/v3/connection-setup/aaaaaaaaaa.bbbbbbbbbb', '/v3/connection-setup/aaaaaaaaaa.bbbbbbbbbb/resources']) {
      record('get', p, p.endsWith('resources') ? '/v3/connection-setup/{token}/resources' : '/v3/connection-setup/{token}', 403, await agent.get(p));
    }
    record('post', 'selection', '/v3/connection-setup/{token}/selection', 403, await agent.post('/v3/connection-setup/aaaaaaaaaa.bbbbbbbbbb/selection').send({ resources: [] }));
    await sampleOAuthAndMcp(record, agent);
    await call('post', '/v3/container-tags/merge', '/v3/container-tags/merge', 200, { containerTags: ['team-7', 'team-8'], targetContainerTag: 'team-8' });
    await call('delete', '/v3/documents/bulk', '/v3/documents/bulk', 200, { ids: ['note-2', 'no-such-document'], containerTags: ['user-42'] });
    await call('delete', '/v3/documents/bulk', '/v3/documents/bulk', 200, { containerTags: ['team-8'] });
    await call('delete', `/v3/documents/${id}`, '/v3/documents/{id}', 204);
    await call('get', `/v3/documents/${id}`, '/v3/documents/{id}', 404);
    await call('delete', '/v3/container-tags/user-42', '/v3/container-tags/{tag}', 200);
    await sampleConnections(call, runtime);
  } finally {
    await runtime.close();
  }
  return samples;
}

type Recorder = (method: string, url: string, docPath: string, expected: number | readonly number[], res: request.Response) => request.Response;

/** /v4/memories: write, list (with history), update, forget, forget-matching (dry run and for real). */
async function sampleMemories(call: Call, drain: () => Promise<void>): Promise<void> {
  const written = await call('post', '/v4/memories', '/v4/memories', 200, { containerTag: 'mem-1', memories: [{ content: 'Ana lives in Porto.', isStatic: true }, { content: 'Ana is training for a marathon.' }] });
  await call('post', '/v4/memories', '/v4/memories', 400, { containerTag: 'mem-1', memories: [] });
  const first = (written.memories as { id: string }[])[0]!;
  await call('patch', '/v4/memories', '/v4/memories', 200, { containerTag: 'mem-1', id: first.id, newContent: 'Ana lives in Lisbon.', temporalContext: { documentDate: '2024-05-01' } });
  await drain();
  await call('post', '/v4/memories/list', '/v4/memories/list', 200, { containerTag: 'mem-1', history: true, includeForgotten: true });
  await call('post', '/v4/memories/list', '/v4/memories/list', 200, {});
  await call('post', '/v4/memories/forget-matching', '/v4/memories/forget-matching', 200, { containerTag: 'mem-1', query: 'marathon', threshold: 0, dryRun: true });
  await call('post', '/v4/memories/forget-matching', '/v4/memories/forget-matching', 200, { containerTag: 'mem-1', ids: [first.id], reason: 'moved' });
  await call('delete', '/v4/memories', '/v4/memories', 200, { containerTag: 'mem-1', content: 'Ana is training for a marathon.' });
  // A search and a profile over the tag: memory results with their context.
  await call('post', '/v4/search', '/v4/search', 200, { q: 'Where does Ana live?', containerTag: 'mem-1', threshold: 0, searchMode: 'memories', include: { relatedMemories: true, forgottenMemories: true } });
  await call('post', '/v4/profile', '/v4/profile', 200, { containerTag: 'mem-1', q: 'Ana', threshold: 0 });
}

/** OAuth for MCP clients (metadata, registration, consent, tokens, revocation) and an MCP initialize. */
async function sampleOAuthAndMcp(record: Recorder, agent: ReturnType<typeof request>): Promise<void> {
  for (const p of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-authorization-server']) record('get', p, p, 200, await agent.get(p));
  const redirect = 'http://127.0.0.1:9/cb';
  const reg = record('post', '/oauth/register', '/oauth/register', 201, await agent.post('/oauth/register').send({ client_name: 'Docs', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }));
  record('post', '/oauth/register', '/oauth/register', 400, await agent.post('/oauth/register').send({ redirect_uris: [] }));
  const clientId = String(reg.body.client_id);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const form = { client_id: clientId, redirect_uri: redirect, code_challenge: challenge, code_challenge_method: 'S256', state: 's1' };
  record('get', '/oauth/authorize', '/oauth/authorize', 200, await agent.get('/oauth/authorize').query({ ...form, response_type: 'code' }));
  const consent = record(
    'post',
    '/oauth/authorize',
    '/oauth/authorize',
    302,
    await agent
      .post('/oauth/authorize')
      .type('form')
      .send({ ...form, credential: KEY, tags: 'user-42', permission: 'read', decision: 'approve' }),
  );
  const code = new URL(String(consent.headers.location)).searchParams.get('code')!;
  const token = record(
    'post',
    '/oauth/token',
    '/oauth/token',
    200,
    await agent.post('/oauth/token').type('form').send({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirect, client_id: clientId }),
  );
  record('post', '/oauth/token', '/oauth/token', 400, await agent.post('/oauth/token').type('form').send({ grant_type: 'password', client_id: clientId }));
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'samples', version: '0' } } };
  record(
    'post',
    '/mcp',
    '/mcp',
    200,
    await agent
      .post('/mcp')
      .set({ accept: 'application/json, text/event-stream', authorization: `Bearer ${String(token.body.access_token)}` })
      .send(init),
  );
  record('post', '/mcp', '/mcp', 401, await agent.post('/mcp').send(init));
  record(
    'post',
    '/oauth/revoke',
    '/oauth/revoke',
    200,
    await agent
      .post('/oauth/revoke')
      .type('form')
      .send({ token: String(token.body.access_token), client_id: clientId }),
  );
}

type Call = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string, docPath: string, expected: number, body?: object) => Promise<Record<string, unknown>>;

/** The connection endpoints, on a web-crawler connection to a two-page site on loopback. */
async function sampleConnections(call: Call, runtime: { syncRunner: unknown; embeddedRunner?: { drain(ms: number): Promise<void> } }): Promise<void> {
  const site = http.createServer((req, res) => {
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><title>Docs</title><body><h1>Docs</h1><p>Start here.</p><a href="/guide">Guide</a></body></html>');
    if (req.url === '/guide') return void res.writeHead(200, { 'content-type': 'text/html', etag: '"g1"' }).end('<html><title>Guide</title><body><p>Install, then run.</p></body></html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const syncs = runtime.syncRunner as EmbeddedSyncRunner;
  try {
    const startUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    const { id } = (await call('post', '/v3/connections/web-crawler', '/v3/connections/{idOrProvider}', 200, { containerTags: ['docs-site'], metadata: { startUrl } })) as { id: string };
    await call('post', '/v3/connections/s3', '/v3/connections/{idOrProvider}', 400, { metadata: {} });
    await syncs.idle();
    await runtime.embeddedRunner?.drain(30_000);
    await call('post', '/v3/connections/list', '/v3/connections/list', 200, { containerTags: ['docs-site'] });
    await call('get', `/v3/connections/${id}`, '/v3/connections/{idOrProvider}', 200);
    await call('get', '/v3/connections?endUserId=docs-site', '/v3/connections', 200);
    await call('post', '/v3/connections/web-crawler/connection', '/v3/connections/{provider}/connection', 200, { containerTags: ['docs-site'] });
    await call('post', '/v3/connections/web-crawler/import', '/v3/connections/{provider}/import', 200, { containerTags: ['docs-site'] });
    await syncs.idle();
    await call('post', '/v3/connections/web-crawler/documents', '/v3/connections/{provider}/documents', 200, { containerTags: ['docs-site'] });
    await call('get', `/v3/connections/${id}/resources`, '/v3/connections/{id}/resources', 200);
    await call('post', `/v3/connections/${id}/configure`, '/v3/connections/{id}/configure', 200, { resources: [{ url: `${startUrl}guide`, maxDepth: 1 }] });
    await call('post', `/v3/connections/${id}/configure`, '/v3/connections/{id}/configure', 400, { resources: [{ foo: 'bar' }] });
    await call('get', `/v3/connections/${id}/sync-runs`, '/v3/connections/{id}/sync-runs', 200);
    // A callback without a state this server issued.
    await call('get', '/v3/connections/github/callback?code=x', '/v3/connections/{provider}/callback', 400);
    // An unsigned delivery: no connection's secret signs it.
    await call('post', '/v3/connections/github/webhook', '/v3/connections/{provider}/webhook', 401, { zen: 'Design for failure.' });
    await call('delete', `/v3/connections/${id}?deleteDocuments=true`, '/v3/connections/{idOrProvider}', 200);
  } finally {
    await new Promise((r) => site.close(r));
  }
}
