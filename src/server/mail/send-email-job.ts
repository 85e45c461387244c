import { enqueueJob, type DatabaseOrTransaction } from '../jobs/queue';
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
  const payload = parseMailMessage(message);
  return enqueueJob(db, { type: SEND_EMAIL_JOB, payload, ...options });
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
