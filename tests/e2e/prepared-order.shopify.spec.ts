import type { Page } from '@playwright/test';
import { expect, test } from './support/a11y';
import { readMailbox } from './support/mailbox';
import { MAILBOX } from './support/sign-in';
import { eventually, fakeStore } from './support/fake-shopify';
import {
  adminAndBuyerPages,
  fullName,
  newCustomer,
  openAdminSection,
  registerApprovedCustomer,
} from './support/accounts';

/**
 * An order taken on the phone (issue 33 item 1, docs/orders.md#staff-prepare-an-order), against the portal
 * with its fake Shopify store: staff prepare it in admin Orders → 'New order', the buyer opens the e-mailed
 * link and confirms it, the confirmed order becomes a draft order in the store, staff approve it and the
 * buyer sees 'Pay now'. Nothing goes to Shopify before the buyer confirms.
 */

test.describe.configure({ mode: 'serial' });

const customer = newCustomer('PhoneOrder');
const pages = adminAndBuyerPages();

interface FakeState {
  draftOrders: { name: string; tags: string[]; lineItems?: { quantity: number }[] }[];
}

async function draftOf(orderId: number) {
  const state = await fakeStore<FakeState>('/__fake/state');
  return state.draftOrders.find((draft) => draft.tags.includes(`portal-order-${orderId}`));
}

const timelineStep = (page: Page, label: string | RegExp) =>
  page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem').filter({ hasText: label });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('staff prepare an order by phone, the buyer confirms it from the e-mail, staff approve it, Pay now', async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  await registerApprovedCustomer(admin, buyer, customer);

  await openAdminSection(admin, 'Orders');
  await admin.getByRole('button', { name: 'New order' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New order' });
  await dialog.getByLabel('Find the buyer').fill(customer.email);
  await dialog.getByRole('radio', { name: new RegExp(escape(customer.email)) }).check();
  await dialog.getByLabel('Bottles of 4 oz Bottle').fill('24');
  await dialog.getByLabel('Note to the buyer').fill('As agreed on the phone today');
  const mailBefore = readMailbox(MAILBOX).length;
  await dialog.getByRole('button', { name: 'Create order' }).click();
  const created = admin.getByText(/^Order WO-\d+ created$/);
  await expect(created).toBeVisible();
  const orderNumber = /WO-\d+/.exec((await created.textContent()) ?? '')![0];
  const orderId = Number(orderNumber.replace('WO-', '')) - 1000;
  // Nothing in the store while it waits for the buyer.
  expect(await draftOf(orderId)).toBeUndefined();

  // The e-mail's link opens the order page (the buyer is signed in); opening it changes nothing.
  let link = '';
  await expect
    .poll(
      () => {
        const mail = readMailbox(MAILBOX)
          .slice(mailBefore)
          .find(
            (message) =>
              message.to.includes(customer.email) && message.text.includes('waiting for your confirmation'),
          );
        link = mail?.text.match(/https?:\/\/[^\s"<>]+\/orders\/\d+/)?.[0] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  await buyer.goto(new URL(link).pathname);
  await expect(buyer.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(buyer.getByText('As agreed on the phone today')).toBeVisible();
  await expect(timelineStep(buyer, /^Prepared by .+ staff/)).toBeVisible();
  await buyer.getByRole('button', { name: 'Confirm' }).click();
  await expect(buyer.getByText(`Order ${orderNumber} confirmed.`)).toBeVisible();
  await expect(timelineStep(buyer, `Confirmed by ${fullName(customer)}`)).toBeVisible();

  // Confirmed, it is a submitted order: its draft is made in the store.
  await expect.poll(async () => (await draftOf(orderId))?.name, { timeout: 20_000 }).toMatch(/^#D\d+$/);

  await admin.reload();
  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Search orders').fill(customer.business);
  const status = admin.getByLabel(`Status of order ${orderNumber}`);
  await status.selectOption('processing');
  await admin.getByRole('button', { name: 'Approve and send invoice' }).click();
  await expect(status).toHaveValue('processing');

  await buyer.goto(`/orders/${orderId}`);
  const payNow = buyer.getByRole('link', { name: 'Pay now' });
  await eventually(buyer, () => expect(payNow).toBeVisible({ timeout: 1_000 }));
});
