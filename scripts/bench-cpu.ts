/**
 * CPU time for `npm run bench` (issue 15), read from /proc: a process's user + system time (all its threads,
 * so the portal's PGlite thread is counted with it), and the sum over every PostgreSQL server process (its
 * backends and background workers: the whole cost of the work to the database). Null where /proc is not there.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ): 100 on Linux. */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  comm: string;
  cpuMs: number;
}

function readStat(pid: number | string): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself hold spaces or parentheses: split after the last ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // After the name: state is field 3, utime 14 and stime 15 (1-based, as in proc(5)).
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { comm, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

export function processCpuMs(pid: number | undefined): number | null {
  return pid === undefined ? null : (readStat(pid)?.cpuMs ?? null);
}

/** Every `postgres` process on the machine: a bench run is the only load on the test server. */
export function postgresCpuMs(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of pids) {
    const stat = readStat(pid);
    if (stat?.comm === 'postgres') total += stat.cpuMs;
  }
  return total;
}

/** Starts a measurement; `stop` gives the CPU ms used since, or null when it cannot be read. */
export function startCpuMeter(read: () => number | null) {
  const before = read();
  return {
    stop(): number | null {
      const after = read();
      return before === null || after === null ? null : after - before;
    },
  };
}
