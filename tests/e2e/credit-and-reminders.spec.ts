import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/a11y';
import { formatCents, parseDecimalToCents } from '../../src/shared/money';
import { parseOrderNumber } from '../../src/shared/orders';
import { readMailbox, type ReceivedMail } from './support/mailbox';
import { openPaymentTermsDialog } from './support/payment-terms';
import { MAILBOX } from './support/sign-in';
import {
  adminAndBuyerPages,
  fullName,
  newCustomer,
  openAdminSection,
  registerApprovedCustomer,
  type NewCustomer,
} from './support/accounts';

/**
 * Credit limits with holds, and reorder reminders, end to end in test mode (issue 34, docs/credit.md,
 * docs/reorder-reminders.md):
 *  - staff give a new customer Net 30 and a $1,000 credit limit on the company's page; the buyer sees the
 *    credit available in My Account and on /confirm; an order over it is stopped by the credit check at
 *    approval, put on hold (the buyer reads why on the order page), then approved anyway with staff's reason;
 *  - staff fix a company's reorder interval; it is due this week; 'Send now' e-mails the reminder, whose
 *    one-click link (in a browser signed out) waits for 'Continue to your order', then opens the order form
 *    signed in with the last order's lines; the e-mail's unsubscribe link turns the reminders off, as My
 *    Account then shows.
 * Each journey registers its own customer, so no other file shares its company, orders or mail.
 */

/** Opens the company of `customer` (its name is the registration's business name) in admin Companies. */
async function openCompany(admin: Page, customer: NewCustomer) {
  await openAdminSection(admin, 'Companies');
  await admin.getByLabel('Search companies').fill(customer.business);
  await admin.getByRole('button', { name: `View company ${customer.business}` }).click();
  await expect(admin.getByRole('heading', { level: 2, name: customer.business })).toBeVisible();
}

/** A figure of a company page's card ('Credit limit', 'Open balance'…): its value. */
const figure = (card: Locator, label: string) =>
  card
    .locator('dl > div')
    .filter({ has: card.page().getByText(label, { exact: true }) })
    .locator('dd');

/** Finds the order in admin Orders by the buyer's business; its status select. */
async function findOrder(admin: Page, customer: NewCustomer, orderNumber: string) {
  await openAdminSection(admin, 'Orders');
  const search = admin.getByLabel('Search orders');
  // Already searched (the test before left it so): the list follows every status change by itself.
  if ((await search.inputValue()) !== customer.business) {
    // Wait for the search's own answer, so a list shown before it cannot stand in for it.
    const searched = admin.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/admin/orders' &&
        new URL(response.url()).searchParams.get('search') === customer.business.trim(),
    );
    await search.fill(customer.business);
    await searched;
  }
  const status = admin.getByLabel(`Status of order ${orderNumber}`);
  await expect(status).toBeVisible();
  return status;
}

/** Staff move the order to Processing and confirm the approval; the credit check stops it: its dialog. */
async function tryToApprove(admin: Page, customer: NewCustomer, orderNumber: string) {
  const status = await findOrder(admin, customer, orderNumber);
  await status.selectOption('processing');
  await admin.getByRole('button', { name: 'Approve and send invoice' }).click();
  return { status, dialog: admin.getByRole('dialog', { name: 'Credit check' }) };
}

/** Mail to `address` since the mailbox had `after` messages, with every one of `parts`. */
function mailWith(address: string, after: number, parts: string[]): ReceivedMail | undefined {
  return readMailbox(MAILBOX)
    .slice(after)
    .find((mail) => mail.to.includes(address) && parts.every((part) => mail.text.includes(part)));
}

