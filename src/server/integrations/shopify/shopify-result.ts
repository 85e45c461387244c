/*
 * What every call to Shopify comes back as (docs/shopify.md#answers-and-errors): the data, or a typed error
 * that says what kind of failure it was and whether a retry may help. Nothing here throws.
 */

export interface ShopifyUserError {
  field: string[] | null;
  message: string;
  code?: string | null;
}

export type ShopifyErrorKind =
  | 'throttled' // THROTTLED (HTTP 200) still after the retries
  | 'rate-limited' // HTTP 429 still after the retries
  | 'server' // 5xx, or INTERNAL_SERVER_ERROR / SERVICE_UNAVAILABLE with HTTP 200, still after the retries
  | 'network'
  | 'timeout'
  | 'unauthorized' // 401 (string `errors`)
  | 'graphql' // other top-level GraphQL errors (incl. ACCESS_DENIED, MAX_COST_EXCEEDED — never retried), other 4xx
  | 'user-errors' // data.<mutation>.userErrors non-empty
  | 'not-found' // a query for one object returned null
  | 'invalid-response' // the body did not match the zod schema
  | 'circuit-open'; // refused locally: the store failed repeatedly, waiting out the cool-down

export interface ShopifyError {
  kind: ShopifyErrorKind;
  message: string;
  retryable: boolean;
  status?: number;
  userErrors?: ShopifyUserError[];
  /**
   * For `kind 'graphql'` from Shopify's top-level errors: each error's `extensions.code` and `path`, e.g.
   * `{ code: 'ACCESS_DENIED', path: ['companyCreate'] }` (isCompanyAccessDenied reads them, never the message).
   */
  graphqlErrors?: ShopifyGraphqlError[];
}

export interface ShopifyGraphqlError {
  code: string | null;
  path: (string | number)[];
}

export type ShopifyResult<T> = { ok: true; data: T } | { ok: false; error: ShopifyError };

const RETRYABLE_KINDS: ReadonlySet<ShopifyErrorKind> = new Set([
  'throttled',
  'rate-limited',
  'server',
  'network',
  'timeout',
  'circuit-open',
]);

/** A ShopifyError whose `retryable` follows from its kind unless given. */
export function shopifyError(
  kind: ShopifyErrorKind,
  message: string,
  extra: Partial<Omit<ShopifyError, 'kind' | 'message'>> = {},
): ShopifyError {
  return { kind, message, retryable: RETRYABLE_KINDS.has(kind), ...extra };
}

export function shopifyFailure<T>(
  kind: ShopifyErrorKind,
  message: string,
  extra?: Partial<Omit<ShopifyError, 'kind' | 'message'>>,
): ShopifyResult<T> {
  return { ok: false, error: shopifyError(kind, message, extra) };
}

/** An argument the API refuses before asking Shopify (not an id of the right type): never retryable. */
export function invalidArgument<T>(message: string): ShopifyResult<T> {
  return shopifyFailure('graphql', message, { retryable: false });
}

export function notFound<T>(what: string, id: string): ShopifyResult<T> {
  return shopifyFailure('not-found', `Shopify has no ${what} ${id}`);
}
