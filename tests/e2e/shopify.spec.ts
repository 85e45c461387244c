import type { Page } from '@playwright/test';
import { expect, test } from './support/a11y';
import { parseOrderNumber } from '../../src/shared/orders';
import {
  adminAndBuyerPages,
  newCustomer,
  openAdminSection,
  orderTwoCases,
  registerApprovedCustomer,
} from './support/accounts';
import { eventually, fakeStore } from './support/fake-shopify';

/**
 * The Shopify journey end to end (issue 8), against a portal started with SHOPIFY_MODE=fake (playwright.config.ts
 * 'shopify' project): a customer submits an order, it becomes a draft order in the store, an administrator
 * approves it, the customer's order page shows 'Pay now' and the customer pays on the store's checkout page;
 * the store then ships and the carrier delivers, and the customer sees Paid → Shipped with tracking →
 * Delivered, all through signed webhooks.
 */

test.describe.configure({ mode: 'serial' });

const customer = newCustomer('Shopify');
const pages = adminAndBuyerPages();

interface FakeState {
  draftOrders: { id: string; name: string; tags: string[]; orderId: string | null }[];
}

async function draftOf(orderId: number) {
  const state = await fakeStore<FakeState>('/__fake/state');
  return state.draftOrders.find((draft) => draft.tags.includes(`portal-order-${orderId}`));
}

const timelineStep = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem').filter({ hasText: label });

test('an approved order is paid on the Shopify invoice and followed to delivery', async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  await registerApprovedCustomer(admin, buyer, customer);
  const orderNumber = await orderTwoCases(buyer);
  const orderId = parseOrderNumber(orderNumber)!;

  // The submitted order becomes a draft order in the store, tagged with the portal's order.
  await expect.poll(async () => (await draftOf(orderId))?.name, { timeout: 20_000 }).toMatch(/^#D\d+$/);

  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Search orders').fill(customer.business);
  const status = admin.getByLabel(`Status of order ${orderNumber}`);
  await status.selectOption('processing');
  await admin.getByRole('button', { name: 'Approve and send invoice' }).click();
  await expect(status).toHaveValue('processing');

  // Approval sends the invoice; the order page offers the payment link.
  await buyer.goto(`/orders/${orderId}`);
  const payNow = buyer.getByRole('link', { name: 'Pay now' });
  await eventually(buyer, () => expect(payNow).toBeVisible({ timeout: 1_000 }));
  const [checkout] = await Promise.all([buyer.context().waitForEvent('page'), payNow.click()]);
  await expect(checkout.getByRole('heading', { name: /^Invoice #D\d+$/ })).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay now' }).click();
  await expect(checkout.getByText('Thank you for your purchase!')).toBeVisible();
  await checkout.close();

  await eventually(buyer, () => expect(timelineStep(buyer, 'Paid')).not.toContainText('Not yet'));
  await expect(payNow).toHaveCount(0);

  // The merchant ships with tracking, then the carrier delivers.
  const paidDraft = await draftOf(orderId);
  expect(paidDraft?.orderId).toBeTruthy();
  const shipment = await fakeStore<{ fulfillmentId: string }>('/__fake/orders/fulfill', {
    id: paidDraft!.orderId,
    company: 'UPS',
    number: '1ZE2E0001',
    url: 'https://www.ups.com/track?tracknum=1ZE2E0001',
  });
  await eventually(buyer, () => expect(timelineStep(buyer, 'Shipped')).not.toContainText('Not yet'));
  await expect(buyer.getByText('UPS 1ZE2E0001')).toBeVisible();

  await fakeStore('/__fake/fulfillments/update', { id: shipment.fulfillmentId, shipmentStatus: 'delivered' });
  await eventually(buyer, () => expect(timelineStep(buyer, 'Delivered')).not.toContainText('Not yet'));
});
