import fs from 'node:fs';
import { codeWords } from './binary-codes.js';
import { FloatRows } from './float-rows.js';
import { IdColumn } from './id-column.js';
import type { IndexImage } from './vector-index.js';

/**
 * An organisation's vector index on disk (VectorIndex.image), so that a start reads one file into its arrays instead
 * of rebuilding the index from a million store rows. Layout: the magic `MNVI`, a format version and a header length
 * (uint32 LE each), the JSON header, then each section at a 16-byte boundary: int8 rows, scales, liveness, the binary
 * stage's mean and codes, and the ids (chunk ids, then the document of each row as an index into the document list,
 * then each document's tags as an index into the list of distinct tag sets). The header carries the writer's `token`
 * and change sequence: the store trusts a file only when its own record names that token. When the writer is given
 * the rows' float vectors they follow as a last section, `floats` (row order, `dims` float32 each, NaN-led for a row
 * without one), which a reader does not load: the index reads single rows from it (vector/float-rows.ts).
 */

const MAGIC = 0x49564e4d; // 'MNVI' little-endian
const FORMAT = 1;
const ALIGN = 16;

export interface ImageStamp {
  token: string;
  seq: number;
}

interface Section {
  name: string;
  offset: number;
  bytes: number;
}

interface Header extends ImageStamp {
  model: string;
  dims: number;
  count: number;
  meanRows: number;
  documents: number;
  sections: Section[];
}

const align = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

/** Rows handled between two turns of the event loop while an image is prepared (the service keeps answering). */
const SLICE_ROWS = 16_384;

/**
 * Rows of float vectors fetched between two turns of the event loop: store lookups by chunk id take ~15-25 µs a row,
 * so a slice holds the loop for ~5 ms (an image written while the service answers must not add more to a search).
 */
const FLOAT_SLICE_ROWS = 256;

/**
 * The float vectors of image rows [from, to): (to - from) x dims values in row order, a row without a vector led by
 * NaN (a dead row, or one the store no longer holds). It may wait (a source that lets searches go first).
 */
export type ImageFloatSource = (from: number, to: number) => Float32Array | Promise<Float32Array>;

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs steps to their end with a turn of the event loop after each. */
async function stepped<T>(steps: Generator<void, T>): Promise<T> {
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await yieldToLoop();
  }
}

/**
 * Ids joined by newlines, as buffers of SLICE_ROWS ids; null when an id holds a newline (never made by Mnemo: the
 * image is then not written rather than wrong).
 */
async function joinedIds(ids: readonly string[], count: number): Promise<Buffer[] | null> {
  const out: Buffer[] = [];
  for (let from = 0; from < count; from += SLICE_ROWS) {
    const part = ids.slice(from, Math.min(count, from + SLICE_ROWS));
    for (const id of part) if (id.includes('\n')) return null;
    out.push(Buffer.from(from + SLICE_ROWS < count ? `${part.join('\n')}\n` : part.join('\n')));
    await yieldToLoop();
  }
  return out;
}

/**
 * Writes `image` to `file` atomically (a temporary file renamed over it), preparing it in slices between which the
 * event loop runs. Answers false, writing nothing, when an id cannot be written. The image's arrays must not change
 * below `count` until the promise settles (VectorIndex.image guarantees it).
 */
