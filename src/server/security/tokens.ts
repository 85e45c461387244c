import { createHash, randomBytes } from 'node:crypto';

/** A secret for a link or a session cookie: 32 random bytes, URL-safe (docs/security.md#link-tokens). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
