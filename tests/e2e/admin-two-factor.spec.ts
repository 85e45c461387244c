import { Secret, TOTP } from 'otpauth';
import { expect, test } from './support/a11y';
import { adminSignIn, openAdminSection } from './support/accounts';

/**
 * The administrators' second factor end to end (docs/admin.md#security, docs/security.md#administrator-sign-in):
 * a new administrator sets up two-factor authentication in the Security section, scanning nothing but typing
 * the key the page shows into the same TOTP algorithm an app uses (otpauth here), saves the recovery codes,
 * signs out, and signs in again with the password and then a real code. The seeded administrator, whom the
 * other journeys sign in as, only creates this one and stays password-only.
 */

const codeFor = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

test('an administrator sets up two-factor authentication and signs in with a code from the app', async ({
  page,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const admin = { username: `totp-admin-${stamp}`, password: `Totp-Meadow-${stamp}-Quartz!` };

  await adminSignIn(page);
  const created = await page.request.post('/api/admin/users', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      ...admin,
      email: `totp-admin-${stamp}@example.com`,
      firstName: 'Tess',
      lastName: 'Totp',
      businessName: 'Dew Mist',
      role: 'admin',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // Signed in with the password alone, the new administrator sets up the second factor.
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  await openAdminSection(page, 'Security');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  // The password again first, by keyboard: a wrong one is said under the field and the QR code stays hidden.
  const currentPassword = page.getByLabel('Current password');
  await expect(currentPassword).toBeFocused();
  await page.keyboard.type('Not-The-Password-1');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await expect(currentPassword).toBeFocused();
  await expect(currentPassword).toHaveValue('');
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveCount(0);
  await page.keyboard.type(admin.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('code').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Authentication code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();

  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByText('Recovery codes left: 10 of 10')).toBeVisible();

  // Signing in now takes the password and then a code.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  const field = page.getByLabel('Authentication code');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  // The code that turned the factor on is spent; the app's next one is not.
  await field.fill(codeFor(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  // Back at the section this browser showed last.
  await expect(page).toHaveURL(/\/admin\?section=security$/);
  await expect(page.getByText(/Welcome back, Tess/).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
});
