import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { createError, isAppError } from '../core/errors.js';
import type { ExtractContext } from './types.js';

/**
 * Safe reading of zip-based formats (DOCX, PPTX, XLSX, ODF, EPUB). Entries are only ever held in memory, never written
 * to disk, so names cannot traverse paths; what can hurt is size. Entry count, bytes per entry and total bytes are
 * capped, counting the bytes actually inflated while streaming (headers are not trusted). Over a cap →
 * EXTRACTION_LIMIT; an unreadable archive → FILE_CORRUPT; encrypted entries → FILE_ENCRYPTED. All permanent.
 */
export interface ZipArchive {
  /** Every entry name in the archive (directories excluded), in central-directory order. */
  readonly names: readonly string[];
  /** Inflated entries that were asked for. */
  has(name: string): boolean;
  buffer(name: string): Buffer | null;
  /** An entry decoded as UTF-8 (BOM dropped), or null when absent. */
  text(name: string): string | null;
}

export interface ReadZipOptions {
  /** Which entries to inflate (default: all). Others are counted but never decompressed. */
  want?: (name: string) => boolean;
  /**
   * Inflate (and count) the other entries too, then drop them: for archives handed on to a library that reads them
   * without limits (mammoth), so every part it could decompress is known to fit the caps.
   */
  verifyAll?: boolean;
  /** Cap for any single kept entry (default: the total cap); entries only counted (verifyAll) have the total cap. */
  maxEntryBytes?: number;
  /** Format name for messages, e.g. "DOCX". */
  format: string;
}

/** Cap for one XML part parsed into a tree (a DOM costs tens of times the text in memory). */
export const MAX_PARSED_PART_BYTES = 32 * 1024 * 1024;
/** Cap for one part scanned as text (worksheets): V8 strings stop at ~512 MB. */
export const MAX_SCANNED_PART_BYTES = 256 * 1024 * 1024;

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** True for an OLE/CFB container: legacy Office files, and OOXML files protected with a password. */
export function isCfb(bytes: Buffer): boolean {
  return bytes.length >= 8 && bytes.subarray(0, 8).equals(CFB_MAGIC);
}

/** Reads a zip archive within ctx.limits; see ZipArchive. */
export async function readZip(bytes: Buffer, ctx: Pick<ExtractContext, 'limits' | 'signal'>, options: ReadZipOptions): Promise<ZipArchive> {
  const { format } = options;
  if (bytes.length === 0) throw createError('EMPTY_CONTENT', [], { permanent: true });
  // Password-protected OOXML is an OLE container holding EncryptionInfo + EncryptedPackage, not a zip.
  if (isCfb(bytes)) throw cfbError(bytes, format);
  const maxTotal = ctx.limits.maxUnzippedBytes;
  const maxEntry = Math.min(options.maxEntryBytes ?? maxTotal, maxTotal);
  const want = options.want ?? (() => true);
  const zip = await openZip(bytes, format);
  const names: string[] = [];
  const files = new Map<string, Buffer>();
  let total = 0;
  try {
    for (;;) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
      const entry = await nextEntry(zip, format);
      if (!entry) break;
      if (entry.fileName.endsWith('/')) continue;
      names.push(entry.fileName);
      if (names.length > ctx.limits.maxZipEntries) {
        throw limit(`${format} archive has more than ${ctx.limits.maxZipEntries} entries`);
      }
      const keep = want(entry.fileName);
      if (!keep && !options.verifyAll) continue;
      if (entry.isEncrypted()) throw createError('FILE_ENCRYPTED', [`${format} entry ${entry.fileName} is encrypted`], { permanent: true });
      const entryCap = keep ? maxEntry : maxTotal;
      // Cheap early refusal when the header already admits too much; the real check counts inflated bytes below.
      if (entry.uncompressedSize > entryCap) throw limit(entryMessage(format, entry.fileName, entryCap));
      const size = await inflate(zip, entry, { format, maxEntry: entryCap, remaining: maxTotal - total, maxTotal, keep: keep ? files : null });
      total += size;
    }
  } finally {
    zip.close();
  }
  return {
    names,
    has: (name) => files.has(name),
    buffer: (name) => files.get(name) ?? null,
    text: (name) => {
      const b = files.get(name);
      return b ? b.toString('utf8').replace(/^\uFEFF/, '') : null;
    },
  };
}

