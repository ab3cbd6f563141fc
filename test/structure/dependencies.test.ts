import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('installed dependency tree', () => {
  // openai@4 (through @supermemory/tools) declares an optional peer zod@3 while the project uses zod@4: without the
  // override in package.json every `npm install` prints an ERESOLVE warning and `npm ls` calls zod invalid.
  it('has no invalid or missing zod or openai (npm ls)', async () => {
    const { stdout } = await promisify(execFile)('npm', ['ls', 'zod', 'openai', '--json'], { cwd: ROOT }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    const tree = JSON.parse(stdout) as { problems?: string[]; dependencies?: Record<string, unknown> };
    expect(tree.problems ?? []).toEqual([]);
    expect(Object.keys(tree.dependencies ?? {})).toEqual(expect.arrayContaining(['zod', '@supermemory/tools']));
  });
});
