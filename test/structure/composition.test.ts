import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

describe('composition roots', () => {
  it('the mode (embedded or Temporal) is chosen in src/runtime.ts only; each mode is built by its own root', () => {
    const deciders = ['src', 'workflows', 'activities']
      .flatMap((d) => sourceFiles(path.join(ROOT, d)))
      .filter((f) => /\bconfig\.temporal\.address\b/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f))
      .filter((f) => f !== path.join('src', 'core', 'config.ts'));
    expect(deciders).toEqual([path.join('src', 'runtime.ts')]);
    for (const root of ['embedded.ts', 'temporal.ts']) expect(fs.existsSync(path.join(ROOT, 'src', 'composition', root))).toBe(true);
  });

  it('embedded mode loads no Temporal code (its root, the shared parts and the mode switch import none)', () => {
    const files = [path.join('src', 'composition', 'embedded.ts'), path.join('src', 'composition', 'shared.ts'), path.join('src', 'composition', 'runtime.ts'), path.join('src', 'runtime.ts')];
    const imports = files.flatMap((f) => [...fs.readFileSync(path.join(ROOT, f), 'utf8').matchAll(/^import (?!type )[^;]*?from '([^']+)'/gm)].map((m) => `${f} → ${m[1]}`));
    expect(imports.filter((i) => /temporal/i.test(i.split(' → ')[1]!))).toEqual([]);
  });
});
