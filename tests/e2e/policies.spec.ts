import type { Page } from '@playwright/test';
import { expect, test } from './support/a11y';
import { adminSignIn, openAdminSection } from './support/accounts';

/**
 * The policy pages end to end (issue 19, docs/storefront.md#policy-pages): the footer's Terms & Conditions
 * opens a page a visitor can read, not the sign-in screen; and what staff write in admin Policies is what
 * a visitor then reads. The e2e server sets no TERMS_URL / PRIVACY_URL, so the footer links to the
 * portal's own pages.
 */

test('a signed-out visitor opens Terms & Conditions from the footer and reads the terms', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions', exact: true }).click();

  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await expect(page).toHaveTitle(/^Terms & Conditions \| /);
  await expect(page.getByRole('heading', { level: 2, name: 'Orders' })).toBeVisible();
  await expect(page.getByText(/^Last updated [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  // Not the sign-in page, and still signed out.
  await expect(page.getByRole('button', { name: 'Send Login Link' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In / Register' })).toBeVisible();

  // The Privacy Policy is as open.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy', exact: true }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

interface SavedPolicy {
  kind: string;
  title: string;
  body: string;
}

/** PUT /api/admin/policies/{kind} as the signed-in administrator of `admin`. */
async function putPolicy(admin: Page, policy: SavedPolicy) {
  const response = await admin.request.put(`/api/admin/policies/${policy.kind}`, {
    headers: { origin: new URL(admin.url()).origin },
    data: { title: policy.title, body: policy.body },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('an administrator edits the Privacy Policy and a visitor reads the new text', async ({
  page: admin,
  browser,
}) => {
  test.slow();
  await adminSignIn(admin);
  const list = await admin.request.get('/api/admin/policies');
  expect(list.status()).toBe(200);
  const original = ((await list.json()) as SavedPolicy[]).find((policy) => policy.kind === 'privacy')!;
  const stamp = Date.now();

  try {
    await openAdminSection(admin, 'Policies');
    const editor = admin.getByRole('region', { name: 'Privacy Policy' });
    await expect(editor.getByLabel('Text')).toHaveValue(original.body);
    await editor.getByLabel('Title').fill(`Privacy Policy ${stamp}`);
    await editor
      .getByLabel('Text')
      .fill(`We changed this policy.\n\n## What we keep ${stamp}\n\n- Your **business name**\n- Your orders`);
    await expect(editor.getByText('Unsaved changes')).toBeVisible();
    await editor.getByRole('button', { name: 'Save Privacy Policy' }).click();
    await expect(admin.getByText('Privacy Policy saved')).toBeVisible();
    await expect(editor.getByText(/^Last saved .+ by Morgan Reyes$/)).toBeVisible();

    const context = await browser.newContext();
    try {
      const visitor = await context.newPage();
      await visitor.goto('/');
      await visitor
        .getByRole('contentinfo')
        .getByRole('link', { name: 'Privacy Policy', exact: true })
        .click();
      await expect(visitor).toHaveURL(/\/privacy$/);
      await expect(visitor.getByRole('heading', { level: 1, name: `Privacy Policy ${stamp}` })).toBeVisible();
      await expect(visitor.getByRole('heading', { level: 2, name: `What we keep ${stamp}` })).toBeVisible();
      await expect(visitor.getByText('We changed this policy.')).toBeVisible();
      await expect(visitor.getByRole('listitem').filter({ hasText: 'Your business name' })).toBeVisible();
      await expect(visitor.locator('main strong', { hasText: 'business name' })).toBeVisible();
    } finally {
      await context.close();
    }
  } finally {
    // Leave the policy as the seed wrote it for the rest of the run.
    await putPolicy(admin, original);
  }
  const restored = await admin.request.get('/api/policies/privacy');
  expect(((await restored.json()) as SavedPolicy).body).toBe(original.body);
});
