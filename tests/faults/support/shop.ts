import { openDatabase, type DatabaseTarget } from '../../../src/server/db/client';
import { createCustomer } from '../../../src/server/test/factories/users';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/shared/schemas/orders';
import type { MailSink } from './mail-sink';
import { ADMIN_PASSWORD, type Answer, type Portal } from './portal';
import { sleep, waitFor } from './wait';

/** What the order e-mails' subjects say (src/server/features/orders/order-emails.ts). */
export const confirmationSubject = (orderName: string) => `Order ${orderName} submitted for approval`;
export const staffSubject = (orderName: string) => `New order ${orderName} waiting for approval`;

const SIGN_IN_MAIL_TIMEOUT_MS = 30_000;

/** The catalogue's first products (seed-data.ts): two lines, within the cart rules. */
const ORDER_ITEMS = [
  { productId: 1, quantity: 24 },
  { productId: 21, quantity: 12 },
];

export interface Customer {
  email: string;
  /** Cookie header of the session the magic link opened. */
  cookie: string;
}

/**
 * Approved customers written into the database before the portal first starts (sign-up and approval are
 * tested elsewhere; here the customers only need to exist). Migrates the database first, as the portal would.
 */
export async function createCustomers(target: DatabaseTarget, emails: readonly string[]): Promise<void> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    for (const email of emails) {
      await createCustomer(database.db, {
        email,
        business: { name: 'Fault Shop', contact: { firstName: 'Fault', lastName: 'Buyer' } },
      });
    }
  } finally {
    await database.close();
  }
}

function cookieOf(answer: Answer, what: string): string {
  const pairs = answer.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .filter((pair) => /^[^=]+=./.test(pair));
  if (!pairs.some((pair) => /^(__Host-)?sid=/.test(pair))) throw new Error(`${what} set no session cookie`);
  return pairs.join('; ');
}

