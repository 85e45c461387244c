import { expect, test, type Page, type Request } from '@playwright/test';
import pg from 'pg';
import { adminSignIn, approveAndSignIn, newCustomer, register } from '../e2e/support/accounts';
import { signalInstance, startInstance } from './cluster';

/**
 * Issue 29 §11: instances restarted one after the other behind nginx while buyers keep working, and no buyer
 * notices. Two buyers' browsers order in a loop through the real pages: each changes the quantities on the
 * order form (every change is checked by POST /api/validate-cart) and submits the order. Meanwhile each
 * instance is stopped (SIGTERM: it drains, docs/operations.md#stopping) and started again, one after the
 * other; then one is frozen and killed with kill -9 while requests are on it. Every submission must end on
 * the success page, no error may show, and the database must hold exactly the orders the buyers saw.
 *
 * Unlike the other journeys this one does not scan its pages with axe (tests/e2e/support/a11y.ts): they are
 * the order form and review page the e2e journeys scan, and a scan before an action, which resizes the page
 * to the phone layout and back, would stall the very stream of requests this test needs.
 */

test.describe.configure({ mode: 'serial' });

/** The POSTs a buyer's page makes that nginx never sends to another instance once sent. */
const BUYER_POSTS = ['/api/create-draft-order', '/api/validate-cart'];

declare global {
  interface Window {
    __shownToasts?: string[];
  }
}

const customers = [newCustomer('RollingA'), newCustomer('RollingB')];
const buyers: Page[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  for (const customer of customers) {
    const buyer = await (await browser.newContext()).newPage();
    await register(buyer, customer);
    buyers.push(buyer);
  }
  // Both are waiting when the administrator opens Pending Users.
  const admin = await (await browser.newContext()).newPage();
  await adminSignIn(admin);
  for (const [index, customer] of customers.entries()) {
    await approveAndSignIn(admin, buyers[index]!, customer);
    await recordEveryToast(buyers[index]!);
  }
  await admin.context().close();
});

/** Instances this spec has stopped or frozen and not started again (a test that failed midway). */
const down = new Set<0 | 1>();

async function stopInstance(index: 0 | 1, signal: 'SIGTERM' | 'SIGKILL' | 'SIGSTOP') {
  down.add(index);
  return signalInstance(index, signal);
}

async function restartInstance(index: 0 | 1) {
  await startInstance(index);
  down.delete(index);
}

test.afterAll(async () => {
  for (const buyer of buyers) await buyer.context().close();
  // The next spec needs both instances.
  for (const index of down) {
    await signalInstance(index, 'SIGKILL');
    await restartInstance(index);
  }
});

/** Every toast the page shows from its next load on, as 'type: title: description'. */
function recordEveryToast(page: Page) {
  return page.addInitScript(() => {
    const shown: string[] = [];
    const seen = new WeakSet<Element>();
    window.__shownToasts = shown;
    const collect = () => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        const title = toast.querySelector('[data-title]')?.textContent;
        if (seen.has(toast) || !title) continue;
        seen.add(toast);
        const description = toast.querySelector('[data-description]')?.textContent ?? '';
        shown.push(`${toast.getAttribute('data-type') ?? 'toast'}: ${title}: ${description}`);
      }
    };
    document.addEventListener('DOMContentLoaded', () =>
      new MutationObserver(collect).observe(document.body, { childList: true, subtree: true }),
    );
  });
}

/** One buyer ordering in a loop until told to stop. */
interface OrderStream {
  /** The order numbers the success page showed. */
  orders: string[];
  /** Toasts other than the order confirmation. */
  otherToasts: string[];
  /** Answers of 5xx and lost requests among BUYER_POSTS, each sent again by the page ('502 /api/…'). */
  transient: string[];
  /** BUYER_POSTS on their way, with when each was sent. */
  pending: Map<Request, number>;
  /** Why the loop stopped early, if it did (an order that failed, a check that never came back). */
  failure: Error | undefined;
  stop(): Promise<void>;
}

function startOrdering(page: Page): OrderStream {
  let stopping = false;
  const stream: OrderStream = {
    orders: [],
    otherToasts: [],
    transient: [],
    pending: new Map(),
    failure: undefined,
    stop: async () => {
      stopping = true;
      await loop;
      page.off('request', onRequest);
      page.off('requestfailed', onFailed);
      if (stream.failure) throw stream.failure;
    },
  };
  const isBuyerPost = (request: Request) =>
    request.method() === 'POST' && BUYER_POSTS.includes(new URL(request.url()).pathname);
  const onRequest = (request: Request) => {
    if (isBuyerPost(request)) stream.pending.set(request, Date.now());
  };
  const onFinished = async (request: Request) => {
    if (!stream.pending.delete(request)) return;
    const status = (await request.response())?.status() ?? 0;
    if (status >= 500) stream.transient.push(`${status} ${new URL(request.url()).pathname}`);
  };
  const onFailed = (request: Request) => {
    if (stream.pending.delete(request)) stream.transient.push(`lost ${new URL(request.url()).pathname}`);
  };
  page.on('request', onRequest);
  page.on('requestfinished', (request) => void onFinished(request));
  page.on('requestfailed', onFailed);

  const loop = (async () => {
    // One page load, then the app's own navigation: a frozen instance must not hold up a full page load,
    // so the buyer keeps sending POSTs while it is frozen (the kill -9 test).
    await page.goto('/');
    while (!stopping) await orderOnce(page, stream);
  })().catch((error: unknown) => {
    stream.failure = error instanceof Error ? error : new Error(String(error));
  });
  return stream;
}

