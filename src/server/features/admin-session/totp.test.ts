import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  asRecoveryCode,
  asTotpCode,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  qrCodeDataUrl,
  totpStepOf,
  totpUri,
} from './totp';

const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

describe('TOTP codes (docs/security.md#administrator-sign-in)', () => {
  const secret = generateTotpSecret();
  const now = 1_800_000_015_000;
  const step = Math.floor(now / 30_000);

  it('makes 160-bit base32 secrets and an otpauth address apps read', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri({ secret, issuer: 'Dew Mist Wholesale', account: 'admin' });
    expect(uri).toMatch(/^otpauth:\/\/totp\/Dew%20Mist%20Wholesale:admin\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('period=30');
    expect(uri).toContain('digits=6');
  });

  it('gives the step of a code for now or one step either side, and null otherwise', () => {
    expect(totpStepOf(secret, codeAt(secret, now), now)).toBe(step);
    expect(totpStepOf(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStepOf(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(totpStepOf(secret, codeAt(secret, now + 60_000), now)).toBeNull();
    expect(totpStepOf(secret, codeAt(generateTotpSecret(), now), now)).toBeNull();
  });

  it('reads six digits, spaces allowed', () => {
    expect(asTotpCode('123456')).toBe('123456');
    expect(asTotpCode(' 123 456 ')).toBe('123456');
    expect(asTotpCode('12345')).toBeNull();
    expect(asTotpCode('12345a')).toBeNull();
  });

  it('draws the QR code as an SVG data URL', async () => {
    const url = await qrCodeDataUrl(totpUri({ secret, issuer: 'Shop', account: 'admin' }));
    expect(url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(url.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });
});

describe('recovery codes', () => {
  it('makes ten different codes of 80 bits in groups of four', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
  });

  it('reads a code however it is typed, and hashes every spelling alike', () => {
    const [code] = generateRecoveryCodes(1);
    const typed = ` ${code!.toUpperCase().replaceAll('-', ' ')} `;
    expect(asRecoveryCode(typed)).toBe(code!.replaceAll('-', ''));
    expect(hashRecoveryCode(typed)).toBe(hashRecoveryCode(code!));
    expect(hashRecoveryCode(code!)).toMatch(/^[0-9a-f]{64}$/);
    expect(asRecoveryCode('123456')).toBeNull();
    expect(asRecoveryCode('abcd-efgh')).toBeNull();
  });
});
