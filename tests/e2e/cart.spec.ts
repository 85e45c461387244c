import type { Locator, Page } from '@playwright/test';
import { adminSignIn, fullName, newCustomer, openAdminSection, register } from './support/accounts';
import { expect, test } from './support/a11y';
import { readMailbox } from './support/mailbox';
import { MAILBOX, waitForLink } from './support/sign-in';

/**
 * The cart on the order form against the real server: prices from the shared engine with the tiers of
 * GET /api/pricing-catalog, the cart kept in localStorage across reloads and tabs, and the server's
 * validation agreeing with the prices the browser showed.
 */

const FOUR_OUNCE = '4 oz Bottle';
const ONE_OUNCE = '1 oz Bottle';

function productsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Products' });
}

function summary(page: Page): Locator {
  return page.getByRole('region', { name: /^Order Summary/ });
}

function casesInput(page: Page, product: string): Locator {
  return page.getByRole('spinbutton', { name: `Cases of ${product}`, exact: true });
}

function testerInput(page: Page): Locator {
  return page.getByRole('spinbutton', { name: 'Tester quantity', exact: true });
}

/** The value cell beside a label of the summary's description lists. */
function summaryValue(page: Page, label: string | RegExp): Locator {
  return summary(page).locator('dt').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
}

/** The cells of a product's table row: Product, Price per Case, Price per Bottle, Cases. */
function rowCells(page: Page, product: string): Locator {
  return productsSection(page)
    .getByRole('row')
    .filter({ has: page.getByText(product, { exact: true }) })
    .getByRole('cell');
}

async function openOrderForm(page: Page) {
  await page.goto('/');
  await expect(casesInput(page, FOUR_OUNCE)).toBeVisible();
}

