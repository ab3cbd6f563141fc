import fs from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOC, buildApiDocs, WIRE_RULES } from '../../scripts/api-docs/build.js';
import { auth, createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/** The first line where two texts differ, to point at what changed. */
function firstDifference(current: string, expected: string): string {
  const a = current.split('\n');
  const b = expected.split('\n');
  const i = a.findIndex((line, n) => line !== b[n]);
  const at = i === -1 ? a.length : i;
  return `line ${at + 1}: docs/API.md has ${JSON.stringify(a[at] ?? '<end>')}, generated ${JSON.stringify(b[at] ?? '<end>')}`;
}

describe('API reference (docs/API.md)', () => {
  it('is generated from the current schemas, OpenAPI operations, error catalog and wire rules', async () => {
    const expected = await buildApiDocs();
    const current = fs.existsSync(API_DOC) ? fs.readFileSync(API_DOC, 'utf8') : '';
    if (current !== expected) expect.fail(`docs/API.md is stale: run npm run docs:api (${firstDifference(current, expected)})`);
  });

  describe('"Not built yet" table', () => {
    let rt: TestRuntime;
    beforeAll(async () => {
      rt = await createTestRuntime({}, { start: false });
    });
    afterAll(async () => {
      await rt.close();
    });

    it('matches what the app answers today', async () => {
      const rows = [...fs.readFileSync(WIRE_RULES, 'utf8').matchAll(/^\| `(GET|POST|PATCH|DELETE) (\/\S*)` \| `(\d{3}) ([A-Z_]+)` \|/gm)];
      expect(rows.length).toBeGreaterThan(0);
      for (const [, method, path, status, code] of rows) {
        const res = await request(rt.app.callback())[method!.toLowerCase() as 'get'](path!).set(auth).send({});
        expect({ route: `${method} ${path}`, status: res.status, code: (res.body as { code?: string }).code }).toEqual({
          route: `${method} ${path}`,
          status: Number(status),
          code,
        });
        expect(res.headers['x-should-retry']).toBe('false');
      }
    });
  });
});
