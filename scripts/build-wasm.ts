// Compiles the WebAssembly text sources (src/**/wasm/*.wat) into the binaries committed beside them, which the code
// loads at run time (no compiler is needed to run Mnemo, only to change a kernel).
//
//   npm run build:wasm              # rewrite the .wasm files
//   npm run build:wasm -- --check   # exit 1 if a .wasm file is missing or stale
import fs from 'node:fs';
import path from 'node:path';
import { compileWat, watSources } from './wasm/compile.js';

const check = process.argv.includes('--check');
let stale = 0;
for (const source of watSources()) {
  const target = source.replace(/\.wat$/, '.wasm');
  const binary = await compileWat(source);
  const current = fs.existsSync(target) ? fs.readFileSync(target) : null;
  const relative = path.relative(process.cwd(), target);
  if (current && Buffer.compare(current, binary) === 0) {
    process.stdout.write(`${relative} is up to date\n`);
  } else if (check) {
    process.stderr.write(`${relative} is stale: run npm run build:wasm\n`);
    stale++;
  } else {
    fs.writeFileSync(target, binary);
    process.stdout.write(`wrote ${relative}\n`);
  }
}
process.exit(stale > 0 ? 1 : 0);
