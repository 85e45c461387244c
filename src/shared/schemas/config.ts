import { z } from 'zod';

/** Public, non-secret settings the browser needs (GET /api/config). */
export const publicConfigSchema = z.object({
  storeName: z.string(),
  supportEmail: z.string(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
