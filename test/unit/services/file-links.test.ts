import { describe, expect, it } from 'vitest';
import { contentDisposition, fileLinkKey, parseRange, signFileLink, verifyFileLink } from '../../../src/services/file-links.js';

const KEY = fileLinkKey('a master secret of at least thirty-two characters');

describe('file links', () => {
  it('verifies its own tokens until they expire (by the clock it is given)', () => {
    const token = signFileLink(KEY, { key: 'org/doc/1', expiresAt: 1_000 });
    expect(verifyFileLink(KEY, token, 999)).toEqual({ key: 'org/doc/1', expiresAt: 1_000 });
    expect(verifyFileLink(KEY, token, 999.999)).not.toBeNull();
    expect(verifyFileLink(KEY, token, 1_000)).toBeNull();
    expect(verifyFileLink(KEY, token, 5_000)).toBeNull();
  });

  it('refuses tokens signed with another key, altered, truncated or malformed', () => {
    const token = signFileLink(KEY, { key: 'org/doc/1', expiresAt: 1_000 });
    const [payload, sig] = token.split('.') as [string, string];
    expect(verifyFileLink(fileLinkKey('another master secret, also long enough'), token, 0)).toBeNull();
    const longer = Buffer.from(JSON.stringify({ k: 'org/doc/1', e: 9_999 })).toString('base64url');
    expect(verifyFileLink(KEY, `${longer}.${sig}`, 0)).toBeNull();
    expect(verifyFileLink(KEY, `${payload}.${sig.slice(0, -2)}`, 0)).toBeNull();
    expect(verifyFileLink(KEY, `${payload}.`, 0)).toBeNull();
    expect(verifyFileLink(KEY, `${payload}.${sig}.${sig}`, 0)).toBeNull();
    expect(verifyFileLink(KEY, '', 0)).toBeNull();
    expect(verifyFileLink(KEY, 'x'.repeat(5000), 0)).toBeNull();
    // A correctly signed payload that is not the expected JSON is refused too.
    const odd = Buffer.from('[1,2]').toString('base64url');
    expect(verifyFileLink(KEY, signFileLink(KEY, { key: 'k', expiresAt: 1 }).replace(/^[^.]+/, odd), 0)).toBeNull();
  });

  // Issue 27: Node's base64url decoder skips foreign characters and the unused low bits of the last character.
  it('refuses signatures and payloads that decode to the right bytes but are not spelled as signed', () => {
    const token = signFileLink(KEY, { key: 'org/doc/1', expiresAt: 1_000 });
    const [payload, sig] = token.split('.') as [string, string];
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 bytes take 43 characters: the last one carries 2 unused bits.
    const last = ALPHABET.indexOf(sig.at(-1)!);
    const lowBits = `${sig.slice(0, -1)}${ALPHABET[last ^ 1]}`;
    expect(Buffer.from(lowBits, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(true);
    for (const forged of [`${sig}==`, `${sig}$$$`, lowBits, `${sig.slice(0, 20)}!${sig.slice(20)}`, `${sig}=`]) {
      expect(verifyFileLink(KEY, `${payload}.${forged}`, 0), forged).toBeNull();
    }
    expect(verifyFileLink(KEY, `${payload}==.${sig}`, 0)).toBeNull();
    expect(verifyFileLink(KEY, token, 0)).not.toBeNull();
  });

  it('derives distinct keys from distinct master secrets', () => {
    expect(fileLinkKey('x'.repeat(32)).equals(fileLinkKey('y'.repeat(32)))).toBe(false);
    expect(fileLinkKey('x'.repeat(32))).toHaveLength(32);
  });

  it('parses one byte range: a-b, a-, -n; 416 past the end; anything else means the whole file', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=2-5', 10)).toEqual({ start: 2, end: 5 });
    expect(parseRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange('bytes=7-', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    for (const ignored of [undefined, '', 'bytes=', 'bytes=-', 'bytes=5-2', 'bytes=0-1,3-4', 'lines=0-1', 'bytes=99999999999999999999-']) {
      expect(parseRange(ignored, 10), String(ignored)).toBeNull();
    }
  });

  it('names the attachment in ASCII and exactly in UTF-8', () => {
    expect(contentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition('Grüße "final"; v2.txt')).toBe(`attachment; filename="Gr__e _final__ v2.txt"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%22final%22%3B%20v2.txt`);
    expect(contentDisposition("it's (1).pdf")).toBe(`attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`);
    expect(contentDisposition('\r\n')).toBe(`attachment; filename="__"; filename*=UTF-8''%0D%0A`);
    expect(contentDisposition('   ')).toBe(`attachment; filename="file"; filename*=UTF-8''%20%20%20`);
  });
});
