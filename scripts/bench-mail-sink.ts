import { SMTPServer } from 'smtp-server';
import { findFreePort } from './free-port';
import type { CleanupStack } from './bench-support';

/**
 * A real SMTP server for the order bench (issue 18): the portal sends its order e-mails here through its
 * pooled SMTP transport, and the sink notes when each arrives, so the bench reports how fast the outbox
 * drains under order load and how late the last confirmation is.
 */
export interface MailSink {
  url: string;
  /** Arrival times (ms since the epoch) of every message so far, in order. */
  arrivals: number[];
  /** Resolves once `count` messages have arrived in all, or after `timeoutMs`; the time of the last. */
  waitFor(count: number, timeoutMs: number): Promise<number | null>;
}

export async function startMailSink(cleanup: CleanupStack): Promise<MailSink> {
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        arrivals.push(Date.now());
        callback();
      });
    },
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    async waitFor(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (arrivals.length < count && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return arrivals.length >= count ? (arrivals[count - 1] ?? null) : null;
    },
  };
}

/** E-mails the portal delivered per second between `from` and `to`. */
export function deliveredPerSecond(sink: MailSink, from: number, to: number): number {
  const delivered = sink.arrivals.filter((at) => at >= from && at <= to).length;
  return delivered / Math.max((to - from) / 1000, 0.001);
}
