import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layout shows the layers, and this keeps it so: each folder of src/ may import only the folders listed for
 * it. Edges (http, cli) reach stores, runners and providers only through services; roots (files directly in src/)
 * compose everything and may import anything.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');

const ALLOWED: Record<string, readonly string[]> = {
  core: [],
  text: ['core'],
  vector: ['core'],
  search: ['core', 'text', 'vector', 'providers'],
  providers: ['core', 'text', 'vector'],
  storage: ['core', 'text', 'vector'],
  extract: ['core', 'text', 'providers'],
  memory: ['core', 'text', 'vector', 'providers', 'storage'],
  pipeline: ['core', 'text', 'vector', 'providers', 'storage', 'memory', 'extract'],
  // A connector reads an outside source through providers (the SSRF-guarded fetch) and asks extract which files it
  // can read; the sync engine in services stores.
  connectors: ['core', 'text', 'providers', 'extract'],
  runner: ['core', 'pipeline', 'storage', 'providers'],
  services: ['core', 'text', 'vector', 'search', 'storage', 'runner', 'pipeline', 'providers', 'memory', 'extract', 'connectors'],
  temporal: ['core', 'pipeline', 'runner', 'storage', 'providers', 'services', 'memory', 'extract', 'connectors'],
  http: ['core', 'services'],
  // The web console runs in the browser and reaches Mnemo only through the public HTTP API.
  console: [],
  cli: ['core', 'services'],
};

/** Relative imports of a file (static, dynamic and type-only), resolved to paths under src/. */
function importsOf(file: string): { target: string; typeOnly: boolean }[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: { target: string; typeOnly: boolean }[] = [];
  const re = /(import\s+type\s[^'"]*?from\s*|import\s[^'"]*?from\s*|export\s[^'"]*?from\s*|import\s*\(\s*)(['"])(\.{1,2}\/[^'"]+)\2/g;
  for (const m of text.matchAll(re)) {
    out.push({ target: path.relative(SRC, path.resolve(path.dirname(file), m[3]!)), typeOnly: m[1]!.startsWith('import type') });
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

const folderOf = (rel: string) => (rel.includes(path.sep) ? rel.split(path.sep)[0]! : null);

describe('source layout', () => {
  const files = sourceFiles(SRC);

  it('has only the known top-level folders', () => {
    const folders = new Set(files.map((f) => folderOf(path.relative(SRC, f))).filter((f): f is string => f !== null));
    expect([...folders].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('each folder imports only the layers below it; edges reach stores only through services', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = folderOf(path.relative(SRC, file));
      if (from === null) continue;
      for (const { target } of importsOf(file)) {
        if (target.startsWith('..')) {
          // Outside src/: the Temporal adapter imports the workflow definitions and activities it runs.
          if (!(from === 'temporal' && /^\.\.[\\/](workflows|activities)[\\/]/.test(target)) && !target.startsWith(`..${path.sep}workflows${path.sep}shared`)) violations.push(`${path.relative(SRC, file)} → ${target}`);
          continue;
        }
        const to = folderOf(target);
        if (to === null) {
          // A root module (runtime, app, server, admin-runtime): only other roots, and the CLI's entry, import it.
          if (path.relative(SRC, file) === path.join('cli', 'admin.ts') && target === 'admin-runtime.js') continue;
          violations.push(`${path.relative(SRC, file)} → ${target} (a composition root)`);
          continue;
        }
        if (to !== from && !ALLOWED[from]!.includes(to)) violations.push(`${path.relative(SRC, file)} → ${target}`);
      }
    }
    expect(violations).toEqual([]);
  });
});
