import { expect, test } from './support/a11y';
import { readMailbox } from './support/mailbox';
import { MAILBOX } from './support/sign-in';
import {
  adminAndBuyerPages,
  newCustomer,
  openAdminSection,
  registerApprovedCustomer,
} from './support/accounts';

/**
 * The buyer's PO number end to end (issue 20 §1): a new customer types a PO number on the review page (kept
 * through 'Go Back'), submits, and finds it on the success page, the order page, the order history and in
 * both e-mails; staff find the order by searching the PO number in admin Orders. Reorder does not bring it
 * back. The customer is registered here, so no other file shares its history or its sign-in limit.
 */

test.describe.configure({ mode: 'serial' });

const STAFF_EMAIL = 'staff@example.com';
const customer = newCustomer('PoNumber');
/** Unique to this run, so the admin search finds this order only. */
const PO_NUMBER = `PO-${Date.now()} / Q3 restock`;
const pages = adminAndBuyerPages();

let orderNumber = '';

test('a customer gives a PO number on the review page and finds it with the order', async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  await registerApprovedCustomer(admin, buyer, customer);

  await buyer.goto('/');
  await buyer.getByLabel('Cases of 4 oz Bottle').fill('2');
  await buyer.getByRole('button', { name: 'Review Your Order' }).click();
  await expect(buyer).toHaveURL(/\/confirm$/);

  const field = buyer.getByRole('textbox', { name: 'PO number (optional)' });
  await expect(buyer.getByText('0/60 characters')).toBeVisible();
  // A paste over 60 characters is kept and marked, not cut (issue 31, finding 8).
  await field.fill('P'.repeat(61));
  await expect(buyer.getByText('61/60 characters')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(buyer.getByText('PO number must be at most 60 characters')).toBeVisible();
  await field.fill(PO_NUMBER);
  await expect(buyer.getByText(`${PO_NUMBER.length}/60 characters`)).toBeVisible();

  // Kept with the cart through 'Go Back', as the notes are.
  await buyer.getByRole('link', { name: 'Go Back' }).click();
  await expect(buyer).toHaveURL(/\/$/);
  await buyer.getByRole('button', { name: 'Review Your Order' }).click();
  await expect(field).toHaveValue(PO_NUMBER);

  const mailBefore = readMailbox(MAILBOX).length;
  await buyer.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await expect(buyer.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
  orderNumber = new URL(buyer.url()).searchParams.get('orderNumber')!;
  await expect(buyer.getByText(`PO number: ${PO_NUMBER}`)).toBeVisible();

  await buyer.getByRole('link', { name: "View this order's details" }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(buyer.getByText(`PO number: ${PO_NUMBER}`)).toBeVisible();

  await buyer.goto('/orders');
  const row = buyer.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row.getByText(`PO number: ${PO_NUMBER}`)).toBeVisible();

  // Both e-mails carry it, through the real SMTP server.
  await expect
    .poll(() => {
      const mails = readMailbox(MAILBOX).slice(mailBefore);
      return [customer.email, STAFF_EMAIL].map((address) =>
        mails.some(
          (mail) =>
            mail.to.includes(address) &&
            mail.text.includes(orderNumber) &&
            mail.text.includes(`PO number: ${PO_NUMBER}`),
        ),
      );
    })
    .toEqual([true, true]);
});

test('staff find the order in admin Orders by its PO number', async () => {
  const admin = pages.admin();
  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Search orders').fill(PO_NUMBER.slice(3).toLowerCase());
  const orders = admin.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row')).toHaveCount(2);
  const row = orders.getByRole('row').filter({ hasText: orderNumber });
  await expect(row.getByText(`PO: ${PO_NUMBER}`)).toBeVisible();

  await row.getByRole('button', { name: `View Items of order ${orderNumber}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(dialog.getByText(PO_NUMBER)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('a reorder brings back the lines, not the PO number', async () => {
  const buyer = pages.buyer();
  await buyer.goto('/orders');
  await buyer
    .getByRole('listitem')
    .filter({ hasText: orderNumber })
    .getByRole('button', { name: 'Reorder' })
    .click();
  await expect(buyer).toHaveURL(/\/$/);
  await expect(buyer.getByLabel('Cases of 4 oz Bottle')).toHaveValue('2');
  await buyer.getByRole('button', { name: 'Review Your Order' }).click();
  await expect(buyer).toHaveURL(/\/confirm$/);
  await expect(buyer.getByRole('textbox', { name: 'PO number (optional)' })).toHaveValue('');
});
