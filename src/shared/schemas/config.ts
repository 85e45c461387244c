// zod/mini: read on the storefront's first page (docs/decisions/0015-storefront-first-page.md).
import { z } from 'zod/mini';

/** Public, non-secret settings the browser needs (GET /api/config). */
export const publicConfigSchema = z.object({
  storeName: z.string(),
  supportEmail: z.string(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
