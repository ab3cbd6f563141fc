import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFerretDb, type FerretDb } from '../helpers/ferretdb.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the admin CLI as its own process with only the given configuration (nothing inherited but PATH and HOME). */
function admin(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), MNEMO_LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The one JSON object a --json command prints (fails if stdout holds anything else). */
async function adminJson<T = Record<string, unknown>>(args: string[], env: Record<string, string>): Promise<T> {
  const r = await admin([...args, '--json'], env);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(r.stdout) as T;
}

interface KeyView {
  id: string;
  prefix: string;
  name: string;
  type: string;
  containerTags: string[] | null;
  expiresAt: string | null;
  expiresSoon: boolean;
  revokedAt: string | null;
}

async function call(server: ServerProcess, key: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('admin CLI on SQLite, then the server on the same data directory', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-admin-'));
  const env = { MNEMO_DATA_DIR: dataDir };
  let server: ServerProcess | undefined;
  let org: { id: string; name: string; apiKey: string };
  let scoped: { id: string; key: string; name: string; orgId: string; type: string; containerTags: string[]; expiresAt: string | null; permission: string };
  let expiring: { id: string; key: string; expiresAt: string };

  beforeAll(async () => {
    org = await adminJson(['org', 'create', 'Acme Research'], env);
    scoped = await adminJson(['key', 'create', '--org', org.id, '--tag', 't'], env);
    expiring = await adminJson(['key', 'create', '--org', org.id, '--expires-in-days', '3', '--name', 'temp'], env);
    server = await startServer({ MNEMO_EMBEDDINGS: 'hash' }, dataDir);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('org create prints the organisation and its root key; org list shows it beside the default organisation', async () => {
    expect(Object.keys(org).sort()).toEqual(['apiKey', 'id', 'name']);
    expect(org.name).toBe('Acme Research');
    expect(org.apiKey).toMatch(/^sm_/);
    const { organizations } = await adminJson<{ organizations: Array<Record<string, string>> }>(['org', 'list'], env);
    expect(organizations.find((o) => o.id === org.id)).toEqual({ id: org.id, name: 'Acme Research', slug: 'acme-research', createdAt: expect.any(String) });
    expect(organizations.map((o) => o.id)).toContain('org_default');
  });

  it("the organisation's root key works over HTTP and names that organisation", async () => {
    const res = await call(server!, org.apiKey, 'GET', '/v3/session');
    expect(res.status).toBe(200);
    expect(res.body.org).toEqual({ id: org.id, name: 'Acme Research', slug: 'acme-research' });
    expect(res.body.keyType).toBe('root');
  });

  it('key create --tag t makes a key that reads and writes tag t only', async () => {
    expect(scoped).toMatchObject({ name: 'cli', orgId: org.id, type: 'scoped', containerTags: ['t'], expiresAt: null, permission: 'write' });
    expect(Object.keys(scoped).sort()).toEqual(['containerTags', 'expiresAt', 'id', 'key', 'name', 'orgId', 'permission', 'type']);
    const added = await call(server!, scoped.key, 'POST', '/v3/documents', { content: 'Notes for tag t', containerTag: 't' });
    expect(added.status).toBe(200);
    const listed = await call(server!, scoped.key, 'POST', '/v3/documents/list', { containerTags: ['t'] });
    expect(listed.status).toBe(200);
    expect((listed.body.memories as Array<{ id: string }>).map((d) => d.id)).toContain(added.body.id);
    expect((await call(server!, scoped.key, 'POST', '/v3/documents', { content: 'elsewhere', containerTag: 'other' })).status).toBe(403);
    expect((await call(server!, scoped.key, 'POST', '/v3/documents/list', { containerTags: ['other'] })).status).toBe(403);
    // The document went to the key's organisation: its root key sees it.
    const asRoot = await call(server!, org.apiKey, 'POST', '/v3/documents/list', { containerTags: ['t'] });
    expect((asRoot.body.memories as Array<{ id: string }>).map((d) => d.id)).toContain(added.body.id);
  });

  it('key list shows --expires-in-days, prefixes and no hashes', async () => {
    const r = await admin(['key', 'list', '--org', org.id, '--json'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/keyHash|key_hash/);
    expect(r.stdout).not.toContain(scoped.key);
    const { keys } = JSON.parse(r.stdout) as { keys: KeyView[] };
    const temp = keys.find((k) => k.id === expiring.id)!;
    expect(temp.name).toBe('temp');
    expect(temp.expiresAt).toBe(expiring.expiresAt);
    const days = (Date.parse(temp.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);
    expect(temp.expiresSoon).toBe(true);
    expect(temp.prefix).toBe(expiring.key.slice(0, 7));
    expect(keys.map((k) => k.name).sort()).toEqual(['cli', 'root', 'temp']);
  });

  it('key revoke: the key gets 401 from then on', async () => {
    expect((await call(server!, expiring.key, 'GET', '/v3/session')).status).toBe(200);
    const revoked = await adminJson<{ id: string; revokedAt: string }>(['key', 'revoke', expiring.id], env);
    expect(revoked.id).toBe(expiring.id);
    expect(Date.parse(revoked.revokedAt)).toBeGreaterThan(0);
    expect((await call(server!, expiring.key, 'GET', '/v3/session')).status).toBe(401);
    expect((await call(server!, org.apiKey, 'GET', '/v3/session')).status).toBe(200);
  });

  it('--read-only keys can read but not write', async () => {
    const ro = await adminJson<{ key: string; permission: string }>(['key', 'create', '--org', org.id, '--tag', 't', '--read-only'], env);
    expect(ro.permission).toBe('read');
    expect((await call(server!, ro.key, 'POST', '/v3/documents/list', { containerTags: ['t'] })).status).toBe(200);
    expect((await call(server!, ro.key, 'POST', '/v3/documents', { content: 'no', containerTag: 't' })).status).toBe(403);
  });

  it('never touches the root key the server configured', async () => {
    const { keys } = await adminJson<{ keys: KeyView[] }>(['key', 'list', '--org', 'org_default'], env);
    expect(keys.filter((k) => k.name === 'root' && !k.revokedAt)).toHaveLength(1);
    expect((await call(server!, server!.apiKey, 'GET', '/v3/session')).status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'root-api-key'))).toBe(false);
  });

  it('prints readable lines without --json', async () => {
    const r = await admin(['key', 'create', '--org', org.id, '--name', 'readable'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Created root key key_\w+ \("readable"\) for org_\w+: read-write, every container tag, never expires\.\nAPI key \(shown once, store it now\): sm_\S+\n$/);
    const list = await admin(['org', 'list'], env);
    expect(list.stdout).toContain(`${org.id}  acme-research  "Acme Research"`);
  });

  it('bad arguments: usage on stderr, exit code 2, nothing on stdout', async () => {
    const cases = [
      ['key', 'create', '--tag', 't'],
      ['org', 'create'],
      ['key', 'create', '--org', org.id, '--expires-in-days', 'soon'],
      ['key', 'create', '--org', org.id, '--name', 'root'],
      ['frobnicate'],
      ['org', 'list', '--bogus'],
    ];
    const results = await Promise.all(cases.map((args) => admin([...args, '--json'], env)));
    results.forEach((r, i) => {
      expect(r.code, cases[i]!.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('Usage: npm run --silent admin');
    });
  });

  it('unknown organisation or key: exit code 1 with a clear message', async () => {
    const r = await admin(['key', 'create', '--org', 'org_missing', '--json'], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Organization org_missing not found');
    const list = await admin(['key', 'list', '--org', 'org_missing'], env);
    expect(list.code).toBe(1);
    expect(list.stderr).toContain('Organization org_missing not found');
    const revoke = await admin(['key', 'revoke', 'key_missing'], env);
    expect(revoke.code).toBe(1);
    expect(revoke.stderr).toContain('API key not found');
  });
});

describe('admin CLI on MongoDB (FerretDB)', () => {
  let ferret: FerretDb;
  let env: Record<string, string>;

  beforeAll(async () => {
    ferret = await startFerretDb();
    env = { MONGODB_URI: ferret.uri, MONGODB_DB: 'mnemo_admin_cli', MNEMO_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-admin-mongo-')) };
  }, 60_000);

  afterAll(async () => {
    await ferret?.stop();
  });

  it('creates and lists organisations and keys, and the server on the same database accepts them', async () => {
    const org = await adminJson<{ id: string; apiKey: string }>(['org', 'create', 'Mongo Org'], env);
    const { organizations } = await adminJson<{ organizations: Array<{ id: string; slug: string }> }>(['org', 'list'], env);
    expect(organizations).toEqual(expect.arrayContaining([expect.objectContaining({ id: org.id, slug: 'mongo-org' }), expect.objectContaining({ id: 'org_default' })]));
    const key = await adminJson<{ id: string; key: string; containerTags: string[] }>(['key', 'create', '--org', org.id, '--tag', 'm', '--expires-in-days', '30'], env);
    expect(key.containerTags).toEqual(['m']);
    const { keys } = await adminJson<{ keys: KeyView[] }>(['key', 'list', '--org', org.id], env);
    expect(keys.find((k) => k.id === key.id)).toMatchObject({ type: 'scoped', containerTags: ['m'], expiresSoon: false });
    // Nothing was written to the data directory: the store is MongoDB.
    expect(fs.existsSync(path.join(env.MNEMO_DATA_DIR!, 'mnemo.db'))).toBe(false);

    const server = await startServer({ MONGODB_URI: env.MONGODB_URI!, MONGODB_DB: env.MONGODB_DB!, MNEMO_EMBEDDINGS: 'hash' });
    try {
      const session = await call(server, key.key, 'GET', '/v3/session');
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({ org: { id: org.id, name: 'Mongo Org' }, keyType: 'scoped', scope: { tag: 'm' } });
      expect((await call(server, org.apiKey, 'GET', '/v3/session')).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
