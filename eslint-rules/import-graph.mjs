// The relative import graph of the TypeScript sources, and its cycles (used by the no-import-cycles lint rule and
// test/structure/import-cycles.test.ts). Reads files with a regular expression, as test/structure/layers.test.ts does:
// static, dynamic and re-export imports; `import type` / `export type` ones are marked, since TypeScript erases them.
import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /(import\s+type\s[^'"]*?from\s*|export\s+type\s[^'"]*?from\s*|import\s[^'"]*?from\s*|export\s[^'"]*?from\s*|import\s*\(\s*|import\s+)(['"])([^'"]+)\2/g;

/** Relative imports of one file, resolved to files (`./x.js` → `./x.ts` or `./x.tsx`). */
export function importsOf(file, text = fs.readFileSync(file, 'utf8')) {
  const out = [];
  for (const m of text.matchAll(IMPORT)) {
    const specifier = m[3];
    if (!specifier.startsWith('.')) continue;
    const target = resolve(path.resolve(path.dirname(file), specifier));
    if (!target) continue;
    const typeOnly = /^(import|export)\s+type\s/.test(m[1]);
    out.push({ specifier, target, typeOnly, index: m.index });
  }
  return out;
}

function resolve(base) {
  const stem = base.replace(/\.(m?js|tsx?)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`]) {
    if (/\.(tsx?|mjs)$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path.join(dir, e.name)] : []));
}

/**
 * Strongly connected components of more than one file (or a file importing itself) among `files`, over value
 * imports only (`typeOnly: true` edges too when `withTypes`). Each is returned as a sorted list of files.
 */
export function findCycles(files, { withTypes = false, read } = {}) {
  const inSet = new Set(files);
  const edges = new Map(
    files.map((f) => [f, [...new Set(importsOf(f, read?.(f)).filter((i) => (withTypes || !i.typeOnly) && inSet.has(i.target)).map((i) => i.target))]]),
  );
  // Tarjan's algorithm, iterative.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  for (const root of files) {
    if (index.has(root)) continue;
    const work = [[root, 0]];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [v, i] = frame;
      const next = edges.get(v);
      if (i < next.length) {
        frame[1]++;
        const w = next[i];
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) {
          low.set(v, Math.min(low.get(v), index.get(w)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(v)));
      }
      if (low.get(v) === index.get(v)) {
        const component = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1 || edges.get(v).includes(v)) components.push(component.sort());
      }
    }
  }
  return components;
}
