import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('gives every setting a documented default', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 5000,
      HOST: '0.0.0.0',
      APP_ORIGIN: 'http://localhost:5000',
      DATA_DIR: './data',
      SEED_DEMO: false,
      TRUST_PROXY: false,
      SHOPIFY_API_VERSION: '2026-10',
      ADMIN_USERNAME: 'admin',
      ADMIN_REQUIRE_TOTP: false,
    });
    expect(env.TOTP_ENCRYPTION_KEY).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe('Dew Mist Wholesale <support@example.com>');
  });

  it('derives the origin from PORT and normalises an explicit APP_ORIGIN', () => {
    expect(loadEnv({ PORT: '8080' }).APP_ORIGIN).toBe('http://localhost:8080');
    expect(loadEnv({ APP_ORIGIN: 'https://Wholesale.Example.com/' }).APP_ORIGIN).toBe(
      'https://wholesale.example.com',
    );
  });

  it('treats empty variables as unset', () => {
    const env = loadEnv({ PORT: '', DATABASE_URL: '', SEED_DEMO: '' });
    expect(env).toMatchObject({ PORT: 5000, SEED_DEMO: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('parses flags and proxy hop counts', () => {
    expect(loadEnv({ SEED_DEMO: '1', TRUST_PROXY: '2' })).toMatchObject({ SEED_DEMO: true, TRUST_PROXY: 2 });
    expect(loadEnv({ SEED_DEMO: 'true', TRUST_PROXY: 'true' })).toMatchObject({
      SEED_DEMO: true,
      TRUST_PROXY: true,
    });
  });

  it('takes a 32-byte TOTP key as hex or base64 and refuses anything else (ADR 0028)', () => {
    const key = randomBytes(32);
    expect(loadEnv({ TOTP_ENCRYPTION_KEY: key.toString('hex') }).TOTP_ENCRYPTION_KEY).toBe(
      key.toString('hex'),
    );
    expect(loadEnv({ TOTP_ENCRYPTION_KEY: key.toString('base64') }).TOTP_ENCRYPTION_KEY).toBeDefined();
    expect(() => loadEnv({ TOTP_ENCRYPTION_KEY: 'secret' })).toThrow(/TOTP_ENCRYPTION_KEY: must be 32 bytes/);
    expect(() => loadEnv({ TOTP_ENCRYPTION_KEY: randomBytes(16).toString('hex') })).toThrow(EnvError);
  });

  it('refuses ADMIN_REQUIRE_TOTP on PostgreSQL without a TOTP key, where no key can be made', () => {
    expect(loadEnv({ ADMIN_REQUIRE_TOTP: '1' }).ADMIN_REQUIRE_TOTP).toBe(true);
    expect(() => loadEnv({ ADMIN_REQUIRE_TOTP: '1', DATABASE_URL: 'postgres://db/portal' })).toThrow(
      /TOTP_ENCRYPTION_KEY: ADMIN_REQUIRE_TOTP with DATABASE_URL needs TOTP_ENCRYPTION_KEY/,
    );
    const key = randomBytes(32).toString('base64');
    expect(
      loadEnv({ ADMIN_REQUIRE_TOTP: '1', DATABASE_URL: 'postgres://db/portal', TOTP_ENCRYPTION_KEY: key }),
    ).toMatchObject({ ADMIN_REQUIRE_TOTP: true });
  });

  it('lists every wrong variable at once', () => {
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://db', APP_ORIGIN: 'ftp://x', SUPPORT_EMAIL: 'nope' });
      expect.unreachable('loadEnv should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const { problems, message } = error as EnvError;
      expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
        'APP_ORIGIN',
        'DATABASE_URL',
        'PORT',
        'SUPPORT_EMAIL',
      ]);
      expect(message).toMatch(/^Invalid environment:\n {2}- /);
    }
  });
});