function openZip(bytes: Buffer, format: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Sizes in headers are not trusted in either direction: inflate() counts real bytes against the caps.
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false }, (err, zip) => {
      if (err || !zip) reject(corrupt(format, err));
      else resolve(zip);
    });
  });
}

function nextEntry(zip: yauzl.ZipFile, format: string): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.removeListener('entry', onEntry);
      zip.removeListener('end', onEnd);
      zip.removeListener('error', onError);
    };
    const onEntry = (e: yauzl.Entry) => (cleanup(), resolve(e));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: Error) => (cleanup(), reject(corrupt(format, err)));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

interface InflateOptions {
  format: string;
  maxEntry: number;
  remaining: number;
  maxTotal: number;
  /** Where to store the inflated entry; null to count its bytes only. */
  keep: Map<string, Buffer> | null;
}

/** Streams one entry, counting inflated bytes against the caps; resolves to its size. */
function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, o: InflateOptions): Promise<number> {
  const { format, maxEntry, remaining, maxTotal, keep } = o;
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(corrupt(format, err));
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const fail = (e: unknown) => {
        if (done) return;
        done = true;
        (stream as Readable).destroy();
        reject(isAppError(e) ? e : corrupt(format, e));
      };
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxEntry) return fail(limit(entryMessage(format, entry.fileName, maxEntry)));
        if (size > remaining) return fail(limit(`${format} archive inflates to more than ${maxTotal} bytes in total (zip bomb?)`));
        if (keep) chunks.push(chunk);
      });
      stream.on('error', fail);
      stream.on('end', () => {
        if (done) return;
        done = true;
        keep?.set(entry.fileName, Buffer.concat(chunks, size));
        resolve(size);
      });
    });
  });
}

function entryMessage(format: string, name: string, max: number): string {
  return `${format} part ${name} inflates to more than ${max} bytes (a zip bomb, or more than one document may hold)`;
}

function limit(reason: string) {
  return createError('EXTRACTION_LIMIT', [reason], { permanent: true });
}

function corrupt(format: string, err: unknown) {
  // The zip reader's own words (offsets, signatures) stay in the cause, for logs.
  return createError('FILE_CORRUPT', [`not a readable ${format} (zip) file`], { permanent: true, cause: err });
}

/** The failure for an OLE/CFB file handed to a zip-based extractor. */
export function cfbError(bytes: Buffer, format: string) {
  const kind = describeCfb(bytes);
  if (kind === 'encrypted') return createError('FILE_ENCRYPTED', [`${format} file is password-protected (encrypted OOXML package)`], { permanent: true });
  return createError('UNSUPPORTED_CONTENT', [`${kind ?? 'an OLE compound file'}; save it as ${format === 'XLSX' ? 'XLSX or CSV' : format === 'PPTX' ? 'PPTX or PDF' : 'DOCX or PDF'} and upload that`], {
    permanent: true,
  });
}

const utf16 = (s: string) => Buffer.from(s, 'utf16le');

/** What an OLE/CFB container holds, from its directory stream names: 'encrypted' or a legacy format description. */
export function describeCfb(bytes: Buffer): 'encrypted' | string | null {
  if (bytes.includes(utf16('EncryptedPackage'))) return 'encrypted';
  if (bytes.includes(utf16('WordDocument'))) return 'a legacy Word 97-2003 document (.doc), which is not supported';
  if (bytes.includes(utf16('Workbook')) || bytes.includes(utf16('Book'))) return 'a legacy Excel 97-2003 workbook (.xls), which is not supported';
  if (bytes.includes(utf16('PowerPoint Document'))) return 'a legacy PowerPoint 97-2003 presentation (.ppt), which is not supported';
  return null;
}
