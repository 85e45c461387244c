import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/a11y';

interface ApiProduct {
  name: string;
  sku: string;
  isTester: boolean;
}

/**
 * Seeded base prices (docs/catalogue-and-pricing.md#products): case = 12 × wholesale bottle price, en-US
 * dollars. A per-bottle price only where it is exact (docs/storefront.md#order-form): the split pack is
 * priced by the pack (a dash, named for screen readers), the bundle's bottles are 'Same as Above'.
 */
const EXPECTED_ROWS = [
  { name: '4 oz Bottle', casePrice: '$127.80', bottlePrice: '$10.65' },
  { name: '1 oz Bottle', casePrice: '$58.20', bottlePrice: '$4.85' },
  { name: '50/50 Split Pack', casePrice: '$93.00', bottlePrice: '—Priced by the pack' },
  {
    name: 'Case of Mixed Bottles',
    casePrice: '$93.00',
    bottlePrice: 'Same as Above: each bottle at the price of its own row',
  },
] as const;

const TESTER_NAME = 'Free In-Store Tester';

interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
}

function productsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Products' });
}

/** The non-tester products the live API lists, so the page is checked against the server, not a copy. */
async function fetchCasePackedProductNames(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/products');
  expect(response.ok()).toBe(true);
  const products = (await response.json()) as ApiProduct[];
  return products.filter((product) => !product.isTester).map((product) => product.name);
}

test.describe('order form on a desktop viewport', () => {
  test('shows the heading, the four column headers and one priced row per case-packed product, without the tester', async ({
    page,
  }) => {
    const casePackedNames = await fetchCasePackedProductNames(page);
    expect(casePackedNames).toEqual(EXPECTED_ROWS.map((row) => row.name));

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Wholesale Order Form' })).toBeVisible();

    const table = productsSection(page).getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Product',
      'Price per Case',
      'Price per Bottle',
      'Cases',
    ]);

    const bodyRows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(bodyRows).toHaveCount(casePackedNames.length);

    for (const expected of EXPECTED_ROWS) {
      const row = bodyRows.filter({ has: page.getByText(expected.name, { exact: true }) });
      const cells = row.getByRole('cell');
      await expect(cells.nth(1), `case price of ${expected.name}`).toHaveText(expected.casePrice);
      await expect(cells.nth(2), `bottle price of ${expected.name}`).toHaveText(expected.bottlePrice);
    }

    await expect(table.getByText(TESTER_NAME)).toHaveCount(0);
    await expect(table.getByText('800-0003')).toHaveCount(0);
  });

  test('loads with no console errors, no uncaught exceptions and no CSP violations', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    // Chromium does not log every CSP refusal to the console (an eval probe in a try/catch is silent), but
    // the DOM event reports them all.
    await page.addInitScript(() => {
      const violations: CspViolation[] = [];
      Object.assign(window, { cspViolations: violations });
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        });
      });
    });

    await page.goto('/');
    await expect(productsSection(page).getByText(EXPECTED_ROWS[0].name, { exact: true })).toBeVisible();
    // Late work (config, fonts, favicon) would report after the first paint; wait until the network is quiet.
    await page.waitForLoadState('networkidle');

    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: CspViolation[] }).cspViolations,
    );
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
  });
});

test.describe('typing a quantity', () => {
  test("a typed value is taken whole or refused with a message: '-2' on 5 stays 5, 99999 is capped at 999", async ({
    page,
  }) => {
    await page.goto('/');
    const input = page.getByRole('spinbutton', { name: 'Cases of 4 oz Bottle', exact: true });
    await input.fill('5');
    await expect(input).toHaveValue('5');

    // As a buyer types it: select all, then '-', '2'.
    await input.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('-2');
    await expect(input).toHaveValue('-2');
    await expect(page.getByText('Enter a whole number from 0 to 999. Still 5.')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(input).toHaveValue('5');

    await input.fill('99999');
    await expect(input).toHaveValue('999');
    await expect(page.getByText('Capped at 999, the most allowed.')).toBeVisible();

    // 999 cases: the savings stay on one line, the minus sign with its amount.
    const savings = page
      .getByRole('definition')
      .filter({ hasText: /^-\$[\d,]+\.\d\d$/ })
      .first();
    const box = await savings.boundingBox();
    const lineHeight = await savings.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(box!.height).toBeLessThan(lineHeight * 1.5);

    await input.fill('0');
    await expect(input).toHaveValue('0');
  });
});

test.describe('order form on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('shows every case-packed product as a card with its case and bottle prices instead of a table', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Wholesale Order Form' })).toBeVisible();

    const section = productsSection(page);
    // A product card is the list item that carries the price labels (a tester card may join the section).
    const cards = section.getByRole('listitem').filter({ hasText: 'Price per Case' });
    await expect(cards).toHaveCount(EXPECTED_ROWS.length);
    await expect(section.getByRole('table')).toHaveCount(0);

    for (const expected of EXPECTED_ROWS) {
      const card = cards.filter({ has: page.getByText(expected.name, { exact: true }) });
      // The card's labels and values: Price per Case, Price per Bottle, Cases.
      await expect(card.getByRole('term')).toHaveText(['Price per Case', 'Price per Bottle', 'Cases']);
      await expect(card.getByRole('definition').nth(0)).toHaveText(expected.casePrice);
      await expect(card.getByRole('definition').nth(1)).toHaveText(expected.bottlePrice);
    }

    await expect(cards.filter({ hasText: TESTER_NAME })).toHaveCount(0);
  });
});
