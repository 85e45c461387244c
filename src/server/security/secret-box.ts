import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals a small secret (an administrator's TOTP secret) for storage with AES-256-GCM, so the database never
 * holds it raw (ADR 0028). `context` is bound to the ciphertext as associated data: a sealed value copied to
 * another row (another administrator) does not open there.
 *
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, each base64url; a 12-byte random IV per seal.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** The plaintext; throws when the value was sealed with another key or context, or was altered. */
  open(sealed: string, context: string): string;
}

export const SECRET_BOX_KEY_BYTES = 32;
const VERSION = 'v1';

/**
 * A 32-byte key written as 64 hexadecimal digits or as base64 / base64url (44 characters with padding, 43
 * without); null for anything else.
 */
export function decodeSecretBoxKey(text: string): Buffer | null {
  const value = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(value)) key = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) key = Buffer.from(value, 'base64');
  return key?.length === SECRET_BOX_KEY_BYTES ? key : null;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRET_BOX_KEY_BYTES) throw new Error('The secret box key must be 32 bytes');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
        throw new Error('Not a sealed value');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
