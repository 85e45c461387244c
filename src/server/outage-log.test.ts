import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutageLog } from './outage-log';

/** The lines written, as level, message and fields. */
function capture() {
  const lines: Array<{ level: string; msg: string } & Record<string, unknown>> = [];
  const at = (level: string) => (object: object, msg: string) => lines.push({ level, msg, ...object });
  return { lines, log: { error: at('error'), warn: at('warn'), info: at('info') } };
}

const LINES = {
  level: 'error' as const,
  started: 'database unreachable',
  summary: (failures: number) =>
    `database still unreachable: ${failures} requests answered 503 in the last minute`,
  ended: 'database reachable again',
};

describe('the outage log (docs/operations.md#logs-during-an-outage)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes one line at the start, a summary a minute with the count, and one at the end, for 5,000 failures', () => {
    const { lines, log } = capture();
    const outage = createOutageLog(log, LINES);
    expect(outage.failed({ code: 'ECONNREFUSED' })).toBe(true);
    for (let i = 1; i < 3_000; i += 1) expect(outage.failed()).toBe(false);
    vi.advanceTimersByTime(60_000);
    for (let i = 0; i < 2_000; i += 1) outage.failed();
    vi.advanceTimersByTime(30_000);
    outage.recovered();
    // After the end: no more summaries.
    vi.advanceTimersByTime(300_000);

    expect(lines).toEqual([
      { level: 'error', msg: 'database unreachable', code: 'ECONNREFUSED' },
      {
        level: 'error',
        msg: 'database still unreachable: 3000 requests answered 503 in the last minute',
        failures: 3_000,
        outageSeconds: 60,
      },
      { level: 'info', msg: 'database reachable again', outageSeconds: 90, failures: 5_000 },
    ]);
    expect(outage.active).toBe(false);
  });

  it('keeps summarising a quiet outage (still down, nothing failed) and ends only once', () => {
    const { lines, log } = capture();
    const outage = createOutageLog(log, { ...LINES, level: 'warn' }, { summaryEveryMs: 10_000 });
    outage.recovered();
    expect(lines).toEqual([]);
    outage.failed({}, 0);
    expect(outage.active).toBe(true);
    vi.advanceTimersByTime(20_000);
    outage.recovered();
    outage.recovered();
    expect(lines.map((line) => [line.level, line.msg, line.failures])).toEqual([
      ['warn', 'database unreachable', undefined],
      ['warn', 'database still unreachable: 0 requests answered 503 in the last minute', 0],
      ['warn', 'database still unreachable: 0 requests answered 503 in the last minute', 0],
      ['info', 'database reachable again', 0],
    ]);
  });

  it('starts a new outage after the end, with its own counts', () => {
    const { lines, log } = capture();
    const outage = createOutageLog(log, LINES);
    outage.failed();
    outage.failed();
    outage.recovered();
    outage.failed();
    outage.recovered();
    expect(
      lines.filter((line) => line.msg === 'database reachable again').map((line) => line.failures),
    ).toEqual([2, 1]);
    outage.stop();
  });
});
