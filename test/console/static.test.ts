import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { CONSOLE_CSP, GRAPH_SPINNER_STYLE_HASH } from '../../src/http/routes/console.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';
import { buildConsole } from './console-harness.js';

describe('GET /console (the static handler)', () => {
  let rt: TestRuntime;
  let dir: string;
  let build: { script: string; css: string; files: { file: string; bytes: number }[] };

  beforeAll(async () => {
    dir = buildConsole();
    build = JSON.parse(fs.readFileSync(path.join(dir, 'build.json'), 'utf8')) as typeof build;
    rt = await createTestRuntime({ MNEMO_CONSOLE_DIR: dir, TEMPORAL_ADDRESS: '127.0.0.1:1', MNEMO_TEMPORAL_UI_URL: 'http://temporal-ui.test:8233/' }, { start: false });
  });
  afterAll(async () => rt.close());

  it('serves index.html without a key, revalidated on each load, under a strict CSP', async () => {
    const res = await request(rt.app.callback()).get('/console').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(CONSOLE_CSP).toContain("default-src 'none'");
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    expect(CONSOLE_CSP).not.toContain('unsafe');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text).toContain(`<script type="module" src="${build.script}"></script>`);
    // Nothing from another origin: every src and href is the server's own.
    for (const m of res.text.matchAll(/(?:src|href)="([^"]+)"/g)) expect(m[1]).toMatch(/^\/console\/assets\//);
    expect(res.text).not.toMatch(/<script>(?!<)/);
    await request(rt.app.callback()).get('/console/').expect(200);
  });

  it('allows exactly the graph component’s own spinner style by its hash (still the installed package’s text)', () => {
    const graph = fs.readFileSync(path.resolve(import.meta.dirname, '../../node_modules/@supermemory/memory-graph/dist/memory-graph.js'), 'utf8');
    const keyframes = /const spinKeyframes = `([^`]*)`/.exec(graph);
    expect(keyframes).not.toBeNull();
    expect(`sha256-${createHash('sha256').update(keyframes![1]!).digest('base64')}`).toBe(GRAPH_SPINNER_STYLE_HASH);
    expect(CONSOLE_CSP).toContain(`style-src 'self' '${GRAPH_SPINNER_STYLE_HASH}'`);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await request(rt.app.callback()).get('/console').expect(200);
    await request(rt.app.callback()).get('/console').set('if-none-match', first.headers.etag!).expect(304);
  });

  it('tells the app where the Temporal UI shows a document workflow (Temporal mode with MNEMO_TEMPORAL_UI_URL)', async () => {
    const res = await request(rt.app.callback()).get('/console').expect(200);
    const meta = /<meta name="mnemo-console" content="([^"]+)">/.exec(res.text);
    expect(meta).not.toBeNull();
    const config = JSON.parse(meta![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { workflowUrl: string };
    expect(config.workflowUrl).toBe('http://temporal-ui.test:8233/namespaces/default/workflows/document-');
  });

  it('has no workflow link in embedded mode', async () => {
    const embedded = await createTestRuntime({ MNEMO_CONSOLE_DIR: dir, MNEMO_TEMPORAL_UI_URL: 'http://temporal-ui.test:8233' }, { start: false });
    try {
      const res = await request(embedded.app.callback()).get('/console').expect(200);
      expect(res.text).toContain('content="{&quot;workflowUrl&quot;:null}"');
    } finally {
      await embedded.close();
    }
  });

  it('serves hashed assets as immutable, precompressed when the browser accepts it', async () => {
    const name = build.script.split('/').pop()!;
    const plain = await request(rt.app.callback()).get(`/console/assets/${name}`).set('accept-encoding', 'identity').expect(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const original = fs.readFileSync(path.join(dir, 'assets', name));
    expect(Buffer.from(plain.text).equals(original)).toBe(true);

    // Raw bytes as they travel (supertest would decode them): brotli that decodes to the same file.
    const server = http.createServer(rt.app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: `/console/assets/${name}`, headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    server.close();
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(raw.body).equals(original)).toBe(true);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', `${name}.br`))).equals(original)).toBe(true);

    const css = build.css.split('/').pop()!;
    const style = await request(rt.app.callback()).get(`/console/assets/${css}`).set('accept-encoding', 'identity').expect(200);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers HEAD for an asset with its length and no body', async () => {
    const name = build.script.split('/').pop()!;
    const res = await request(rt.app.callback()).head(`/console/assets/${name}`).set('accept-encoding', 'identity').expect(200);
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(dir, 'assets', name)).size);
  });

  it('reads nothing outside the build: unknown, hidden and traversing names are 404 JSON', async () => {
    for (const p of ['/console/assets/nope-123.js', '/console/assets/..%2F..%2Fpackage.json', '/console/assets/build.json', '/console/assets/%2e%2e%2findex.html', '/console/index.html', '/console/assets/x.js.br']) {
      const res = await request(rt.app.callback()).get(p);
      expect(res.status, p).toBe(404);
      expect(res.body.code, p).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('says how to build it when the folder is missing, instead of failing', async () => {
    const missing = await createTestRuntime({ MNEMO_CONSOLE_DIR: path.join(os.tmpdir(), 'mnemo-console-missing-xyz') }, { start: false });
    try {
      const res = await request(missing.app.callback()).get('/console').expect(503);
      expect(res.text).toContain('npm run build:console');
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await missing.close();
    }
  });

  it('keeps the bundle small: the first load is under 100 KB brotli, the graph a chunk of its own', () => {
    const stats = JSON.parse(fs.readFileSync(path.join(dir, 'build.json'), 'utf8')) as { files: { file: string }[] };
    const firstLoad = [build.script, build.css].map((p) => fs.statSync(path.join(dir, 'assets', `${p.split('/').pop()!}.br`)).size).reduce((a, b) => a + b, 0);
    expect(firstLoad).toBeLessThan(100 * 1024);
    expect(stats.files.some((f) => f.file.startsWith('graph-'))).toBe(true);
    // The graph component is not in the entry bundle.
    expect(fs.readFileSync(path.join(dir, 'assets', build.script.split('/').pop()!), 'utf8')).not.toContain('forceSimulation');
  });
});
