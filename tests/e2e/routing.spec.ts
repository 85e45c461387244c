import { expect, test, type Page } from '@playwright/test';

const NOT_FOUND_TITLE = '404 Page Not Found';

/** The page's main heading, once the (possibly lazy) route has rendered. */
function mainHeading(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 1 });
}

test('an unknown path shows 404 Page Not Found, and its link leads back to the order form', async ({
  page,
}) => {
  await page.goto('/no-such-page');
  await expect(mainHeading(page)).toHaveText(NOT_FOUND_TITLE);

  await page.getByRole('main').getByRole('link', { name: 'Back to the order form' }).click();
  await expect(page).toHaveURL('/');
  await expect(mainHeading(page)).toHaveText('Wholesale Order Form');
});

test('routes match case-insensitively, so /ORDERS is the order history and not a 404', async ({ page }) => {
  const response = await page.goto('/ORDERS');
  expect(response?.status()).toBe(200);

  // Signed out, the customer area may later redirect to /auth; either way a real page renders.
  await expect(mainHeading(page)).toBeVisible();
  await expect(mainHeading(page)).not.toHaveText(NOT_FOUND_TITLE);
});

test('a deep link such as /orders/12 loaded directly gets the app from the server fallback, not an error', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  const response = await page.goto('/orders/12');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');

  // Header, page and footer render, which needs the hashed assets to load from this nested path too.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(mainHeading(page)).toBeVisible();
  await expect(mainHeading(page)).not.toHaveText(NOT_FOUND_TITLE);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
