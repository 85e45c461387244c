import { expect, test } from './support/a11y';
import { collectConsoleProblems } from './support/console';

const DEFAULT_STORE_NAME = 'Dew Mist Wholesale';

test('the footer shows the copyright with the current year and store name, Powered by Shopify and the three links', async ({
  page,
}) => {
  const configResponse = await page.request.get('/api/config');
  expect(configResponse.ok()).toBe(true);
  const { storeName } = (await configResponse.json()) as { storeName: string };
  // The test server sets no STORE_NAME, so the footer must show the default.
  expect(storeName).toBe(DEFAULT_STORE_NAME);

  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${storeName}`);
  await expect(footer.getByText('Powered by Shopify', { exact: true })).toBeVisible();

  // Terms and Privacy are links once /api/config has answered (to Shopify's policies, else /support).
  await expect(footer.getByRole('link', { name: 'Terms & Conditions', exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy Policy', exact: true })).toBeVisible();
  // The support page needs an account, so a visitor's Contact Us writes to the support address.
  const { supportEmail } = (await configResponse.json()) as { supportEmail: string };
  await expect(footer.getByRole('link', { name: 'Contact Us', exact: true })).toHaveAttribute(
    'href',
    `mailto:${supportEmail}`,
  );
});

test('the signed-out header shows a Sign In / Register link that opens /auth', async ({ page }) => {
  await page.goto('/');
  const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In / Register', exact: true });
  await expect(signIn).toHaveAttribute('href', '/auth');

  await signIn.click();
  await expect(page).toHaveURL('/auth');
});

test("a visitor's pages log no console error or warning (the session check answers 200)", async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  for (const path of ['/', '/auth', '/admin/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: 'signed_in' }));
  expect(problems).toEqual([]);
});
