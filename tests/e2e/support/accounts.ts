import type { Browser, Page } from '@playwright/test';
import { expect, test } from './a11y';
import { readMailbox } from './mailbox';
import { MAILBOX, openSignInLink, waitForLink } from './sign-in';

/** The e2e server's administrator (playwright.config.ts). */
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';

export interface NewCustomer {
  firstName: string;
  lastName: string;
  business: string;
  email: string;
}

/** A customer no other test knows, so its order history and sign-in limits are its own. */
export function newCustomer(label: string): NewCustomer {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName: 'Avery',
    lastName: `${label}${stamp}`,
    business: `${label} Test Boutique ${stamp}`,
    email: `${label.toLowerCase()}-${stamp}@example.com`,
  };
}

export function fullName(customer: NewCustomer): string {
  return `${customer.firstName} ${customer.lastName}`;
}

/** Fills in the registration form on /auth the way a new retailer does. */
export async function register(page: Page, customer: NewCustomer) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
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
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Submitted' })).toBeVisible();
}

/** Signs the administrator in on /admin/login. */
export async function adminSignIn(admin: Page) {
  await admin.goto('/admin');
  await expect(admin).toHaveURL(/\/admin\/login$/);
  await admin.getByLabel('Username').fill(ADMIN_USERNAME);
  await admin.getByLabel('Password').fill(ADMIN_PASSWORD);
  await admin.getByRole('button', { name: 'Log in' }).click();
  // First the dashboard's final address (/admin becomes /admin?section=…): waiting is no action, so the
  // accessibility check scans only the page that stays, not the one on the way too. Two scans of the
  // dashboard in a row took longer than the assertion's 10 s once on a loaded CI machine.
  await admin.waitForURL((url) => url.pathname === '/admin' && url.searchParams.has('section'), {
    timeout: 10_000,
  });
  await expect(admin.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
}

export async function openAdminSection(admin: Page, name: string) {
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name }).click();
}

/** A new customer of the spec's own: registers, the administrator signs in and approves, the customer signs in. */
export async function registerApprovedCustomer(admin: Page, buyer: Page, customer: NewCustomer) {
  await register(buyer, customer);
  await adminSignIn(admin);
  await approveAndSignIn(admin, buyer, customer);
}

/**
 * The administrator approves the registration in Pending Users; the customer signs in with the link of the
 * approval e-mail.
 */
export async function approveAndSignIn(admin: Page, buyer: Page, customer: NewCustomer) {
  const mailBefore = readMailbox(MAILBOX).length;
  await openAdminSection(admin, 'Pending Users');
  await admin.getByRole('button', { name: `Approve ${fullName(customer)}` }).click();
  await expect(admin.getByText('Success').first()).toBeVisible();
  await openSignInLink(buyer, await waitForLink(customer.email, '/auth/verify', mailBefore));
  await expect(
    buyer.getByRole('button', { name: new RegExp(`Account menu for ${fullName(customer)}`) }),
  ).toBeVisible();
}

/** Orders `cases` cases of the 4 oz bottle and returns the order number shown on the success page. */
export async function orderCases(buyer: Page, cases: number): Promise<string> {
  await buyer.goto('/');
  await buyer.getByLabel('Cases of 4 oz Bottle').fill(String(cases));
  await buyer.getByRole('button', { name: 'Review Your Order' }).click();
  await buyer.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await expect(buyer.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
  return new URL(buyer.url()).searchParams.get('orderNumber')!;
}

/** Orders two cases of the 4 oz bottle and returns the order number shown on the success page. */
export function orderTwoCases(buyer: Page): Promise<string> {
  return orderCases(buyer, 2);
}

/**
 * The administrator finds the order by the buyer's business in Orders and moves it to Processing; the buyer
 * then sees 'Processing' on it in the order history.
 */
export async function approveOrderAndSeeIt(
  admin: Page,
  buyer: Page,
  customer: NewCustomer,
  orderNumber: string,
) {
  await openAdminSection(admin, 'Orders');
  // The order may already be listed before the search: wait for the search's own answer, so it cannot land
  // after the status change and leave the list showing the order as it was before.
  const searched = admin.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/admin/orders' &&
      new URL(response.url()).searchParams.get('search') === customer.business.trim(),
  );
  await admin.getByLabel('Search orders').fill(customer.business);
  await searched;
  const status = admin.getByLabel(`Status of order ${orderNumber}`);
  await expect(status).toBeVisible();
  await status.selectOption('processing');
  await admin.getByRole('button', { name: 'Approve and send invoice' }).click();
  await expect(status).toHaveValue('processing');
  await expect(status).toBeEnabled();

  await buyer.goto('/orders');
  const row = buyer.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row.getByText('Processing')).toBeVisible();
}

/**
 * Two people at once, each in their own browser context: the administrator and a buyer. Registers the hooks
 * that open and close them; the returned getters are valid inside the file's tests.
 */
export function adminAndBuyerPages(): { admin: () => Page; buyer: () => Page } {
  let admin: Page | undefined;
  let buyer: Page | undefined;
  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    admin = await (await browser.newContext()).newPage();
    buyer = await (await browser.newContext()).newPage();
  });
  test.afterAll(async () => {
    await admin?.context().close();
    await buyer?.context().close();
  });
  const opened = (page: Page | undefined) => {
    if (!page) throw new Error('The pages open in beforeAll');
    return page;
  };
  return { admin: () => opened(admin), buyer: () => opened(buyer) };
}
