import { z } from 'zod';
import { idSchema } from './pricing';

/**
 * Contracts of the admin 'Delivery problems' list (docs/admin.md#delivery-problems): e-mails the portal gave
 * up on after retrying them for EMAIL_RETRY_HOURS, and 'Send again'.
 */

export const deliveryProblemSchema = z.object({
  id: z.number().int(),
  /** The kind of e-mail, as its job is labelled on the server ('E-mail', 'Sign-in link', …). */
  kind: z.string(),
  /** The subject, when the e-mail was written before it was queued; link e-mails are written when sent. */
  subject: z.string().nullable(),
  recipient: z.string().nullable(),
  /** The stored job no longer reads as its kind (recipient and subject unknown): UNREADABLE_DELIVERY. */
  unreadable: z.boolean(),
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

/** Shown in place of the recipient of a problem whose stored job no longer reads as its kind. */
export const UNREADABLE_DELIVERY = 'Details unreadable';

export const SEND_AGAIN_MESSAGE = 'The e-mail is queued to be sent again.';
export const DELIVERY_PROBLEM_NOT_FOUND =
  'This e-mail is not among the delivery problems (it may have been sent again already).';
