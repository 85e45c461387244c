import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../../../src/server/db/client';
import { SEND_EMAIL_JOB } from '../../../src/server/mail/email.jobs';
import { sqlRows } from '../../../src/server/test/sql-rows';
import type { MailSink } from './mail-sink';
import { confirmationSubject, staffSubject, type Order } from './shop';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each scenario appends its figures (one JSON line), printed together at the end of the run. */
    faultsSummaryFile: string;
  }
}

const STAFF_EMAIL = 'staff@example.com';

export interface DatabaseFacts {
  orders: Array<{ id: number; email: string }>;
  keys: Array<{ email: string; key: string; state: string; orderId: number | null }>;
  jobs: Array<{ id: number; type: string; state: string; attempts: number; lastError: string | null }>;
}

/** The orders, idempotency keys and jobs as stored (PGlite: only once the portal has stopped). */
export async function readDatabase(target: DatabaseTarget): Promise<DatabaseFacts> {
  const database = await openDatabase(target);
  try {
    const orders = await sqlRows<DatabaseFacts['orders'][number]>(
      database.db,
      sql`select o.id, u.email from orders o join users u on u.id = o.user_id order by o.id`,
    );
    const keys = await sqlRows<DatabaseFacts['keys'][number]>(
      database.db,
      sql`select u.email, k.key, k.state, (k.response_body->>'orderId')::int as "orderId"
          from idempotency_keys k join users u on u.id = k.user_id order by k.id`,
    );
    const jobs = await sqlRows<DatabaseFacts['jobs'][number]>(
      database.db,
      sql`select id::int as id, type, state, attempts, last_error as "lastError" from jobs order by id`,
    );
    return { orders, keys, jobs };
  } finally {
    await database.close();
  }
}

export interface Tally {
  /** Orders answered 201, at the first try or by a retry with the same key. */
  acknowledged: number;
  /** Orders in the database. */
  inDatabase: number;
  /** Orders whose confirmation reached the mail server (at least once). */
  confirmationsDelivered: number;
  /** Every message the mail server accepted, and how many of them repeated a Message-ID. */
  mailReceived: number;
  duplicates: number;
  problems: string[];
}

/**
 * Checks the guarantees on a finished run: every order acknowledged is stored exactly once under
 * its key and no order is stored without one; no job failed or is left in the queue; every order's
 * confirmation and staff notice reached the mail server as one e-mail (one Message-ID); every e-mail job the
 * database marks done was received. Duplicates (a Message-ID received twice) are counted, not judged here.
 */
export function tallyRun(orders: readonly Order[], facts: DatabaseFacts, sink: MailSink): Tally {
  const problems: string[] = [];
  const acknowledged = orders.filter((order) => order.state === 'acknowledged');
  for (const order of orders) {
    if (order.state !== 'acknowledged') {
      problems.push(
        `order ${order.key} of ${order.customer.email} ended ${order.state}: ${order.refusal ?? ''}`,
      );
    }
  }

  // The database against the answers.
  const emails = new Set(orders.map((order) => order.customer.email));
  const stored = facts.orders.filter((order) => emails.has(order.email));
  const storedIds = new Set(stored.map((order) => order.id));
  const answeredIds = new Map(acknowledged.map((order) => [order.orderId, order]));
  for (const order of acknowledged) {
    if (!storedIds.has(order.orderId!)) {
      problems.push(
        `order ${order.orderName} (key ${order.key}) was acknowledged but is not in the database`,
      );
    }
  }
  for (const order of stored) {
    if (!answeredIds.has(order.id)) {
      problems.push(`order ${order.id} of ${order.email} is in the database but no key was answered with it`);
    }
  }
  const keysByName = new Map<string, DatabaseFacts['keys']>();
  for (const key of facts.keys) keysByName.set(key.key, [...(keysByName.get(key.key) ?? []), key]);
  for (const order of acknowledged) {
    const held = keysByName.get(order.key) ?? [];
    if (held.length !== 1) problems.push(`key ${order.key} is stored ${held.length} times`);
    const [key] = held;
    if (key && (key.state !== 'completed' || key.orderId !== order.orderId)) {
      problems.push(`key ${order.key} holds ${key.state} order ${key.orderId}, answered ${order.orderId}`);
    }
  }
  const orderIdsOfKeys = facts.keys.map((key) => key.orderId);
  if (new Set(orderIdsOfKeys).size !== orderIdsOfKeys.length) problems.push('two keys hold the same order');

  // The queue.
  for (const job of facts.jobs) {
    if (job.state === 'failed') {
      problems.push(`job ${job.id} (${job.type}) failed after ${job.attempts} attempts: ${job.lastError}`);
    } else if (job.state !== 'done' && job.type === SEND_EMAIL_JOB) {
      problems.push(`e-mail job ${job.id} is still ${job.state}`);
    }
  }
  const receivedJobIds = new Set(
    sink.messages.map((message) => Number(/^<job-(\d+)@/.exec(message.messageId ?? '')?.[1])),
  );
  for (const job of facts.jobs) {
    if (job.type === SEND_EMAIL_JOB && job.state === 'done' && !receivedJobIds.has(job.id)) {
      problems.push(`e-mail job ${job.id} is done but its message (<job-${job.id}@…>) never arrived`);
    }
  }

  // The e-mails of each order: one e-mail each (one Message-ID), delivered at least once.
  let confirmationsDelivered = 0;
  for (const order of acknowledged) {
    const orderName = order.orderName!;
    const confirmations = new Set(
      sink.to(order.customer.email, confirmationSubject(orderName)).map((message) => message.messageId),
    );
    const notices = new Set(
      sink.to(STAFF_EMAIL, staffSubject(orderName)).map((message) => message.messageId),
    );
    if (confirmations.size === 1) confirmationsDelivered += 1;
    else problems.push(`order ${orderName}: ${confirmations.size} distinct confirmations (expected 1)`);
    if (notices.size !== 1)
      problems.push(`order ${orderName}: ${notices.size} distinct staff notices (expected 1)`);
  }

  return {
    acknowledged: acknowledged.length,
    inDatabase: stored.length,
    confirmationsDelivered,
    mailReceived: sink.messages.length,
    duplicates: sink.duplicates(),
    problems,
  };
}

/** Prints a scenario's figures now and keeps them for the run's closing table (global-setup.ts). */
export function reportFigures(scenario: string, figures: Record<string, string | number>): void {
  const lines = Object.entries(figures).map(([name, value]) => `    ${name}: ${value}`);
  console.log(`\n  ${scenario}\n${lines.join('\n')}\n`);
  appendFileSync(inject('faultsSummaryFile'), `${JSON.stringify({ scenario, figures })}\n`);
}
