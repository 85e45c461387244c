import { AppError } from '../../errors';
import { PermanentJobError } from '../../jobs/worker';
import type { ShopifyError } from './shopify-result';

/*
 * How a failed Shopify call reads to the rest of the portal: to staff as an AppError (an admin action that
 * called the store), and to the job worker as an error that retries or ends the job. The one place for both
 * (docs/shopify.md#answers-and-errors).
 */

/**
 * What an administrator reads when Shopify fails during an admin action: a sentence that says what to do,
 * never a stack trace or a raw response. The details (kind, status, Shopify's own text) go to the log.
 */
export function shopifyAppError(error: ShopifyError, action: string): AppError {
  switch (error.kind) {
    case 'circuit-open':
    case 'server':
    case 'network':
    case 'timeout':
    case 'throttled':
    case 'rate-limited':
      return new AppError(
        'UNAVAILABLE',
        `Shopify is not responding right now, so ${action} did not run. Please try again in a few minutes.`,
      );
    case 'unauthorized':
      return new AppError(
        'UNAVAILABLE',
        `Shopify refused the portal's access token, so ${action} did not run. Check SHOPIFY_ADMIN_TOKEN.`,
      );
    case 'not-found':
      return new AppError('NOT_FOUND', error.message);
    case 'user-errors':
      // Shopify's own sentences, without the operation's name the log line keeps ('paymentReminderSend: …').
      return new AppError('UNPROCESSABLE', `Shopify refused ${action}: ${userErrorsText(error)}`);
    case 'graphql':
      // ACCESS_DENIED names the missing scope, which is what the administrator needs to fix it.
      return new AppError(
        'UNAVAILABLE',
        `Shopify refused the request, so ${action} did not run: ${error.message}`,
      );
    case 'invalid-response':
      // After a change was sent, Shopify may have made it although its answer was unreadable.
      return new AppError(
        'UNAVAILABLE',
        `Shopify sent an answer the portal could not read, so ${action} may not have finished. Please try again later.`,
      );
  }
}

interface ShopifyJobErrorOptions {
  /**
   * The error for an attempt the open circuit breaker refused: it never reached Shopify. Without it such an
   * attempt is retried with backoff like any outage, using up an attempt; the draft-order jobs pass their
   * PostponeJob, which puts the job back without using one (docs/shopify.md#circuit-breaker).
   */
  circuitOpen?: new (message: string) => Error;
}

/**
 * A failed Shopify call as the job worker understands it: `what` the job was doing and Shopify's message.
 * Retried (a plain Error) when Shopify says it may work later (throttled, 5xx, timeout, network, a
 * mutation's unreadable answer); failed for good (PermanentJobError) otherwise (user errors, a bad token…).
 */
export function shopifyJobError(
  what: string,
  error: ShopifyError,
  options: ShopifyJobErrorOptions = {},
): Error {
  const message = `${what}: ${error.message}`;
  if (error.kind === 'circuit-open' && options.circuitOpen) return new options.circuitOpen(message);
  return error.retryable ? new Error(message) : new PermanentJobError(message);
}

/**
 * Shopify refused a company field on access (docs/plans/shopify-b2b.md §1.6): the store has no B2B, or the
 * token lacks the companies scope; `getB2bEntitlement()` tells the two apart. Keyed on the error's code and
 * its path (a root field such as `companyCreate`, or a nested one such as
 * `customerByIdentifier.companyContactProfiles`), never on the message.
 */
export function isCompanyAccessDenied(error: ShopifyError): boolean {
  return (
    error.kind === 'graphql' &&
    (error.graphqlErrors ?? []).some(
      ({ code, path }) =>
        code === 'ACCESS_DENIED' &&
        path.some((segment) => typeof segment === 'string' && /^compan/i.test(segment)),
    )
  );
}

/** The user errors as staff read them: each message, after its field when Shopify names one. */
function userErrorsText(error: ShopifyError): string {
  const errors = error.userErrors ?? [];
  if (errors.length === 0) return error.message;
  return errors
    .map(({ field, message }) => (field?.length ? `${field.join('.')}: ${message}` : message))
    .join('; ');
}
