import { createHash } from 'node:crypto';
import { runNamed, type Database, type NamedStatement } from '../db/client';

/**
 * The one writer of `rate_limit_counters` (docs/security.md#rate-limits): fixed-window counters in the
 * database, so every instance on it enforces one limit. Each operation is one named statement on the
 * database's clock. What is counted (an address, an IP, an account) is stored only as a hash.
 */
export interface RateCounters {
  /** Counts one event for `key`; the count in the current window and the milliseconds left in it. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /**
   * Takes one of `max` slots of `key`'s window, or refuses when all are taken: the check and the count are
   * one conditional statement, so of any number of parallel callers at most `max` get a slot. The slot that
   * fills the window restarts it, so a block lasts a whole window from the attempt that reached the limit.
   * Refused: how long until the window ends.
   */
  take(
    key: string,
    max: number,
    windowMs: number,
  ): Promise<{ taken: true } | { taken: false; msLeft: number }>;
  /** Gives back one slot taken in the current window (an attempt that turned out not to count). */
  giveBack(key: string): Promise<void>;
  /** The count in the current window without counting (0 and 0 ms when there is none). */
  peek(key: string): Promise<CounterState>;
  clear(key: string): Promise<void>;
}

export interface CounterState {
  count: number;
  msLeft: number;
}

/** `name:sha256(subject)`: the limit stays readable in the table, the address or IP does not. */
export const counterKey = (name: string, subject: string) =>
  `${name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;

/**
 * Counts one event for the key in parameter `key` in a fixed window of `windowMs` milliseconds (parameters
 * written as `$n`), on the database's clock; a null key counts nothing. The one counting rule: HIT below,
 * and the order submission, which counts inside its own statement (orders.repository.ts WRITE_ORDER), so
 * an order is one round trip (docs/security.md#rate-limits). Followed by the caller's `returning`.
 */
export const countEventSql = (key: string, windowMs: string) => `
insert into rate_limit_counters as c (key, count, reset_at)
select ${key}::text, 1, now() + make_interval(secs => ${windowMs}::float8 / 1000) where ${key}::text is not null
on conflict (key) do update set
  count = case when c.reset_at <= now() then 1 else c.count + 1 end,
  reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end`;

/** What is left of a counted window, in milliseconds (in a `returning` after countEventSql). */
export const MS_LEFT_SQL = 'greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8';

const HIT: NamedStatement = {
  name: 'rate_counter_hit_v2',
  text: `${countEventSql('$1', '$2')}
returning count, ${MS_LEFT_SQL} as "msLeft"`,
};

const PEEK: NamedStatement = {
  name: 'rate_counter_peek_v1',
  text: `
select count, ${MS_LEFT_SQL} as "msLeft"
  from rate_limit_counters where key = $1::text and reset_at > now()`,
};

// The row is locked by the update, so parallel takers see each other's counts: no more than $3 succeed.
const TAKE: NamedStatement = {
  name: 'rate_counter_take_v1',
  text: `
insert into rate_limit_counters as c (key, count, reset_at)
values ($1::text, 1, now() + make_interval(secs => $2::float8 / 1000))
on conflict (key) do update set
  count = case when c.reset_at <= now() then 1 else c.count + 1 end,
  reset_at = case when c.reset_at <= now() or c.count + 1 >= $3::int then excluded.reset_at
                  else c.reset_at end
  where c.reset_at <= now() or c.count < $3::int
returning count`,
};

const GIVE_BACK: NamedStatement = {
  name: 'rate_counter_give_back_v1',
  text: `update rate_limit_counters set count = count - 1
          where key = $1::text and count > 0 and reset_at > now()`,
};

const CLEAR: NamedStatement = {
  name: 'rate_counter_clear_v1',
  text: `delete from rate_limit_counters where key = $1::text`,
};

const toState = (row: { count: number | string; msLeft: number | string } | undefined): CounterState =>
  row ? { count: Number(row.count), msLeft: Number(row.msLeft) } : { count: 0, msLeft: 0 };

export function createRateCounters(db: Database): RateCounters {
  return {
    hit: async (key, windowMs) => toState((await runNamed<CounterRow>(db, HIT, [key, windowMs]))[0]),
    peek: async (key) => toState((await runNamed<CounterRow>(db, PEEK, [key]))[0]),
    take: async (key, max, windowMs) => {
      if ((await runNamed(db, TAKE, [key, windowMs, max])).length > 0) return { taken: true };
      // Refused: only the wait is read now; a window that ended meanwhile still waits a second.
      const { msLeft } = toState((await runNamed<CounterRow>(db, PEEK, [key]))[0]);
      return { taken: false, msLeft: Math.max(1000, msLeft) };
    },
    giveBack: async (key) => {
      await runNamed(db, GIVE_BACK, [key]);
    },
    clear: async (key) => {
      await runNamed(db, CLEAR, [key]);
    },
  };
}

type CounterRow = { count: number | string; msLeft: number | string };
