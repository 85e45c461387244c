import { z } from 'zod';
import { idSchema } from './pricing';

/**
 * Contracts of the admin 'Delivery problems' list (docs/admin.md#delivery-problems): e-mails the portal gave
 * up on after retrying them for EMAIL_RETRY_HOURS, and 'Send again'.
 */

export const DELIVERY_KINDS = ['E-mail', 'Sign-in link', 'Password reset link', 'Approval e-mail'] as const;

export const deliveryProblemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DELIVERY_KINDS),
  /** The subject, when the e-mail was written before it was queued; link e-mails are written when sent. */
  subject: z.string().nullable(),
  recipient: z.string().nullable(),
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  queuedAt: z.string(),
  failedAt: z.string(),
});
export type DeliveryProblem = z.infer<typeof deliveryProblemSchema>;

/** At most this many, newest first: a longer list means the mail server itself needs fixing. */
export const MAX_DELIVERY_PROBLEMS = 200;

export const deliveryProblemsResponseSchema = z.object({
  problems: z.array(deliveryProblemSchema),
  total: z.number().int(),
});
export type DeliveryProblemsResponse = z.infer<typeof deliveryProblemsResponseSchema>;

export const deliveryProblemParamsSchema = z.object({ id: idSchema });

export const SEND_AGAIN_MESSAGE = 'The e-mail is queued to be sent again.';
export const DELIVERY_PROBLEM_NOT_FOUND =
  'This e-mail is not among the delivery problems (it may have been sent again already).';
