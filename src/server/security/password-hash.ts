import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's first parameter set (m=19 MiB, t=2, p=1); the library's defaults are weaker.
// `2` is Algorithm.Argon2id, a const enum that isolated-module builds cannot import.
const ARGON2ID_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
