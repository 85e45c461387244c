import type { Database } from '../db/client';
import { makeDueJobsThatFailedWith } from '../jobs/queue';
import type { JobLogger } from '../jobs/worker';
import { MAIL_SERVER_UNREACHABLE, MailServerUnreachableError, type Mailer } from './mailer';

/**
 * The mailer the e-mail jobs send through (jobs/registry.ts): when the mail server takes an e-mail after this
 * process found it unreachable, every e-mail waiting for a retry because the server was unreachable is made
 * due at once, so the outbox drains as soon as the server is back instead of each e-mail waiting out its own
 * backoff (up to EMAIL_RETRY_MAX_DELAY_MINUTES; docs/emails.md#how-e-mail-is-sent).
 *
 * Once per return of the server: the catch-up follows only a failure this process saw, and the next success
 * clears it, so the sends of a working server cost nothing. A failure seen after a catch-up (a send that was
 * already under way) arms the next one. An e-mail the server refused with a reply (a 5xx for one address, a
 * 4xx 'try again later') is not a failure to reach it and keeps its own retry time.
 */
export function catchUpWhenMailServerReturns(mailer: Mailer, db: Database, log: JobLogger): Mailer {
  let foundUnreachable = false;
  return {
    kind: mailer.kind,
    async send(message, options) {
      let result: Awaited<ReturnType<Mailer['send']>>;
      try {
        result = await mailer.send(message, options);
      } catch (error) {
        if (error instanceof MailServerUnreachableError) foundUnreachable = true;
        throw error;
      }
      if (foundUnreachable) {
        foundUnreachable = false;
        // The e-mail is sent whatever happens here: a catch-up that fails is tried again after the next send.
        try {
          const due = await makeDueJobsThatFailedWith(db, MAIL_SERVER_UNREACHABLE);
          // One line per return of the server (docs/operations.md#e-mail-delivery).
          log.info({ due }, 'mail server reachable again; e-mails waiting on it are due now');
        } catch {
          foundUnreachable = true;
        }
      }
      return result;
    },
    close: () => mailer.close(),
  };
}