export async function writeIndexImage(file: string, image: IndexImage, stamp: ImageStamp, floats?: ImageFloatSource): Promise<boolean> {
  const { count } = image;
  const docs: string[] = [];
  const docIndex = new Map<string, number>();
  const rowDocs = new Int32Array(count);
  let previous: string | undefined;
  let current = -1;
  for (let from = 0; from < count; from += SLICE_ROWS) {
    for (let row = from; row < Math.min(count, from + SLICE_ROWS); row++) {
      const doc = image.docIds[row]!;
      if (doc !== previous) {
        previous = doc;
        let i = docIndex.get(doc);
        if (i === undefined) {
          i = docs.length;
          docs.push(doc);
          docIndex.set(doc, i);
        }
        current = i;
      }
      rowDocs[row] = current;
    }
    await yieldToLoop();
  }
  const tagSets: (readonly string[])[] = [];
  const tagSetIndex = new Map<string, number>();
  const docTagSets = new Int32Array(docs.length);
  for (let i = 0; i < docs.length; i++) {
    const tags = image.docTags.get(docs[i]!) ?? [];
    const key = tags.join('\u0000');
    let t = tagSetIndex.get(key);
    if (t === undefined) {
      t = tagSets.length;
      tagSets.push(tags);
      tagSetIndex.set(key, t);
    }
    docTagSets[i] = t;
    if (i % SLICE_ROWS === SLICE_ROWS - 1) await yieldToLoop();
  }
  const chunkIds = await stepped(image.chunkIds.joined(count, SLICE_ROWS));
  const docIds = await joinedIds(docs, docs.length);
  if (chunkIds === null || docIds === null) return false;

  const parts: [string, Uint8Array[]][] = [
    ['data', [bytesOf(image.data)]],
    ['scales', [bytesOf(image.scales)]],
    ['alive', [image.alive]],
    ['rowDocs', [bytesOf(rowDocs)]],
    ['docTagSets', [bytesOf(docTagSets)]],
    ['chunkIds', chunkIds],
    ['docIds', docIds],
    ['tagSets', [Buffer.from(JSON.stringify(tagSets))]],
  ];
  if (image.mean && image.codes) parts.push(['mean', [bytesOf(image.mean)]], ['codes', [bytesOf(image.codes)]]);
  const sizeOf = (buffers: Uint8Array[]): number => buffers.reduce((n, b) => n + b.byteLength, 0);
  const floatBytes = floats ? count * image.dims * 4 : 0;

  const header: Header = {
    ...stamp,
    model: image.model,
    dims: image.dims,
    count,
    meanRows: image.meanRows,
    documents: docs.length,
    sections: [],
  };
  // The header's length depends on the offsets it lists: lay the sections out after a generous header area.
  const provisional = Buffer.from(
    JSON.stringify({
      ...header,
      sections: [...parts.map(([name, b]) => ({ name, offset: Number.MAX_SAFE_INTEGER, bytes: sizeOf(b) })), ...(floats ? [{ name: 'floats', offset: Number.MAX_SAFE_INTEGER, bytes: floatBytes }] : [])],
    }),
  );
  let offset = align(12 + provisional.byteLength);
  for (const [name, b] of parts) {
    header.sections.push({ name, offset, bytes: sizeOf(b) });
    offset = align(offset + sizeOf(b));
  }
  if (floats) header.sections.push({ name: 'floats', offset, bytes: floatBytes });
  const json = Buffer.from(JSON.stringify(header));
  const prefix = Buffer.alloc(12);
  prefix.writeUInt32LE(MAGIC, 0);
  prefix.writeUInt32LE(FORMAT, 4);
  prefix.writeUInt32LE(json.byteLength, 8);

  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await fs.promises.open(tmp, 'w');
  try {
    await handle.write(prefix, 0, prefix.byteLength, 0);
    await handle.write(json, 0, json.byteLength, 12);
    for (const [i, [, buffers]] of parts.entries()) {
      let position = header.sections[i]!.offset;
      for (const b of buffers) {
        // In slices: a single write of hundreds of megabytes is refused by some platforms.
        for (let at = 0; at < b.byteLength; at += 64 << 20) {
          const n = Math.min(64 << 20, b.byteLength - at);
          await handle.write(b, at, n, position + at);
        }
        position += b.byteLength;
      }
    }
    if (floats) {
      // Fetched and written a slice at a time: a million rows' floats (1.5 GB) are never held at once.
      const at = header.sections[header.sections.length - 1]!.offset;
      const rowBytes = image.dims * 4;
      for (let from = 0; from < count; from += FLOAT_SLICE_ROWS) {
        const to = Math.min(count, from + FLOAT_SLICE_ROWS);
        const slice = await floats(from, to);
        if (slice.length !== (to - from) * image.dims) throw new Error('image floats: a slice of the wrong size');
        await handle.write(bytesOf(slice), 0, slice.byteLength, at + from * rowBytes);
        await yieldToLoop();
      }
    }
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => {});
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  await fs.promises.rename(tmp, file);
  return true;
}

/** The sections an image's arrays are read from, in file order, and the array each is read into. */
const SECTIONS = {
  data: (b: number) => new Int8Array(b),
  scales: (b: number) => new Float32Array(b / 4),
  alive: (b: number) => new Uint8Array(b),
  rowDocs: (b: number) => new Int32Array(b / 4),
  docTagSets: (b: number) => new Int32Array(b / 4),
  chunkIds: (b: number) => Buffer.alloc(b),
  docIds: (b: number) => Buffer.alloc(b),
  tagSets: (b: number) => Buffer.alloc(b),
  mean: (b: number) => new Float32Array(b / 4),
  codes: (b: number) => new Uint32Array(b / 4),
};
type Sections = { [K in keyof typeof SECTIONS]: ReturnType<(typeof SECTIONS)[K]> | null };

