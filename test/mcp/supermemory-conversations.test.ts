import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createSupermemoryProcessors } from '@supermemory/tools/mastra';
import { createSupermemoryHooks } from '@supermemory/tools/voltagent';
import { startClientServer, type ClientServer } from '../helpers/client-server.js';
import { auth, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';

/**
 * The conversation savers of @supermemory/tools (Mastra's output processor, VoltAgent's onEnd hook) post whole
 * conversations to POST /v4/conversations; the facts then show in the profile.
 */
describe('@supermemory/tools conversations client against Mnemo', () => {
  let server: ClientServer;
  let rt: TestRuntime;
  let baseUrl: string;
  let calls: ClientServer['calls'];

  beforeAll(async () => {
    server = await startClientServer({});
    ({ rt, calls, base: baseUrl } = server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('Mastra output processor saves the conversation through POST /v4/conversations', async () => {
    const { output } = createSupermemoryProcessors({ containerTag: 'conv-mastra', customId: 'thread-1', apiKey: TEST_KEY, baseUrl, addMemory: 'always' });
    const text = (t: string) => ({ format: 2, parts: [{ type: 'text', text: t }] });
    await output.processOutputResult({
      messages: [
        { id: '1', role: 'user', content: text('I just moved to Berlin and I work as a nurse.'), createdAt: new Date() },
        { id: '2', role: 'assistant', content: text('Welcome to Berlin!'), createdAt: new Date() },
      ],
      requestContext: undefined,
    } as never);
    expect(calls.filter((c) => c.url === '/v4/conversations')).toEqual([{ method: 'POST', url: '/v4/conversations', status: 200 }]);
    await rt.settle();
    const profile = await request(rt.app.callback()).post('/v4/profile').set(auth).send({ containerTag: 'conv-mastra' });
    expect(JSON.stringify(profile.body.profile)).toMatch(/Berlin|nurse/i);
  });

  it('VoltAgent onEnd saves the conversation', async () => {
    const hooks = createSupermemoryHooks('conv-volt', { apiKey: TEST_KEY, baseUrl, customId: 'thread-2', addMemory: 'always' }) as unknown as {
      onEnd(args: unknown): Promise<void>;
    };
    const before = calls.length;
    await hooks.onEnd({
      agent: { name: 'agent' },
      output: { text: 'Noted, you prefer tea.' },
      context: { input: 'I prefer green tea to coffee.', conversationId: 'thread-2' },
      conversationId: 'thread-2',
    });
    const made = calls.slice(before);
    expect(made.length).toBeGreaterThan(0);
    expect(made.filter((c) => c.status >= 400)).toEqual([]);
  });
});
