import path from 'node:path';
import zlib from 'node:zlib';
import type { ExtractContext, ExtractInput, ExtractLimits, ExtractProgress } from '../../../src/extract/types.js';

/** Shared sample files (../shared/data/files), read in place; tests using them skip where the folder is absent. */
export const SHARED_FILES = path.resolve(process.env.MNEMO_SHARED_DATA ?? path.join(import.meta.dirname, '../../../../shared/data'), 'files');

export const LIMITS: ExtractLimits = {
  maxPages: 500,
  maxPixels: 50_000_000,
  maxAudioSeconds: 3600,
  maxUnzippedBytes: 50 * 1024 * 1024,
  maxZipEntries: 1000,
  timeoutMs: 60_000,
  parseTimeoutMs: 60_000,
  workerHeapMb: 1024,
  maxDecodedPixels: 400_000_000,
  maxInflatedBytes: 256 * 1024 * 1024,
};

/** A context for one extraction; progress reports are collected in `events`. */
export function makeContext(limits: Partial<ExtractLimits> = {}, signal = new AbortController().signal): ExtractContext & { events: ExtractProgress[] } {
  const events: ExtractProgress[] = [];
  return {
    signal,
    limits: { ...LIMITS, ...limits },
    progress: (p) => void events.push(p),
    ocr: null,
    transcriber: null,
    ffmpeg: null,
    tmpDir: '/tmp',
    events,
  };
}

export function makeInput(bytes: Buffer, mime: string, filename: string | null = null): ExtractInput {
  return { path: '/nonexistent', size: bytes.length, mime, filename, bytes: async () => bytes };
}

export interface ZipEntrySpec {
  name: string;
  data: Buffer | string;
  /** Store instead of deflate (EPUB's mimetype). */
  store?: boolean;
  /** Lie in the headers about the inflated size (zip bombs that hide their size). */
  declaredSize?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A minimal zip writer for hand-built OOXML/ODF/EPUB fixtures and hostile archives. */
export function buildZip(entries: readonly ZipEntrySpec[]): Buffer {
  return zipFromParts(
    entries.map((e) => {
      const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : e.data;
      const body = e.store ? data : zlib.deflateRawSync(data);
      return { name: e.name, body, method: e.store ? 0 : 8, crc: crc32(data), size: e.declaredSize ?? data.length };
    }),
  );
}

export interface RawZipPart {
  name: string;
  body: Buffer;
  method: number;
  crc: number;
  size: number;
}

/** Assembles pre-compressed entries into a zip (local headers, central directory, end record). */
export function zipFromParts(parts: readonly RawZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(p.method, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.body.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(p.method, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.body.length, 20);
    central.writeUInt32LE(p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.body);
    centrals.push(central, name);
    offset += 30 + name.length + p.body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/**
 * `mib` MiB of zero bytes as one raw deflate stream (a zip-bomb payload), built without inflating or compressing it
 * all: one MiB is compressed with a full flush (which resets the compressor, so every such block is identical) and
 * that block is repeated, then closed with an empty final block. 1 GiB costs ~1 MB. CRC is left to the caller (the
 * reader must stop on size long before any CRC would be checked).
 */
export function deflatedZeros(mib: number): Buffer {
  const deflate = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const final = Buffer.from([0x03, 0x00]); // empty fixed-Huffman final block
  return Buffer.concat([...Array.from({ length: mib }, () => deflate), final]);
}
