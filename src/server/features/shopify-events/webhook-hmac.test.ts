import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidWebhookSignature } from './webhook-hmac';

const body = (text: string) => Buffer.from(text, 'utf8');

describe('isValidWebhookSignature (docs/shopify.md#webhook-signature)', () => {
  it('accepts the contract test vectors', () => {
    expect(
      isValidWebhookSignature(body('{"id":1}'), 'VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=', ['hush']),
    ).toBe(true);
    expect(
      isValidWebhookSignature(
        body('{"id":820982911946154508,"name":"#9999","financial_status":"paid"}'),
        '0lxseWBCIk71KWf1ESOK9aDbDT4UbAfwiDoyrNz7E1s=',
        ['hush'],
      ),
    ).toBe(true);
  });

  it('is computed over the exact bytes: re-serialised or altered JSON fails', () => {
    const signature = 'VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=';
    expect(isValidWebhookSignature(body('{"id": 1}'), signature, ['hush'])).toBe(false);
    expect(isValidWebhookSignature(body('{"id":2}'), signature, ['hush'])).toBe(false);
  });

  it('accepts a body signed with the previous secret during a rotation, and no other', () => {
    const text = '{"id":1}';
    const withOld = createHmac('sha256', 'old-secret').update(text).digest('base64');
    expect(isValidWebhookSignature(body(text), withOld, ['new-secret', 'old-secret'])).toBe(true);
    expect(isValidWebhookSignature(body(text), withOld, ['new-secret'])).toBe(false);
    expect(isValidWebhookSignature(body(text), withOld, [])).toBe(false);
  });

  it('refuses missing, malformed and wrong-length signatures without throwing', () => {
    const text = body('{"id":1}');
    expect(isValidWebhookSignature(text, undefined, ['hush'])).toBe(false);
    expect(isValidWebhookSignature(text, '', ['hush'])).toBe(false);
    expect(isValidWebhookSignature(text, 'not base64 !', ['hush'])).toBe(false);
    expect(isValidWebhookSignature(text, 'VnKUjZsLuN5iZWjn5EntcBVC', ['hush'])).toBe(false);
    const hex = createHmac('sha256', 'hush').update(text).digest('hex');
    expect(isValidWebhookSignature(text, hex, ['hush'])).toBe(false);
  });
});
