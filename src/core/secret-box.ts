import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Seals small secrets (connector credentials) with AES-256-GCM; the sealed form is safe to store. */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was sealed with another key or altered. */
  open(sealed: string): string;
}

const VERSION = 'v1';

/**
 * A box keyed from the deployment's MNEMO_SECRET_KEY. The variable is a passphrase of 32+ characters (or 32 random
 * bytes in hex/base64, which read the same way): HKDF-SHA256 derives a key for this one purpose, so the value that
 * signs file links never encrypts with the same bytes.
 */
export function createSecretBox(secretKey: string, purpose = 'mnemo connection credentials'): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), Buffer.from('mnemo'), Buffer.from(purpose), 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
