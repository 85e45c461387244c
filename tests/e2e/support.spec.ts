import { expect, test } from './support/a11y';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  adminAndBuyerPages,
  fullName,
  newCustomer,
  openAdminSection,
  orderTwoCases,
  registerApprovedCustomer,
} from './support/accounts';

/**
 * Support end to end (issue 7): from an order in the history, Report Issue opens the contact form prefilled
 * for that order; the message is sent, and staff find it in the admin Support section, linked from the
 * order, and answer it.
 */

test.describe.configure({ mode: 'serial' });

const customer = newCustomer('Support');
const pages = adminAndBuyerPages();
/** The order the message is about, as Report Issue put it in the address. */
let orderId: string;

test('Report Issue on an order opens the prefilled form, and the message is sent', async () => {
  const admin = pages.admin();
  const buyer = pages.buyer();
  test.slow();
  await registerApprovedCustomer(admin, buyer, customer);
  const orderNumber = await orderTwoCases(buyer);

  await buyer.goto('/orders');
  const row = buyer.getByRole('listitem').filter({ hasText: orderNumber });
  await row.getByRole('link', { name: 'Report Issue' }).click();
  await expect(buyer).toHaveURL(/\/support\?order=\d+&type=order_issue$/);
  orderId = new URL(buyer.url()).searchParams.get('order')!;

  const form = buyer.getByRole('form', { name: 'Contact Support' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Subject')).toHaveValue(`Order Issue - Order #${orderNumber}`);
  await expect(form.getByRole('radio', { name: /High/ })).toBeChecked();
  const context = buyer.getByRole('region', { name: 'Order Context' });
  await expect(context.getByRole('heading', { name: 'Order Context' })).toBeVisible();
  await expect(context.getByText(orderNumber, { exact: true })).toBeVisible();
  await expect(
    context.getByRole('list', { name: `Items of order ${orderNumber}` }).getByRole('listitem'),
  ).toHaveText([/^4 oz Bottle x 24 x \$\d+\.\d{2}$/]);

  // The rules speak before anything is sent.
  await form.getByLabel('Message').fill('Too short');
  await expect(form.getByText('9/2000')).toBeVisible();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();

  await form
    .getByLabel('Message')
    .fill('Two bottles arrived with broken spray heads. Please send replacements.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(buyer.getByText('Message Sent').first()).toBeVisible();
  await expect(
    buyer.getByText("We've received your message and will respond within 1-2 business days.").first(),
  ).toBeVisible();
  await buyer.getByRole('button', { name: 'Send Another Message' }).click();
  await expect(buyer.getByRole('form', { name: 'Contact Support' }).getByLabel('Message')).toHaveValue('');
});

test('staff find the message in the Support section, from the order too, and mark it answered', async () => {
  const admin = pages.admin();
  await openAdminSection(admin, 'Support');
  await expect(admin.getByRole('heading', { name: 'Support Inbox' })).toBeVisible();
  const messages = admin.getByRole('table', { name: 'Support messages' });
  const row = messages.getByRole('row').filter({ hasText: customer.business });
  await expect(row).toContainText(/Order Issue - Order #WO-\d+/);
  await expect(row).toContainText('High');

  // The order's row in Orders links to its messages.
  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Search orders').fill(customer.business);
  await admin.getByRole('link', { name: /^Messages \(1\) about order WO-\d+$/ }).click();
  await expect(admin.getByRole('heading', { name: 'Support Inbox' })).toBeVisible();
  await expect(admin).toHaveURL(/section=support&order=\d+/);
  await expect(admin.getByRole('table', { name: 'Support messages' }).getByRole('row')).toHaveCount(2);

  const status = () =>
    admin
      .getByRole('table', { name: 'Support messages' })
      .getByRole('combobox', { name: new RegExp(`^Status of .* from ${fullName(customer)}$`) });
  await status().selectOption('answered');
  await expect(admin.getByText('Message status updated').first()).toBeVisible();
  await admin.reload();
  await expect(status()).toHaveValue('answered');
});

test("a signed-out administrator following the e-mail's link signs in and lands on the order's messages", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const link = `/admin?section=support&order=${orderId}`;
  await page.goto(link);
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByRole('heading', { name: 'Support Inbox' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin\\?section=support&order=${orderId}$`));
  await expect(page.getByRole('table', { name: 'Support messages' }).getByRole('row')).toHaveCount(2);
  await context.close();
});
