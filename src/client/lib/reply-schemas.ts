// First: configures zod before any schema is built (see the file).
import './zod-config';
import { z } from 'zod/mini';

/**
 * The reply schemas the storefront's first page checks, in one module that is loaded on demand: it brings
 * zod, which the first paint does not need (docs/decisions/0015-storefront-first-page.md). Use them
 * through `replySchema`, so the module stays out of the initial JavaScript.
 */
export { errorBodySchema } from '../../shared/schemas/errors';
export { currentUserSchema, sessionResponseSchema } from '../../shared/schemas/current-user';
export { productListSchema } from '../../shared/schemas/products';
export { pricingCatalogSchema, validateCartResponseSchema } from '../../shared/schemas/pricing';
export { publicConfigSchema } from '../../shared/schemas/config';

/** For a reply whose content does not matter (e.g. POST /api/logout). */
export const anyReplySchema = z.unknown();

/**
 * An error from POST /api/validate-cart (docs/storefront.md#messages): `error`, else the first of `errors`,
 * else `message`.
 */
export const cartValidationErrorSchema = z.object({
  error: z.optional(z.string()),
  errors: z.optional(z.array(z.unknown())),
  message: z.optional(z.string()),
});
