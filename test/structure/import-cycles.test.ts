import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, sourceFiles } from '../../eslint-rules/import-graph.mjs';
import local, { SOURCE_FOLDERS } from '../../eslint-rules/no-import-cycles.mjs';

/**
 * No import cycles: `npm run lint` runs eslint-rules/no-import-cycles.mjs over every TypeScript file; this checks the
 * tree directly and that the rule reports a cycle (and only a value-import one) in a tree made for the purpose.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const rel = (files: string[]) => files.map((f) => path.relative(ROOT, f));

describe('import cycles', () => {
  it('the source tree has none', () => {
    const files = SOURCE_FOLDERS.flatMap((d) => sourceFiles(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(100);
    expect(findCycles(files).map(rel)).toEqual([]);
  });

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-cycles-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
    fs.writeFileSync(path.join(tmp, file), text);
  };
  write('src/pipeline/a.ts', "import { b } from './b.js';\nexport const a = () => b();\n");
  write('src/pipeline/b.ts', "import { c } from '../core/c.js';\nexport const b = () => c();\n");
  write('src/core/c.ts', "export { a } from '../pipeline/a.js';\nexport const c = () => 1;\n");
  // Type-only imports are erased by TypeScript: not a cycle.
  write('src/core/d.ts', "import type { E } from './e.js';\nexport interface D { e?: E }\n");
  write('src/core/e.ts', "import type { D } from './d.js';\nexport interface E { d?: D }\n");

  it('finds the cycle through three files and ignores type-only ones', () => {
    const files = sourceFiles(path.join(tmp, 'src'));
    expect(findCycles(files).map((c) => c.map((f) => path.relative(tmp, f)))).toEqual([['src/core/c.ts', 'src/pipeline/a.ts', 'src/pipeline/b.ts']]);
    expect(findCycles(files, { withTypes: true })).toHaveLength(2);
  });

  it('the lint rule reports each import that closes the cycle', async () => {
    const eslint = new ESLint({
      cwd: tmp,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { local }, rules: { 'local/no-import-cycles': 'error' } }],
    });
    const results = await eslint.lintFiles(['src/**/*.ts']);
    const reported = results.filter((r) => r.messages.length > 0).map((r) => [path.relative(tmp, r.filePath), r.messages.map((m) => `${m.ruleId}:${m.line}`)]);
    expect(reported.sort()).toEqual([
      ['src/core/c.ts', ['local/no-import-cycles:1']],
      ['src/pipeline/a.ts', ['local/no-import-cycles:1']],
      ['src/pipeline/b.ts', ['local/no-import-cycles:1']],
    ]);
    expect(results.find((r) => r.filePath.endsWith('a.ts'))?.messages[0]?.message).toContain('src/core/c.ts ⇄ src/pipeline/a.ts ⇄ src/pipeline/b.ts');
  });
});
