import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layout shows the layers, and this keeps it so: each folder of src/ may import only the folders listed for
 * it. Edges (http, cli) reach stores, runners and providers only through services; roots (files directly in src/)
 * compose everything and may import anything. The MCP edge (mcp) has the same allowances as http.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');
const WORKFLOWS = path.join(ROOT, 'workflows');
const ACTIVITIES = path.join(ROOT, 'activities');
/** Code the workflow bundle may import: it imports nothing itself (a value import would pull runtime code in). */
const WORKFLOW_SAFE = path.join(SRC, 'core', 'workflow-safe');

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
  mcp: ['core', 'services'],
  // The web console runs in the browser and reaches Mnemo only through the public HTTP API.
  console: [],
  cli: ['core', 'services'],
  // One composition root per mode (embedded.ts, temporal.ts) and the admin CLI's: they build everything once.
  composition: ['core', 'text', 'vector', 'search', 'providers', 'storage', 'extract', 'memory', 'pipeline', 'connectors', 'runner', 'services', 'temporal', 'http'],
};

/** Who may import a composition root besides the process roots (files directly in src/): the CLI's entry. */
const COMPOSITION_IMPORTERS: Record<string, string> = { [path.join('cli', 'admin.ts')]: path.join('composition', 'admin.js') };

/** Imports of a file (static, dynamic and type-only); relative ones resolved to paths under src/. */
function importsOf(file: string): { target: string; typeOnly: boolean; specifier: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: { target: string; typeOnly: boolean; specifier: string }[] = [];
  const re = /(import\s+type\s[^'"]*?from\s*|export\s+type\s[^'"]*?from\s*|import\s[^'"]*?from\s*|export\s[^'"]*?from\s*|import\s*\(\s*|import\s+)(['"])([^'"]+)\2/g;
  for (const m of text.matchAll(re)) {
    const specifier = m[3]!;
    const typeOnly = /^(import|export)\s+type\s/.test(m[1]!);
    out.push({ specifier, typeOnly, target: specifier.startsWith('.') ? path.relative(SRC, path.resolve(path.dirname(file), specifier)) : specifier });
  }
  return out;
}

const relativeOnly = (imports: ReturnType<typeof importsOf>) => imports.filter((i) => i.specifier.startsWith('.'));

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
      for (const { target } of relativeOnly(importsOf(file))) {
        if (target.startsWith('..')) {
          // Outside src/: only the Temporal adapter and the composition roots import the workflow definitions and
          // activities the workers run.
          if (!((from === 'temporal' || from === 'composition') && /^\.\.[\\/](workflows|activities)[\\/]/.test(target))) violations.push(`${path.relative(SRC, file)} → ${target}`);
          continue;
        }
        const to = folderOf(target);
        if (to === null) {
          // A root module (runtime, app, server): only other roots and the composition roots import it.
          if (from === 'composition') continue;
          violations.push(`${path.relative(SRC, file)} → ${target} (a process root)`);
          continue;
        }
        if (to === 'composition' && from !== 'composition') {
          if (COMPOSITION_IMPORTERS[path.relative(SRC, file)] !== target) violations.push(`${path.relative(SRC, file)} → ${target} (a composition root)`);
          continue;
        }
        if (to !== from && !ALLOWED[from]!.includes(to)) violations.push(`${path.relative(SRC, file)} → ${target}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('files a module loads by URL (a worker bootstrap, a wasm module) follow the same layers as its imports', () => {
    // `new URL('../x/y.mjs', import.meta.url)` is an import the import scan above does not see: the SQLite page
    // warm-up once booted its worker through the extraction sandbox's bootstrap file this way.
    const violations: string[] = [];
    for (const file of files) {
      const from = folderOf(path.relative(SRC, file));
      if (from === null) continue;
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/new\s+URL\(\s*(['"`])(\.{1,2}\/[^'"`$]+)\1\s*,\s*import\.meta\.url/g)) {
        const target = path.relative(SRC, path.resolve(path.dirname(file), m[2]!));
        const to = target.startsWith('..') ? null : folderOf(target);
        if (to !== null && to !== from && !ALLOWED[from]!.includes(to)) violations.push(`${path.relative(SRC, file)} → ${target}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('workflow-safe code under src/core/workflow-safe imports nothing but types', () => {
    const violations = sourceFiles(WORKFLOW_SAFE).flatMap((file) =>
      importsOf(file)
        .filter((i) => !i.typeOnly)
        .map((i) => `${path.relative(ROOT, file)} → ${i.specifier}`),
    );
    expect(violations).toEqual([]);
  });

  it('workflows import only @temporalio/workflow, each other and the workflow-safe code (anything else as types)', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(WORKFLOWS)) {
      for (const i of importsOf(file)) {
        if (i.typeOnly || i.specifier === '@temporalio/workflow') continue;
        const resolved = i.specifier.startsWith('.') ? path.resolve(path.dirname(file), i.specifier) : null;
        if (resolved && (path.dirname(resolved) === WORKFLOWS || resolved.startsWith(WORKFLOW_SAFE + path.sep))) continue;
        violations.push(`${path.relative(ROOT, file)} → ${i.specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('activities wrap src/ (services, pipeline, storage, core), never the workflows, edges or composition roots', () => {
    const allowed = new Set(['core', 'services', 'pipeline', 'storage', 'providers', 'memory', 'extract', 'connectors', 'runner']);
    const violations: string[] = [];
    for (const file of sourceFiles(ACTIVITIES)) {
      for (const i of relativeOnly(importsOf(file))) {
        const resolved = path.resolve(path.dirname(file), i.specifier);
        if (path.dirname(resolved) === ACTIVITIES) continue;
        const rel = path.relative(SRC, resolved);
        const folder = rel.startsWith('..') ? null : folderOf(rel);
        if (folder !== null && allowed.has(folder)) continue;
        violations.push(`${path.relative(ROOT, file)} → ${i.specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });
});
