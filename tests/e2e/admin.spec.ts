import { expect, test, type Browser, type Page } from '@playwright/test';
import { readMailbox } from './support/mailbox';
import { MAILBOX, waitForLink } from './support/sign-in';

/**
 * The administrator portal end to end (issue 6): an administrator approves a new registration, the customer
 * signs in with the link of the approval e-mail and orders, the administrator finds the order by business
 * name and approves it, and the customer sees it move on. Then a custom tier price reaches the order form,
 * and a customer is kept out of /admin. The e2e server's administrator password is set in
 * playwright.config.ts.
 */

const ADMIN_USERNAME = 'admin';
const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const customer = {
  firstName: 'Avery',
  lastName: `Approved${stamp}`,
  business: `Approval Test Boutique ${stamp}`,
  email: `approved-${stamp}@example.com`,
};

let admin: Page;
let buyer: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  admin = await (await browser.newContext()).newPage();
  buyer = await (await browser.newContext()).newPage();
});

test.afterAll(async () => {
  await admin.context().close();
  await buyer.context().close();
});

async function openSection(name: string) {
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name }).click();
}

test('an administrator signs in on /admin/login and sees the dashboard', async () => {
  await admin.goto('/admin');
  await expect(admin).toHaveURL(/\/admin\/login$/);
  await expect(admin.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  await expect(admin.getByText('Authorized access only')).toBeVisible();
  await admin.getByLabel('Username').fill(ADMIN_USERNAME);
  await admin.getByLabel('Password').fill(ADMIN_PASSWORD);
  await admin.getByRole('button', { name: 'Log in' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin.getByText(/Welcome back/).first()).toBeVisible();
  await expect(admin.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
});

test('a registration is approved, the customer signs in with the e-mailed link, orders, and sees the order approved', async () => {
  await buyer.goto('/auth');
  await buyer.getByRole('tab', { name: 'Register' }).click();
  const fields: Array<[string, string]> = [
    ['First Name', customer.firstName],
    ['Last Name', customer.lastName],
    ['Business Name', customer.business],
    ['Email', customer.email],
    ['Phone', '555-0177'],
    ['Shipping Address Line 1', '5 Approval Way'],
    ['City', 'Eugene'],
    ['State', 'OR'],
    ['ZIP/Postal Code', '97401'],
  ];
  for (const [label, value] of fields) await buyer.getByLabel(label, { exact: true }).fill(value);
  await buyer.getByRole('button', { name: 'Create Account' }).click();
  await expect(buyer.getByRole('heading', { name: 'Registration Submitted' })).toBeVisible();

  const mailBefore = readMailbox(MAILBOX).length;
  await openSection('Pending Users');
  const name = `${customer.firstName} ${customer.lastName}`;
  await admin.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(admin.getByText('Success').first()).toBeVisible();

  const link = new URL(await waitForLink(customer.email, '/auth/verify', mailBefore));
  await buyer.goto(link.pathname + link.search);
  await expect(buyer.getByRole('button', { name: new RegExp(`Account menu for ${name}`) })).toBeVisible();

  await buyer.goto('/');
  await buyer.getByLabel('Cases of 4 oz Bottle').fill('2');
  await buyer.getByRole('button', { name: 'Review Your Order' }).click();
  await buyer.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await expect(buyer.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
  const orderNumber = new URL(buyer.url()).searchParams.get('orderNumber')!;

  await openSection('Orders');
  await admin.getByLabel('Search orders').fill(customer.business);
  const status = admin.getByLabel(`Status of order ${orderNumber}`);
  await expect(status).toBeVisible();
  await status.selectOption('processing');
  await admin.getByRole('button', { name: 'Change Status' }).click();
  await expect(status).toHaveValue('processing');
  await expect(status).toBeEnabled();

  await buyer.goto('/orders');
  const row = buyer.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row.getByText('Processing')).toBeVisible();
});

test('a custom tier price set by the administrator shows on the order form', async () => {
  await openSection('Pricing');
  const form = admin.getByRole('form', { name: 'Add custom product price' });
  await form.getByLabel('Product').selectOption({ label: '50/50 Split Pack (SPLIT-PACK-01)' });
  await form.getByLabel('Tier').selectOption({ index: 4 });
  await form.getByLabel('Price per Bottle ($)').fill('6.25');
  await form.getByRole('button', { name: 'Add Price' }).click();
  await expect(admin.getByText('$6.25').first()).toBeVisible();

  // 5 cases reach the Distributor tier (15 %), where the custom price replaces 7.75 less 15 % (6.59).
  await buyer.goto('/');
  await buyer.getByLabel('Cases of 50/50 Split Pack').fill('5');
  const row = buyer.getByRole('row').filter({ hasText: '50/50 Split Pack' });
  await expect(row.getByText('$6.25').first()).toBeVisible();
  await buyer.getByLabel('Cases of 50/50 Split Pack').fill('0');
});

test('a customer opening /admin is told access is denied', async () => {
  await buyer.goto('/admin');
  await expect(buyer.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(buyer.getByText('You do not have permission to access this area.')).toBeVisible();
  await buyer
    .getByRole('button', { name: 'Return to Home' })
    .or(buyer.getByRole('link', { name: 'Return to Home' }))
    .click();
  await expect(buyer).toHaveURL(/\/$/);
});
