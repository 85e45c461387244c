import { format } from 'date-fns';
import { expect, test } from '../support/a11y';
import { parseOrderNumber } from '../../../src/shared/orders';
import {
  adminAndBuyerPages,
  newCustomer,
  openAdminSection,
  registerApprovedCustomer,
} from '../support/accounts';
import { eventually, fakeStore } from '../support/fake-shopify';
import { openPaymentTermsDialog } from '../support/payment-terms';

/**
 * Net payment terms with the store connected (issue 20 §2, docs/orders.md#payment-terms), against the portal
 * started with SHOPIFY_MODE=fake (playwright.config.ts 'shopify' project): the choices in Users follow the
 * store's NET templates; approving an order of a customer on Net 30 completes its draft payment pending with
 * those terms, issued at approval; the buyer's order page shows 'Payment due <date>' with the Pay link; once
 * the merchant moves the due date back in Shopify, 'Check Shopify now' makes the order 'Overdue' for buyer
 * and staff and staff send Shopify's reminder; once the store marks the order paid, the page says 'Paid'.
 */

test.describe.configure({ mode: 'serial' });

const DAY_MS = 24 * 60 * 60 * 1000;
const customer = newCustomer('ShopifyTerms');
const pages = adminAndBuyerPages();

interface FakeOrderTerms {
  name: string;
  issuedAt: string | null;
  dueAt: string | null;
  completedAt: string | null;
}
interface FakeState {
  draftOrders: { id: string; name: string; status: string; tags: string[]; orderId: string | null }[];
  orders: { id: string; name: string; financialStatus: string; paymentTerms: FakeOrderTerms | null }[];
}

/** The draft made from portal order `orderId`, and the store's order once it is completed. */
async function storeOrderOf(orderId: number) {
  const state = await fakeStore<FakeState>('/__fake/state');
  const draft = state.draftOrders.find((candidate) => candidate.tags.includes(`portal-order-${orderId}`));
  const order = state.orders.find((candidate) => candidate.id === draft?.orderId);
  return { draft, order };
}

let orderNumber = '';

test('staff can give only the terms the store has a NET template for, and give Net 30', async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  await registerApprovedCustomer(admin, buyer, customer);

  // Without the store's Net 15 template, Net 15 is listed but cannot be chosen.
  await fakeStore('/__fake/payment-terms-templates', { remove: ['Net 15'] });
  try {
    const { dialog } = await openPaymentTermsDialog(admin, customer);
    const select = dialog.getByLabel('Payment terms');
    await expect(select.locator('option')).toHaveText([
      'Pay on approval',
      'Net 15 (Not set up in Shopify)',
      'Net 30',
      'Net 60',
    ]);
    await expect(select.locator('option[disabled]')).toHaveText(['Net 15 (Not set up in Shopify)']);
    await expect(dialog.getByText("Terms marked 'Not set up in Shopify'", { exact: false })).toBeVisible();
    await select.selectOption({ label: 'Net 30' });
    await dialog.getByRole('button', { name: 'Save Terms' }).click();
    await expect(admin.getByText('Payment terms updated')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  } finally {
    await fakeStore('/__fake/payment-terms-templates', { restore: 'all' });
  }
  await expect(
    admin.getByRole('row').filter({ hasText: customer.email }).getByText('Terms: Net 30'),
  ).toBeVisible();
});

