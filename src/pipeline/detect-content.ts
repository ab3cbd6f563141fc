import type { DocumentType } from '../core/types.js';

/** What kind of input a document's content string is. */
export type ContentKind = 'url' | 'html' | 'text';

const URL_RE = /^https?:\/\/\S+$/i;

/** Classifies raw content: a lone http(s) URL, an HTML document/fragment, or plain text/markdown. */
export function detectContent(raw: string): ContentKind {
  const s = raw.trim();
  if (URL_RE.test(s) && !s.includes('\n')) return 'url';
  if (looksLikeHtml(s)) return 'html';
  return 'text';
}

export function looksLikeHtml(s: string): boolean {
  const head = s.slice(0, 1024).toLowerCase();
  if (/^\s*(<!doctype html|<html[\s>]|<\?xml[^>]*>\s*<html)/.test(head)) return true;
  // A fragment counts as HTML when block-level tags make up its structure, not when text merely mentions a tag.
  const tags = s.match(/<\/?(p|div|h[1-6]|ul|ol|li|table|article|section|body|head|span|a|br|img|strong|em)\b[^>]*>/gi);
  return (tags?.length ?? 0) >= 3 && s.trimStart().startsWith('<');
}

/** Document type reported for a fetched resource's content type, or null if we cannot extract it yet. */
export function classifyMime(contentType: string): 'html' | 'text' | 'markdown' | 'json' | { unsupported: string } {
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  if (mime === 'text/markdown' || mime === 'text/x-markdown') return 'markdown';
  if (mime === 'application/json' || mime.endsWith('+json')) return 'json';
  if (mime.startsWith('text/') || mime === '') return 'text';
  if (mime === 'application/xml' || mime.endsWith('+xml')) return 'text';
  return { unsupported: mime };
}

/** Sniffs binary formats by magic bytes, for servers that send a wrong or missing content type. */
export function sniffBinary(body: Buffer): string | null {
  const b = body.subarray(0, 16);
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (b[0] === 0x89 && b.subarray(1, 4).toString('latin1') === 'PNG') return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (b.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004') return 'application/zip';
  if (b.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  if (b.subarray(0, 3).toString('latin1') === 'ID3') return 'audio/mpeg';
  if (b.subarray(0, 4).toString('latin1') === 'OggS') return 'audio/ogg';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WAVE') return 'audio/wav';
  // Text rarely contains NUL bytes; binary almost always does.
  if (body.subarray(0, 4096).includes(0)) return 'application/octet-stream';
  return null;
}

/** Document type of a content type we cannot extract yet (PDF, image, audio, video), or null when none fits. */
export function documentTypeOfMime(contentType: string): DocumentType | null {
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  if (mime === 'application/pdf' || mime === 'application/x-pdf') return 'pdf';
  const top = mime.split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' ? top : null;
}

const GENERIC_BINARY = new Set(['application/zip', 'application/octet-stream']);

/**
 * The content type to go by: the sniffed one (servers often send a wrong or missing type), unless sniffing only found
 * "some zip" or "some binary" and the server named a specific binary type (a .docx or .xlsx is a zip).
 */
export function effectiveMime(body: Buffer, declared: string): string {
  const sniffed = sniffBinary(body);
  if (!sniffed) return declared;
  const named = declared.split(';')[0]!.trim().toLowerCase();
  const specific = typeof classifyMime(named) === 'object' && !GENERIC_BINARY.has(named);
  return GENERIC_BINARY.has(sniffed) && specific ? declared : sniffed;
}
