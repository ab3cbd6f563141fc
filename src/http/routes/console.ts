import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type Router from '@koa/router';
import type { AppContext, AppState } from '../context.js';
import { z } from 'zod';
import { defineRoute, mount } from '../route.js';

export interface ConsoleOptions {
  /** The built console (scripts/build-console.mjs writes dist/console). */
  dir: string;
  /** Temporal UI link of a document's workflow, without the document id (null: no Temporal, or no UI configured). */
  workflowUrl: string | null;
}

/**
 * The one inline style element the console makes: @supermemory/memory-graph 0.2.3 injects its spinner's keyframes
 * (`injectSpinStyle`). Allowed by its hash alone; test/console/static.test.ts checks it against the installed package.
 */
export const GRAPH_SPINNER_STYLE_HASH = 'sha256-f0Lov5fPHaDJnLTbinebvTwzIWT/tOqqX82Dg+Y68RI=';

/**
 * The console may load only what this server serves: no inline script, no inline style but the graph's spinner, no
 * other origin, no framing. React sets styles through the CSSOM, which style-src does not govern.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' '${GRAPH_SPINNER_STYLE_HASH}'`,
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Hashed names of the build (name-HASH.ext): nothing else is ever read from the folder. */
const ASSET = /^[A-Za-z0-9_-]+\.(js|css|svg|png|woff2)$/;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mnemo console</title></head><body>
<h1>The console is not built</h1><p>Run <code>npm run build:console</code> (npm install does it) and reload.</p></body></html>`;

/**
 * GET /console: the web console, a static single-page app that talks to the public API with the key the person
 * signs in with. Needs no key itself (it holds no data). index.html is revalidated on every load; the hashed assets
 * are immutable, served precompressed when the browser accepts it.
 */
const page = (path: string) =>
  defineRoute({
    method: 'get',
    path,
    tag: 'console',
    auth: 'public',
    summary: 'The web console (a single-page app that calls this API with the key the person signs in with); served when enabled',
    responses: { 200: { description: 'index.html', contentType: 'text/html' }, 304: { description: 'Not modified (ETag)' }, 503: { description: 'The console is not built', contentType: 'text/html' } },
  });

export const CONSOLE_ROUTES = {
  index: page('/console'),
  indexSlash: page('/console/'),
  asset: defineRoute({
    method: 'get',
    path: '/console/assets/{file}',
    tag: 'console',
    auth: 'public',
    params: { file: z.string().describe('A hashed asset name of the build (name-HASH.js|css|svg|png|woff2)') },
    summary: "The console's immutable assets (br or gzip when accepted)",
    responses: { 200: { description: 'The asset', contentType: 'application/octet-stream' }, 404: { description: 'No such asset' } },
  }),
};

export function registerConsoleRoutes(router: Router<AppState>, opts: ConsoleOptions): void {
  const meta = `<meta name="mnemo-console" content="${escapeAttr(JSON.stringify({ workflowUrl: opts.workflowUrl }))}">`;
  const security = (ctx: { set(field: string, value: string): void }) => {
    ctx.set('Content-Security-Policy', CONSOLE_CSP);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
  };

  const index = async (ctx: AppContext) => {
    security(ctx);
    let html: string;
    try {
      html = await readFile(path.join(opts.dir, 'index.html'), 'utf8');
    } catch {
      ctx.status = 503;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = NOT_BUILT;
      return;
    }
    const body = html.replace('<!--mnemo-console-config-->', meta);
    ctx.set('Cache-Control', 'no-cache');
    ctx.etag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    ctx.type = 'text/html; charset=utf-8';
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = body;
  };
  mount(router, CONSOLE_ROUTES.index, index);
  mount(router, CONSOLE_ROUTES.indexSlash, index);

  mount(router, CONSOLE_ROUTES.asset, async (ctx) => {
    const file = ctx.params.file ?? '';
    if (!ASSET.test(file)) return;
    const full = path.join(opts.dir, 'assets', file);
    const encodings = [...(ctx.acceptsEncodings('br') === 'br' ? (['br'] as const) : []), ...(ctx.acceptsEncodings('gzip') === 'gzip' ? (['gzip'] as const) : [])];
    let chosen: { path: string; encoding: 'br' | 'gzip' | null } | null = null;
    for (const enc of encodings) {
      const candidate = `${full}.${enc === 'br' ? 'br' : 'gz'}`;
      const s = await stat(candidate).catch(() => null);
      if (s?.isFile()) {
        chosen = { path: candidate, encoding: enc };
        break;
      }
    }
    if (!chosen) {
      const s = await stat(full).catch(() => null);
      if (!s?.isFile()) return;
      chosen = { path: full, encoding: null };
    }
    security(ctx);
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.vary('Accept-Encoding');
    ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    if (chosen.encoding) ctx.set('Content-Encoding', chosen.encoding);
    // Assets are small (the largest is ~250 KB): a buffer, so HEAD requests open no stream that is never read.
    ctx.body = await readFile(chosen.path);
  });
}
