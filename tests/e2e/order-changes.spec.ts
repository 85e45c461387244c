import { expect, test } from './support/a11y';
import { readMailbox } from './support/mailbox';
import { MAILBOX } from './support/sign-in';
import {
  adminAndBuyerPages,
  fullName,
  newCustomer,
  openAdminSection,
  orderTwoCases,
  registerApprovedCustomer,
} from './support/accounts';

/**
 * A buyer cancels their own order while it waits for approval (issue 33 item 3,
 * docs/orders.md#buyers-cancel-a-pending-order): 'Cancel order' on the order page asks first ('Keep order'
 * changes nothing), then the page says who cancelled it, staff are e-mailed and admin Orders shows it
 * cancelled. The customer is registered here, so no other file shares its history.
 */

test.describe.configure({ mode: 'serial' });

const STAFF_EMAIL = 'staff@example.com';
const customer = newCustomer('CancelOwn');
const pages = adminAndBuyerPages();

test('a buyer cancels their pending order after a confirmation, and staff see it cancelled', async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  await registerApprovedCustomer(admin, buyer, customer);
  const orderNumber = await orderTwoCases(buyer);

  // The order page of the order just placed (its number is its id plus 1000: docs/orders.md#order-numbers).
  await buyer.goto(`/orders/${Number(orderNumber.replace('WO-', '')) - 1000}`);
  await expect(buyer.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Report Issue' })).toHaveCount(0);

  await buyer.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = buyer.getByRole('dialog', { name: `Cancel order ${orderNumber}?` });
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(buyer.getByText('Your order has been submitted and is waiting for approval.')).toBeVisible();

  const mailBefore = readMailbox(MAILBOX).length;
  await buyer.getByRole('button', { name: 'Cancel order' }).click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(buyer.getByText('Order Cancelled')).toBeVisible();
  await expect(
    buyer.getByRole('list', { name: 'Order timeline' }).getByText(`Cancelled by ${fullName(customer)}`),
  ).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  await expect
    .poll(() =>
      readMailbox(MAILBOX)
        .slice(mailBefore)
        .some(
          (mail) =>
            mail.to.includes(STAFF_EMAIL) && mail.text.includes(`${orderNumber} cancelled by the buyer`),
        ),
    )
    .toBe(true);

  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Search orders').fill(customer.business);
  await expect(admin.getByLabel(`Status of order ${orderNumber}`)).toHaveValue('cancelled');
});

test('a buyer edits their pending order, keeping the cart they were building, then cancels it', async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  const orderNumber = await orderTwoCases(buyer);
  const orderId = Number(orderNumber.replace('WO-', '')) - 1000;

  // A cart being built meanwhile: one case of the 1 oz bottle.
  await buyer.goto('/');
  await buyer.getByLabel('Cases of 1 oz Bottle').fill('1');

  await buyer.goto(`/orders/${orderId}`);
  await buyer.getByRole('button', { name: 'Edit order' }).click();
  await expect(buyer.getByText(`You are editing order ${orderNumber}`)).toBeVisible();
  await expect(buyer.getByLabel('Cases of 4 oz Bottle')).toHaveValue('2');
  await expect(buyer.getByLabel('Cases of 1 oz Bottle')).toHaveValue('0');
  await buyer.getByLabel('Cases of 4 oz Bottle').fill('3');
  await buyer.getByRole('button', { name: 'Review changes' }).click();
  await expect(
    buyer.getByRole('heading', { level: 1, name: `Review changes to order ${orderNumber}` }),
  ).toBeVisible();
  const mailBefore = readMailbox(MAILBOX).length;
  await buyer.getByRole('button', { name: 'Save changes' }).click();

  // Back on the same order, with the change listed.
  await expect(buyer.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(buyer.getByRole('heading', { name: `Changed by ${fullName(customer)}` })).toBeVisible();
  await expect(buyer.getByRole('list', { name: 'Lines changed' })).toContainText('24 → 36');
  await expect
    .poll(() =>
      readMailbox(MAILBOX)
        .slice(mailBefore)
        .some(
          (mail) =>
            mail.to.includes(STAFF_EMAIL) && mail.text.includes(`${orderNumber} changed by the buyer`),
        ),
    )
    .toBe(true);

  // The cart they were building is back.
  await buyer.goto('/');
  await expect(buyer.getByLabel('Cases of 1 oz Bottle')).toHaveValue('1');
  await expect(buyer.getByText(`You are editing order ${orderNumber}`)).toHaveCount(0);

  await buyer.goto(`/orders/${orderId}`);
  await buyer.getByRole('button', { name: 'Cancel order' }).click();
  await buyer
    .getByRole('dialog', { name: `Cancel order ${orderNumber}?` })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(buyer.getByText('Order Cancelled')).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Edit order' })).toHaveCount(0);

  // The admin page still lists the first test's search: read the list afresh.
  await admin.reload();
  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Search orders').fill(customer.business);
  await expect(admin.getByLabel(`Status of order ${orderNumber}`)).toHaveValue('cancelled');
});

test('staff change a quantity on a pending order; the buyer sees the change and gets the e-mail', async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  const orderNumber = await orderTwoCases(buyer);
  const orderId = Number(orderNumber.replace('WO-', '')) - 1000;

  await admin.reload();
  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Search orders').fill(customer.business);
  await admin.getByRole('button', { name: `View Items of order ${orderNumber}` }).click();
  await admin.getByRole('button', { name: `Edit lines of order ${orderNumber}` }).click();
  const editor = admin.getByRole('form', { name: `Edit the lines of order ${orderNumber}` });
  await editor.getByLabel('Bottles of 4 oz Bottle').fill('36');
  await editor.getByLabel('Reason for the change').fill('One more case to reach the Volume tier');
  const mailBefore = readMailbox(MAILBOX).length;
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    admin.getByText(`Order ${orderNumber} was changed; the buyer has been e-mailed`),
  ).toBeVisible();

  await expect
    .poll(() =>
      readMailbox(MAILBOX)
        .slice(mailBefore)
        .some(
          (mail) =>
            mail.to.includes(customer.email) &&
            mail.text.includes(`${orderNumber} was changed by our team`) &&
            mail.text.includes('One more case to reach the Volume tier'),
        ),
    )
    .toBe(true);

  await buyer.goto(`/orders/${orderId}`);
  await expect(buyer.getByRole('heading', { name: 'Changed by staff' })).toBeVisible();
  await expect(buyer.getByText('Reason: One more case to reach the Volume tier')).toBeVisible();
  await expect(buyer.getByRole('list', { name: 'Lines changed' })).toContainText('24 → 36');
});
