import { open } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { DocumentType } from '../core/types.js';

/**
 * The one file-type detection (uploads, stored files, fetched URLs). Order: magic numbers (file-type, which also tells
 * DOCX/PPTX/XLSX/ODF/EPUB zips apart), then text sniffing (BOMs, HTML, JSON, RTF; CSV and markdown by extension or
 * declared type), then the file name's extension, then the declared type (the client's mimeType or the HTTP
 * Content-Type). What the client claims never overrides what the bytes are: PNG bytes named .pdf are an image.
 */
export interface DetectedType {
  /** MIME type without parameters, lower case; `application/octet-stream` when nothing matched. */
  mime: string;
  /** What decided it. */
  by: 'magic' | 'text' | 'extension' | 'declared' | 'none';
  /** The document type a file of this MIME type becomes. */
  documentType: DocumentType;
}

export interface DetectHints {
  /** File name (upload name, last URL path segment), for its extension. */
  filename?: string | null;
  /** Declared MIME types, most trusted first (client's mimeType, the part's or response's Content-Type). */
  declared?: readonly (string | null | undefined)[];
}

/** Bytes looked at for text sniffing. */
const HEAD_BYTES = 64 * 1024;

export const OCTET_STREAM = 'application/octet-stream';

const EXTENSIONS: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  docm: 'application/vnd.ms-word.document.macroenabled.12',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  odp: 'application/vnd.oasis.opendocument.presentation',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  epub: 'application/epub+zip',
  rtf: 'application/rtf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  flac: 'audio/flac',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  mdx: 'text/markdown',
  rst: 'text/x-rst',
  org: 'text/x-org',
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  tab: 'text/tab-separated-values',
  json: 'application/json',
  jsonl: 'application/x-ndjson',
  ndjson: 'application/x-ndjson',
  geojson: 'application/geo+json',
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
};

/** Types file-type reports for containers whose more specific kind the extension or declared type may know. */
const GENERIC = new Set(['application/zip', 'application/x-cfb', 'application/xml', 'application/octet-stream']);

/** MIME types that are text, so text sniffing may refine them (and that text bytes may be declared as). */
function isTextMime(mime: string): boolean {
  return mime.startsWith('text/') || mime === 'application/json' || mime.endsWith('+json') || mime === 'application/x-ndjson' || mime === 'application/x-subrip' || mime === 'application/xhtml+xml';
}

function cleanMime(m: string | null | undefined): string | null {
  const s = (m ?? '').split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(s) ? s : null;
}

