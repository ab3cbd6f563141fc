import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { auth, createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';
import { connectMcp, listen, textOf } from './helpers.js';

describe('MCP over Streamable HTTP (embedded)', () => {
  let rt: TestRuntime;
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    rt = await createTestRuntime({ MNEMO_MCP_WATCH_MS: '100' });
    server = await listen(rt.app);
  });
  afterAll(async () => {
    await server.close();
    await rt.close();
  });

  it('lists the tools with annotations, the resources and the context prompt', async () => {
    const { client } = await connectMcp(server.url, TEST_KEY);
    const tools = (await client.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(['listProjects', 'memory', 'recall', 'search', 'whoAmI']);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.memory!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.recall!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.search!.annotations).toMatchObject({ readOnlyHint: true });
    expect(Object.keys(byName.memory!.inputSchema.properties ?? {}).sort()).toEqual(['action', 'containerTag', 'content']);
    expect(Object.keys(byName.recall!.inputSchema.properties ?? {}).sort()).toEqual(['containerTag', 'includeProfile', 'query']);
    const resources = (await client.listResources()).resources.map((r) => r.uri);
    expect(resources).toEqual(expect.arrayContaining(['supermemory://profile', 'supermemory://projects']));
    const prompts = (await client.listPrompts()).prompts;
    expect(prompts.map((p) => p.name)).toEqual(['context']);
    expect(prompts[0]!.arguments?.map((a) => a.name).sort()).toEqual(['containerTag', 'includeRecent']);
    expect(client.getServerCapabilities()).toMatchObject({ tools: { listChanged: true }, resources: { listChanged: true } });
    await client.close();
  });

  it('saves a fact with progress, recalls it with the profile, forgets it', async () => {
    const { client } = await connectMcp(server.url, TEST_KEY);
    const progress: { progress: number; total?: number; message?: string }[] = [];
    const saved = await client.callTool({ name: 'memory', arguments: { content: 'I prefer dark roast coffee every morning.', containerTag: 'alice' } }, undefined, { onprogress: (p) => progress.push(p) });
    expect(saved.isError).toBeFalsy();
    expect(saved.structuredContent).toMatchObject({ action: 'save', containerTag: 'alice', status: 'done' });
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toMatchObject({ progress: 5, total: 5, message: 'document done' });
    expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));

    const recalled = await client.callTool({ name: 'recall', arguments: { query: 'what coffee do I like', containerTag: 'alice' } });
    const sc = recalled.structuredContent as { memories: { memory: string; id: string }[]; profile: { static: string[]; dynamic: string[] } };
    expect(sc.memories.some((m) => /dark roast coffee/i.test(m.memory))).toBe(true);
    expect([...sc.profile.static, ...sc.profile.dynamic].some((f) => /dark roast/i.test(f))).toBe(true);
    expect(textOf(recalled)).toMatch(/Relevant Memories/);

    // The fact is in /v4/profile over REST too.
    const profile = await request(rt.app.callback()).post('/v4/profile').set(auth).send({ containerTag: 'alice' });
    expect(JSON.stringify(profile.body.profile)).toMatch(/dark roast/i);

    const memory = sc.memories.find((m) => /dark roast/i.test(m.memory))!;
    const forgot = await client.callTool({ name: 'memory', arguments: { content: memory.memory, action: 'forget', containerTag: 'alice' } });
    expect(forgot.structuredContent).toMatchObject({ action: 'forget', forgotten: { id: memory.id } });
    const after = await client.callTool({ name: 'recall', arguments: { query: 'what coffee do I like', containerTag: 'alice', includeProfile: false } });
    expect((after.structuredContent as { memories: { id: string }[] }).memories.map((m) => m.id)).not.toContain(memory.id);
    expect((after.structuredContent as { profile: unknown }).profile).toBeNull();

    const nothing = await client.callTool({ name: 'memory', arguments: { content: 'zebra quantum violin', action: 'forget', containerTag: 'alice' } });
    expect(nothing.structuredContent).toMatchObject({ forgotten: null });
    await client.close();
  });

  it('answers knowledge-base questions with the search tool (chunks with their source)', async () => {
    await request(rt.app.callback()).post('/v3/documents').set(auth).send({ content: 'The Zephyr release ships the new ingestion scheduler and drops Node 18.', containerTag: 'kb', title: 'Release notes' });
    await rt.settle();
    const { client } = await connectMcp(server.url, TEST_KEY);
    const res = await client.callTool({ name: 'search', arguments: { query: 'Zephyr ingestion scheduler', containerTag: 'kb' } });
    const results = (res.structuredContent as { results: { title: string | null; chunk: string }[] }).results;
    expect(results[0]).toMatchObject({ title: 'Release notes' });
    expect(results[0]!.chunk).toMatch(/Zephyr/);
    expect(textOf(res)).toMatch(/\[Release notes\]/);
    await client.close();
  });

  it('reads the profile and projects resources and gets the context prompt (with a fallback when empty)', async () => {
    const { client } = await connectMcp(server.url, TEST_KEY, { 'x-sm-project': 'bob' });
    const empty = await client.getPrompt({ name: 'context', arguments: {} });
    const emptyText = (empty.messages[0]!.content as { text: string }).text;
    expect(emptyText).toMatch(/use the `memory` tool/);
    expect(emptyText).toMatch(/No user profile available yet/);
    expect((await client.readResource({ uri: 'supermemory://profile' })).contents[0]).toMatchObject({ text: 'No profile yet. Start saving memories.' });

    await client.callTool({ name: 'memory', arguments: { content: 'I am a software engineer who loves hiking in the Alps.' } }, undefined, { onprogress: () => undefined });
    const filled = await client.getPrompt({ name: 'context', arguments: {} });
    const text = (filled.messages[0]!.content as { text: string }).text;
    expect(text).toMatch(/use the `memory` tool/);
    expect(text).toMatch(/## User Context/);
    expect(text).toMatch(/hiking/i);
    const profile = (await client.readResource({ uri: 'supermemory://profile' })).contents[0] as { text: string };
    expect(profile.text).toMatch(/hiking/i);
    const projects = JSON.parse(((await client.readResource({ uri: 'supermemory://projects' })).contents[0] as { text: string }).text);
    expect(projects).toEqual({ projects: ['bob'] });
    // With the header, the tools have no containerTag field and stay in the project.
    const tools = (await client.listTools()).tools;
    expect(Object.keys(tools.find((t) => t.name === 'memory')!.inputSchema.properties ?? {})).not.toContain('containerTag');
    await client.close();
  });

  it('whoAmI names the key, the client and the session', async () => {
    const { client, transport } = await connectMcp(server.url, TEST_KEY, {}, 'claude-desktop');
    const me = (await client.callTool({ name: 'whoAmI', arguments: {} })).structuredContent as Record<string, unknown>;
    expect(me).toMatchObject({ name: 'root', client: { name: 'claude-desktop', version: '1.2.3' }, orgId: 'org_default', auth: 'api-key' });
    expect(me.sessionId).toBe(transport.sessionId);
    expect(typeof me.userId).toBe('string');
    await client.close();
  });
});
