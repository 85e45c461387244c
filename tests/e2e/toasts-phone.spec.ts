import type { Page } from '@playwright/test';
import { expect, PHONE, test } from './support/a11y';
import {
  adminAndBuyerPages,
  newCustomer,
  openAdminSection,
  registerApprovedCustomer,
} from './support/accounts';

/**
 * Toasts never hide what a phone's user is about to press (issue 31, docs/storefront.md#toasts): on the order
 * form, `/confirm`, the success page, the order history and admin Orders at 390 px, no toast covers a button
 * or a field of the page, a toast closes when the page changes, and the success page shows none. Each step
 * leaves a phone-size screenshot with the test's results.
 */

test.describe.configure({ mode: 'serial' });

const customer = newCustomer('Toasts');
const pages = adminAndBuyerPages();
let orderNumber = '';

/** What a user presses or fills in, inside the page's own content (not the site's header bar). */
const CONTROLS = 'main button, main input, main select, main textarea, main [role="button"], main a[href]';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The controls a shown toast covers, by their text or label; empty when none. */
async function controlsUnderToasts(page: Page): Promise<string[]> {
  const toasts = await page.locator('[data-sonner-toast][data-visible="true"]').all();
  const covered: string[] = [];
  for (const toast of toasts) {
    const toastBox = await toast.boundingBox();
    if (!toastBox) continue;
    for (const control of await page.locator(CONTROLS).all()) {
      if (!(await control.isVisible())) continue;
      const box = await control.boundingBox();
      if (box && box.width > 0 && box.height > 0 && overlaps(toastBox, box)) {
        const name =
          (await control.getAttribute('aria-label')) ?? (await control.textContent())?.trim() ?? '';
        covered.push(name || (await control.evaluate((element) => element.outerHTML.slice(0, 80))));
      }
    }
  }
  return covered;
}

async function screenshot(page: Page, name: string) {
  const testInfo = test.info();
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function expectNothingCovered(page: Page, name: string) {
  await screenshot(page, name);
  expect(await controlsUnderToasts(page), `controls under a toast on ${name}`).toEqual([]);
}

test('a new customer is approved and signs in', async () => {
  await registerApprovedCustomer(pages.admin(), pages.buyer(), customer);
});

test('on a phone, the order form, /confirm and the success page keep their buttons uncovered', async () => {
  const buyer = pages.buyer();
  await buyer.setViewportSize(PHONE);
  await buyer.goto('/');
  await buyer.getByRole('button', { name: 'Add one case of 4 oz Bottle' }).click();
  await buyer.getByRole('button', { name: 'Add one case of 4 oz Bottle' }).click();

  // The tester's toast shows at the top, over the header, not over the form or the total bar.
  await buyer.getByRole('button', { name: 'Add tester' }).click();
  const added = buyer.locator('[data-sonner-toast]').filter({ hasText: 'Tester added' });
  await expect(added).toBeVisible();
  await expectNothingCovered(buyer, 'order-form-phone');

  // It does not follow the buyer onto /confirm, over the PO number field.
  await buyer.getByRole('button', { name: 'Review Your Order' }).click();
  await expect(buyer.getByRole('heading', { name: 'Review Your Order' })).toBeVisible();
  await expect(buyer.getByRole('textbox', { name: /^PO number/ })).toBeVisible();
  await expect(added).toHaveCount(0);
  await expectNothingCovered(buyer, 'confirm-phone');

  // The success page says the order was submitted: no toast over 'What happens next' or its buttons.
  await buyer.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await expect(buyer.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
  orderNumber = new URL(buyer.url()).searchParams.get('orderNumber') ?? '';
  await expect(buyer.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  await expect(buyer.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectNothingCovered(buyer, 'order-success-phone');
});

test('on a phone, a toast of the order form closes when the buyer opens the order history', async () => {
  const buyer = pages.buyer();
  await buyer.goto('/');
  // The cart of the order just submitted is empty again: the tester goes in anew.
  await buyer.getByRole('button', { name: 'Add tester' }).click();
  await expect(buyer.locator('[data-sonner-toast]').filter({ hasText: 'Tester added' })).toBeVisible();

  // On a phone the navigation is the account menu's.
  await buyer.getByRole('button', { name: /^Account menu for / }).click();
  await buyer.getByRole('menuitem', { name: 'Order History' }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible();
  await expect(buyer.getByText(orderNumber).first()).toBeVisible();
  await expect(buyer.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectNothingCovered(buyer, 'order-history-phone');
});

test('on a phone, the approval toast in admin Orders covers no row, button or field', async () => {
  const admin = pages.admin();
  await admin.setViewportSize(PHONE);
  // On a phone the sections are behind the Menu button.
  await admin.getByRole('button', { name: 'Menu' }).click();
  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Search orders').fill(customer.business);
  const status = admin.getByLabel(`Status of order ${orderNumber}`);
  await expect(status).toBeVisible();
  await status.selectOption('processing');
  await admin.getByRole('button', { name: 'Approve and send invoice' }).click();
  await expect(
    admin.locator('[data-sonner-toast]').filter({ hasText: 'Order status updated' }),
  ).toBeVisible();
  await expectNothingCovered(admin, 'admin-orders-phone');
});
