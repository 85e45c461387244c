// zod/mini: read on the storefront's first page (docs/decisions/0015-storefront-first-page.md).
import { z } from 'zod/mini';

/** Every error body the API sends (docs/architecture.md#error-model). */
export const errorBodySchema = z.object({
  /** One of shared/error-codes.ts, read as any text so a code this build does not know still reads. */
  code: z.string(),
  message: z.string(),
  requestId: z.string(),
  details: z.optional(z.unknown()),
});
