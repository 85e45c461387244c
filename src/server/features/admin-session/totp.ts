import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * The second factor's codes (RFC 6238, docs/security.md#administrator-sign-in): what every authenticator app
 * understands, SHA-1, 6 digits, 30-second steps. A code is accepted one step either side of the server's
 * clock; single use is the caller's (the step it returns is remembered per administrator).
 */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const STEPS_EITHER_SIDE = 1;

/** A new secret: 20 random bytes (RFC 4226's recommended length), base32 as apps take it. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address a QR code carries: issuer and account name, so the app labels the entry. */
export function totpUri({ secret, issuer, account }: { secret: string; issuer: string; account: string }) {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), ...TOTP_SETTINGS }).toString();
}

/** The QR code of `uri` as an SVG data URL: made here, so no QR code library reaches the browser. */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Six digits, spaces allowed ('123 456'). */
export function asTotpCode(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The time step `code` belongs to, when it is `secret`'s code for now or one step either side; else null.
 * The caller accepts it only for a step after the last one accepted (no code works twice).
 */
export function totpStepOf(secret: string, code: string, now: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    ...TOTP_SETTINGS,
    timestamp: now,
    window: STEPS_EITHER_SIDE,
  });
  return delta === null ? null : TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: now }) + delta;
}

/** Recovery codes per set-up (or per regeneration). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * Ten new recovery codes, each 80 random bits as 16 base32 characters in groups of four
 * ('k3vq-7mzp-d2xa-w4hn'). 80 bits is beyond guessing, so a SHA-256 is enough to store them (like link
 * tokens), without a slow password hash.
 */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const code = new Secret({ buffer: toArrayBuffer(randomBytes(10)) }).base32.toLowerCase();
    return code.match(/.{4}/g)!.join('-');
  });
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** A recovery code as typed (any case, with or without hyphens and spaces), in its stored form; or null. */
export function asRecoveryCode(input: string): string | null {
  const compact = input.replace(/[\s-]+/g, '').toLowerCase();
  return /^[a-z2-7]{16}$/.test(compact) ? compact : null;
}

/** What the database keeps of a recovery code (in the form asRecoveryCode gives). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toLowerCase())
    .digest('hex');
}
