import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, decodeSecretBoxKey } from './secret-box';

describe('createSecretBox', () => {
  const key = randomBytes(32);

  it('seals so that the plaintext does not appear, and opens what it sealed', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'admin-totp:7');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'admin-totp:7')).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(box.seal('JBSWY3DPEHPK3PXP', 'admin-totp:7')).not.toBe(sealed);
  });

  it('refuses another context, another key and an altered value', () => {
    const sealed = createSecretBox(key).seal('secret', 'admin-totp:7');
    expect(() => createSecretBox(key).open(sealed, 'admin-totp:8')).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'admin-totp:7')).toThrow();
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0]! ^= 1;
    const altered = [version, iv, tag, flipped.toString('base64url')].join('.');
    expect(() => createSecretBox(key).open(altered, 'admin-totp:7')).toThrow();
    expect(() => createSecretBox(key).open('plain text', 'admin-totp:7')).toThrow();
  });
});

describe('decodeSecretBoxKey', () => {
  const key = randomBytes(32);

  it('reads 32 bytes written as hex, base64 or base64url', () => {
    expect(decodeSecretBoxKey(key.toString('hex'))).toEqual(key);
    expect(decodeSecretBoxKey(key.toString('base64'))).toEqual(key);
    expect(decodeSecretBoxKey(key.toString('base64url'))).toEqual(key);
    expect(decodeSecretBoxKey(` ${key.toString('hex')}\n`)).toEqual(key);
  });

  it('refuses anything that is not 32 bytes', () => {
    expect(decodeSecretBoxKey('')).toBeNull();
    expect(decodeSecretBoxKey('too-short')).toBeNull();
    expect(decodeSecretBoxKey(randomBytes(16).toString('hex'))).toBeNull();
    expect(decodeSecretBoxKey(randomBytes(31).toString('base64'))).toBeNull();
    expect(decodeSecretBoxKey(`${key.toString('hex')}00`)).toBeNull();
  });
});
