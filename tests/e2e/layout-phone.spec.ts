import type { Locator, Page } from '@playwright/test';
import { DESKTOP, expect, PHONE, test } from './support/a11y';
import {
  adminAndBuyerPages,
  newCustomer,
  openAdminSection,
  orderTwoCases,
  registerApprovedCustomer,
} from './support/accounts';

/**
 * The customer's account and order history laid out for a phone (390 px) as well as a desktop (issue 19):
 * 'Sign Out' stays on the line of 'View Orders', an order's expand toggle on the line of its number, and the
 * 'Processing' badge is drawn as a badge. A customer of its own (registered, approved, one order) keeps the
 * seed customers' order histories and sign-in limits untouched: the seed's demo customer already uses all
 * three sign-in e-mails per 15 minutes in accounts.spec.ts (docs/security.md#rate-limits).
 */

test.describe.configure({ mode: 'serial' });

const customer = newCustomer('Layout');
const pages = adminAndBuyerPages();
let orderNumber = '';

/** The vertical middle of an element, in CSS pixels from the top of the page. */
async function middle(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not shown');
  return box.y + box.height / 2;
}

/** Whether two elements share a line: each one's middle lies within the other's height. */
async function onOneLine(first: Locator, second: Locator): Promise<boolean> {
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  if (!a || !b) return false;
  const within = (box: typeof a, y: number) => y >= box.y && y <= box.y + box.height;
  return within(a, b.y + b.height / 2) && within(b, a.y + a.height / 2);
}

async function atWidth(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  // One frame, so the layout of the new width is the one measured.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

test('a new customer is approved, signs in and orders, and the order is approved', async () => {
  const admin = pages.admin();
  const buyer = pages.buyer();
  await registerApprovedCustomer(admin, buyer, customer);
  orderNumber = await orderTwoCases(buyer);

  // The administrator approves it from the keyboard: the dropdown, disabled while the change is saved, has
  // the focus back afterwards (docs/admin.md#dashboard).
  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Search orders').fill(customer.business);
  const status = admin.getByLabel(`Status of order ${orderNumber}`);
  await status.focus();
  await status.selectOption('processing');
  await admin.getByRole('button', { name: 'Approve and send invoice' }).focus();
  await admin.keyboard.press('Enter');
  await expect(status).toHaveValue('processing');
  await expect(status).toBeEnabled();
  await expect(status).toBeFocused();

  await buyer.goto('/orders');
  await expect(
    buyer.getByRole('listitem').filter({ hasText: orderNumber }).getByText('Processing'),
  ).toBeVisible();
});

test("My Account keeps 'Sign Out' on the line of 'View Orders', on a phone and a desktop", async () => {
  const buyer = pages.buyer();
  await buyer.goto('/account');
  const title = buyer.getByRole('heading', { level: 1, name: 'My Account' });
  const viewOrders = buyer.getByRole('link', { name: 'View Orders' });
  const signOut = buyer.getByRole('button', { name: 'Sign Out' });
  await expect(signOut).toBeVisible();

  await atWidth(buyer, PHONE);
  expect(await onOneLine(signOut, viewOrders)).toBe(true);
  // Side by side, in the order they are read.
  expect((await signOut.boundingBox())!.x).toBeGreaterThan((await viewOrders.boundingBox())!.x);

  await atWidth(buyer, DESKTOP);
  expect(await onOneLine(signOut, viewOrders)).toBe(true);
  expect(await onOneLine(signOut, title)).toBe(true);
});

test("Order History keeps an order's expand toggle on the line of its number, and badges 'Processing'", async () => {
  const buyer = pages.buyer();
  await buyer.goto('/orders');
  const row = buyer.getByRole('listitem').filter({ hasText: orderNumber });
  const number = row.getByRole('heading', { level: 3, name: orderNumber });
  const toggle = row.getByRole('button', { name: `Details of order ${orderNumber}` });
  await expect(toggle).toBeVisible();

  await atWidth(buyer, PHONE);
  expect(await onOneLine(toggle, number)).toBe(true);
  // At the row's right edge, past the text.
  expect((await toggle.boundingBox())!.x).toBeGreaterThan((await number.boundingBox())!.x);

  await atWidth(buyer, DESKTOP);
  expect(await onOneLine(toggle, row.getByRole('button', { name: 'Reorder', exact: true }))).toBe(true);

  // 'Processing' is a badge with an edge that shows, not bare text (components/ui/badge.tsx).
  const badge = row.getByText('Processing', { exact: true });
  const edge = await badge.evaluate((element) => {
    const style = getComputedStyle(element);
    return { width: style.borderTopWidth, color: style.borderTopColor };
  });
  expect(edge.width).not.toBe('0px');
  expect(edge.color).not.toMatch(/^rgba\(0, 0, 0, 0\)$|transparent/);

  // Opening the details still works from the toggle's new place.
  await atWidth(buyer, PHONE);
  await toggle.click();
  await expect(row.getByRole('region', { name: `Details of order ${orderNumber}` })).toBeVisible();
  expect(await middle(toggle)).toBeLessThan(
    await middle(row.getByRole('button', { name: 'Reorder', exact: true })),
  );
});
