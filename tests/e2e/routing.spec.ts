import type { Page } from '@playwright/test';
import { expect, test } from './support/a11y';

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

  // /ORDERS matched the customer route /orders (a 404 would stay on /ORDERS); its guard sends a visitor to /auth.
  await expect(page).toHaveURL('/auth');
  await expect(mainHeading(page)).toHaveText('Sign In / Register');
});

test('a deep link such as /orders/12 loaded directly gets the app from the server fallback, not an error', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  const response = await page.goto('/orders/12');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');

  // The app boots from this nested path (hashed assets load), matches /orders/:id and its guard sends a
  // visitor to /auth; header, page and footer render.
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('banner').first()).toBeVisible();
  await expect(mainHeading(page)).toHaveText('Sign In / Register');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
