import { createHmac, timingSafeEqual } from 'node:crypto';

/** A SHA-256 digest is 32 bytes; anything else in the header can never match. */
const DIGEST_BYTES = 32;

/**
 * Whether `signature` (the X-Shopify-Hmac-Sha256 header) is base64(HMAC-SHA256(secret, rawBody)) for any of
 * `secrets` (the current one and, during a rotation, the previous one). Computed over the exact bytes that
 * arrived, never re-serialised JSON (docs/shopify.md#webhook-signature), and compared in constant time on
 * equal-length buffers. Every secret is tried, so the time taken does not tell which one matched.
 */
export function isValidWebhookSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secrets: readonly string[],
): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  const given = Buffer.from(signature, 'base64');
  if (given.length !== DIGEST_BYTES) return false;
  let valid = false;
  for (const secret of secrets) {
    if (!secret) continue;
    const expected = createHmac('sha256', secret).update(rawBody).digest();
    if (timingSafeEqual(expected, given)) valid = true;
  }
  return valid;
}