test('approval completes the draft payment pending on Net 30, and the order page shows the due date and Pay link', async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();

  await buyer.goto('/');
  await buyer.getByLabel('Cases of 4 oz Bottle').fill('2');
  await buyer.getByRole('button', { name: 'Review Your Order' }).click();
  await expect(
    buyer.getByRole('region', { name: 'Order Summary' }).getByText('Payment terms: Net 30'),
  ).toBeVisible();
  await buyer.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await expect(buyer.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
  orderNumber = new URL(buyer.url()).searchParams.get('orderNumber')!;
  const orderId = parseOrderNumber(orderNumber)!;
  await expect
    .poll(async () => (await storeOrderOf(orderId)).draft?.name, { timeout: 20_000 })
    .toMatch(/^#D\d+$/);

  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Search orders').fill(customer.business);
  const status = admin.getByLabel(`Status of order ${orderNumber}`);
  await status.selectOption('processing');
  const approvedFrom = Date.now();
  await admin.getByRole('button', { name: 'Approve and send invoice' }).click();
  await expect(status).toHaveValue('processing');

  // The draft is completed payment pending, with Net 30 issued at approval.
  await expect
    .poll(async () => (await storeOrderOf(orderId)).order?.financialStatus, { timeout: 30_000 })
    .toBe('PENDING');
  const { draft, order } = await storeOrderOf(orderId);
  expect(draft?.status).toBe('COMPLETED');
  const terms = order!.paymentTerms!;
  expect(terms.name).toBe('Net 30');
  expect(terms.completedAt).toBeNull();
  const issuedAt = new Date(terms.issuedAt!).getTime();
  expect(issuedAt).toBeGreaterThanOrEqual(approvedFrom - 5_000);
  expect(issuedAt).toBeLessThanOrEqual(Date.now());
  const dueAt = new Date(terms.dueAt!);
  expect(dueAt.getTime() - issuedAt).toBe(30 * DAY_MS);

  // The buyer's page: 'Payment due <date>' (Shopify's due date) beside the Pay link.
  await buyer.goto(`/orders/${orderId}`);
  const card = buyer.getByRole('region', { name: 'Order Status' });
  const payNow = card.getByRole('link', { name: 'Pay now' });
  await eventually(buyer, () => expect(payNow).toBeVisible({ timeout: 1_000 }), 30_000);
  await expect(card.getByText(`Payment due ${format(dueAt, 'MMM d, yyyy')}`)).toBeVisible();
  await expect(card.getByText('Overdue')).toHaveCount(0);
  expect(await payNow.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
});

test("a due date moved back in Shopify makes the order 'Overdue' for buyer and staff, and staff send Shopify's reminder", async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  const orderId = parseOrderNumber(orderNumber)!;
  const row = admin.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: orderNumber });
  const remind = row.getByRole('button', { name: `Send payment reminder for ${orderNumber}` });
  await expect(row.getByText(/^Payment due /)).toBeVisible();
  // Shopify reminds of an overdue payment only; this one is not due for 30 days.
  await expect(remind).toHaveCount(0);

  // The merchant moves the due date to two days ago in Shopify; 'Check Shopify now' reads it back.
  const { order } = await storeOrderOf(orderId);
  const dueAt = new Date(Math.floor((Date.now() - 2 * DAY_MS) / 1000) * 1000);
  await fakeStore('/__fake/orders/due-date', { id: order!.id, dueAt: dueAt.toISOString() });
  await admin.getByRole('button', { name: 'Check Shopify now' }).click();
  await admin.getByLabel('Status', { exact: true }).selectOption({ label: 'Overdue' });
  await expect(row.getByText('Overdue', { exact: true })).toBeVisible();

  await remind.click();
  // Staff confirm before the buyer is e-mailed (issue 31).
  await admin
    .getByRole('dialog', { name: `Send a payment reminder for ${orderNumber}?` })
    .getByRole('button', { name: 'Send reminder' })
    .click();
  await expect(admin.getByText('Payment reminder sent')).toBeVisible();
  // One a day: the button now says when the next may go.
  await expect(row.getByRole('button', { name: /^Next reminder possible .* for / })).toBeVisible();
  await expect(row.getByText(/^Reminder sent /)).toBeVisible();
  const reminders = await fakeStore<{ paymentReminders: { orderName: string }[] }>(
    '/__fake/payment-reminders',
  );
  expect(reminders.paymentReminders.map((reminder) => reminder.orderName)).toContain(order!.name);

  await buyer.goto(`/orders/${orderId}`);
  const card = buyer.getByRole('region', { name: 'Order Status' });
  await expect(card.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(card.getByText(`Payment was due ${format(dueAt, 'MMM d, yyyy')}`)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay now' })).toBeVisible();
});

test("once the store has the payment the order page says 'Paid', and no reminder is offered", async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  const orderId = parseOrderNumber(orderNumber)!;
  const row = admin.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: orderNumber });
  const remind = row.getByRole('button', { name: `Send payment reminder for ${orderNumber}` });

  const { order } = await storeOrderOf(orderId);
  await fakeStore('/__fake/orders/pay', { id: order!.id });

  const card = buyer.getByRole('region', { name: 'Order Status' });
  const paid = card
    .getByRole('list', { name: 'Order timeline' })
    .getByRole('listitem')
    .filter({ hasText: 'Paid' });
  await eventually(buyer, () => expect(paid).not.toContainText('Not yet', { timeout: 1_000 }), 30_000);
  await expect(card.getByText(/^Payment due /)).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Pay now' })).toHaveCount(0);

  // Staff see the order paid: no due date any more.
  await admin.reload();
  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Status', { exact: true }).selectOption({ label: 'All' });
  await admin.getByLabel('Search orders').fill(customer.business);
  await expect(row.getByText('Net 30')).toBeVisible();
  await expect(row.getByText(/^Payment due /)).toHaveCount(0);
  await expect(row.getByText('Overdue', { exact: true })).toHaveCount(0);
  // Paid reads as paid, not like an invoiced order (issue 31).
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(remind).toHaveCount(0);
});
