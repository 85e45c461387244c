import { z } from 'zod';

/** Every error body the API sends (ARCHITECTURE.md convention 4). */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  requestId: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
