import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { methodsOf, ROUTES } from '../../src/http/openapi.js';
import { openApiPath, routeName, type RouteSpec } from '../../src/http/route.js';
import { sampleResponses, type RouteSample } from '../helpers/route-samples.js';

/** The error envelope of every API error (OAuth routes declare their own). */
const ErrorEnvelope = z.strictObject({ error: z.string(), code: z.string().regex(/^[A-Z_]+$/), details: z.unknown().optional() });

/**
 * Routes whose success the sample run cannot reach without an outside party; their own tests drive them:
 * the OAuth callback and webhooks (test/http/connections-github*.test.ts, connections-google-drive, onedrive) and the
 * drive picker's setup link (test/http/connections-google-drive.test.ts), the built console. Their other answers are sampled here.
 */
const SUCCESS_ELSEWHERE = new Set([
  'GET /v3/connections/{provider}/callback',
  'POST /v3/connections/{provider}/webhook',
  'GET /v3/connection-setup/{token}',
  'GET /v3/connection-setup/{token}/resources',
  'POST /v3/connection-setup/{token}/selection',
  // The console answers 503 until it is built (npm run build:console); test/console/*.test.ts serve a build.
  'GET /console',
  'GET /console/',
  'GET /console/assets/{file}',
]);

const specFor = (s: RouteSample): RouteSpec | undefined => ROUTES.find((r) => openApiPath(r.path) === s.path && methodsOf(r).includes(s.method.toLowerCase() as never));

describe('declared response schemas match the answers', () => {
  let samples: RouteSample[];
  beforeAll(async () => {
    samples = await sampleResponses();
  }, 120_000);

  it('every sampled answer is a declared status of a declared route, and its body parses with the declared schema', () => {
    const failures: string[] = [];
    for (const s of samples) {
      const spec = specFor(s);
      if (!spec) {
        failures.push(`${s.method} ${s.path}: no declaration`);
        continue;
      }
      const declared = spec.responses[s.status];
      if (!declared && !(s.status >= 400 && spec.auth !== 'public')) {
        failures.push(`${s.method} ${s.path}: status ${s.status} is not declared`);
        continue;
      }
      const schema = declared?.schema ?? (s.status >= 400 && s.type === 'application/json' ? ErrorEnvelope : undefined);
      // A declared non-JSON body: the answer has that type (a file keeps its own type).
      if (declared?.contentType && !declared.schema && declared.contentType !== 'application/octet-stream' && s.type !== declared.contentType) {
        failures.push(`${s.method} ${s.path} ${s.status}: content type ${s.type}, declared ${declared.contentType}`);
      }
      if (!schema) continue;
      const parsed = schema.safeParse(s.body);
      if (!parsed.success) failures.push(`${s.method} ${s.path} ${s.status}: ${z.prettifyError(parsed.error)}\n  body: ${JSON.stringify(s.body).slice(0, 600)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('exercises every declared route with a valid request (a success), or says where its success is tested', () => {
    const succeeded = new Set(samples.filter((s) => s.status < 400).map((s) => routeName(specFor(s) ?? { method: 'get', path: '?' })));
    const unexercised = ROUTES.map(routeName).filter((n) => !succeeded.has(n) && !SUCCESS_ELSEWHERE.has(n));
    expect(unexercised).toEqual([]);
    // Those whose success is tested elsewhere still answer here (an error they declare).
    const answered = new Set(samples.map((s) => routeName(specFor(s) ?? { method: 'get', path: '?' })));
    expect([...SUCCESS_ELSEWHERE].filter((n) => !answered.has(n))).toEqual([]);
  });

  it('rejects a body that breaks the declared shape (the schemas are strict where the wire is)', () => {
    const memoryList = ROUTES.find((r) => routeName(r) === 'POST /v4/memories/list')!.responses[200]!.schema!;
    const sample = samples.find((s) => s.path === '/v4/memories/list' && s.status === 200)!;
    const body = sample.body as { memoryEntries: Record<string, unknown>[] };
    expect(memoryList.safeParse(body).success).toBe(true);
    const entry = body.memoryEntries[0]!;
    expect(memoryList.safeParse({ ...body, memoryEntries: [{ ...entry, unknownField: 1 }] }).success).toBe(false);
    expect(memoryList.safeParse({ ...body, memoryEntries: [{ ...entry, isStatic: 'yes' }] }).success).toBe(false);
  });
});
