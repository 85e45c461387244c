import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  to: string[];
  /** The Message-ID header (`<job-42@example.com>`), null when the message has none. */
  messageId: string | null;
  subject: string;
  /** The message with quoted-printable soft breaks and escapes undone, so links read whole. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A header of the raw message's head (folded lines unfolded), or null. */
function header(raw: string, name: string): string | null {
  const head = (raw.split(/\r?\n\r?\n/, 1)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head);
  return match?.[1]?.trim() ?? null;
}

/**
 * A real SMTP server on a fixed loopback port that keeps every message it accepts, and that can be stopped
 * (the port refuses connections, open connections are closed) and started again on the same port.
 */
export class MailSink {
  readonly messages: SinkMessage[] = [];
  private server: SMTPServer | null = null;

  constructor(readonly port: number) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  get listening(): boolean {
    return this.server !== null;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // On stop, open connections are told 421 and closed at once (0 would mean the 30 s default).
      closeTimeout: 1,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          this.messages.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            messageId: header(raw, 'Message-ID'),
            subject: header(raw, 'Subject') ?? '',
            text: decodeQuotedPrintable(raw),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', () => {});
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Messages to `address` whose subject contains `subject`. */
  to(address: string, subject = ''): SinkMessage[] {
    return this.messages.filter(
      (message) => message.to.includes(address) && message.subject.includes(subject),
    );
  }

  /** Copies beyond the first of each Message-ID: the e-mails delivered more than once. */
  duplicates(): number {
    const ids = this.messages.map((message) => message.messageId ?? '');
    return ids.length - new Set(ids).size;
  }
}