/** The toasts shown since the last call (a submitted order shows none: its page says so). */
async function readToasts(page: Page, into: string[]) {
  into.push(...(await page.evaluate(() => window.__shownToasts?.splice(0) ?? [])));
}

/** On the order form: two quantity changes (two cart checks), the review page, the submission: one order. */
async function orderOnce(page: Page, stream: OrderStream) {
  const cases = page.getByLabel('Cases of 4 oz Bottle');
  const cartStatus = page.getByRole('region', { name: 'Order Summary' }).getByRole('status');
  for (const quantity of ['3', '2']) {
    const checked = page.waitForResponse(
      (response) => response.url().endsWith('/api/validate-cart') && response.status() === 200,
      { timeout: 15_000 },
    );
    await cases.fill(quantity);
    await checked.catch(async () => {
      throw new Error(`The cart check failed: the page says '${await cartStatus.textContent()}'`);
    });
    await expect(cartStatus).toHaveText('Cart looks good');
  }
  await page.getByRole('button', { name: 'Review Your Order' }).click();
  await page.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await page.waitForURL(/\/order-success\?/, { timeout: 15_000 }).catch(async () => {
    await readToasts(page, stream.otherToasts);
    throw new Error(`The order was not submitted: the page showed ${stream.otherToasts.join('; ')}`);
  });
  await readToasts(page, stream.otherToasts);
  stream.orders.push(new URL(page.url()).searchParams.get('orderNumber') ?? 'no order number');
  await page.getByRole('link', { name: 'Return to Home' }).click();
}

const ordersOf = (streams: OrderStream[]) => streams.reduce((sum, stream) => sum + stream.orders.length, 0);

/** Waits until every buyer has ordered once more: the stream flows at this step too. */
async function everyBuyerOrdersAgain(streams: OrderStream[]) {
  const before = streams.map((stream) => stream.orders.length);
  await expect
    .poll(
      () => {
        const failure = streams.find((stream) => stream.failure)?.failure;
        if (failure) throw failure;
        return streams.every((stream, index) => stream.orders.length > before[index]!);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The portal's order numbers of the customers' orders in the database (WO- and 1000 + the id). */
async function storedOrderNumbers(): Promise<string[]> {
  const client = new pg.Client({ connectionString: process.env.WHOLESALE_MULTI_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      'select o.id from orders o join users u on u.id = o.user_id where u.email = any($1)',
      [customers.map((customer) => customer.email)],
    );
    return rows.map((row) => `WO-${1000 + row.id}`);
  } finally {
    await client.end();
  }
}

let ordersBefore: string[] = [];

async function expectNobodyNoticed(streams: OrderStream[]) {
  for (const stream of streams) await stream.stop();
  const seen = streams.flatMap((stream) => stream.orders);
  expect(streams.flatMap((stream) => stream.otherToasts)).toEqual([]);
  expect(new Set(seen).size).toBe(seen.length);
  const stored = (await storedOrderNumbers()).filter((order) => !ordersBefore.includes(order));
  expect(stored.sort()).toEqual([...seen].sort());
  ordersBefore = [...ordersBefore, ...stored];
  test.info().annotations.push({
    type: 'stream',
    description: `${seen.length} orders; answers sent again: ${streams.flatMap((s) => s.transient).join(', ') || 'none'}`,
  });
}

test('a rolling restart of both instances (SIGTERM, start, ready; then the other) goes unnoticed by buyers', async () => {
  test.setTimeout(150_000);
  const streams = buyers.map(startOrdering);
  await everyBuyerOrdersAgain(streams);
  for (const index of [0, 1] as const) {
    expect(await stopInstance(index, 'SIGTERM')).toBe('0');
    await everyBuyerOrdersAgain(streams);
    await restartInstance(index);
    await everyBuyerOrdersAgain(streams);
  }
  expect(ordersOf(streams)).toBeGreaterThanOrEqual(10);
  await expectNobodyNoticed(streams);
});

test('an instance killed with kill -9 while buyers’ requests are on it goes unnoticed too', async () => {
  test.setTimeout(120_000);
  const streams = buyers.map(startOrdering);
  await everyBuyerOrdersAgain(streams);
  // Frozen first, so requests are on it when it dies: nginx has sent them and cannot send a POST elsewhere.
  await stopInstance(0, 'SIGSTOP');
  const stuck = () =>
    streams.some((stream) => [...stream.pending.values()].some((sentAt) => Date.now() - sentAt > 1_000));
  await expect.poll(stuck, { timeout: 30_000 }).toBe(true);
  expect(await stopInstance(0, 'SIGKILL')).toBe('SIGKILL');
  await everyBuyerOrdersAgain(streams);
  await restartInstance(0);
  await everyBuyerOrdersAgain(streams);
  // The POST that was on the killed instance got nginx's 502, and the page sent it again.
  expect(streams.flatMap((stream) => stream.transient).some((answer) => answer.startsWith('502'))).toBe(true);
  await expectNobodyNoticed(streams);
});
