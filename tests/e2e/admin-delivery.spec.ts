import { expect, test } from './support/a11y';
import { adminSignIn, openAdminSection } from './support/accounts';

/**
 * The 'Delivery problems' section end to end (docs/admin.md#delivery-problems, issue 18): an administrator
 * opens it from the sidebar and, as every e-mail of the run reaches the test mailbox, sees the empty list; a
 * reload or a link to /admin?section=delivery comes back to it. A real give-up takes EMAIL_RETRY_HOURS of
 * failures, so rows, 'Send again' and its errors are covered by the component test (features/admin-delivery)
 * and the API's integration test. axe scans the section in both layouts, desktop and phone (support/a11y.ts).
 */

test("an administrator opens 'Delivery problems' and sees that every e-mail was delivered", async ({
  page,
}) => {
  await adminSignIn(page);
  await openAdminSection(page, 'Delivery problems');

  await expect(page.getByRole('heading', { level: 1, name: 'Delivery problems' })).toBeVisible();
  await expect(page.getByText('Every e-mail was delivered.')).toBeVisible();
  await expect(page).toHaveTitle(/^Delivery problems · Admin Dashboard/);
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Delivery problems' }),
  ).toHaveAttribute('aria-current', 'page');

  // The section is remembered across a reload, and a link opens it directly.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery problems' })).toBeVisible();
  await page.goto('/admin?section=delivery');
  await expect(page.getByText('Every e-mail was delivered.')).toBeVisible();
});
