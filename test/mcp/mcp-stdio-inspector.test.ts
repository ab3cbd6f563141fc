import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpEndpoint } from '../../src/mcp/stdio-bridge.js';
import { createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';
import { connectStdio, listen, textOf } from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Runs the MCP Inspector's CLI against a URL and parses its JSON output. */
async function inspector(url: string, args: string[]): Promise<unknown> {
  const build = path.join(ROOT, 'node_modules/@modelcontextprotocol/inspector-cli/build');
  // Run from its build folder: the CLI looks for its package.json relative to the working directory.
  const { stdout } = await run(process.execPath, [path.join(build, 'index.js'), url, '--transport', 'http', '--header', `Authorization: Bearer ${TEST_KEY}`, ...args], { cwd: build, timeout: 60_000 });
  return JSON.parse(stdout);
}

describe('MCP over stdio (bridge) and the MCP Inspector CLI', () => {
  let rt: TestRuntime;
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = await listen(rt.app);
  });
  afterAll(async () => {
    await server.close();
    await rt.close();
  });

  it('finds /mcp from a base URL with or without the path', () => {
    expect(mcpEndpoint('http://h:1').href).toBe('http://h:1/mcp');
    expect(mcpEndpoint('http://h:1/base/').href).toBe('http://h:1/base/mcp');
    expect(mcpEndpoint('http://h:1/mcp').href).toBe('http://h:1/mcp');
  });

  it('relays every tool, the resources and the prompt over stdio', async () => {
    const client = await connectStdio(server.url, TEST_KEY);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['listProjects', 'memory', 'recall', 'search', 'whoAmI']);
    const saved = await client.callTool({ name: 'memory', arguments: { content: 'My favourite editor is Helix.', containerTag: 'stdio' } }, undefined, { onprogress: () => undefined });
    expect(saved.structuredContent).toMatchObject({ status: 'done', containerTag: 'stdio' });
    const recalled = await client.callTool({ name: 'recall', arguments: { query: 'favourite editor', containerTag: 'stdio' } });
    expect(textOf(recalled)).toMatch(/Helix/);
    expect((await client.callTool({ name: 'search', arguments: { query: 'editor Helix', containerTag: 'stdio' } })).isError).toBeFalsy();
    expect((await client.callTool({ name: 'listProjects', arguments: {} })).structuredContent).toMatchObject({ projects: expect.arrayContaining(['stdio']) });
    expect((await client.callTool({ name: 'whoAmI', arguments: {} })).structuredContent).toMatchObject({ client: { name: 'stdio-test' } });
    expect((await client.readResource({ uri: 'supermemory://profile/stdio' })).contents[0]).toMatchObject({ text: expect.stringMatching(/Helix/) });
    expect(JSON.parse(((await client.readResource({ uri: 'supermemory://projects' })).contents[0] as { text: string }).text).projects).toContain('stdio');
    const prompt = await client.getPrompt({ name: 'context', arguments: { containerTag: 'stdio' } });
    expect((prompt.messages[0]!.content as { text: string }).text).toMatch(/Helix/);
    await client.close();
  });

  it('passes --project as the project header', async () => {
    const client = await connectStdio(server.url, TEST_KEY, ['--project', 'stdio-project']);
    expect((await client.callTool({ name: 'listProjects', arguments: {} })).structuredContent).toEqual({ projects: ['stdio-project'] });
    await client.close();
  });

  it('the MCP Inspector CLI lists and calls the tools, reads resources and gets the prompt at /mcp', async () => {
    const url = `${server.url}/mcp`;
    const tools = (await inspector(url, ['--method', 'tools/list'])) as { tools: { name: string }[] };
    expect(tools.tools.map((t) => t.name).sort()).toEqual(['listProjects', 'memory', 'recall', 'search', 'whoAmI']);
    const saved = (await inspector(url, ['--method', 'tools/call', '--tool-name', 'memory', '--tool-arg', 'content=Inspector says hello', 'containerTag=inspector'])) as { structuredContent: unknown };
    expect(saved.structuredContent).toMatchObject({ action: 'save', containerTag: 'inspector' });
    const who = (await inspector(url, ['--method', 'tools/call', '--tool-name', 'whoAmI'])) as { structuredContent: { client: { name: string } } };
    expect(who.structuredContent.client.name).toMatch(/inspector/i);
    const resources = (await inspector(url, ['--method', 'resources/list'])) as { resources: { uri: string }[] };
    expect(resources.resources.map((r) => r.uri)).toEqual(expect.arrayContaining(['supermemory://profile', 'supermemory://projects']));
    const projects = (await inspector(url, ['--method', 'resources/read', '--uri', 'supermemory://projects'])) as { contents: { text: string }[] };
    expect(JSON.parse(projects.contents[0]!.text).projects).toContain('inspector');
    const prompts = (await inspector(url, ['--method', 'prompts/list'])) as { prompts: { name: string }[] };
    expect(prompts.prompts.map((p) => p.name)).toEqual(['context']);
    const prompt = (await inspector(url, ['--method', 'prompts/get', '--prompt-name', 'context', '--prompt-args', 'includeRecent=false'])) as { messages: unknown[] };
    expect(prompt.messages).toHaveLength(1);
  });
});
