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
  /** The count in the current window without counting (0 and 0 ms when there is none). */
  peek(key: string): Promise<CounterState>;
  /** Restarts `key`'s window now, keeping its count (a block that lasts a whole window from now). */
  extend(key: string, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface CounterState {
  count: number;
  msLeft: number;
}

/** `name:sha256(subject)`: the limit stays readable in the table, the address or IP does not. */
export const counterKey = (name: string, subject: string) =>
  `${name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;

const HIT: NamedStatement = {
  name: 'rate_counter_hit_v1',
  text: `
insert into rate_limit_counters as c (key, count, reset_at)
values ($1::text, 1, now() + make_interval(secs => $2::float8 / 1000))
on conflict (key) do update set
  count = case when c.reset_at <= now() then 1 else c.count + 1 end,
  reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as "msLeft"`,
};

const PEEK: NamedStatement = {
  name: 'rate_counter_peek_v1',
  text: `
select count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as "msLeft"
  from rate_limit_counters where key = $1::text and reset_at > now()`,
};

const EXTEND: NamedStatement = {
  name: 'rate_counter_extend_v1',
  text: `update rate_limit_counters set reset_at = now() + make_interval(secs => $2::float8 / 1000)
          where key = $1::text`,
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
    extend: async (key, windowMs) => {
      await runNamed(db, EXTEND, [key, windowMs]);
    },
    clear: async (key) => {
      await runNamed(db, CLEAR, [key]);
    },
  };
}

type CounterRow = { count: number | string; msLeft: number | string };
