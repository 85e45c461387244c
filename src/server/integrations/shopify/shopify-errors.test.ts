import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { PermanentJobError } from '../../jobs/worker';
import { isCompanyAccessDenied, shopifyAppError, shopifyJobError } from './shopify-errors';
import { shopifyError, type ShopifyErrorKind } from './shopify-result';

class Postponed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Postponed';
  }
}

describe('shopifyJobError', () => {
  it('retries what Shopify says may work later: a plain Error with what the job was doing', () => {
    for (const kind of ['throttled', 'rate-limited', 'server', 'network', 'timeout'] as const) {
      const error = shopifyJobError('creating the draft', shopifyError(kind, 'Shopify answered HTTP 503'));
      expect(error).not.toBeInstanceOf(PermanentJobError);
      expect(error.message).toBe('creating the draft: Shopify answered HTTP 503');
    }
  });

  it('fails the job for good when retrying cannot help', () => {
    for (const kind of ['unauthorized', 'graphql', 'user-errors', 'not-found'] as const) {
      const error = shopifyJobError('pushing the price of 800-0001', shopifyError(kind, 'refused'));
      expect(error).toBeInstanceOf(PermanentJobError);
      expect(error.message).toBe('pushing the price of 800-0001: refused');
    }
  });

  it("follows the error's own retryable: a mutation's unreadable answer is retried, a query's is not", () => {
    const mutation = shopifyError('invalid-response', 'may have run', { retryable: true });
    const query = shopifyError('invalid-response', 'unexpected answer');
    expect(shopifyJobError('creating the draft', mutation)).not.toBeInstanceOf(PermanentJobError);
    expect(shopifyJobError('refreshing a product', query)).toBeInstanceOf(PermanentJobError);
  });

  it('retries an attempt refused by the open circuit, unless the job says how to put it back', () => {
    const open = shopifyError('circuit-open', 'not calling it for another 30 s (circuit open)');
    const retried = shopifyJobError('refreshing a product', open);
    expect(retried).not.toBeInstanceOf(PermanentJobError);
    expect(retried).not.toBeInstanceOf(Postponed);
    const postponed = shopifyJobError('creating the draft', open, { circuitOpen: Postponed });
    expect(postponed).toBeInstanceOf(Postponed);
    expect(postponed.message).toBe('creating the draft: not calling it for another 30 s (circuit open)');
  });

  it('uses the circuit-open error only for an open circuit', () => {
    const error = shopifyJobError('creating the draft', shopifyError('server', 'HTTP 500'), {
      circuitOpen: Postponed,
    });
    expect(error).not.toBeInstanceOf(Postponed);
  });
});

describe('shopifyAppError', () => {
  const appError = (kind: ShopifyErrorKind, message = 'Shopify said no') =>
    shopifyAppError(shopifyError(kind, message), 'the refresh');

  it('asks staff to try again later when the store is down or busy', () => {
    for (const kind of [
      'circuit-open',
      'server',
      'network',
      'timeout',
      'throttled',
      'rate-limited',
    ] as const) {
      const error = appError(kind);
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe('UNAVAILABLE');
      expect(error.message).toBe(
        'Shopify is not responding right now, so the refresh did not run. Please try again in a few minutes.',
      );
    }
  });

  it('names the setting to fix when Shopify refuses the token', () => {
    expect(appError('unauthorized')).toMatchObject({
      code: 'UNAVAILABLE',
      message:
        "Shopify refused the portal's access token, so the refresh did not run. Check SHOPIFY_ADMIN_TOKEN.",
    });
  });

  it("passes Shopify's words on where they say what to fix", () => {
    expect(appError('not-found', 'Shopify has no product 7')).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Shopify has no product 7',
    });
    expect(appError('user-errors', 'price: must be positive')).toMatchObject({
      code: 'UNPROCESSABLE',
      message: 'Shopify refused the refresh: price: must be positive',
    });
    // Its own sentences, without the operation's name that the log keeps (issue 31, finding 2).
    const refused = shopifyError('user-errors', 'paymentReminderSend: You cannot send more than 1', {
      userErrors: [
        { field: null, message: 'You cannot send more than 1 payment reminders', code: 'X' },
        { field: ['input', 'price'], message: 'must be positive', code: null },
      ],
    });
    expect(shopifyAppError(refused, 'the payment reminder').message).toBe(
      'Shopify refused the payment reminder: You cannot send more than 1 payment reminders; input.price: must be positive',
    );
    expect(appError('graphql', 'ACCESS_DENIED: needs read_products')).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'Shopify refused the request, so the refresh did not run: ACCESS_DENIED: needs read_products',
    });
  });

  it('says a change may not have finished when the answer could not be read, without the raw answer', () => {
    const error = appError('invalid-response', 'RenameShop: unexpected answer from Shopify: <html>');
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe(
      'Shopify sent an answer the portal could not read, so the refresh may not have finished. Please try again later.',
    );
  });
});

describe('isCompanyAccessDenied', () => {
  const denied = (...paths: (string | number)[][]) =>
    shopifyError('graphql', 'ACCESS_DENIED', {
      graphqlErrors: paths.map((path) => ({ code: 'ACCESS_DENIED', path })),
    });

  it('is true when Shopify refused a company field on access (no B2B, or no companies scope)', () => {
    expect(isCompanyAccessDenied(denied(['companyCreate']))).toBe(true);
    expect(isCompanyAccessDenied(denied(['companies']))).toBe(true);
    expect(isCompanyAccessDenied(denied(['companyLocationTaxSettingsUpdate']))).toBe(true);
    expect(isCompanyAccessDenied(denied(['customerByIdentifier', 'companyContactProfiles']))).toBe(true);
    expect(isCompanyAccessDenied(denied(['shop'], ['company']))).toBe(true);
  });

  it('is false for another field refused on access, another code, or another kind', () => {
    expect(isCompanyAccessDenied(denied(['draftOrderCreate']))).toBe(false);
    expect(isCompanyAccessDenied(denied([]))).toBe(false);
    const otherCode = shopifyError('graphql', 'x', {
      graphqlErrors: [{ code: 'MAX_COST_EXCEEDED', path: ['companies'] }],
    });
    expect(isCompanyAccessDenied(otherCode)).toBe(false);
    expect(isCompanyAccessDenied(shopifyError('graphql', 'companyCreate: ACCESS_DENIED: …'))).toBe(false);
    const userErrors = shopifyError('user-errors', 'x', {
      graphqlErrors: [{ code: 'ACCESS_DENIED', path: ['companyCreate'] }],
    });
    expect(isCompanyAccessDenied(userErrors)).toBe(false);
  });
});
