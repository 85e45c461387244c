import { expect, type Page } from '@playwright/test';
import { readMailbox } from './mailbox';

/** The file the run's SMTP server writes to (playwright.config.ts). */
export const MAILBOX = process.env.WHOLESALE_E2E_MAILBOX!;

/**
 * Waits for a message to `address` containing a portal link at `path` and returns that link, whole: with the
 * page it leads back to (`&next=`) when it carries one.
 */
export async function waitForLink(address: string, path: string, after: number): Promise<string> {
  const pattern = new RegExp(
    `https?://[^\\s"<>]+${path.replace('/', '\\/')}\\?token=[\\w-]+(?:&next=[^\\s"<>&]+)?`,
  );
  let link = '';
  await expect
    .poll(
      () => {
        const mail = readMailbox(MAILBOX)
          .slice(after)
          .find((message) => message.to.includes(address) && pattern.test(message.text));
        link = mail?.text.match(pattern)?.[0] ?? '';
        return link;
      },
      { timeout: 20_000, message: `an e-mail to ${address} with ${path}` },
    )
    .not.toBe('');
  return link;
}

/** Signs in as `email` the way a customer does: ask for a link on /auth, open the e-mailed link. */
export async function signInByEmail(page: Page, email: string) {
  const before = readMailbox(MAILBOX).length;
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Login Link' }).click();
  await expect(page.getByText('Login link sent')).toBeVisible();
  await openSignInLink(page, await waitForLink(email, '/auth/verify', before));
}

/**
 * Opens an e-mailed sign-in link and confirms it as a person does: the page asks 'Sign in as d…@…?' and
 * only the click spends the link. The link is built from APP_ORIGIN; it is opened on the test server's origin.
 */
export async function openSignInLink(page: Page, link: string) {
  const { pathname, search } = new URL(link);
  await page.goto(pathname + search);
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in as .+\?$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
}
