// ESLint rule: no file may take part in an import cycle (value imports; `import type` is erased by TypeScript).
// The graph is the relative imports of every TypeScript file under the project's source folders (import-graph.mjs),
// built once per lint run; each import that closes a cycle is reported with the cycle it belongs to.
import path from 'node:path';
import { findCycles, importsOf, sourceFiles } from './import-graph.mjs';

export const SOURCE_FOLDERS = ['src', 'activities', 'workflows', 'bench', 'test'];

const graphs = new Map();

function componentsOf(root) {
  let byFile = graphs.get(root);
  if (!byFile) {
    byFile = new Map();
    const files = SOURCE_FOLDERS.flatMap((d) => sourceFiles(path.join(root, d)));
    for (const component of findCycles(files)) for (const f of component) byFile.set(f, component);
    graphs.set(root, byFile);
  }
  return byFile;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between the project’s TypeScript files' },
    schema: [],
    messages: { cycle: 'Import cycle: {{cycle}}. Move what both sides need into a file of its own.' },
  },
  create(context) {
    const file = context.filename;
    const component = componentsOf(context.cwd).get(file);
    if (!component) return {};
    const members = new Set(component);
    const root = context.cwd;
    const text = component.map((f) => path.relative(root, f)).join(' ⇄ ');
    const check = (node, source, typeOnly) => {
      if (typeOnly || typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const [target] = importsOf(file, `import '${source.value}'`).map((i) => i.target);
      if (target && members.has(target)) context.report({ node, messageId: 'cycle', data: { cycle: text } });
    };
    return {
      ImportDeclaration: (n) => check(n, n.source, n.importKind === 'type'),
      ExportNamedDeclaration: (n) => check(n, n.source, n.exportKind === 'type'),
      ExportAllDeclaration: (n) => check(n, n.source, n.exportKind === 'type'),
      ImportExpression: (n) => check(n, n.source, false),
    };
  },
};

export default { rules: { 'no-import-cycles': rule } };
