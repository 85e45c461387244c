import { z } from 'zod';
import { ERROR_CODES } from '../../../shared/error-codes';
import {
  createDraftOrderResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  type CreateDraftOrderRequest,
  type CreateDraftOrderResponse,
} from '../../../shared/schemas/orders';
import { ApiError, requestJson, serverMessage } from '../../lib/api';

export const CREATE_DRAFT_ORDER_PATH = '/api/create-draft-order';

/** Word for word from docs/storefront.md#review-page. */
export const SUBMIT_ERROR_TITLE = 'Order Submission Error';
export const SUBMIT_ERROR_DEFAULT = 'There was a problem submitting your order. Please try again.';
export const INVALID_RESPONSE_MESSAGE = 'Invalid response from server';

export const IN_PROGRESS_MESSAGE =
  'Your order is still being submitted. Please wait a moment, then try again.';
export const ALREADY_SUBMITTED_MESSAGE =
  'This cart was already submitted with different details. Please check your Order History before submitting it again.';

/** A 2xx answer that is not a draft order (not JSON, or another shape). */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  constructor(cause: unknown) {
    super(INVALID_RESPONSE_MESSAGE, { cause });
  }
}

/** A 2xx answer that says it failed (`success: false` with the spec's `error`). */
export class OrderRefusedError extends Error {
  override readonly name = 'OrderRefusedError';
}

const refusedSchema = z.object({ success: z.literal(false), error: z.string().min(1) });

/**
 * POST /api/create-draft-order with the idempotency key; the answer is checked, never trusted. A 502, 503,
 * 504 or lost connection (an instance restarting) is sent again with the same key, so it can make no second
 * order: the server answers a repeat with the first order (docs/orders.md#idempotency).
 */
export async function sendDraftOrder(
  request: CreateDraftOrderRequest,
  idempotencyKey: string,
): Promise<CreateDraftOrderResponse> {
  const body = await requestJson(CREATE_DRAFT_ORDER_PATH, z.unknown(), {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    retryTransient: true,
  });
  const parsed = createDraftOrderResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const refused = refusedSchema.safeParse(body);
  if (refused.success) throw new OrderRefusedError(refused.data.error);
  throw new InvalidResponseError(parsed.error);
}

export interface SubmitFailure {
  kind: 'in-progress' | 'already-submitted' | 'failed';
  /** The toast's description. */
  message: string;
  /**
   * True when the server has certainly not made an order under this key (it refused the request), so the
   * next attempt may use a new one. Never after a network error or a 5xx: that order may exist.
   */
  renewKey: boolean;
}

/** What a failed submission tells the buyer (docs/storefront.md#review-page). */
export function describeSubmitFailure(error: unknown): SubmitFailure {
  if (error instanceof InvalidResponseError) {
    return { kind: 'failed', message: INVALID_RESPONSE_MESSAGE, renewKey: false };
  }
  if (error instanceof OrderRefusedError) {
    return { kind: 'failed', message: error.message, renewKey: true };
  }
  if (!(error instanceof ApiError)) {
    return { kind: 'failed', message: SUBMIT_ERROR_DEFAULT, renewKey: false };
  }
  // The server's idempotency answers (docs/orders.md#idempotency).
  if (error.code === ERROR_CODES.IDEMPOTENCY_IN_PROGRESS || (error.status === 409 && !error.code)) {
    return { kind: 'in-progress', message: IN_PROGRESS_MESSAGE, renewKey: false };
  }
  if (error.code === ERROR_CODES.IDEMPOTENCY_KEY_REUSED) {
    return { kind: 'already-submitted', message: ALREADY_SUBMITTED_MESSAGE, renewKey: false };
  }
  // Only the API's own error bodies carry a code; a proxy's error page is no message for a buyer.
  const message = error.code ? serverMessage(error, SUBMIT_ERROR_DEFAULT) : SUBMIT_ERROR_DEFAULT;
  const refused = error.status >= 400 && error.status < 500 && ![408, 409, 429].includes(error.status);
  return { kind: 'failed', message, renewKey: refused };
}

/**
 * Where a submitted order goes: /order-success with its reference and id, or /tester-confirmation for an
 * order of only the tester (docs/storefront.md#review-page, docs/catalogue-and-pricing.md#the-tester).
 */
export function successPath(response: CreateDraftOrderResponse, testerOnly: boolean): string {
  const orderId = String(response.orderId);
  if (testerOnly) return `/tester-confirmation?${new URLSearchParams({ orderId })}`;
  return `/order-success?${new URLSearchParams({ orderNumber: response.orderName, orderId })}`;
}
