import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/core/logger.js';
import { createSecretBox } from '../../../src/core/secret-box.js';

const KEY = 'a passphrase of at least thirty-two characters';

describe('secret box', () => {
  it('seals with a fresh IV each time and opens with the same key', () => {
    const box = createSecretBox(KEY);
    const a = box.seal('{"secretAccessKey":"wJalr"}');
    const b = box.seal('{"secretAccessKey":"wJalr"}');
    expect(a).not.toBe(b);
    expect(a).not.toContain('wJalr');
    expect(box.open(a)).toBe('{"secretAccessKey":"wJalr"}');
  });

  it('refuses another key, an altered value and a non-sealed string', () => {
    const sealed = createSecretBox(KEY).seal('token-123');
    expect(() => createSecretBox(`${KEY}!`).open(sealed)).toThrow();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => createSecretBox(KEY).open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(KEY).open('plain text')).toThrow('not a sealed secret');
  });

  it('derives a different key per purpose', () => {
    const sealed = createSecretBox(KEY, 'one').seal('x');
    expect(() => createSecretBox(KEY, 'two').open(sealed)).toThrow();
  });
});

describe('logger redaction', () => {
  it('never writes credential fields, at any depth', () => {
    const lines: string[] = [];
    const log = createLogger('debug', (l) => lines.push(l));
    log.info('connection created', { connection: { id: 'c1', credentials: 'v1.abc', metadata: { token: 'ghp_secret', bucket: 'b' } }, secretAccessKey: 'wJalr' });
    const entry = JSON.parse(lines[0]!) as { connection: { id: string; credentials: string; metadata: { token: string; bucket: string } }; secretAccessKey: string };
    expect(entry.connection.id).toBe('c1');
    expect(entry.connection.metadata.bucket).toBe('b');
    expect(lines[0]).not.toMatch(/v1\.abc|ghp_secret|wJalr/);
    expect(entry.secretAccessKey).toBe('[redacted]');
  });
});
