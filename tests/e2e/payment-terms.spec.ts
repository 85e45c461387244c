import { format } from 'date-fns';
import { expect, test } from './support/a11y';
import { parseOrderNumber } from '../../src/shared/orders';
import { formatDueDate } from '../../src/shared/payment-terms';
import { readMailbox } from './support/mailbox';
import { openPaymentTermsDialog } from './support/payment-terms';
import { MAILBOX } from './support/sign-in';
import {
  adminAndBuyerPages,
  approveOrderAndSeeIt,
  newCustomer,
  registerApprovedCustomer,
} from './support/accounts';

/**
 * Net payment terms end to end in test mode (issue 20 §2, docs/orders.md#payment-terms): staff give a new
 * customer Net 30 in Users; the customer sees the terms on /confirm and in the submission e-mails; staff
 * approve, and the order page and history show 'Payment due <30 days after approval>', admin Orders the
 * terms and due date. The overdue state needs 30 days to pass, and only an overdue order can be reminded:
 * 'Overdue', the reminder button and its e-mail are covered by the component tests (order-payment.test.tsx)
 * and the server's integration tests; here the 'Overdue' filter does not list the order, and no reminder is
 * offered before the due date.
 */

test.describe.configure({ mode: 'serial' });

const STAFF_EMAIL = 'staff@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;
const customer = newCustomer('NetTerms');
const pages = adminAndBuyerPages();

let orderNumber = '';
/** Set at approval: the order's due date. */
let dueAt = new Date(0);

/** Mail to `address` since `after` whose text has every one of `parts`. */
function mailWith(address: string, after: number, parts: string[]) {
  return readMailbox(MAILBOX)
    .slice(after)
    .some((mail) => mail.to.includes(address) && parts.every((part) => mail.text.includes(part)));
}

test('staff give a customer Net 30 terms in Users', async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  await registerApprovedCustomer(admin, buyer, customer);

  const { row, dialog } = await openPaymentTermsDialog(admin, customer);
  await expect(row.getByText('Terms: Pay on approval')).toBeVisible();
  await expect(dialog.getByText('Current terms: Pay on approval')).toBeVisible();
  const select = dialog.getByLabel('Payment terms');
  // In test mode every term can be given.
  await expect(select.locator('option:not([disabled])')).toHaveText([
    'Pay on approval',
    'Net 15',
    'Net 30',
    'Net 60',
  ]);
  await select.selectOption({ label: 'Net 30' });
  await dialog.getByRole('button', { name: 'Save Terms' }).click();
  await expect(admin.getByText('Payment terms updated')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Terms: Net 30')).toBeVisible();
});

test('the customer sees Net 30 on /confirm and in the e-mails of the submitted order', async () => {
  const buyer = pages.buyer();
  await buyer.goto('/');
  await buyer.getByLabel('Cases of 4 oz Bottle').fill('2');
  await buyer.getByRole('button', { name: 'Review Your Order' }).click();
  await expect(buyer).toHaveURL(/\/confirm$/);
  const summary = buyer.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Payment terms: Net 30')).toBeVisible();
  await expect(
    summary.getByText('Pay within 30 days of approval; your invoice with the due date is e-mailed to you.'),
  ).toBeVisible();

  const mailBefore = readMailbox(MAILBOX).length;
  await buyer.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await expect(buyer.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
  orderNumber = new URL(buyer.url()).searchParams.get('orderNumber')!;
  await expect(buyer.getByText('Payment terms: Net 30', { exact: false })).toBeVisible();

  await expect
    .poll(() =>
      [customer.email, STAFF_EMAIL].map((address) =>
        mailWith(address, mailBefore, [orderNumber, 'Payment terms: Net 30']),
      ),
    )
    .toEqual([true, true]);
});

test("staff approve the order and the customer's order page and approval e-mail show the due date, 30 days on", async () => {
  const admin = pages.admin();
  const buyer = pages.buyer();
  const approvedFrom = Date.now();
  const mailBefore = readMailbox(MAILBOX).length;
  await approveOrderAndSeeIt(admin, buyer, customer, orderNumber);
  const orderId = parseOrderNumber(orderNumber)!;

  const answer = await buyer.request.get(`/api/orders/${orderId}`);
  expect(answer.status()).toBe(200);
  const { order } = (await answer.json()) as {
    order: { approvedAt: string; paymentDueAt: string; paymentTerms: string; paymentOverdue: boolean };
  };
  expect(order.paymentTerms).toBe('net30');
  expect(order.paymentOverdue).toBe(false);
  const due = new Date(order.paymentDueAt);
  dueAt = due;
  expect(due.getTime() - new Date(order.approvedAt).getTime()).toBe(30 * DAY_MS);
  expect(due.getTime()).toBeGreaterThanOrEqual(approvedFrom + 30 * DAY_MS - 1000);
  expect(due.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

  // The history row (from approveOrderAndSeeIt) and the order page name the day, never a time (issue 31).
  const row = buyer.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row.getByText(`Payment due ${format(due, 'MMM d, yyyy')}`)).toBeVisible();
  await expect(row.getByText('Overdue')).toHaveCount(0);

  await buyer.goto(`/orders/${orderId}`);
  const status = buyer.getByRole('region', { name: 'Order Status' });
  await expect(status.getByText(`Payment due ${format(due, 'MMM d, yyyy')}`)).toBeVisible();
  await expect(status.getByText('Your order is approved on Net 30 terms.')).toBeVisible();
  // Test mode: the portal keeps the terms itself, with no Shopify invoice to pay on.
  await expect(status.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await expect(status.getByText('Overdue')).toHaveCount(0);

  // The approval e-mail names the due date as e-mails print it.
  await expect
    .poll(() => mailWith(customer.email, mailBefore, [orderNumber, `Payment due ${formatDueDate(due)}.`]))
    .toBe(true);
});

test('admin Orders shows the terms and the due date, and neither the Overdue filter nor a reminder yet', async () => {
  const admin = pages.admin();
  const orders = admin.getByRole('table', { name: 'Orders' });
  const row = orders.getByRole('row').filter({ hasText: orderNumber });
  await expect(row.getByText('Net 30')).toBeVisible();
  await expect(row.getByText(`Payment due ${format(dueAt, 'MMM d, yyyy')}`)).toBeVisible();
  await expect(row.getByText('Overdue')).toHaveCount(0);
  // A reminder is for an overdue payment only (docs/orders.md#payment-terms).
  await expect(row.getByRole('button', { name: `Send payment reminder for ${orderNumber}` })).toHaveCount(0);

  const filter = admin.getByLabel('Status', { exact: true });
  await filter.selectOption({ label: 'Overdue' });
  await expect(admin.getByText('No orders found')).toBeVisible();
  await filter.selectOption({ label: 'All' });
  await expect(row).toBeVisible();
});
