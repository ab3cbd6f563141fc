import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supermemoryTools } from '@supermemory/tools/ai-sdk';
import { createClaudeMemoryTool } from '@supermemory/tools/claude-memory';
import { createToolCallExecutor, getToolDefinitions, supermemoryTools as openAiTools } from '@supermemory/tools/openai';
import { createSupermemoryProcessors } from '@supermemory/tools/mastra';
import { createSupermemoryHooks } from '@supermemory/tools/voltagent';
import { startClientServer, type ClientServer } from '../helpers/client-server.js';
import { TEST_KEY, type TestRuntime } from '../helpers/runtime.js';

/**
 * @supermemory/tools 2.3.0 pointed at Mnemo by its base-URL option only, each tool's execute function called
 * directly (no LLM). Every HTTP call the package makes is recorded; none may be refused.
 */
describe('@supermemory/tools against Mnemo', () => {
  let server: ClientServer;
  let rt: TestRuntime;
  let baseUrl: string;
  let calls: ClientServer['calls'];
  const opts = { toolCallId: 't1', messages: [] };

  beforeAll(async () => {
    server = await startClientServer({});
    ({ rt, calls, base: baseUrl } = server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const refused = () => calls.filter((c) => c.status >= 400);

  it('ai-sdk: add, search, profile, document list/add/delete, forget', async () => {
    const tools = supermemoryTools(TEST_KEY, { baseUrl, containerTags: ['ai-user'] });
    const added = (await tools.addMemory.execute!({ memory: 'I am allergic to peanuts.' }, opts)) as { success: boolean };
    expect(added).toMatchObject({ success: true });
    await rt.settle();
    const found = (await tools.searchMemories.execute!({ informationToGet: 'allergic to peanuts', includeFullDocs: false, limit: 5 }, opts)) as { success: boolean; results: { memory?: string; chunk?: string }[] };
    expect(found.success).toBe(true);
    expect(JSON.stringify(found.results)).toMatch(/peanut/i);
    const profile = (await tools.getProfile.execute!({ containerTag: undefined }, opts)) as { success: boolean };
    expect(JSON.stringify(profile)).toMatch(/peanut/i);
    const doc = (await tools.documentAdd.execute!({ content: 'Meeting notes: launch moved to May.', title: 'Notes' }, opts)) as { success: boolean; document: { id: string } };
    expect(doc.success).toBe(true);
    await rt.settle();
    const list = (await tools.documentList.execute!({ limit: 10 }, opts)) as { success: boolean; documents: { id: string }[] };
    expect(list.documents.map((d) => d.id)).toContain(doc.document.id);
    const deleted = (await tools.documentDelete.execute!({ documentId: doc.document.id, containerTag: undefined }, opts)) as { success: boolean };
    expect(deleted).toMatchObject({ success: true });
    // As a model would: forget the memory by its text as search returned it (DELETE /v4/memories matches exact content or id).
    const memory = found.results.find((r) => /peanut/i.test(r.memory ?? ''))!.memory!;
    const forgot = (await tools.memoryForget.execute!({ memoryContent: memory }, opts)) as { success: boolean };
    expect(forgot).toMatchObject({ success: true });
    const after = (await tools.searchMemories.execute!({ informationToGet: 'allergic to peanuts', includeFullDocs: false, limit: 5 }, opts)) as { results: { memory?: string }[] };
    expect(after.results.map((r) => r.memory)).not.toContain(memory);
    expect(refused()).toEqual([]);
  });

  it('openai: the function-calling tools and the tool-call executor', async () => {
    const tools = openAiTools(TEST_KEY, { baseUrl, containerTags: ['oa-user'] });
    expect(getToolDefinitions().map((d) => d.function.name)).toEqual(expect.arrayContaining(['searchMemories', 'addMemory']));
    expect(await tools.addMemory({ memory: 'My favourite colour is teal.' })).toMatchObject({ success: true });
    await rt.settle();
    const found = await tools.searchMemories({ informationToGet: 'favourite colour' });
    expect(JSON.stringify(found)).toMatch(/teal/i);
    const exec = createToolCallExecutor(TEST_KEY, { baseUrl, containerTags: ['oa-user'] });
    const out = await exec({ id: 'c1', type: 'function', function: { name: 'searchMemories', arguments: JSON.stringify({ informationToGet: 'colour' }) } });
    expect(JSON.stringify(out)).toMatch(/teal/i);
    expect(refused()).toEqual([]);
  });

  it('claude-memory: view, create, str_replace, insert, rename, delete', async () => {
    const tool = createClaudeMemoryTool(TEST_KEY, { baseUrl, containerTags: ['claude-user'] });
    expect(await tool.handleCommand({ command: 'create', path: '/memories/notes.md', file_text: 'line one\nline two\n' })).toMatchObject({ success: true });
    const view = await tool.handleCommand({ command: 'view', path: '/memories/notes.md' });
    expect(view.content).toMatch(/line one/);
    expect(await tool.handleCommand({ command: 'str_replace', path: '/memories/notes.md', old_str: 'line two', new_str: 'line 2' })).toMatchObject({ success: true });
    expect(await tool.handleCommand({ command: 'insert', path: '/memories/notes.md', insert_line: 1, insert_text: 'inserted' })).toMatchObject({ success: true });
    // The package numbers insert_line from 1 for "before the first line"; its own semantics, kept as they are.
    expect((await tool.handleCommand({ command: 'view', path: '/memories/notes.md' })).content).toMatch(/inserted[\s\S]*line one[\s\S]*line 2/);
    const dir = await tool.handleCommand({ command: 'view', path: '/memories' });
    expect(dir.content).toMatch(/notes\.md/);
    expect(await tool.handleCommand({ command: 'rename', path: '/memories/notes.md', new_path: '/memories/renamed.md' })).toMatchObject({ success: true });
    expect((await tool.handleCommand({ command: 'view', path: '/memories/renamed.md' })).content).toMatch(/inserted/);
    expect((await tool.handleCommand({ command: 'view', path: '/memories/notes.md' })).success).toBe(false);
    expect(await tool.handleCommand({ command: 'delete', path: '/memories/renamed.md' })).toMatchObject({ success: true });
    expect((await tool.handleCommand({ command: 'view', path: '/memories/renamed.md' })).success).toBe(false);
    expect(refused().filter((c) => !(c.status === 404 && /\/v3\/documents\//.test(c.url)))).toEqual([]);
  });

  it('mastra: the input processor injects the profile; voltagent: onPrepareMessages adds it to the messages', async () => {
    const { input } = createSupermemoryProcessors({ containerTag: 'oa-user', customId: 'conv-1', apiKey: TEST_KEY, baseUrl, mode: 'profile' });
    const system: string[] = [];
    const messageList = { clearSystemMessages: () => undefined, addSystem: (m: unknown) => void system.push(typeof m === 'string' ? m : JSON.stringify(m)) };
    await input.processInput({ messages: [], messageList, requestContext: undefined } as never);
    expect(system.join('\n')).toMatch(/teal/i);

    const hooks = createSupermemoryHooks('oa-user', { apiKey: TEST_KEY, baseUrl, customId: 'conv-2', mode: 'profile' }) as unknown as {
      onPrepareMessages(args: unknown): Promise<{ messages: { role: string; content?: unknown; parts?: unknown }[] }>;
    };
    const user = { role: 'user', content: 'What colour should the logo be?', parts: [{ type: 'text', text: 'What colour should the logo be?' }] };
    const prepared = await hooks.onPrepareMessages({ messages: [user], rawMessages: [user], agent: { name: 'agent' } });
    expect(JSON.stringify(prepared.messages)).toMatch(/teal/i);
    expect(refused()).toEqual([]);
  });

  it('reports what the package called', () => {
    const seen = [...new Set(calls.map((c) => `${c.method} ${c.url.split('?')[0]!.replace(/\/[A-Za-z0-9_-]{16,}$/, '/:id')} ${c.status}`))].sort();
    // Kept in the test log for the report: which endpoints the tools use.
    console.log(seen.join('\n'));
    expect(seen.length).toBeGreaterThan(3);
  });
});
