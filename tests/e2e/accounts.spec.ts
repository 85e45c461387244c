import { expect, test } from './support/a11y';
import { readMailbox } from './support/mailbox';
import { MAILBOX, openSignInLink, signInByEmail, waitForLink } from './support/sign-in';

/**
 * Accounts end to end, with the e-mails the portal really sends through SMTP (playwright.config.ts starts
 * the mailbox). The demo customer demo@example.com is approved by the seed (SEED_DEMO=1); approving a new
 * registration comes with the admin portal.
 */

const DEMO_EMAIL = 'demo@example.com';

test.describe.configure({ mode: 'serial' });

test('a buyer registers and sees the submitted view with the 48-hour promise, and gets the e-mail', async ({
  page,
}) => {
  const email = `buyer-${Date.now()}@example.com`;
  const before = readMailbox(MAILBOX).length;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const fields: Array<[string, string]> = [
    ['First Name', 'Rita'],
    ['Last Name', 'Retail'],
    ['Business Name', 'Rita’s Boutique'],
    ['Email', email],
    ['Phone', '555-0199'],
    ['Shipping Address Line 1', '12 Elm Street'],
    ['City', 'Salem'],
    ['State', 'OR'],
    ['ZIP/Postal Code', '97301'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Submitted' })).toBeVisible();
  await expect(page.getByText(/48 hours/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Sign In' })).toBeVisible();
  await expect
    .poll(
      () =>
        readMailbox(MAILBOX)
          .slice(before)
          .some((message) => message.to.includes(email)),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
});

test('an approved customer signs in with the e-mailed link, edits the account and signs out', async ({
  page,
}) => {
  await signInByEmail(page, DEMO_EMAIL);
  await expect(page).toHaveURL(/\/$/);
  // The token never stays in the address bar, and the visitor banner is gone.
  expect(page.url()).not.toContain('token=');
  await expect(page.getByRole('heading', { name: 'Wholesale Order Form' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu for Dana Demo/ })).toBeVisible();
  await expect(page.getByText('Not signed in')).toHaveCount(0);

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  const business = page.getByLabel('Business Name', { exact: true });
  await business.fill('Demo Boutique & Spa');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Account Updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Business Name', { exact: true })).toHaveValue('Demo Boutique & Spa');

  // A first password: the form asks for the current one from then on, without a reload (issue 19).
  const passwordForm = page.getByRole('region', { name: 'Change Password' });
  await expect(passwordForm.getByText('You have not set a password yet; leave this empty.')).toBeVisible();
  await passwordForm.getByLabel('New Password', { exact: true }).fill('First-Mist-2026');
  await passwordForm.getByLabel('Confirm New Password', { exact: true }).fill('First-Mist-2026');
  await passwordForm.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password Changed')).toBeVisible();
  await expect(passwordForm.getByText('You have not set a password yet; leave this empty.')).toHaveCount(0);
  await expect(passwordForm.getByRole('link', { name: 'Forgot your current password?' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a used sign-in link shows the invalid-link screen', async ({ page }) => {
  const before = readMailbox(MAILBOX).length;
  await page.goto('/auth');
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByRole('button', { name: 'Send Login Link' }).click();
  const link = await waitForLink(DEMO_EMAIL, '/auth/verify', before);
  await openSignInLink(page, link);
  await expect(page).toHaveURL(/\/$/);
  await page.context().clearCookies();
  const { pathname, search } = new URL(link);
  await page.goto(pathname + search);
  await expect(page.getByText(/invalid or (has )?expired/i).first()).toBeVisible();
});

test('a link scanner that opens the sign-in link in a browser uses nothing up', async ({ page, browser }) => {
  const before = readMailbox(MAILBOX).length;
  await page.goto('/auth');
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByRole('button', { name: 'Send Login Link' }).click();
  const link = await waitForLink(DEMO_EMAIL, '/auth/verify', before);
  const { pathname, search } = new URL(link);

  // The scanner: another browser, which runs the page's JavaScript but presses nothing.
  const scanner = await browser.newContext();
  const scan = await scanner.newPage();
  await scan.goto(pathname + search);
  await expect(scan.getByRole('heading', { level: 1, name: 'Sign in as d…@example.com?' })).toBeVisible();
  await scan.waitForLoadState('networkidle');
  expect((await scanner.cookies()).map((cookie) => cookie.name)).not.toContain('sid');
  await scanner.close();

  // The person's own click still signs in.
  await openSignInLink(page, link);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
});

test('a customer resets a forgotten password from the e-mailed link', async ({ page }) => {
  const before = readMailbox(MAILBOX).length;
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText(
      'If your email address is registered with us, you will receive password reset instructions shortly.',
    ),
  ).toBeVisible();
  const link = new URL(await waitForLink(DEMO_EMAIL, '/reset-password', before));
  await page.goto(link.pathname + link.search);
  expect(page.url()).not.toContain('token=');
  await page.getByLabel('New Password', { exact: true }).fill('Fresh-Mist-2026');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Fresh-Mist-2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });
});
