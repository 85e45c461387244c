import { AppError } from '../../errors';
import type { ShopifyError } from '../../integrations/shopify/client';
import { PermanentJobError } from '../../jobs/worker';

/**
 * What an administrator reads when Shopify fails during a catalogue action: a sentence that says what to do,
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
      return new AppError('UNPROCESSABLE', `Shopify refused the change: ${error.message}`);
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

/** Job side: retryable failures are thrown for a retry with backoff, the rest fail the job for good. */
export function shopifyJobError(error: ShopifyError, what: string): Error {
  const message = `${what}: ${error.kind}: ${error.message}`;
  return error.retryable ? new Error(message) : new PermanentJobError(message);
}
