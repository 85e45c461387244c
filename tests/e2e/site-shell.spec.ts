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

  // Without TERMS_URL / PRIVACY_URL (the test server sets none) the policies are the portal's own public
  // pages, never the support page a visitor cannot open (tests/e2e/policies.spec.ts reads them).
  await expect(footer.getByRole('link', { name: 'Terms & Conditions', exact: true })).toHaveAttribute(
    'href',
    '/terms',
  );
  await expect(footer.getByRole('link', { name: 'Privacy Policy', exact: true })).toHaveAttribute(
    'href',
    '/privacy',
  );
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

test('the order form is on screen before any script runs, and the app then takes the page over in place', async ({
  browser,
  baseURL,
  page,
}) => {
  // The page shell (ADR 0016): what a phone shows while the scripts are still on their way.
  const withoutScripts = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
  });
  try {
    const shell = await withoutScripts.newPage();
    await shell.goto('/');
    await expect(shell).toHaveTitle(`Wholesale Order Form | ${DEFAULT_STORE_NAME}`);
    await expect(shell.getByRole('heading', { level: 1, name: 'Wholesale Order Form' })).toBeVisible();
    await expect(shell.getByText('All products come in cases of 12 bottles')).toBeVisible();
    await expect(shell.getByRole('banner')).toContainText(DEFAULT_STORE_NAME);
    await expect(shell.getByRole('link', { name: 'Sign In / Register', exact: true })).toBeVisible();
    await expect(shell.getByText('Loading products…')).toBeAttached();
  } finally {
    await withoutScripts.close();
  }

  await page.goto('/');
  await expect(page.getByRole('spinbutton', { name: 'Cases of 4 oz Bottle' })).toBeVisible();
  // Replaced, not added to: one page, one heading, one header.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
});

test('a reader who scrolls the page before its scripts arrive keeps the place when the app takes over', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 700 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The app's entry script waits until the reader has scrolled the shell.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByText('Loading products…')).toBeAttached();
  await page.evaluate(() => window.scrollTo(0, 400));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);

  release();
  await expect(page.getByRole('spinbutton', { name: 'Cases of 4 oz Bottle' })).toBeAttached();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('a reload puts the reader back where they were, once the page has grown tall enough again', async ({
  page,
  a11y,
}) => {
  await page.setViewportSize({ width: 390, height: 480 });
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 2, name: 'Orders' })).toBeVisible();
  // Scanned now, so the accessibility check does not scan (and resize) the page while its place is put back.
  await a11y.scan(page);
  const place = await page.evaluate(() => {
    window.scrollTo(0, 300);
    return window.scrollY;
  });
  expect(place).toBeGreaterThan(100);

  // After the reload the terms' text is held back: the page is short (its loading state) until it arrives.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/policies/terms', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  // Once the page has its title, under which the accessibility check has scanned it already.
  await page.waitForFunction(() => document.title.startsWith('Terms'));
  await expect(page.getByText('Loading Terms & Conditions…')).toBeAttached();
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(place);
  release();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
  await expect(page.getByRole('heading', { level: 2, name: 'Orders' })).toBeVisible();
});
