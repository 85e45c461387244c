/**
 * The API's error codes (docs/architecture.md#error-model): a stable code for each kind of failure and the
 * HTTP status it maps to. Only this table decides statuses (the server's AppError and error handler); the
 * browser compares an error body's `code` with these names instead of retyping them.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  /** A magic-link or reset token that is unknown, used, expired or for another purpose (one answer for all). */
  LINK_INVALID: 400,
  /** POST /api/create-draft-order without an Idempotency-Key header (docs/orders.md#idempotency). */
  IDEMPOTENCY_KEY_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN_REQUEST: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** The first request with this idempotency key is still running: retry shortly. */
  IDEMPOTENCY_IN_PROGRESS: 409,
  /**
   * An approval the credit check stopped (docs/credit.md#credit-hold-at-approval): `details` says why
   * (creditCheckDetailsSchema); staff approve anyway with a reason or put the order on hold.
   */
  CREDIT_CHECK: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  /** The idempotency key was already used with a different request body. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** An ordered product is unknown, inactive or not for sale. */
  UNKNOWN_PRODUCT: 422,
  /**
   * The cart breaks the spec's cart rules (docs/catalogue-and-pricing.md#cart-rules); the message is the
   * rule's.
   */
  CART_INVALID: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /**
   * The database's disk is full: nothing can be saved until an operator frees space; the request may be sent
   * again with the same Idempotency-Key (docs/operations.md#a-full-disk).
   */
  STORAGE_FULL: 503,
  SHOPIFY_NOT_CONNECTED: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Each code by its name, for comparisons: `error.code === ERROR_CODES.RATE_LIMITED`. */
export const ERROR_CODES = Object.fromEntries(Object.keys(ERROR_STATUS).map((code) => [code, code])) as {
  readonly [Code in ErrorCode]: Code;
};
