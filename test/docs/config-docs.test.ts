import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../../src/core/config.js';

const root = path.resolve(import.meta.dirname, '../..');
const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');

describe('configuration documentation', () => {
  it('documents every environment variable in .env.example and in a row of docs/configuration.md', () => {
    const example = read('.env.example');
    const reference = read('docs/configuration.md');
    for (const name of ENV_VARIABLES) {
      expect(example, `.env.example lacks ${name}`).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
      expect(reference, `docs/configuration.md lacks a row for ${name}`).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
    }
  });

  it('documents no variable the service does not read', () => {
    const documented = [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    for (const file of ['docs/configuration.md', 'README.md']) {
      documented.push(...[...read(file).matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
    }
    for (const name of documented) expect(ENV_VARIABLES).toContain(name);
  });

  it('keeps process.env out of everything but the config loader', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else if (p.endsWith('.ts') && !p.endsWith(path.join('src', 'core', 'config.ts')) && read(path.relative(root, p)).includes('process.env')) {
          offenders.push(path.relative(root, p));
        }
      }
    };
    walk(path.join(root, 'src'));
    expect(offenders).toEqual([]);
  });
});