test.describe('a credit limit holds an order over it until staff approve it anyway', () => {
  test.describe.configure({ mode: 'serial' });

  const customer = newCustomer('Credit');
  const pages = adminAndBuyerPages();
  /** Ten cases of the 4 oz bottle, well over the $1,000 limit. */
  const CASES = 10;
  let orderNumber = '';
  let orderId = 0;
  /** '$86.00': by how much the order takes the company over its limit (nothing else is open). */
  let overBy = '';

  test('staff give a customer Net 30 and a $1,000 credit limit; the buyer sees the credit available', async () => {
    test.slow();
    const admin = pages.admin();
    const buyer = pages.buyer();
    await registerApprovedCustomer(admin, buyer, customer);

    const { row, dialog } = await openPaymentTermsDialog(admin, customer);
    await dialog.getByLabel('Payment terms').selectOption({ label: 'Net 30' });
    await dialog.getByRole('button', { name: 'Save Terms' }).click();
    await expect(admin.getByText('Payment terms updated')).toBeVisible();
    await expect(row.getByText('Terms: Net 30')).toBeVisible();

    await openCompany(admin, customer);
    const credit = admin.getByRole('region', { name: 'Credit' });
    await expect(figure(credit, 'Credit limit')).toHaveText('No limit');
    await credit.getByLabel(/Credit limit \(dollars\)/).fill('1000');
    await credit.getByRole('button', { name: 'Save credit limit' }).click();
    await expect(admin.getByText('Company settings saved')).toBeVisible();
    await expect(figure(credit, 'Credit limit')).toHaveText('$1,000.00');
    await expect(figure(credit, 'Credit available')).toHaveText('$1,000.00');

    const creditLine = 'Credit available: $1,000.00 of $1,000.00 limit';
    await buyer.goto('/account');
    await expect(buyer.getByRole('region', { name: 'Credit' }).getByText(creditLine)).toBeVisible();

    await buyer.goto('/');
    await buyer.getByLabel('Cases of 4 oz Bottle').fill(String(CASES));
    await buyer.getByRole('button', { name: 'Review Your Order' }).click();
    await expect(buyer).toHaveURL(/\/confirm$/);
    await expect(
      buyer.getByRole('region', { name: 'Order Summary' }).getByText('Payment terms: Net 30'),
    ).toBeVisible();
    const note = buyer.getByRole('region', { name: 'Credit' });
    await expect(note.getByText(creditLine)).toBeVisible();
    await expect(note.getByText('Open balance: $0.00')).toBeVisible();
    await expect(note.getByText(/^This order is more than your available credit/)).toBeVisible();

    await buyer.getByRole('button', { name: 'Submit Order for Approval' }).click();
    await expect(buyer.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
    orderNumber = new URL(buyer.url()).searchParams.get('orderNumber')!;
    orderId = parseOrderNumber(orderNumber)!;

    const answer = await buyer.request.get(`/api/orders/${orderId}`);
    expect(answer.status()).toBe(200);
    const { order } = (await answer.json()) as { order: { orderTotal: string } };
    const over = parseDecimalToCents(order.orderTotal) - 100_000;
    expect(over).toBeGreaterThan(0);
    overBy = formatCents(over);
  });

  test('staff try to approve it: the credit check stops it, staff put it on hold, the buyer reads why', async () => {
    const admin = pages.admin();
    const buyer = pages.buyer();
    const { status, dialog } = await tryToApprove(admin, customer, orderNumber);
    await expect(dialog.getByText(`Credit check: over the limit by ${overBy}`)).toBeVisible();

    const mailBefore = readMailbox(MAILBOX).length;
    await dialog.getByRole('button', { name: 'Put on hold' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(status).toHaveValue('on_hold');
    await expect(status).toBeEnabled();

    const reason = `This order would take your account over its credit limit by ${overBy}.`;
    await buyer.goto(`/orders/${orderId}`);
    await expect(buyer.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    const hold = buyer.getByRole('region', { name: 'On hold' });
    await expect(hold).toContainText(`Reason: ${reason}`);
    await expect(hold.getByRole('link', { name: 'Contact support' })).toBeVisible();
    // Held, not approved: the buyer may still cancel it, but not edit it.
    await expect(buyer.getByRole('button', { name: 'Cancel order' })).toBeVisible();
    await expect(buyer.getByRole('button', { name: 'Edit order' })).toHaveCount(0);

    await buyer.goto('/orders');
    await expect(
      buyer.getByRole('listitem').filter({ hasText: orderNumber }).getByText('On hold'),
    ).toBeVisible();

    await expect
      .poll(() => mailWith(customer.email, mailBefore, [`Your order ${orderNumber} is on hold`, reason]))
      .toBeDefined();
  });

  test('staff approve the held order anyway, with their reason; the buyer sees it Processing', async () => {
    const admin = pages.admin();
    const buyer = pages.buyer();
    const { status, dialog } = await tryToApprove(admin, customer, orderNumber);
    // The check runs again: nothing has changed.
    await expect(dialog.getByText(`Credit check: over the limit by ${overBy}`)).toBeVisible();

    const approveAnyway = dialog.getByRole('button', { name: 'Approve anyway' });
    await approveAnyway.click();
    await expect(dialog.getByText('Give the reason for approving anyway')).toBeVisible();
    await expect(status).toHaveValue('on_hold');

    await dialog.getByLabel('Reason for approving anyway').fill('Long-standing customer; paying next week');
    await approveAnyway.click();
    await expect(dialog).toHaveCount(0);
    await expect(status).toHaveValue('processing');
    await expect(status).toBeEnabled();

    await buyer.goto('/orders');
    const row = buyer.getByRole('listitem').filter({ hasText: orderNumber });
    await expect(row.getByText('Processing')).toBeVisible();
    await expect(row.getByText('On hold')).toHaveCount(0);
    await buyer.goto(`/orders/${orderId}`);
    await expect(buyer.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    await expect(buyer.getByRole('region', { name: 'Order Status' })).toContainText('Processing');
    await expect(buyer.getByRole('region', { name: 'On hold' })).toHaveCount(0);
  });
});

test.describe('a reorder reminder staff send now: its one-click link and its unsubscribe link', () => {
  test.describe.configure({ mode: 'serial' });

  const customer = newCustomer('Reminder');
  const pages = adminAndBuyerPages();
  let orderNumber = '';
  /** The reminder e-mail, as the mailbox received it (headers included). */
  let reminder: ReceivedMail | undefined;

  /** The e-mail's link to `path` ('/reorder-link', '/unsubscribe'): the page's address, not the API's. */
  function linkIn(mail: ReceivedMail, path: string): string {
    const pattern = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[\\w-]+`, 'g');
    const link = [...mail.text.matchAll(pattern)]
      .map(([match]) => new URL(match))
      .find((url) => url.pathname === path);
    if (!link) throw new Error(`No ${path} link in the reminder e-mail`);
    return link.pathname + link.search;
  }

  test('staff fix a one-day interval; the company is due this week; Send now e-mails the reminder', async () => {
    test.slow();
    const admin = pages.admin();
    const buyer = pages.buyer();
    await registerApprovedCustomer(admin, buyer, customer);

    // One order, of two lines.
    await buyer.goto('/');
    await buyer.getByLabel('Cases of 4 oz Bottle').fill('3');
    await buyer.getByLabel('Cases of 1 oz Bottle').fill('2');
    await buyer.getByRole('button', { name: 'Review Your Order' }).click();
    await buyer.getByRole('button', { name: 'Submit Order for Approval' }).click();
    await expect(buyer.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
    orderNumber = new URL(buyer.url()).searchParams.get('orderNumber')!;

    // A fixed interval needs only one order to count from (docs/reorder-reminders.md#the-rule).
    await openCompany(admin, customer);
    const settings = admin.getByRole('region', { name: 'Reorder reminders' });
    await expect(figure(settings, 'Learned interval')).toHaveText('Not yet: it needs three orders');
    await expect(figure(settings, 'Next reminder due')).toHaveText('None due');
    await expect(settings.getByLabel('Send reorder reminders')).toBeChecked();
    await settings.getByLabel(/Days between orders/).fill('1');
    await expect(settings.getByLabel('A fixed interval')).toBeChecked();
    await settings.getByRole('button', { name: 'Save reminder settings' }).click();
    await expect(admin.getByText('Company settings saved')).toBeVisible();
    await expect(figure(settings, 'Next reminder due')).not.toHaveText('None due');

    await admin.getByRole('button', { name: 'Back to companies' }).click();
    const due = admin.getByRole('region', { name: 'Due this week' });
    const row = due.getByRole('listitem').filter({ hasText: customer.business });
    await expect(row).toContainText(`Last order: ${orderNumber}`);
    await expect(row).toContainText('Interval: Every day (fixed)');
    await expect(row).toContainText(`Goes to: ${fullName(customer)} (${customer.email})`);

    const mailBefore = readMailbox(MAILBOX).length;
    await row.getByRole('button', { name: `Send now: the reorder reminder to ${customer.business}` }).click();
    await expect(admin.getByText(`Reorder reminder sent to ${customer.email}`)).toBeVisible();
    // Sent for this order's cycle: the company is no longer waiting for its reminder.
    await expect(row).toHaveCount(0);

    await expect
      .poll(
        () =>
          (reminder = mailWith(customer.email, mailBefore, [
            'Time to reorder?',
            `Your last order ${orderNumber} at today's prices:`,
          ])),
        { timeout: 20_000, message: `the reorder reminder to ${customer.email}` },
      )
      .toBeDefined();
  });

  test('its link, opened signed out, waits for Continue, then opens the order form with the last order', async ({
    browser,
  }) => {
    const mail = reminder!;
    const link = linkIn(mail, '/reorder-link');
    // Another browser, as from a mail client on another machine: nobody is signed in there.
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Time to reorder?' })).toBeVisible();
      // The token leaves the address bar; opening the page spends nothing and signs nobody in.
      expect(page.url()).not.toContain('token=');
      await expect(page.getByRole('link', { name: 'Sign In / Register' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Account menu for/ })).toHaveCount(0);
      await expect(page).toHaveURL(/\/reorder-link$/);

      await page.getByRole('button', { name: 'Continue to your order' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(
        page.getByRole('button', { name: new RegExp(`Account menu for ${fullName(customer)}`) }),
      ).toBeVisible();
      await expect(page.getByLabel('Cases of 4 oz Bottle')).toHaveValue('3');
      await expect(page.getByLabel('Cases of 1 oz Bottle')).toHaveValue('2');
      await expect(page.getByRole('link', { name: 'Sign In / Register' })).toHaveCount(0);

      // It works once.
      await page.goto(link);
      await page.getByRole('button', { name: 'Continue to your order' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reorder link not valid' })).toBeVisible();
      await expect(
        page.getByRole('alert').filter({ hasText: 'This reorder link was already used.' }),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('its unsubscribe link turns the reminders off, as My Account then shows', async ({ browser }) => {
    const mail = reminder!;
    // One-click unsubscribe headers for mail clients (RFC 8058), beside the link in the body (the mailer
    // folds the long List-Unsubscribe line). The test mailbox decodes quoted-printable over the whole raw
    // message, headers included, so a token starting with two hex digits loses its '=' here ('token=33qF' reads
    // 'token3qF'): the '=' is optional in this pattern only; the server's SMTP test reads the header exactly.
    expect(mail.text).toMatch(
      /^List-Unsubscribe:\s+<https?:\/\/\S+\/api\/reorder-reminders\/unsubscribe\?token=?\S+>\r?$/m,
    );
    expect(mail.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    const buyer = pages.buyer();
    await buyer.goto('/account');
    const setting = buyer.getByLabel('E-mail me when it is time to reorder');
    await expect(setting).toBeChecked();

    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(linkIn(mail, '/unsubscribe'));
      await expect(
        page.getByRole('heading', { level: 1, name: 'Unsubscribe from reorder reminders' }),
      ).toBeVisible();
      expect(page.url()).not.toContain('token=');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(
        page.getByRole('status').filter({
          hasText: 'You will no longer receive reorder reminders. You can turn them back on in My Account.',
        }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to My Account' })).toBeVisible();
    } finally {
      await context.close();
    }

    await buyer.reload();
    await expect(setting).not.toBeChecked();
  });
});
