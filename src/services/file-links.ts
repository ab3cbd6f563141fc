import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What a file link grants: reading one blob until `expiresAt` (epoch seconds). */
export interface FileLinkClaims {
  key: string;
  expiresAt: number;
}

/** Longest token accepted (a key of at most 512 characters fits well within it). */
export const MAX_FILE_TOKEN_LENGTH = 1024;

/**
 * The key that signs file links, derived (HKDF-SHA256) from the master secret so that the same MNEMO_SECRET_KEY
 * can also key other uses (encryption at rest) without the two ever sharing a key.
 */
export function fileLinkKey(masterSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterSecret, Buffer.alloc(0), 'mnemo file links v1', 32));
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** `<base64url JSON {k, e}>.<base64url HMAC-SHA256 of the first part>`. */
export function signFileLink(key: Buffer, claims: FileLinkClaims): string {
  const payload = Buffer.from(JSON.stringify({ k: claims.key, e: claims.expiresAt })).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The claims of a token signed with `key` that has not expired at `nowSeconds`; null for anything else. */
export function verifyFileLink(key: Buffer, token: string, nowSeconds: number): FileLinkClaims | null {
  if (token.length > MAX_FILE_TOKEN_LENGTH) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = strictBase64url(signature);
  const claimsBytes = strictBase64url(payload);
  if (!given || !claimsBytes) return null;
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(claimsBytes.toString('utf8'));
  } catch {
    return null;
  }
  const { k, e } = (claims ?? {}) as { k?: unknown; e?: unknown };
  if (typeof k !== 'string' || typeof e !== 'number' || !(e > nowSeconds)) return null;
  return { key: k, expiresAt: e };
}

/**
 * Base64url exactly as signFileLink writes it: only the alphabet, no padding, and the canonical spelling of its bytes.
 * Node's decoder skips any other character and ignores the unused low bits of the last one, so "sig==", "sig$$$"
 * or a last character with altered low bits would decode to the same bytes; each is a different token and refused.
 */
function strictBase64url(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

/** A single byte range of a `size`-byte file: the bytes to send, or unsatisfiable (416); null = send it whole. */
export type RangeRequest = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * Parses a Range header (RFC 9110 §14.1.2) for one range: `bytes=a-b`, `bytes=a-`, `bytes=-n`. Anything else
 * (other units, several ranges, bad syntax) is ignored, as the RFC allows, and the whole file is sent.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || (m[2] !== '' && end < start)) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 8187). */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'file';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
