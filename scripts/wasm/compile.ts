import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import wabtInit from 'wabt';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every WebAssembly text source under src/. */
export function watSources(): string[] {
  return (fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => f.endsWith('.wat'))
    .sort()
    .map((f) => path.join(ROOT, 'src', f));
}

/** The binary module of a .wat file (SIMD enabled, no debug names: the output depends on the source only). */
export async function compileWat(file: string): Promise<Buffer> {
  const wabt = await wabtInit();
  const parsed = wabt.parseWat(path.basename(file), fs.readFileSync(file, 'utf8'), { simd: true });
  try {
    parsed.validate();
    return Buffer.from(parsed.toBinary({ write_debug_names: false }).buffer);
  } finally {
    parsed.destroy();
  }
}
