import { SMTPServer } from 'smtp-server';
import type { Database } from '../db/client';
import { startJobWorker } from '../jobs/worker';
import { createMailer } from '../mail/mailer';
import type { Env } from '../env';
import { createJobHandlers } from '../jobs/registry';
import { findFreePort } from './portal-process';

export interface ReceivedMessage {
  rcptTo: string[];
  /** The raw message with quoted-printable soft breaks and '=3D' undone, so links read whole. */
  text: string;
}

export interface SmtpInbox {
  received: ReceivedMessage[];
  /** The first message to `address` whose text contains `contains` (e.g. its subject). */
  messageTo(address: string, contains?: string): ReceivedMessage | undefined;
  /** Sends every queued e-mail of `db`'s outbox through this server once, as the portal's worker does. */
  deliverOutbox(db: Database, env: Env): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps what it receives, for integration tests. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMessage[] = [];
  const port = await findFreePort();
  const server = new SMTPServer({
    authOptional: true,
    // A pooled client keeps its connection open; close it at once instead of waiting up to 30 s.
    closeTimeout: 100,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          text: raw.replace(/=\r?\n/g, '').replaceAll('=3D', '='),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    received,
    messageTo: (address, contains = '') =>
      received.find((message) => message.rcptTo.includes(address) && message.text.includes(contains)),
    async deliverOutbox(db, env) {
      const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: env.MAIL_FROM });
      const log = { info() {}, warn() {}, error() {} };
      const worker = startJobWorker({
        db,
        // The e-mail and link-mail jobs (no store connected: no Shopify jobs).
        handlers: createJobHandlers({ db, env, mailer, shopify: null, log }),
        log,
        autoStart: false,
      });
      try {
        await worker.runOnce();
      } finally {
        await worker.stop();
        mailer.close();
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
