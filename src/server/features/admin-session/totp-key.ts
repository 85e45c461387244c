import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { TOTP_MESSAGES } from '../../../shared/schemas/admin-session';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import {
  createSecretBox,
  decodeSecretBoxKey,
  SECRET_BOX_KEY_BYTES,
  type SecretBox,
} from '../../security/secret-box';

/** The key file made in DATA_DIR when TOTP_ENCRYPTION_KEY is unset on PGlite (ADR 0028). */
export const TOTP_KEY_FILE = 'totp-encryption.key';

interface KeyLog {
  warn(object: object, message: string): void;
}

/**
 * The box that seals and opens administrators' TOTP secrets, found on first use (ADR 0028):
 * - TOTP_ENCRYPTION_KEY when set;
 * - else, on PGlite (no DATABASE_URL: one instance, its data in DATA_DIR), a random key kept in
 *   DATA_DIR/totp-encryption.key (made once, readable by the portal's user only), with a warning that a
 *   production portal should set the variable (a copy of DATA_DIR then holds the key beside the database);
 * - else (PostgreSQL, possibly several instances that would each make their own key) none: setting up or
 *   checking a code answers 503 with TOTP_MESSAGES.keyMissing. Recovery codes need no key.
 */
export function createTotpKeyring(
  env: Pick<Env, 'TOTP_ENCRYPTION_KEY' | 'DATABASE_URL' | 'DATA_DIR'>,
  log: KeyLog,
) {
  let box: Promise<SecretBox> | null = null;

  async function resolve(): Promise<SecretBox> {
    if (env.TOTP_ENCRYPTION_KEY) {
      const key = decodeSecretBoxKey(env.TOTP_ENCRYPTION_KEY);
      // env.ts has checked it already.
      if (!key) throw new Error('TOTP_ENCRYPTION_KEY is not 32 bytes');
      return createSecretBox(key);
    }
    if (env.DATABASE_URL) throw new AppError('UNAVAILABLE', TOTP_MESSAGES.keyMissing);
    const file = path.join(path.resolve(env.DATA_DIR), TOTP_KEY_FILE);
    const key = await readOrCreateKeyFile(file);
    log.warn(
      { file },
      "TOTP_ENCRYPTION_KEY is not set: administrators' TOTP secrets are sealed with the key kept in this file; set TOTP_ENCRYPTION_KEY in production (ADR 0028)",
    );
    return createSecretBox(key);
  }

  return {
    /** The box, or 503 when no key can be had; a failure is tried again next time. */
    secretBox(): Promise<SecretBox> {
      box ??= resolve().catch((error: unknown) => {
        box = null;
        throw error;
      });
      return box;
    },
  };
}

export type TotpKeyring = ReturnType<typeof createTotpKeyring>;

async function readOrCreateKeyFile(file: string): Promise<Buffer> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // 'wx': never replaces a key that exists (another start may have just made it).
    await writeFile(file, `${randomBytes(SECRET_BOX_KEY_BYTES).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = decodeSecretBoxKey(await readFile(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key; restore it or set TOTP_ENCRYPTION_KEY`);
  return key;
}
