import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/a11y';
import { readMailbox } from './support/mailbox';
import { collectConsoleProblems } from './support/console';
import { recordToasts } from './support/toasts';
import { MAILBOX, signInByEmail } from './support/sign-in';

/**
 * Ordering end to end (issue 5): a signed-in customer orders, reviews, submits for approval, finds the order
 * in history and detail, reorders it, and places a tester-only order. The seed's second demo customer
 * (buyer@example.com) is used, so these tests never share an order history or a sign-in limit with the
 * accounts journey. One sign-in serves the whole file.
 */

const BUYER_EMAIL = 'buyer@example.com';
const STAFF_EMAIL = 'staff@example.com';
/** 2 cases of the 4 oz bottle at the 2-case tier (7 %): 24 × 9.90 (10.65 less 7 %, rounded half-up). */
const TWO_CASES_TOTAL = '$237.60';

test.describe.configure({ mode: 'serial' });

let page: Page;
/** The order with cases placed by the second test (a tester-confirmation link to it must not pretend). */
let casesOrderId = '';
const NOTES = 'Please deliver to the side door';

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await (await browser.newContext()).newPage();
  await signInByEmail(page, BUYER_EMAIL);
  await expect(page.getByRole('button', { name: /Account menu for Blair Buyer/ })).toBeVisible();
});

test.afterAll(async () => {
  await page.context().close();
});

test("a customer's pages log no console error or warning, and the session hint cookie is set", async () => {
  expect(await page.context().cookies()).toContainEqual(
    expect.objectContaining({ name: 'signed_in', value: '1', httpOnly: false }),
  );
  const problems = collectConsoleProblems(page);
  for (const path of ['/', '/orders', '/account', '/support']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});

async function setCases(productName: string, cases: number) {
  await page.getByLabel(`Cases of ${productName}`).fill(String(cases));
}

test('a customer orders 2 cases and the tester, reviews, submits, and finds the order in history and detail', async () => {
  const mailBefore = readMailbox(MAILBOX).length;
  await page.goto('/');
  await setCases('4 oz Bottle', 2);
  await page.getByRole('button', { name: 'Add tester' }).click();
  await page.getByRole('button', { name: 'Review Your Order' }).click();

  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByRole('heading', { name: 'Review Your Order' })).toBeVisible();
  await expect(page.getByText(TWO_CASES_TOTAL).first()).toBeVisible();
  await expect(page.getByText('Harbor Gifts').first()).toBeVisible();
  await expect(page.getByText('8 Harbor Road').first()).toBeVisible();

  // Notes typed on the review are kept with the cart through 'Go Back'.
  await page.getByLabel(/Order Notes/).fill(NOTES);
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Review Your Order' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByLabel(/Order Notes/)).toHaveValue(NOTES);

  await page.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await expect(page).toHaveURL(/\/order-success\?orderNumber=WO-\d+&orderId=\d+/);
  await expect(page.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
  const orderNumber = new URL(page.url()).searchParams.get('orderNumber')!;
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  casesOrderId = orderId;
  await expect(page.getByText(orderNumber).first()).toBeVisible();

  // Both e-mails of the outbox reach the real SMTP server.
  await expect
    .poll(() => {
      const mails = readMailbox(MAILBOX).slice(mailBefore);
      return [BUYER_EMAIL, STAFF_EMAIL].map((address) =>
        mails.some((mail) => mail.to.includes(address) && mail.text.includes(orderNumber)),
      );
    })
    .toEqual([true, true]);

  await page.getByRole('link', { name: 'View Order History' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText(TWO_CASES_TOTAL)).toBeVisible();

  // The cart was emptied by the successful order.
  await page.goto('/');
  await expect(page.getByLabel('Cases of 4 oz Bottle')).toHaveValue('0');

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByText(orderNumber).first()).toBeVisible();
  await expect(page.getByText(TWO_CASES_TOTAL).first()).toBeVisible();
  await expect(page.getByText('Free In-Store Tester').first()).toBeVisible();
  await expect(page.getByText(NOTES)).toBeVisible();
});

test('reordering from history fills the order form again, once', async () => {
  await page.goto('/orders');
  const toasts = await recordToasts(page);
  await page.getByRole('button', { name: 'Reorder' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Cases of 4 oz Bottle')).toHaveValue('2');
  await expect(page.getByText('Added to your order')).toBeVisible();
  // One notice, on the order form about a second after it opens.
  await expect.poll(toasts).toEqual(['Order Loaded: Your previous order has been restored']);

  // A reload neither repeats the reorder nor shows the notice again (it comes about 1 s after load).
  await page.reload();
  await expect(page.getByLabel('Cases of 4 oz Bottle')).toHaveValue('2');
  await page.waitForTimeout(2_000);
  await expect(page.getByText('Your previous order has been restored')).toHaveCount(0);
});

test('a tester-only order reaches the tester confirmation', async () => {
  await page.goto('/');
  await setCases('4 oz Bottle', 0);
  await expect(page.getByLabel('Cases of 4 oz Bottle')).toHaveValue('0');
  await expect(page.getByText('Added to your order')).toBeVisible();
  await page.getByRole('button', { name: 'Review Your Order' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await page.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await expect(page).toHaveURL(/\/tester-confirmation\?orderId=\d+/);
  await expect(page.getByRole('heading', { name: 'Tester Order Successful!' })).toBeVisible();
  // Free and not yet approved: nothing to pay, nothing 'on its way'.
  await expect(
    page.getByText(/It ships once our team approves it, and there is nothing to pay\./),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Added to your order')).toHaveCount(0);

  // The confirmation of a tester order is only for one: an order with cases opens its own page.
  await page.goto(`/tester-confirmation?orderId=${casesOrderId}`);
  await expect(page).toHaveURL(new RegExp(`/orders/${casesOrderId}$`));
  await expect(page.getByRole('heading', { name: 'Tester Order Successful!' })).toHaveCount(0);
});
