import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { auth, createTestRuntime, TEST_KEY, type TestRuntime } from '../helpers/runtime.js';
import { listen } from './helpers.js';
import { pkce } from './oauth-helpers.js';

/**
 * A token granted for tag A never sees tag B's content through any tool, resource or prompt, whatever the
 * arguments (B named explicitly, another tag, none, a project header).
 */
const SECRET = 'zanzibarsecret';

describe('OAuth scope across the MCP surface (property)', () => {
  let rt: TestRuntime;
  let server: Awaited<ReturnType<typeof listen>>;
  let client: Client;

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = await listen(rt.app);
    const api = () => request(rt.app.callback());
    await api()
      .post('/v3/documents')
      .set(auth)
      .send({ content: `The vault code is ${SECRET} and I prefer ${SECRET} tea.`, containerTag: 'tag-b', title: SECRET });
    await api().post('/v3/documents').set(auth).send({ content: 'I like hiking in the mountains.', containerTag: 'tag-a' });
    await rt.settle();
    // A grant for tag-a only, made with the organisation's root key.
    const redirect = 'http://127.0.0.1:9/cb';
    const reg = await api()
      .post('/oauth/register')
      .send({ client_name: 'Prop', redirect_uris: [redirect], token_endpoint_auth_method: 'none' });
    const { verifier, challenge } = pkce();
    const consent = await api().post('/oauth/authorize').type('form').send({
      client_id: reg.body.client_id,
      redirect_uri: redirect,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      credential: TEST_KEY,
      tags: 'tag-a',
      permission: 'write',
      decision: 'approve',
    });
    const code = new URL(consent.headers.location!).searchParams.get('code')!;
    const token = (await api().post('/oauth/token').type('form').send({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirect, client_id: reg.body.client_id })).body
      .access_token as string;
    client = new Client({ name: 'prop', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  });
  afterAll(async () => {
    await client?.close();
    await server.close();
    await rt.close();
  });

  const tag = fc.constantFrom<string | undefined>('tag-a', 'tag-b', undefined, 'tag-c', 'sm_project_default');
  const query = fc.constantFrom(SECRET, 'vault code', 'tea', 'hiking', `${SECRET} tea`);
  const operation = fc.oneof(
    fc.record({ kind: fc.constant('tool' as const), name: fc.constantFrom('recall', 'search', 'memory-forget', 'listProjects', 'whoAmI'), tag, query }),
    fc.record({ kind: fc.constant('resource' as const), uri: fc.constantFrom('supermemory://profile', 'supermemory://projects', 'supermemory://profile/tag-b', 'supermemory://profile/tag-a'), tag, query }),
    fc.record({ kind: fc.constant('prompt' as const), name: fc.constant('context'), tag, query }),
  );

  it('never returns tag-b content to a tag-a token', async () => {
    await fc.assert(
      fc.asyncProperty(operation, async (op) => {
        let out: unknown;
        try {
          if (op.kind === 'tool') {
            const args: Record<string, unknown> = op.tag ? { containerTag: op.tag } : {};
            if (op.name === 'recall' || op.name === 'search') args.query = op.query;
            const name = op.name === 'memory-forget' ? 'memory' : op.name;
            if (op.name === 'memory-forget') Object.assign(args, { content: op.query, action: 'forget' });
            out = await client.callTool({ name, arguments: args });
          } else if (op.kind === 'resource') {
            out = await client.readResource({ uri: op.uri });
            if (op.uri === 'supermemory://projects') expect(JSON.parse((out as { contents: { text: string }[] }).contents[0]!.text)).toEqual({ projects: ['tag-a'] });
          } else {
            out = await client.getPrompt({ name: op.name, arguments: op.tag ? { containerTag: op.tag } : {} });
          }
        } catch (err) {
          out = String(err);
        }
        expect(JSON.stringify(out)).not.toContain(SECRET);
        const text = JSON.stringify(out);
        // The query itself may echo the word; tag-b's facts (vault code, the title) must not appear.
        expect(text).not.toMatch(/vault code is/i);
        expect(text).not.toContain(`"title":"${SECRET}"`);
        expect(text).not.toContain(`[${SECRET}]`);
      }),
      { numRuns: 40 },
    );
    // And nothing was forgotten in tag-b through the token.
    const listed = await request(rt.app.callback())
      .post('/v4/memories/list')
      .set(auth)
      .send({ containerTags: ['tag-b'] });
    expect(JSON.stringify(listed.body)).toMatch(new RegExp(SECRET));
  });
});