/** Signs a customer in the way a browser does: a magic link by e-mail (read from the sink), then verify. */
export async function signIn(portal: Portal, sink: MailSink, email: string): Promise<Customer> {
  const asked = await portal.request('POST', '/api/request-magic-link', { body: { email } });
  if (asked.status !== 200) throw new Error(`Asking a sign-in link for ${email} answered ${asked.status}`);
  const token = await waitFor(
    `the sign-in e-mail to ${email}`,
    () => {
      for (const message of sink.to(email)) {
        const match = /\/auth\/verify\?token=([^\s&"<]+)/.exec(message.text);
        if (match?.[1]) return decodeURIComponent(match[1]);
      }
      return undefined;
    },
    { timeoutMs: SIGN_IN_MAIL_TIMEOUT_MS, intervalMs: 100 },
  );
  const verified = await portal.request('POST', '/api/auth/verify', { body: { token } });
  if (verified.status !== 200) throw new Error(`Opening ${email}'s sign-in link answered ${verified.status}`);
  return { email, cookie: cookieOf(verified, 'The magic link') };
}

export async function signInAll(portal: Portal, sink: MailSink, emails: readonly string[]) {
  return Promise.all(emails.map((email) => signIn(portal, sink, email)));
}

/** The first administrator, with the password the suite gives every portal. */
export async function signInAdmin(portal: Portal): Promise<string> {
  const answer = await portal.request('POST', '/api/admin/login', {
    body: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (answer.status !== 200) throw new Error(`The admin login answered ${answer.status}`);
  return cookieOf(answer, 'The admin login');
}

// ---------------------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------------------

export interface Order {
  customer: Customer;
  key: string;
  /**
   * unsent: never sent; lost: sent, and the answer never came (connection cut); acknowledged: 201 (at the
   * first try or by a retry with the same key); refused: any other final answer (a failure of the suite).
   */
  state: 'unsent' | 'lost' | 'acknowledged' | 'refused';
  orderId: number | null;
  orderName: string | null;
  /** The 201 was a replay of an order already stored under the key (Idempotent-Replayed). */
  replayed: boolean;
  /** Answers other than 201 on the way (409 in progress, 429, 503), by status. */
  detours: Record<number, number>;
  refusal?: string;
}

export function planOrders(customers: readonly Customer[], perCustomer: number, tag: string): Order[] {
  const run = Date.now().toString(36);
  return customers.flatMap((customer, index) =>
    Array.from({ length: perCustomer }, (_, number) => ({
      customer,
      key: `faults-${tag}-${run}-${index}-${number}`,
      state: 'unsent' as const,
      orderId: null,
      orderName: null,
      replayed: false,
      detours: {},
    })),
  );
}

export type Attempt = { kind: 'answer'; answer: Answer } | { kind: 'lost'; error: string };

/** One POST /api/create-draft-order of `order` under its key; a connection cut is 'lost', not thrown. */
export async function sendOrder(portal: Portal, order: Order): Promise<Attempt> {
  try {
    const answer = await portal.request('POST', '/api/create-draft-order', {
      cookie: order.customer.cookie,
      headers: { [IDEMPOTENCY_KEY_HEADER]: order.key },
      body: {
        customer: {
          customerName: 'Fault Buyer',
          customerEmail: order.customer.email,
          businessName: 'Fault Shop',
        },
        orderItems: ORDER_ITEMS,
      },
    });
    return { kind: 'answer', answer };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'lost', error: cause?.code ?? cause?.message ?? String(error) };
  }
}

/** Records a 201 on the order; false for any other answer. */
function acknowledge(order: Order, answer: Answer): boolean {
  if (answer.status !== 201) return false;
  const body = answer.body as { orderId: number; orderName: string };
  order.state = 'acknowledged';
  order.orderId = body.orderId;
  order.orderName = body.orderName;
  order.replayed = answer.headers.get('idempotent-replayed') === 'true';
  return true;
}

const describeAnswer = (answer: Answer) => `${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;

/**
 * Sends `order` until it is answered 201, as a careful client would: the same key every time; 409 (still
 * being submitted), 429 and 503 are waited out (Retry-After); a lost answer is sent again. Any other answer
 * marks the order refused. Gives up (refused) at `deadline`.
 */
export async function submitUntilAcknowledged(portal: Portal, order: Order, deadline: number): Promise<void> {
  for (;;) {
    const attempt = await sendOrder(portal, order);
    if (attempt.kind === 'answer' && acknowledge(order, attempt.answer)) return;
    let waitMs = 500;
    if (attempt.kind === 'answer') {
      const { status, headers } = attempt.answer;
      if (![409, 429, 503].includes(status)) {
        order.state = 'refused';
        order.refusal = describeAnswer(attempt.answer);
        return;
      }
      order.detours[status] = (order.detours[status] ?? 0) + 1;
      if (status !== 409) waitMs = Math.max(waitMs, Number(headers.get('retry-after') ?? 1) * 1000);
    }
    if (Date.now() + waitMs > deadline) {
      order.state = 'refused';
      order.refusal =
        attempt.kind === 'answer'
          ? `still ${describeAnswer(attempt.answer)} at the deadline`
          : `no answer at the deadline (${attempt.error})`;
      return;
    }
    await sleep(waitMs);
  }
}

/**
 * Sends the orders on `streams` connections side by side, each stream one order after another, and calls
 * `kill` once `killAfter` orders are acknowledged. From then on a stream sends nothing new: the orders in
 * flight end 'lost' (or acknowledged, if their answer beat the kill), the rest stay 'unsent'.
 */
export async function loadUntilKilled(
  portal: Portal,
  orders: readonly Order[],
  streams: number,
  killAfter: number,
  kill: () => void,
): Promise<{ inFlightAtKill: number }> {
  let acknowledged = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  const lanes = Array.from({ length: streams }, (_, lane) =>
    orders.filter((_, index) => index % streams === lane),
  );
  await Promise.all(
    lanes.map(async (lane) => {
      for (const order of lane) {
        if (inFlightAtKill >= 0) return;
        inFlight += 1;
        const attempt = await sendOrder(portal, order);
        inFlight -= 1;
        if (attempt.kind === 'lost') {
          order.state = 'lost';
          return;
        }
        if (!acknowledge(order, attempt.answer)) {
          order.state = 'refused';
          order.refusal = describeAnswer(attempt.answer);
          continue;
        }
        acknowledged += 1;
        if (acknowledged >= killAfter && inFlightAtKill < 0) {
          inFlightAtKill = inFlight;
          kill();
        }
      }
    }),
  );
  return { inFlightAtKill };
}

/** Each customer's orders as GET /api/orders lists them (one page of up to 50). */
export async function listOrders(portal: Portal, customer: Customer): Promise<Array<{ id: number }>> {
  const answer = await portal.request('GET', '/api/orders?page=1&limit=50', { cookie: customer.cookie });
  if (answer.status !== 200)
    throw new Error(`GET /api/orders for ${customer.email} answered ${answer.status}`);
  const body = answer.body as { orders: Array<{ id: number }>; total: number };
  if (body.total > body.orders.length) throw new Error(`${customer.email} has more than one page of orders`);
  return body.orders;
}
