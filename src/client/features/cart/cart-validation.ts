import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { checkReply, replySchema } from '../../lib/api';
import { fetchRetryingTransient } from '../../lib/retry-transient';

/**
 * One line as POST /api/validate-cart takes it; price in dollars per unit (informational,
 * docs/catalogue-and-pricing.md#prices-in-the-browser-and-on-the-server).
 */
export interface ValidationItem {
  productId: number;
  /** Bottles, bundles for the bundle, 1 for the tester. */
  quantity: number;
  price: number;
  name: string;
  sku: string;
}

export type ValidationOutcome =
  | { kind: 'ok' }
  | { kind: 'warning'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'error'; message: string };

export type ValidationState =
  { status: 'idle' } | { status: 'checking' } | { status: 'done'; outcome: ValidationOutcome };

/** Automatic validation runs 1 s after the last change (docs/catalogue-and-pricing.md#cart-validation). */
export const VALIDATION_DEBOUNCE_MS = 1000;

const INVALID_ITEMS_MESSAGE = 'Your cart contains invalid items';

/**
 * POST /api/validate-cart, read into what the status line and the toasts say (docs/storefront.md#messages).
 * It only reads, so a 502, 503, 504 or lost connection (an instance restarting) is sent again first.
 */
export async function validateCart(
  items: readonly ValidationItem[],
  signal?: AbortSignal,
): Promise<ValidationOutcome> {
  const response = await fetchRetryingTransient('/api/validate-cart', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ items }),
    credentials: 'include',
    signal,
  });
  const body = await response.json().then(
    (json: unknown) => json,
    () => undefined,
  );

  if (!response.ok) {
    // The body's error or first errors entry, else 'Error validating cart: {status}'
    // (docs/storefront.md#messages). Our API's own error bodies carry `message`, used when neither is there.
    const parsed = await checkReply(
      replySchema((s) => s.cartValidationErrorSchema),
      body,
    );
    const firstError = parsed.success
      ? parsed.data.errors?.find((entry) => typeof entry === 'string')
      : undefined;
    const message =
      (parsed.success && (parsed.data.error || firstError || parsed.data.message)) ||
      `Error validating cart: ${response.status}`;
    return { kind: 'error', message };
  }

  const result = await checkReply(
    replySchema((s) => s.validateCartResponseSchema),
    body,
  );
  if (!result.success) return { kind: 'error', message: `Error validating cart: ${response.status}` };
  const { success, errors, warnings } = result.data;
  if (!success || errors.length > 0) return { kind: 'invalid', message: errors[0] ?? INVALID_ITEMS_MESSAGE };
  if (warnings[0]) return { kind: 'warning', message: warnings[0] };
  return { kind: 'ok' };
}

/** The toasts of docs/storefront.md#messages for one validation result. */
function announce(outcome: ValidationOutcome) {
  switch (outcome.kind) {
    case 'warning':
      toast.warning('Cart validation', { description: outcome.message });
      break;
    case 'invalid':
      toast.error('Cart validation failed', { description: outcome.message });
      break;
    case 'error':
      toast.error('Cart validation error', { description: outcome.message });
      break;
    case 'ok':
      break;
  }
}

/**
 * Validates the cart on the server 1 s after its last change (debounced; a newer change cancels the pending
 * check and any answer still on its way). Nothing is checked for an empty cart.
 */
export function useCartValidation(items: readonly ValidationItem[]): ValidationState {
  // The key is what was validated: an answer for an older cart is never shown for a newer one.
  const key = JSON.stringify(items);
  const [result, setResult] = useState<{ key: string; outcome: ValidationOutcome } | null>(null);

  useEffect(() => {
    if (key === '[]') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      validateCart(JSON.parse(key) as ValidationItem[], controller.signal).then(
        (outcome) => {
          if (controller.signal.aborted) return;
          setResult({ key, outcome });
          announce(outcome);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const outcome: ValidationOutcome = {
            kind: 'error',
            message:
              error instanceof Error && error.message
                ? `Error validating cart: ${error.message}`
                : 'Error validating cart',
          };
          setResult({ key, outcome });
          announce(outcome);
        },
      );
    }, VALIDATION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  if (key === '[]') return { status: 'idle' };
  if (result?.key === key) return { status: 'done', outcome: result.outcome };
  return { status: 'checking' };
}