/** Bytes of one read of a section (a single read of hundreds of megabytes is refused by some platforms). */
const READ_BYTES = 64 << 20;

/** Bytes of one read when the event loop must stay free (a warm-up): each read is a thread-pool job of ~5-10 ms. */
const ASYNC_READ_BYTES = 16 << 20;

/** Ids decoded between two turns of the event loop by the sliced reader (~10 ms of string splitting). */
const ID_SLICE_BYTES = 1 << 20;

/** Bytes of chunk ids searched for their newlines between two turns of the event loop (~4 ms). */
const ID_SCAN_BYTES = 4 << 20;

/**
 * Reads an image written by writeIndexImage, straight into the arrays the index keeps. Answers null when the file is
 * missing, of another format, or not the one `expect` names (token and sequence), or when it is cut short.
 */
export function readIndexImage(file: string, expect: ImageStamp, model: string): IndexImage | null {
  let fd: number;
  let keep = false;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const head = readHeader(fd, expect, model);
    if (!head) return null;
    const sections = readSections(head, (name, make) => {
      const { out, view, offset } = make;
      for (let at = 0; at < view.byteLength;) {
        const n = fs.readSync(fd, view, at, Math.min(READ_BYTES, view.byteLength - at), offset + at);
        if (n <= 0) return null;
        at += n;
      }
      return out;
    });
    const image = sections && finish(assemble(head.header, sections, model, fd, head.size));
    keep = Boolean(image?.floatRows);
    return image;
  } catch {
    return null;
  } finally {
    if (!keep) fs.closeSync(fd);
  }
}

/**
 * readIndexImage without holding the event loop: the sections are read by the thread pool in slices of
 * ASYNC_READ_BYTES, and the ids are decoded in slices with `pause` awaited between them (a warm-up at start reads a
 * 1M-row image, ~500 MB, while the embedding model loads and the first requests arrive). `pause` answers false to
 * give up (the store closed): the answer is then null.
 */
export async function readIndexImageInSlices(file: string, expect: ImageStamp, model: string, pause: () => Promise<boolean>): Promise<IndexImage | null> {
  let fd: number;
  let keep = false;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const head = readHeader(fd, expect, model);
    if (!head) return null;
    const reads: (() => Promise<boolean>)[] = [];
    const sections = readSections(head, (_name, { out, view, offset }) => {
      reads.push(() => readAll(fd, view, offset));
      return out;
    });
    if (!sections) return null;
    // One slice at a time: the thread pool also serves other file reads (the embedding model's, at start).
    for (const read of reads) if (!(await read()) || !(await pause())) return null;
    const steps = assemble(head.header, sections, model, fd, head.size);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) {
        keep = Boolean(step.value?.floatRows);
        return step.value;
      }
      if (!(await pause())) {
        return null;
      }
    }
  } catch {
    return null;
  } finally {
    if (!keep) fs.closeSync(fd);
  }
}

/** Reads `view` from `offset` by the thread pool, a slice at a time; false when the file is cut short or unreadable. */
async function readAll(fd: number, view: Uint8Array, offset: number): Promise<boolean> {
  for (let at = 0; at < view.byteLength;) {
    const n = await new Promise<number>((resolve) => fs.read(fd, view, at, Math.min(ASYNC_READ_BYTES, view.byteLength - at), offset + at, (err, bytes) => resolve(err ? -1 : bytes)));
    if (n <= 0) return false;
    at += n;
  }
  return true;
}

/**
 * The arrays of an image's sections, each filled by `fill` (given the array, a byte view of it and the section's
 * offset); null when a section lies past the end of the file or `fill` fails.
 */
function readSections({ header, size }: { header: Header; size: number }, fill: <T extends ArrayBufferView>(name: string, target: { out: T; view: Uint8Array; offset: number }) => T | null): Sections | null {
  const byName = new Map(header.sections.map((s) => [s.name, s]));
  const out: Partial<Record<keyof Sections, ArrayBufferView | null>> = {};
  for (const name of Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]) {
    const s = byName.get(name);
    if (!s) {
      // The binary stage's sections are absent for indexes too small to have one; every other one is required.
      if (name === 'mean' || name === 'codes') {
        out[name] = null;
        continue;
      }
      return null;
    }
    if (s.offset + s.bytes > size) return null;
    const array = SECTIONS[name](s.bytes);
    const filled = fill(name, { out: array, view: new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset: s.offset });
    if (!filled) return null;
    out[name] = filled;
  }
  return out as Sections;
}

