import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOTP_MESSAGES } from '../../../shared/schemas/admin-session';
import { createSecretBox } from '../../security/secret-box';
import { createTotpKeyring, TOTP_KEY_FILE } from './totp-key';

/** Where the TOTP secrets' key comes from (ADR 0028). */

const folders: string[] = [];
function tempDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'totp-key-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const quiet = () => ({ warn: vi.fn() });

describe('createTotpKeyring', () => {
  it('uses TOTP_ENCRYPTION_KEY when set, and writes no file', async () => {
    const key = randomBytes(32);
    const dataDir = tempDataDir();
    const log = quiet();
    const box = await createTotpKeyring(
      { TOTP_ENCRYPTION_KEY: key.toString('base64'), DATABASE_URL: undefined, DATA_DIR: dataDir },
      log,
    ).secretBox();
    expect(createSecretBox(key).open(box.seal('s', 'c'), 'c')).toBe('s');
    expect(() => statSync(path.join(dataDir, TOTP_KEY_FILE))).toThrow();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('on PGlite without a key, makes one in DATA_DIR once (owner-only), keeps it, and warns', async () => {
    const dataDir = tempDataDir();
    const env = { TOTP_ENCRYPTION_KEY: undefined, DATABASE_URL: undefined, DATA_DIR: dataDir };
    const log = quiet();
    const first = await createTotpKeyring(env, log).secretBox();
    const file = path.join(dataDir, TOTP_KEY_FILE);
    const written = readFileSync(file, 'utf8');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(log.warn).toHaveBeenCalledWith(
      { file },
      expect.stringMatching(/set TOTP_ENCRYPTION_KEY in production/),
    );

    // A later start reads the same key: what it sealed still opens.
    const sealed = first.seal('JBSWY3DPEHPK3PXP', 'admin-totp:1');
    const again = await createTotpKeyring(env, quiet()).secretBox();
    expect(again.open(sealed, 'admin-totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(readFileSync(file, 'utf8')).toBe(written);
  });

  it('with DATABASE_URL and no key refuses with 503 and the reason', async () => {
    const keyring = createTotpKeyring(
      { TOTP_ENCRYPTION_KEY: undefined, DATABASE_URL: 'postgres://db/portal', DATA_DIR: tempDataDir() },
      quiet(),
    );
    await expect(keyring.secretBox()).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: TOTP_MESSAGES.keyMissing,
    });
  });
});
