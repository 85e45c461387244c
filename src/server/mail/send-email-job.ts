import { enqueueJob, type EnqueueJobInput } from '../jobs/queue';
import type { DatabaseOrTransaction } from '../db/client';
import { PermanentJobError, type JobHandler } from '../jobs/worker';
import {
  InvalidMailMessageError,
  mailMessageSchema,
  parseMailMessage,
  type MailMessage,
  type Mailer,
} from './mailer';

export const SEND_EMAIL_JOB = 'email.send';

/** The stored payload of an 'email.send' job. */
export const sendEmailPayloadSchema = mailMessageSchema;

export interface EnqueueEmailOptions {
  /** Makes the e-mail impossible to enqueue twice (e.g. `order-submitted:42`). */
  dedupeKey?: string;
  runAt?: Date;
}

/**
 * Queues an e-mail in the caller's transaction (outbox): it is sent only if the transaction commits, and
 * retried until the mail server accepts it. Rejects an invalid message (e.g. CR/LF in the subject) at once.
 */
export async function enqueueEmail(
  db: DatabaseOrTransaction,
  message: MailMessage,
  options: EnqueueEmailOptions = {},
): Promise<number | null> {
  return enqueueJob(db, emailJob(message, options));
}

/** The job that sends `message`, for a caller that writes its jobs itself (order submission's statement). */
export function emailJob(message: MailMessage, options: EnqueueEmailOptions = {}): EnqueueJobInput {
  return { type: SEND_EMAIL_JOB, payload: parseMailMessage(message), ...options };
}

/** The 'email.send' handler: validates the payload, then sends it through `mailer`. */
export function createSendEmailHandler(mailer: Mailer): JobHandler {
  return async (payload) => {
    let message: MailMessage;
    try {
      message = parseMailMessage(payload);
    } catch (error) {
      if (error instanceof InvalidMailMessageError)
        throw new PermanentJobError(error.message, { cause: error });
      throw error;
    }
    await mailer.send(message);
  };
}