/** Runs steps to their end at once (the synchronous reader). */
function finish<T>(steps: Generator<void, T>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * Checks the sections against the header and makes the image of them, pausing (a yield) between slices of the ids
 * it decodes. The file's descriptor goes to the image for its float rows when the file holds them.
 */
function* assemble(header: Header, sections: Sections, model: string, fd: number, size: number): Generator<void, IndexImage | null> {
  const { count, dims } = header;
  const { data, scales, alive, rowDocs, docTagSets, chunkIds: chunkText, docIds: docText, tagSets: tagText, mean, codes } = sections;
  if (!data || !scales || !alive || !rowDocs || !docTagSets || !chunkText || !docText || !tagText) return null;
  if (data.length !== count * dims || scales.length !== count || alive.length !== count || rowDocs.length !== count) return null;
  if (Boolean(mean) !== Boolean(codes) || (codes && codes.length !== count * codeWords(dims))) return null;
  const chunkIds = yield* IdColumn.fromText(chunkText, count, ID_SCAN_BYTES);
  const docs = header.documents > 0 ? yield* splitLines(docText) : [];
  const tagSets = JSON.parse(tagText.toString('utf8')) as string[][];
  if (!chunkIds || docs.length !== header.documents || docTagSets.length !== docs.length) return null;
  const docIds = new Array<string>(count);
  for (let row = 0; row < count; row++) {
    docIds[row] = docs[rowDocs[row]!]!;
    if (row % (SLICE_ROWS * 8) === SLICE_ROWS * 8 - 1) yield;
  }
  const docTags = new Map<string, readonly string[]>();
  docs.forEach((doc, i) => docTags.set(doc, tagSets[docTagSets[i]!] ?? []));
  // The floats stay in the file: the descriptor goes to the index, which reads single rows from it.
  const floatRows = floatsOf(fd, header, size);
  return { model, dims, count, data, scales, alive, mean, meanRows: header.meanRows, codes, chunkIds, docIds, docTags, floatRows };
}

/** The newline-separated strings of `text`, decoded ID_SLICE_BYTES at a time with a yield after each slice. */
function* splitLines(text: Buffer): Generator<void, string[]> {
  if (text.byteLength <= ID_SLICE_BYTES) return text.toString('utf8').split('\n');
  const out: string[] = [];
  for (let from = 0; from <= text.byteLength;) {
    // Each slice ends at a newline (or the end), so no id (nor UTF-8 sequence) is cut.
    const newline = from + ID_SLICE_BYTES >= text.byteLength ? -1 : text.indexOf(10, from + ID_SLICE_BYTES);
    const to = newline < 0 ? text.byteLength : newline;
    for (const id of text.toString('utf8', from, to).split('\n')) out.push(id);
    from = to + 1;
    yield;
  }
  return out;
}

/**
 * The float rows of an image file (its `floats` section) without reading the rest: for the index that was just
 * written to it (its rows are the image's). Null when the file is not the one `expect` names or has no floats.
 */
export function openImageFloats(file: string, expect: ImageStamp, model: string): FloatRows | null {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  let floatRows: FloatRows | null = null;
  try {
    const head = readHeader(fd, expect, model);
    floatRows = head ? floatsOf(fd, head.header, head.size) : null;
    return floatRows;
  } catch {
    return null;
  } finally {
    if (!floatRows) fs.closeSync(fd);
  }
}

/** The header of an image file, when it is of this format and the one `expect` names. */
function readHeader(fd: number, expect: ImageStamp, model: string): { header: Header; size: number } | null {
  const size = fs.fstatSync(fd).size;
  const prefix = Buffer.alloc(12);
  if (fs.readSync(fd, prefix, 0, 12, 0) !== 12) return null;
  if (prefix.readUInt32LE(0) !== MAGIC || prefix.readUInt32LE(4) !== FORMAT) return null;
  const json = Buffer.alloc(prefix.readUInt32LE(8));
  if (json.byteLength > size || fs.readSync(fd, json, 0, json.byteLength, 12) !== json.byteLength) return null;
  const header = JSON.parse(json.toString('utf8')) as Header;
  if (header.token !== expect.token || header.seq !== expect.seq || header.model !== model) return null;
  return { header, size };
}

function floatsOf(fd: number, header: Header, size: number): FloatRows | null {
  const f = header.sections.find((s) => s.name === 'floats');
  return f && f.bytes === header.count * header.dims * 4 && f.offset + f.bytes <= size ? new FloatRows(fd, f.offset, header.dims, header.count) : null;
}

function bytesOf(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}
