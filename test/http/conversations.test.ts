/**
 * POST /v4/conversations (issue 26, API.md §4.2): a conversation is one document found again by its conversationId;
 * re-sent with turns appended, only the new turns become memories (the earlier ones are context, nothing is
 * retracted) while chunks cover the whole conversation; an edited conversation is processed again as a whole. The
 * official agent tools' Mastra output processor sends it, as an agent would after each turn.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSupermemoryOutputProcessor } from '@supermemory/tools/mastra';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord, MemoryRecord } from '../../src/core/types.js';
import { createOfflineExtractor } from '../../src/memory/offline-extractor.js';
import { DEFAULT_ORG_ID } from '../../src/services/auth.js';
import { auth, createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';

type Turn = { role: 'user' | 'assistant'; text: string };

describe('POST /v4/conversations', () => {
  let rt: TestRuntime;
  let server: http.Server;
  let baseUrl: string;
  const post = (body: object, headers: Record<string, string> = auth) => request(rt.app.callback()).post('/v4/conversations').set(headers).send(body);

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = http.createServer(rt.app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await rt?.close();
  });

  /** What the agent tools send after a turn: the whole conversation so far. */
  async function sendWithTools(conversationId: string, containerTag: string, turns: readonly Turn[]): Promise<void> {
    const processor = createSupermemoryOutputProcessor({ containerTag, apiKey: TEST_KEY, baseUrl, customId: conversationId } as never);
    const messages = turns.map((t) => (t.role === 'user' ? { role: t.role, content: { content: t.text } } : { role: t.role, content: { parts: [{ type: 'text', text: t.text }] } }));
    await processor.processOutputResult({ messages, requestContext: undefined } as never);
    await rt.settle();
  }

  async function conversation(conversationId: string, tag: string): Promise<DocumentRecord> {
    const [doc, ...more] = await rt.store.documents.findDocumentsByCustomId(DEFAULT_ORG_ID, conversationId, [tag]);
    expect(more).toEqual([]);
    expect(doc).toBeDefined();
    return doc!;
  }

  const memoriesOf = async (doc: DocumentRecord): Promise<MemoryRecord[]> => rt.store.memories.memoriesOfDocument(DEFAULT_ORG_ID, doc.id);
  const memoryStep = (doc: DocumentRecord) => doc.processingMetadata!.steps.find((s) => s.name === 'memories')!.metadata as Record<string, unknown>;

  const FIRST: Turn[] = [
    { role: 'user', text: 'I live in Boston with my partner Sam.' },
    { role: 'assistant', text: 'Boston is lovely in the fall!' },
  ];
  const MORE: Turn[] = [
    { role: 'user', text: 'I work as a product designer at Figma.' },
    { role: 'assistant', text: 'That sounds like a great job.' },
  ];

  it('stores the conversation as one document; appended turns alone become memories, earlier ones stay untouched', async () => {
    await sendWithTools('chat-1', 'maya', FIRST);
    const first = await conversation('chat-1', 'maya');
    expect(first.status).toBe('done');
    expect(first.content).toBe('user: I live in Boston with my partner Sam.\nassistant: Boston is lovely in the fall!');
    const before = await memoriesOf(first);
    expect(before.length).toBeGreaterThan(0);

    await sendWithTools('chat-1', 'maya', [...FIRST, ...MORE]);
    const second = await conversation('chat-1', 'maya');
    expect(second.id).toBe(first.id);
    expect(second.status).toBe('done');
    expect(second.content).toContain('user: I work as a product designer at Figma.');
    const step = memoryStep(second);
    expect(step).toMatchObject({ incremental: { previousChars: first.content!.length }, retracted: 0 });

    // The step extracted exactly what the new turns hold, with the earlier turns as context only.
    const fresh = second.content!.slice(first.content!.length + 1);
    const expected = await createOfflineExtractor().extract({
      content: fresh,
      previous: first.content!,
      title: second.title,
      type: second.type,
      documentDate: second.createdAt,
      metadata: second.metadata,
      entityContext: second.entityContext,
    });
    expect(expected.facts.length).toBeGreaterThan(0);
    expect(step.facts).toBe(expected.facts.length);

    // The earlier memories are the same records, unchanged: not retracted, not sourced twice, not re-created.
    const after = await memoriesOf(second);
    for (const m of before) expect(after.find((a) => a.id === m.id)).toEqual(m);
    expect(after.filter((m) => !before.some((b) => b.id === m.id)).some((m) => /boston/i.test(m.memory))).toBe(false);
    expect(after.some((m) => /figma/i.test(m.memory))).toBe(true);

    // Chunks and search cover the whole conversation.
    const found = await request(rt.app.callback()).post('/v4/search').set(auth).send({ q: 'Boston partner Sam', containerTag: 'maya', searchMode: 'documents', threshold: 0 });
    expect(found.body.results.map((r: { documentId: string }) => r.documentId)).toContain(first.id);
  });

  it('re-sending the same conversation changes nothing; an edited one is processed again as a whole', async () => {
    await sendWithTools('chat-2', 'maya-edit', FIRST);
    const original = await conversation('chat-2', 'maya-edit');
    const boston = await memoriesOf(original);
    expect(boston.length).toBeGreaterThan(0);

    const again = await post({ conversationId: 'chat-2', containerTags: ['maya-edit'], messages: FIRST.map((t) => ({ role: t.role, content: t.text })) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: original.id, conversationId: 'chat-2', status: 'done' });

    const edited: Turn[] = [{ role: 'user', text: 'I live in Chicago with my partner Sam.' }, FIRST[1]!, ...MORE];
    await sendWithTools('chat-2', 'maya-edit', edited);
    const doc = await conversation('chat-2', 'maya-edit');
    const step = memoryStep(doc);
    expect(step.incremental).toBeUndefined();
    expect(step.retracted).toBe(boston.length);
    for (const m of boston) expect(await rt.store.memories.getMemory(DEFAULT_ORG_ID, m.id)).toMatchObject({ isForgotten: true, forgetReason: 'retracted' });
    const now = (await memoriesOf(doc)).filter((m) => !m.isForgotten);
    expect(now.some((m) => /chicago/i.test(m.memory))).toBe(true);
    expect(now.some((m) => /boston/i.test(m.memory))).toBe(false);
  });

  it('keeps conversations apart by container tag, names speakers, and leaves system and tool messages out', async () => {
    const res = await post({
      conversationId: 'chat-1',
      containerTags: ['lena'],
      metadata: { app: 'notes' },
      entityContext: 'Lena, a teacher in Lyon',
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        {
          role: 'user',
          name: 'Lena',
          content: [
            { type: 'text', text: 'I teach maths.\nMostly to teenagers.' },
            { type: 'image_url', imageUrl: { url: 'https://example.com/class.png' } },
          ],
        },
        { role: 'assistant', content: '', tool_calls: [{ id: 'call-1', type: 'function', function: { name: 'lookup', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call-1', content: '{"ok":true}' },
        { role: 'assistant', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ conversationId: 'chat-1', status: 'queued' });
    expect(res.body.id).not.toBe((await conversation('chat-1', 'maya')).id);
    await rt.settle();
    const doc = await conversation('chat-1', 'lena');
    expect(doc).toMatchObject({ id: res.body.id, metadata: { app: 'notes' }, entityContext: 'Lena, a teacher in Lyon', containerTags: ['lena'] });
    expect(doc.content).toBe('Lena: I teach maths.\n  Mostly to teenagers.\n  [image: https://example.com/class.png]\nassistant: [image]');
  });

  it("stores each named user turn as its speaker's fact, also a member who speaks once (round 19)", async () => {
    const res = await post({
      conversationId: 'hike',
      containerTags: ['group'],
      messages: [
        { role: 'user', name: 'Elif', content: "I live in Izmir but I'm from Ankara originally" },
        { role: 'user', name: 'Chris', content: 'I just moved to Athens from Thessaloniki!' },
        { role: 'assistant', content: 'Welcome to Athens, Chris!' },
        { role: 'user', name: 'Elif', content: 'we should plan a hike in between' },
      ],
    });
    expect(res.status).toBe(200);
    await rt.settle();
    const facts = (await memoriesOf(await conversation('hike', 'group'))).map((m) => [m.subject, m.memory] as const);
    const athens = facts.filter(([, text]) => /Athens/.test(text));
    expect(athens.length).toBeGreaterThan(0);
    expect(athens.every(([subject]) => subject === 'Chris')).toBe(true);
    expect(facts.some(([subject, text]) => subject === 'Elif' && /Izmir/.test(text))).toBe(true);
  });

  it('answers 400 naming the field for invalid input, and keeps scoped keys to their tag', async () => {
    const ok = { conversationId: 'c', messages: [{ role: 'user', content: 'hi' }] };
    const cases: [object, string][] = [
      [{ messages: ok.messages }, 'body.conversationId'],
      [{ ...ok, conversationId: '' }, 'body.conversationId'],
      [{ ...ok, conversationId: '   ' }, 'body.conversationId'],
      [{ ...ok, conversationId: 'x'.repeat(256) }, 'body.conversationId'],
      [{ ...ok, messages: [] }, 'body.messages'],
      [{ ...ok, messages: 'hello' }, 'body.messages'],
      [{ ...ok, messages: [{ role: 'robot', content: 'hi' }] }, 'body.messages.0.role'],
      [{ ...ok, messages: [{ role: 'user' }] }, 'body.messages.0.content'],
      [{ ...ok, messages: [{ role: 'user', content: [{ type: 'audio', data: 'x' }] }] }, 'body.messages.0.content'],
      [{ ...ok, messages: [{ role: 'user', content: [{ type: 'image_url' }] }] }, 'body.messages.0.content.0.image_url'],
      [{ ...ok, containerTags: ['bad tag!'] }, 'body.containerTags.0'],
      [{ ...ok, metadata: { $where: 1 } }, 'body.metadata'],
      [{ ...ok, messages: [{ role: 'system', content: 'only a system prompt' }] }, 'body.messages'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details.map((d: { path: string }) => d.path).join(' '), JSON.stringify(body)).toContain(field);
    }

    const key = (await request(rt.app.callback()).post('/v3/auth/scoped-key').set(auth).send({ containerTag: 'scoped-user' })).body.key as string;
    const scoped = { authorization: `Bearer ${key}` };
    expect((await post({ ...ok, containerTags: ['someone-else'] }, scoped)).status).toBe(403);
    const mine = await post({ ...ok, conversationId: 'scoped-chat' }, scoped);
    expect(mine.status).toBe(200);
    expect((await conversation('scoped-chat', 'scoped-user')).id).toBe(mine.body.id);
  });
});
