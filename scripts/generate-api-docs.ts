// Writes docs/API.md from the served OpenAPI document, the zod schemas, the error catalog, response samples of an
// in-memory instance and docs/api-wire-rules.md (see scripts/api-docs/build.ts).
//
//   npm run docs:api              # regenerate docs/API.md
//   npm run docs:api -- --check   # exit 1 if docs/API.md is stale
import fs from 'node:fs';
import path from 'node:path';
import { API_DOC, buildApiDocs, ROOT } from './api-docs/build.js';

const markdown = await buildApiDocs();
const current = fs.existsSync(API_DOC) ? fs.readFileSync(API_DOC, 'utf8') : '';
const relative = path.relative(ROOT, API_DOC);
if (process.argv.includes('--check')) {
  if (current !== markdown) {
    process.stderr.write(`${relative} is stale: run npm run docs:api\n`);
    process.exit(1);
  }
  process.stdout.write(`${relative} is up to date\n`);
} else if (current === markdown) {
  process.stdout.write(`${relative} unchanged\n`);
} else {
  fs.writeFileSync(API_DOC, markdown);
  process.stdout.write(`wrote ${relative}\n`);
}
