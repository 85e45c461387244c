import { expect, test } from './support/a11y';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  approveAndSignIn,
  approveOrderAndSeeIt,
  newCustomer,
  openAdminSection,
  orderTwoCases,
  register,
  adminAndBuyerPages,
} from './support/accounts';

/**
 * The administrator portal end to end (issue 6): an administrator approves a new registration, the customer
 * signs in with the link of the approval e-mail and orders, the administrator finds the order by business
 * name and approves it, and the customer sees it move on. Then a custom tier price reaches the order form,
 * and a customer is kept out of /admin. The e2e server's administrator password is set in
 * playwright.config.ts.
 */

test.describe.configure({ mode: 'serial' });

const customer = newCustomer('Approved');

const pages = adminAndBuyerPages();

const openSection = (name: string) => openAdminSection(pages.admin(), name);

test('an administrator signs in on /admin/login and sees the dashboard', async () => {
  const admin = pages.admin();
  await admin.goto('/admin');
  await expect(admin).toHaveURL(/\/admin\/login$/);
  await expect(admin.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  await expect(admin.getByText('Authorized access only')).toBeVisible();
  await admin.getByLabel('Username').fill(ADMIN_USERNAME);
  await admin.getByLabel('Password').fill(ADMIN_PASSWORD);
  await admin.getByRole('button', { name: 'Log in' }).click();
  await expect(admin).toHaveURL(/\/admin\?section=insights$/);
  await expect(admin.getByText('Welcome back, Morgan').first()).toBeVisible();
  await expect(admin.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
});

test('a registration is approved, the customer signs in with the e-mailed link, orders, and sees the order approved', async () => {
  const admin = pages.admin();
  const buyer = pages.buyer();
  await register(buyer, customer);
  await approveAndSignIn(admin, buyer, customer);
  const orderNumber = await orderTwoCases(buyer);
  await approveOrderAndSeeIt(admin, buyer, customer, orderNumber);
});

test('a custom tier price set by the administrator shows on the order form', async () => {
  const admin = pages.admin();
  const buyer = pages.buyer();
  await openSection('Pricing');
  const form = admin.getByRole('form', { name: 'Add custom product price' });
  await form.getByLabel('Product').selectOption({ label: '50/50 Split Pack (SPLIT-PACK-01)' });
  await form.getByLabel('Tier').selectOption({ index: 4 });
  await form.getByLabel('Price per Bottle ($)').fill('6.25');
  await form.getByRole('button', { name: 'Add Price' }).click();
  await expect(admin.getByText('$6.25').first()).toBeVisible();

  // 5 cases reach the Distributor tier (15 %), where the custom price replaces 7.75 less 15 % (6.59): a
  // pack of 12 at $6.25 is $75.00, and the row says the price is the buyer's own. (The split pack is priced
  // by the pack: no per-bottle figure.)
  await buyer.goto('/');
  await buyer.getByLabel('Cases of 50/50 Split Pack').fill('5');
  const row = buyer.getByRole('row').filter({ hasText: '50/50 Split Pack' });
  await expect(row.getByText('$75.00').first()).toBeVisible();
  await expect(row.getByText('Your price')).toBeVisible();
  await buyer.getByLabel('Cases of 50/50 Split Pack').fill('0');
});

test('a customer opening /admin is told access is denied', async () => {
  const buyer = pages.buyer();
  await buyer.goto('/admin');
  await expect(buyer.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(buyer.getByText('You do not have permission to access this area.')).toBeVisible();
  await buyer
    .getByRole('button', { name: 'Return to Home' })
    .or(buyer.getByRole('link', { name: 'Return to Home' }))
    .click();
  await expect(buyer).toHaveURL(/\/$/);
});
