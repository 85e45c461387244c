import { createOutageLog, markCountedByOutageLog, type OutageLogger } from '../outage-log';
import { MailServerUnreachableError, UNREACHABLE_CODES, type Mailer } from './mailer';

/**
 * nodemailer's codes for a mail server that cannot be reached (mailer.ts's UNREACHABLE_CODES, which the
 * mailer turns into MailServerUnreachableError) or will not talk (a broken protocol, a failed login or TLS
 * handshake), plus a refusing greeting such as 421: every e-mail fails alike until it is back. A refused
 * recipient or message (EENVELOPE, EMESSAGE) is that e-mail's own problem, logged with its job.
 */
const SERVER_FAILURE_CODES: ReadonlySet<string> = new Set([
  ...UNREACHABLE_CODES,
  'EPROTOCOL',
  'EAUTH',
  'ETLS',
]);

/** Whether a failed send says the mail server is away, rather than that this e-mail was refused. */
export function isMailServerFailure(error: unknown): boolean {
  if (error instanceof MailServerUnreachableError) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, command, responseCode } = error as {
    code?: unknown;
    command?: unknown;
    responseCode?: unknown;
  };
  return (
    (typeof code === 'string' && SERVER_FAILURE_CODES.has(code)) || command === 'CONN' || responseCode === 421
  );
}

/**
 * The mailer, with the mail server's outages logged as outages (docs/operations.md#logs-during-an-outage):
 * one warning when sends start failing because the server is away, a count a minute while it lasts, one line
 * when a send succeeds again. The failed sends are marked as counted, so the job worker logs each retry at
 * debug instead of a warning apiece (a 10-minute outage wrote 3,855 warnings for 246 e-mails).
 */
export function watchMailer(
  mailer: Mailer,
  log: OutageLogger,
  options: { summaryEveryMs?: number } = {},
): Mailer {
  const outage = createOutageLog(
    log,
    {
      level: 'warn',
      started: 'mail server failing: e-mails wait in the outbox and are retried',
      summary: (failures) => `mail server still failing: ${failures} sends failed in the last minute`,
      ended: 'mail server accepting e-mails again',
    },
    options,
  );
  return {
    kind: mailer.kind,
    async send(message, sendOptions) {
      try {
        const sent = await mailer.send(message, sendOptions);
        outage.recovered();
        return sent;
      } catch (error) {
        if (isMailServerFailure(error)) {
          const { code, message: reason } = error as { code?: unknown; message?: unknown };
          outage.failed({ code, reason: String(reason).slice(0, 200) });
          markCountedByOutageLog(error);
        }
        throw error;
      }
    },
    close() {
      outage.stop();
      mailer.close();
    },
  };
}
