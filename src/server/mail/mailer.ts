import nodemailer from 'nodemailer';
import { z } from 'zod';

const noLineBreaks = (value: string) => !/[\r\n]/.test(value);
const LINE_BREAK_MESSAGE = 'must not contain line breaks';
/** An absolute http(s) URL with nothing that could close the header's angle brackets or add another. */
const isWebUrl = (value: string) => {
  if (/[\s<>,]/.test(value)) return false;
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** RFC 8058's one-click header value: the mail client POSTs this body to the List-Unsubscribe URL. */
export const LIST_UNSUBSCRIBE_POST = 'List-Unsubscribe=One-Click';

/**
 * An e-mail the portal sends. Header fields reject CR/LF (no header injection); they are handed to
 * nodemailer as fields, never written as raw headers.
 */
export const mailMessageSchema = z
  .object({
    to: z.string().refine(noLineBreaks, LINE_BREAK_MESSAGE).pipe(z.email().max(320)),
    subject: z.string().min(1).max(300).refine(noLineBreaks, LINE_BREAK_MESSAGE),
    text: z.string().min(1),
    html: z.string().min(1).optional(),
    replyTo: z.string().refine(noLineBreaks, LINE_BREAK_MESSAGE).pipe(z.email().max(320)).optional(),
    /** Copies, e.g. a company's owners on an order e-mail (email.jobs.ts resolves them when it is sent). */
    cc: z
      .array(z.string().refine(noLineBreaks, LINE_BREAK_MESSAGE).pipe(z.email().max(320)))
      .max(50)
      .optional(),
    /**
     * Also to the owners of this company (docs/companies.md#order-e-mails): resolved by the e-mail job when
     * it is sent, so the request that queues it needs no lookup.
     */
    alsoToOwnersOf: z.number().int().positive().optional(),
    /**
     * One-click unsubscribe (RFC 8058, docs/reorder-reminders.md#unsubscribe): an absolute https (or http,
     * for a local portal) URL that the mailer writes as `List-Unsubscribe: <url>` with
     * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; mail clients POST to it.
     */
    unsubscribeUrl: z
      .string()
      .max(2_000)
      .refine(noLineBreaks, LINE_BREAK_MESSAGE)
      .refine(isWebUrl, 'must be an absolute http or https URL')
      .optional(),
  })
  .strict();

export type MailMessage = z.infer<typeof mailMessageSchema>;

export interface SendOptions {
  /**
   * Names the e-mail for good (the job that sends it, e.g. `job-42`): every attempt carries the same
   * Message-ID, so a copy sent again after a crash is recognisable as the same e-mail.
   */
  key?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'console';
  send(message: MailMessage, options?: SendOptions): Promise<{ messageId: string | null }>;
  close(): void;
}

export interface MailerSettings {
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  /** SMTP connections kept open and used at once; 1 when not given. */
  SMTP_POOL_SIZE?: number;
}

/** `<job-42@example.com>` for key 'job-42' and a sender at example.com. */
export function messageIdFor(key: string, mailFrom: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<${key.replace(/[^\w.-]/g, '-')}@${domain}>`;
}

const SMTP_TIMEOUT_MS = 10_000;

/** Parses a message; throws a readable error (never sends) when a field is invalid. */
export function parseMailMessage(message: unknown): MailMessage {
  const result = mailMessageSchema.safeParse(message);
  if (result.success) return result.data;
  throw new InvalidMailMessageError(
    result.error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`).join('; '),
  );
}

/** The name of MailServerUnreachableError, as it begins a job's last error. */
export const MAIL_SERVER_UNREACHABLE = 'MailServerUnreachableError';

/**
 * The mail server could not be reached at all (connection refused or lost, timed out, name not found): the
 * same for every e-mail until it is back, unlike a reply that refuses one message. The outbox catches up
 * when the server takes an e-mail again (mail-server-recovery.ts, docs/emails.md#how-e-mail-is-sent). The
 * message is the transport's own ('connect ECONNREFUSED 127.0.0.1:25').
 */
export class MailServerUnreachableError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = MAIL_SERVER_UNREACHABLE;
  }
}

/** nodemailer's codes for a failure to talk to the server at all (no SMTP reply came). */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
]);

/**
 * Whether a send failed because no mail server answered. Any SMTP reply, even 'try again later' (4xx), means
 * the server is there: such a failure keeps its own backoff, so a server that limits its rate is not pressed.
 */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return responseCode === undefined && typeof code === 'string' && UNREACHABLE_CODES.has(code);
}

export class InvalidMailMessageError extends Error {
  constructor(message: string) {
    super(`Invalid e-mail: ${message}`);
    this.name = 'InvalidMailMessageError';
  }
}

/**
 * SMTP through nodemailer when SMTP_URL is set (every network step times out after 10 s so a hanging server
 * fails the job instead of blocking the worker); otherwise a console mailer that prints a readable block.
 */
export function createMailer(
  settings: MailerSettings,
  output: (text: string) => void = (text) => process.stdout.write(text),
): Mailer {
  if (/[\r\n]/.test(settings.MAIL_FROM)) throw new Error('MAIL_FROM must not contain line breaks');
  if (!settings.SMTP_URL) {
    return {
      kind: 'console',
      // Async like the SMTP mailer: an invalid message rejects the promise rather than throwing.
      async send(input) {
        const message = parseMailMessage(input);
        output(
          [
            '----- e-mail (console; set SMTP_URL to send) -----',
            `From: ${settings.MAIL_FROM}`,
            `To: ${message.to}`,
            ...(message.cc?.length ? [`Cc: ${message.cc.join(', ')}`] : []),
            ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
            ...(message.unsubscribeUrl
              ? [
                  `List-Unsubscribe: <${message.unsubscribeUrl}>`,
                  `List-Unsubscribe-Post: ${LIST_UNSUBSCRIBE_POST}`,
                ]
              : []),
            `Subject: ${message.subject}`,
            '',
            message.text,
            '--------------------------------------------------',
            '',
          ].join('\n'),
        );
        return Promise.resolve({ messageId: null });
      },
      close() {},
    };
  }
  // Pooled: connections stay open between e-mails and several are used at once, so the outbox keeps up
  // with order load (a new connection per message managed about 13 a second).
  const transport = nodemailer.createTransport({
    url: settings.SMTP_URL,
    pool: true,
    maxConnections: settings.SMTP_POOL_SIZE ?? 1,
    maxMessages: 100,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    kind: 'smtp',
    async send(input, options = {}) {
      const message = parseMailMessage(input);
      try {
        const info = await transport.sendMail({
          ...(options.key ? { messageId: messageIdFor(options.key, settings.MAIL_FROM) } : {}),
          from: settings.MAIL_FROM,
          to: message.to,
          ...(message.cc?.length ? { cc: message.cc } : {}),
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.unsubscribeUrl
            ? {
                list: { unsubscribe: message.unsubscribeUrl },
                headers: { 'List-Unsubscribe-Post': LIST_UNSUBSCRIBE_POST },
              }
            : {}),
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        return { messageId: info.messageId ?? null };
      } catch (error) {
        throw isUnreachable(error) ? new MailServerUnreachableError(error) : error;
      }
    },
    close() {
      transport.close();
    },
  };
}
