#!/usr/bin/env node
// Bundles the web console (src/console) into dist/console with esbuild: hashed, minified ES modules and CSS under
// assets/, each also precompressed (.br, .gz), and an index.html that names them. Run by `npm install` (postinstall)
// and `npm run build:console`; the server serves the folder at /console (src/http/routes/console.ts).
//
//   node scripts/build-console.mjs [--out DIR] [--quiet]
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const OUT = path.resolve(outIndex >= 0 ? args[outIndex + 1] : path.join(ROOT, 'dist/console'));
const quiet = args.includes('--quiet');

// `npm install` runs this as postinstall, also where the sources are not there yet (the Dockerfile installs the
// dependencies before it copies src/, then builds): nothing to build then.
if (args.includes('--if-present') && !fs.existsSync(path.join(ROOT, 'src/console/main.tsx'))) {
  process.stdout.write('console: no sources (src/console), not built\n');
  process.exit(0);
}

const started = performance.now();
// Build beside the target and swap, so a running server never sees a half-written folder.
const staging = `${OUT}.building-${process.pid}`;
fs.rmSync(staging, { recursive: true, force: true });

const result = await build({
  absWorkingDir: ROOT,
  entryPoints: ['src/console/main.tsx'],
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  jsx: 'automatic',
  outdir: path.join(staging, 'assets'),
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  publicPath: '/console/assets',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  logLevel: 'warning',
});

const bundled = performance.now();
const outputs = Object.entries(result.metafile.outputs);
const entry = outputs.find(([, o]) => o.entryPoint === 'src/console/main.tsx');
if (!entry) throw new Error('esbuild produced no entry bundle');
const script = `/console/assets/${path.basename(entry[0])}`;
const css = entry[1].cssBundle ? `/console/assets/${path.basename(entry[1].cssBundle)}` : null;

const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<!--mnemo-console-config-->
<title>Mnemo console</title>
${css ? `<link rel="stylesheet" href="${css}">` : ''}
<script type="module" src="${script}"></script>
</head>
<body>
<div id="root"><noscript>The Mnemo console needs JavaScript.</noscript></div>
</body>
</html>
`;
fs.writeFileSync(path.join(staging, 'index.html'), html);

let raw = 0;
let brotli = 0;
for (const [file] of outputs) {
  const bytes = fs.readFileSync(path.join(ROOT, file));
  raw += bytes.length;
  // Quality 9: within 8% of 11 in size, 7x faster (the build runs at every npm install).
  const br = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
  brotli += br.length;
  fs.writeFileSync(`${path.join(ROOT, file)}.br`, br);
  fs.writeFileSync(`${path.join(ROOT, file)}.gz`, zlib.gzipSync(bytes, { level: 9 }));
}
const bundleMs = Math.round(bundled - started);
const compressMs = Math.round(performance.now() - bundled);
fs.writeFileSync(path.join(staging, 'build.json'), JSON.stringify({ script, css, files: outputs.map(([f, o]) => ({ file: path.basename(f), bytes: o.bytes })), raw, brotli, bundleMs, compressMs }, null, 2));

fs.rmSync(`${OUT}.old`, { recursive: true, force: true });
if (fs.existsSync(OUT)) fs.renameSync(OUT, `${OUT}.old`);
fs.renameSync(staging, OUT);
fs.rmSync(`${OUT}.old`, { recursive: true, force: true });

if (!quiet) {
  const ms = Math.round(performance.now() - started);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  process.stdout.write(`console built in ${ms} ms (esbuild ${bundleMs} ms, compression ${compressMs} ms): ${outputs.length} files, ${kb(raw)} (${kb(brotli)} brotli) → ${path.relative(process.cwd(), OUT) || '.'}\n`);
}
