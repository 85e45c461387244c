/**
 * The log of an outage (docs/operations.md#logs-during-an-outage): one line when it starts, a summary every
 * minute while it lasts (how many failures it caused since the last line), and one line when it ends (its
 * length and every failure it caused), however many requests or e-mails meet it. A line per failure made
 * thousands of lines in a 30-second database outage, which buried the two that matter.
 */

/** The part of pino an outage log uses. */
export interface OutageLogger {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface OutageLogLines {
  /** The level of the start and summary lines; the end line is info. */
  level: 'error' | 'warn';
  /** The start line, e.g. 'database unreachable: answering 503 until it is back'. */
  started: string;
  /** The summary line, given the failures since the last line (0 when none came). */
  summary: (failures: number) => string;
  /** The end line, e.g. 'database reachable again'. */
  ended: string;
}

export interface OutageLogOptions {
  /** How often a summary is written while the outage lasts: every minute. */
  summaryEveryMs?: number;
  /** The clock (tests use fake timers, which move Date.now too). */
  now?: () => number;
}

export interface OutageLog {
  /** Whether an outage is under way. */
  readonly active: boolean;
  /**
   * Reports failures (1 unless told; 0 to start the outage without counting anything): the first of an outage
   * writes the start line with `details` (keep them free of statements, addresses and message bodies), the
   * rest are counted for the summary. True when this call started the outage.
   */
  failed(details?: object, count?: number): boolean;
  /** It works again: writes the end line, once, when an outage was under way. */
  recovered(details?: object): void;
  /** Stops the summary timer (the process is stopping). */
  stop(): void;
}

export const OUTAGE_SUMMARY_EVERY_MS = 60_000;

export function createOutageLog(
  log: OutageLogger,
  lines: OutageLogLines,
  { summaryEveryMs = OUTAGE_SUMMARY_EVERY_MS, now = Date.now }: OutageLogOptions = {},
): OutageLog {
  let since: number | null = null;
  let total = 0;
  let sinceSummary = 0;
  let timer: NodeJS.Timeout | undefined;

  const write = (level: 'error' | 'warn' | 'info', details: object, message: string) =>
    log[level](details, message);

  function summarise() {
    if (since === null) return;
    write(
      lines.level,
      { failures: sinceSummary, outageSeconds: secondsSince(since) },
      lines.summary(sinceSummary),
    );
    sinceSummary = 0;
  }

  function secondsSince(start: number) {
    return Math.round((now() - start) / 1000);
  }

  return {
    get active() {
      return since !== null;
    },
    failed(details = {}, count = 1) {
      total += count;
      sinceSummary += count;
      if (since !== null) return false;
      since = now();
      write(lines.level, details, lines.started);
      timer = setInterval(summarise, summaryEveryMs);
      timer.unref();
      return true;
    },
    recovered(details = {}) {
      if (since === null) return;
      write('info', { ...details, outageSeconds: secondsSince(since), failures: total }, lines.ended);
      since = null;
      total = 0;
      sinceSummary = 0;
      clearInterval(timer);
      timer = undefined;
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/** Errors an outage log has counted: whoever meets them again (the job worker) does not log each one. */
const countedErrors = new WeakSet<object>();

/** Marks `error` as counted by an outage log (an e-mail that failed because the mail server is away). */
export function markCountedByOutageLog(error: unknown): void {
  if (error && typeof error === 'object') countedErrors.add(error);
}

/** Whether an outage log has counted `error`, so a line of its own would repeat it. */
export function isCountedByOutageLog(error: unknown): boolean {
  return !!error && typeof error === 'object' && countedErrors.has(error);
}
