import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertSecretName, type SecretStore } from '../secrets.js';

/**
 * Secrets as `<dir>/<name>.secret` files readable by the owner only; `dir` null keeps them in memory (':memory:'
 * stores). A new secret is written to a temporary file and hard-linked into place, which fails if another process
 * linked first: then that one's value is read and used.
 */
export class FileSecretStore implements SecretStore {
  private readonly memory = new Map<string, string>();

  constructor(private readonly dir: string | null) {}

  async getOrCreate(name: string, create: () => string): Promise<string> {
    assertSecretName(name);
    if (this.dir === null) {
      if (!this.memory.has(name)) this.memory.set(name, create());
      return this.memory.get(name)!;
    }
    const file = path.join(this.dir, `${name}.secret`);
    const existing = readIfExists(file);
    if (existing !== null) return existing;
    fs.mkdirSync(this.dir, { recursive: true });
    const tmp = path.join(this.dir, `.${name}.${randomUUID()}.tmp`);
    fs.writeFileSync(tmp, create(), { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    return readIfExists(file)!;
  }
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
