import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the end-to-end run: the portal sends its e-mails here (SMTP_URL), and each message
 * is appended as one JSON line to `file`, which the tests read. It lives in the Playwright runner process.
 */
export function startMailbox(port: number, file: string): SMTPServer {
  const server = new SMTPServer({
    authOptional: true,
    // A pooled client keeps its connection open; close it at once instead of waiting up to 30 s.
    closeTimeout: 100,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        appendFileSync(file, `${JSON.stringify({ to, raw })}\n`);
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  return server;
}

export interface ReceivedMail {
  to: string[];
  /** The message with quoted-printable soft breaks and escapes undone, so links read whole. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function readMailbox(file: string): ReceivedMail[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; raw: string })
    .map(({ to, raw }) => ({ to, text: decodeQuotedPrintable(raw) }));
}