/** The MIME type a file name's extension stands for, or null when the extension is unknown. */
export function extensionMime(filename: string | null | undefined): string | null {
  if (!filename) return null;
  const ext = path.extname(filename.split(/[?#]/)[0]!).slice(1).toLowerCase();
  return EXTENSIONS[ext] ?? null;
}

/** The document type a detected MIME type becomes (before its extractor says otherwise). */
export function documentTypeOf(mime: string): DocumentType {
  if (mime === 'application/pdf') return 'pdf';
  const top = mime.split('/')[0];
  if (top === 'image' || top === 'audio' || top === 'video') return top;
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'webpage';
  return 'text';
}

function result(mime: string, by: DetectedType['by']): DetectedType {
  return { mime, by, documentType: documentTypeOf(mime) };
}

/** Type of a file on disk (read by file-type's streaming tokenizer, so large files are never loaded whole). */
export async function detectFileType(filePath: string, hints: DetectHints = {}): Promise<DetectedType> {
  const magic = await fileTypeFromFile(filePath).catch(() => undefined);
  const fh = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(head, 0, HEAD_BYTES, 0);
    return decide(magic?.mime ?? null, head.subarray(0, bytesRead), hints);
  } finally {
    await fh.close();
  }
}

/** Type of bytes in memory (a fetched URL's body). */
export async function detectBufferType(bytes: Buffer, hints: DetectHints = {}): Promise<DetectedType> {
  const magic = await fileTypeFromBuffer(bytes).catch(() => undefined);
  return decide(magic?.mime ?? null, bytes.subarray(0, HEAD_BYTES), hints);
}

function decide(magic: string | null, head: Buffer, hints: DetectHints): DetectedType {
  const ext = extensionMime(hints.filename);
  const declared = (hints.declared ?? []).map(cleanMime).filter((m): m is string => m !== null && m !== OCTET_STREAM);
  if (magic && !GENERIC.has(magic)) return result(normalizeMagic(magic), 'magic');
  if (magic) {
    // A zip (or OLE, XML) container: the extension or declared type may name which format it is.
    const named = [ext, ...declared].find((m) => m && !isTextMime(m) && m !== magic);
    if (named && magic !== 'application/xml') return result(named, 'extension');
    if (magic !== 'application/xml') return result(magic, 'magic');
  }
  const text = sniffText(head);
  if (text) {
    if (text !== 'text/plain') return result(text, 'text');
    // Plain text: markdown, CSV, JSON Lines... only the name or the declared type can tell.
    const named = [ext, ...declared].find((m) => m && isTextMime(m));
    return named ? result(named, ext === named ? 'extension' : 'declared') : result('text/plain', 'text');
  }
  if (head.length === 0) {
    const named = ext ?? declared[0];
    return named ? result(named, ext ? 'extension' : 'declared') : result('text/plain', 'none');
  }
  // Binary bytes no magic number knows: a damaged file of the kind its name or declared type says (its extractor
  // then reports it as corrupt), but never a text type.
  const named = [ext, ...declared].find((m) => m && !isTextMime(m));
  if (named) return result(named, ext === named ? 'extension' : 'declared');
  return result(OCTET_STREAM, 'none');
}

/** file-type names a few types differently from what the extractors (and most servers) use. */
function normalizeMagic(mime: string): string {
  if (mime === 'audio/x-wav' || mime === 'audio/vnd.wave') return 'audio/wav';
  if (mime === 'audio/x-flac') return 'audio/flac';
  if (mime === 'audio/x-m4a') return 'audio/mp4';
  return mime;
}

/**
 * Text sniffing for bytes without a magic number: null when they are not text; otherwise the kind the content
 * itself shows (HTML, JSON, RTF) or text/plain.
 */
export function sniffText(head: Buffer): string | null {
  if (head.length === 0) return null;
  let body: string;
  if (head[0] === 0xff && head[1] === 0xfe) body = head.subarray(2).toString('utf16le');
  else if (head[0] === 0xfe && head[1] === 0xff) body = Buffer.from(head.subarray(2)).swap16().toString('utf16le');
  else if (utf16Without(head)) body = head.toString('utf16le');
  else {
    if (head.includes(0)) return null;
    body = head.toString(head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 'utf8' : 'latin1');
    let control = 0;
    for (const b of head) if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) || b === 0x7f) control++;
    if (control > head.length * 0.01) return null;
  }
  const s = body.replace(/^\ufeff/, '').trimStart();
  if (s.startsWith('{\\rtf')) return 'application/rtf';
  if (looksLikeHtml(s)) return 'text/html';
  if ((s.startsWith('{') || s.startsWith('[')) && isJson(s)) return 'application/json';
  return 'text/plain';
}

/** BOM-less UTF-16LE: NUL in most odd positions and almost none in even ones. */
function utf16Without(head: Buffer): boolean {
  const n = Math.min(head.length, 4096) & ~1;
  if (n < 4) return false;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) even++;
    if (head[i + 1] === 0) odd++;
  }
  return odd > (n / 2) * 0.3 && even < (n / 2) * 0.05;
}

function isJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    // A file longer than the sniffed head: an object or array opening with a key or value is enough.
    return s.length >= HEAD_BYTES / 2 && /^[[{]\s*("|\{|\[|\d|-|true|false|null)/.test(s);
  }
}

/** An HTML document, or a fragment whose structure is block-level tags (not text that merely mentions a tag). */
export function looksLikeHtml(s: string): boolean {
  const head = s.slice(0, 1024).toLowerCase();
  if (/^\s*(<!doctype html|<html[\s>]|<\?xml[^>]*>\s*<html)/.test(head)) return true;
  const tags = s.match(/<\/?(p|div|h[1-6]|ul|ol|li|table|article|section|body|head|span|a|br|img|strong|em)\b[^>]*>/gi);
  return (tags?.length ?? 0) >= 3 && s.trimStart().startsWith('<');
}
