import type { Page } from '@playwright/test';
import { expect, test } from './support/a11y';
import { adminSignIn, fullName, newCustomer, openAdminSection, register } from './support/accounts';

/**
 * Keyboard users keep their place in an admin list (issue 19, docs/admin.md#dashboard): a registration
 * approved from the keyboard leaves Pending Users, and the focus moves to the next registration's Approve
 * rather than to the page. Two registrations of its own: other specs' registrations may wait in the list
 * too, and are never decided here.
 */

const first = newCustomer('FocusFirst');
const second = newCustomer('FocusSecond');

/** The accessible name (aria-label) of the focused element, or its tag when it has none. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    return focused?.getAttribute('aria-label') ?? focused?.tagName ?? '';
  });
}

test('after Approve from the keyboard, the focus goes to the next registration, not to the page', async ({
  page,
  browser,
}) => {
  const visitor = await (await browser.newContext()).newPage();
  await register(visitor, first);
  await register(visitor, second);
  await visitor.context().close();

  await adminSignIn(page);
  await openAdminSection(page, 'Pending Users');
  const approveFirst = page.getByRole('button', { name: `Approve ${fullName(first)}` });
  await approveFirst.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Success').first()).toBeVisible();
  await expect(approveFirst).toHaveCount(0);

  // The row that took its place (the second registration, or one registered between the two).
  await expect.poll(() => focusedName(page)).toMatch(/^Approve /);
  expect(await focusedName(page)).not.toBe(`Approve ${fullName(first)}`);

  // Tidy up: the second registration is approved too (by its own button, never by what has the focus).
  await page.getByRole('button', { name: `Approve ${fullName(second)}` }).click();
  await expect(page.getByRole('button', { name: `Approve ${fullName(second)}` })).toHaveCount(0);
  await expect.poll(() => focusedName(page)).toMatch(/^(Approve |H2$)/);
});