test.describe('cart on a desktop viewport', () => {
  test('2 cases of 4 oz and 1 of 1 oz reach the 10% tier, the tester is added, and a reload keeps it all', async ({
    page,
  }) => {
    // Steppers, badges, toasts and the summary must all live with the strict CSP too.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console: ${message.text()}`);
    });
    await openOrderForm(page);

    await casesInput(page, FOUR_OUNCE).fill('2');
    await page.getByRole('button', { name: `Add one case of ${ONE_OUNCE}`, exact: true }).click();

    const fourOunce = rowCells(page, FOUR_OUNCE);
    await expect(fourOunce.nth(1)).toHaveText('$115.08');
    await expect(fourOunce.nth(2)).toContainText('$9.59');
    await expect(fourOunce.nth(2)).toContainText('10% off');
    const oneOunce = rowCells(page, ONE_OUNCE);
    await expect(oneOunce.nth(1)).toHaveText('$52.44');
    await expect(oneOunce.nth(2)).toContainText('$4.37');
    await expect(oneOunce.nth(2)).toContainText('10% off');

    await expect(summaryValue(page, 'Cases')).toHaveText('3');
    await expect(summaryValue(page, 'Units')).toHaveText('36');
    await expect(summaryValue(page, 'Standard Total')).toHaveText('$313.80');
    await expect(summaryValue(page, /^Savings/)).toHaveText('-$31.20');
    await expect(summaryValue(page, 'Discounted Total')).toHaveText('$282.60');
    await expect(summary(page).locator('li[aria-current="true"]')).toContainText('10% off');
    // What 15 % would take off these lines: 24 × (9.59 − 9.05) + 12 × (4.37 − 4.12).
    await expect(summary(page).getByText('Add 2 more cases: you save $15.96 more')).toBeVisible();

    await page.getByRole('button', { name: 'Add tester', exact: true }).click();
    await expect(page.getByText('Tester added', { exact: true })).toBeVisible();
    await expect(testerInput(page)).toHaveValue('1');
    await expect(summaryValue(page, 'Items')).toHaveText('3');

    // The server re-prices the cart with the same engine: no price-change warning, no error.
    await expect(page.getByText('Cart looks good', { exact: true })).toBeVisible();

    await page.reload();
    await expect(casesInput(page, FOUR_OUNCE)).toHaveValue('2');
    await expect(casesInput(page, ONE_OUNCE)).toHaveValue('1');
    await expect(testerInput(page)).toHaveValue('1');
    await expect(summaryValue(page, 'Discounted Total')).toHaveText('$282.60');
    expect(problems).toEqual([]);
  });

  test('a change made in a second tab shows up in the first one', async ({ page, context }) => {
    await openOrderForm(page);
    await page.getByRole('button', { name: `Add one case of ${FOUR_OUNCE}`, exact: true }).click();
    await expect(summaryValue(page, 'Cases')).toHaveText('1');

    const secondTab = await context.newPage();
    await openOrderForm(secondTab);
    await expect(casesInput(secondTab, FOUR_OUNCE)).toHaveValue('1');
    await casesInput(secondTab, ONE_OUNCE).fill('4');
    await secondTab.getByRole('button', { name: 'Add tester', exact: true }).click();

    await expect(casesInput(page, ONE_OUNCE)).toHaveValue('4');
    await expect(testerInput(page)).toHaveValue('1');
    await expect(summaryValue(page, 'Cases')).toHaveText('5');
    await expect(rowCells(page, ONE_OUNCE).nth(2)).toContainText('15% off');

    // And back: the first tab's change reaches the second.
    await page.getByRole('button', { name: `Remove one case of ${FOUR_OUNCE}`, exact: true }).click();
    await expect(casesInput(secondTab, FOUR_OUNCE)).toHaveValue('0');
    await expect(summaryValue(secondTab, 'Cases')).toHaveText('4');
  });

  test('Review Your Order explains an empty cart, and sends a visitor with a cart on to sign in', async ({
    page,
    browser,
  }) => {
    // Registering, approving and signing in through the real e-mails: more than the default 45 s on 2 cores.
    test.slow();
    // A customer of this test alone, registered before the cart is built (registering clears the cart) and
    // approved by the administrator.
    const customer = newCustomer('Review');
    await register(page, customer);
    const admin = await (await browser.newContext()).newPage();
    try {
      await adminSignIn(admin);
      await openAdminSection(admin, 'Pending Users');
      await admin.getByRole('button', { name: `Approve ${fullName(customer)}` }).click();
      await expect(admin.getByText('Success').first()).toBeVisible();
    } finally {
      await admin.context().close();
    }

    await openOrderForm(page);
    const review = page.getByRole('button', { name: 'Review Your Order', exact: true });

    await review.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Please select at least one product or add a tester to your order',
    );

    await page.getByRole('button', { name: `Add one case of ${FOUR_OUNCE}`, exact: true }).click();
    await review.click();
    // /confirm is in the customer area (docs/storefront.md#routes-and-access): a visitor is sent to /auth and
    // told why, and the cart is kept.
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Sign In / Register');
    await expect(
      page.getByText('Sign in to review and submit your order — your cart is kept', { exact: true }),
    ).toBeVisible();

    // The e-mailed link leads back to the review (docs/accounts-and-roles.md#magic-links).
    const before = readMailbox(MAILBOX).length;
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send Login Link' }).click();
    const link = new URL(await waitForLink(customer.email, '/auth/verify', before));
    expect(link.searchParams.get('next')).toBe('/confirm');
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1, name: /^Sign in as .+\?$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL('/confirm');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Review Your Order');
    await expect(page.getByRole('button', { name: 'Submit Order for Approval' })).toBeVisible();
    await expect(page.getByRole('main').getByText(FOUR_OUNCE).first()).toBeVisible();
    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(casesInput(page, FOUR_OUNCE)).toHaveValue('1');
  });
});

test.describe('cart on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the order summary folds behind a toggle that shows the total and opens it', async ({ page }) => {
    await openOrderForm(page);
    await page.getByRole('button', { name: `Add one case of ${FOUR_OUNCE}`, exact: true }).click();

    const toggle = page.getByRole('button', { name: /Order Summary/ });
    await expect(toggle).toContainText('$121.44');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(summaryValue(page, 'Discounted Total')).toBeHidden();

    await toggle.click();

    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(summaryValue(page, 'Discounted Total')).toHaveText('$121.44');
    await expect(summaryValue(page, 'Standard Total')).toHaveText('$127.80');
    // Nothing sticks out sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
