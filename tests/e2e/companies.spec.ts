import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { pdfLines, pdfToText } from '../../src/server/test/pdf-text';
import {
  adminSignIn,
  approveAndSignIn,
  approveOrderAndSeeIt,
  fullName,
  newCustomer,
  openAdminSection,
  register,
  type NewCustomer,
} from './support/accounts';
import { expect, test } from './support/a11y';
import {
  acceptInvitation,
  addLocation,
  invite,
  mailboxSize,
  MAIN_LOCATION,
  newTeammate,
  openTeamPage,
  orderForLocation,
  teammateName,
  waitForInvitationLink,
  type NewLocation,
} from './support/companies';
import { fakeStore } from './support/fake-shopify';

/**
 * Companies end to end (issue 32, docs/companies.md): an owner registers a business and is approved, adds a
 * second location and invites a buyer (ordering only for that location) and a viewer from the Team page; the
 * buyer accepts the e-mailed invitation and orders for the location; the owner sees who placed it and where
 * it ships, and filters history by location; the viewer sees it, downloads its PDF, and can neither reorder
 * nor order; staff see the company of three with its two locations in admin Companies. Then, against the
 * portal with the fake Shopify store, a buyer's order for a location becomes a draft shipping there.
 */

test.describe.configure({ mode: 'serial' });

/** Someone's own browser: each person of the journey has one. */
async function personalPage(browser: Browser, baseURL?: string): Promise<Page> {
  return (await browser.newContext(baseURL ? { baseURL } : undefined)).newPage();
}

/** A second location of the company, the one the buyer orders for. */
function storefront(stamp: string): NewLocation {
  return {
    name: `Harbor Store ${stamp}`,
    street: '77 Pier Street',
    city: 'Astoria',
    state: 'OR',
    zip: '97103',
  };
}

/** Registers `owner`, staff approve it in Pending Users, and the owner signs in with the e-mailed link. */
async function registerApprovedOwner(admin: Page, ownerPage: Page, owner: NewCustomer) {
  await register(ownerPage, owner);
  await adminSignIn(admin);
  await approveAndSignIn(admin, ownerPage, owner);
}

test.describe('a company of an owner, a buyer and a viewer', () => {
  const owner = newCustomer('Company');
  const company = owner.business;
  const buyer = newTeammate('Buyer');
  const viewer = newTeammate('Viewer');
  const locationB = storefront(String(Date.now()));

  let admin: Page;
  let ownerPage: Page;
  let buyerPage: Page;
  let viewerPage: Page;
  let buyerLink = '';
  let viewerLink = '';
  let orderNumber = '';

  test.beforeAll(async ({ browser }) => {
    admin = await personalPage(browser);
    ownerPage = await personalPage(browser);
    buyerPage = await personalPage(browser);
    viewerPage = await personalPage(browser);
  });

  test.afterAll(async () => {
    for (const page of [admin, ownerPage, buyerPage, viewerPage]) await page?.context().close();
  });

  test('the owner registers, is approved, adds a location and invites a buyer and a viewer', async () => {
    test.slow();
    await registerApprovedOwner(admin, ownerPage, owner);

    await openTeamPage(ownerPage);
    await addLocation(ownerPage, locationB);
    const mailBefore = mailboxSize();
    await invite(ownerPage, buyer, 'Buyer', [locationB.name]);
    await invite(ownerPage, viewer, 'Viewer');
    const pending = ownerPage.getByRole('region', { name: 'Pending invitations' }).getByRole('listitem');
    await expect(pending).toHaveCount(2);
    await expect(pending.filter({ hasText: buyer.email })).toContainText(`Buyer · sent`);
    await expect(pending.filter({ hasText: viewer.email })).toContainText(`Viewer · sent`);

    buyerLink = await waitForInvitationLink(buyer, mailBefore);
    viewerLink = await waitForInvitationLink(viewer, mailBefore);
  });

  test('the buyer accepts the invitation and orders for the location they were given', async ({
    browser,
  }) => {
    test.slow();
    // A mail scanner opening the link in a browser sees the invitation and spends nothing.
    const scanner = await personalPage(browser);
    await scanner.goto(buyerLink);
    await expect(scanner.getByRole('heading', { level: 1, name: `Join ${company}` })).toBeVisible();
    await expect(scanner.getByText(`invited ${buyer.email} to order with ${company}`)).toBeVisible();
    await scanner.waitForLoadState('networkidle');
    expect((await scanner.context().cookies()).map((cookie) => cookie.name)).not.toContain('sid');
    await scanner.context().close();

    await acceptInvitation(buyerPage, buyerLink, buyer, company);
    ({ orderNumber } = await orderForLocation(buyerPage, locationB));
    expect(orderNumber).toMatch(/^WO-\d+$/);
  });

  test('the owner sees who placed the order and where it ships, and filters history by location', async () => {
    await ownerPage.goto('/orders');
    const orders = ownerPage.getByRole('list', { name: 'Orders' });
    const row = orders.getByRole('listitem').filter({ hasText: orderNumber });
    await expect(row).toContainText(`Placed by ${teammateName(buyer)}`);
    await expect(row).toContainText(`Ships to ${locationB.name}`);

    const filter = ownerPage.getByLabel('Location', { exact: true });
    await filter.selectOption({ label: locationB.name });
    await expect(ownerPage).toHaveURL(/\/orders\?location=\d+$/);
    await expect(row).toBeVisible();

    await filter.selectOption({ label: MAIN_LOCATION });
    await expect(ownerPage.getByText('No orders for this location yet.')).toBeVisible();
    await expect(ownerPage.getByRole('link', { name: orderNumber })).toHaveCount(0);
  });

  test("the viewer accepts, sees the buyer's order and its PDF, and can neither reorder nor order", async () => {
    test.slow();
    await acceptInvitation(viewerPage, viewerLink, viewer, company);

    await viewerPage.goto('/orders');
    const row = viewerPage
      .getByRole('list', { name: 'Orders' })
      .getByRole('listitem')
      .filter({ hasText: orderNumber });
    await expect(row).toContainText(`Placed by ${teammateName(buyer)}`);
    await expect(viewerPage.getByRole('button', { name: /^Reorder/ })).toHaveCount(0);

    await row.getByRole('link', { name: orderNumber }).click();
    await expect(viewerPage.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    await expect(viewerPage.getByRole('button', { name: /^Reorder/ })).toHaveCount(0);
    const link = viewerPage.getByRole('link', { name: 'Download PDF' });
    const [download] = await Promise.all([viewerPage.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${orderNumber}.pdf`);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const lines = pdfLines(await pdfToText(bytes));
    expect(lines).toContain(`Order ${orderNumber}`);
    expect(lines.some((line) => line.includes(locationB.street))).toBe(true);

    await viewerPage.goto('/');
    await expect(viewerPage.getByRole('heading', { name: `You can view ${company}'s orders` })).toBeVisible();
    await expect(viewerPage.getByLabel('Cases of 4 oz Bottle')).toHaveCount(0);
    await expect(viewerPage.getByRole('button', { name: 'Review Your Order' })).toHaveCount(0);
  });

  test('staff find the company in admin Companies: three people and two locations', async () => {
    await openAdminSection(admin, 'Companies');
    await admin.getByLabel('Search companies').fill(company);
    await admin.getByRole('button', { name: `View company ${company}` }).click();
    await expect(admin.getByRole('heading', { level: 2, name: company })).toBeVisible();

    const people = admin.getByRole('list', { name: 'People' }).getByRole('listitem');
    await expect(people).toHaveCount(3);
    for (const [name, role] of [
      [fullName(owner), 'owner'],
      [teammateName(buyer), 'buyer'],
      [teammateName(viewer), 'viewer'],
    ] as const) {
      await expect(admin.getByLabel(`Role of ${name}`)).toHaveValue(role);
    }

    const locations = admin.getByRole('list', { name: 'Locations' }).getByRole('listitem');
    await expect(locations).toHaveCount(2);
    await expect(locations.filter({ hasText: MAIN_LOCATION })).toContainText('Default');
    await expect(locations.filter({ hasText: locationB.name })).toContainText(
      `${locationB.street}, ${locationB.city}, ${locationB.state} ${locationB.zip}`,
    );
  });
});

/** The portal connected to the fake Shopify store: playwright.config.ts starts it on E2E_PORT + 3. */
const SHOPIFY_PORTAL = `http://localhost:${Number(process.env.E2E_PORT ?? 5123) + 3}`;

interface FakeDelivery {
  topic: string;
  body: string;
}

interface DraftPayload {
  tags: string;
  shipping_address: {
    address1: string | null;
    city: string | null;
    province_code: string | null;
    zip: string | null;
  } | null;
}

interface FakeState {
  draftOrders: {
    tags: string[];
    purchasingCompany: { companyId: string; companyLocationId: string; companyContactId: string } | null;
  }[];
  companies: {
    id: string;
    name: string;
    locations: { id: string; name: string }[];
    contacts: {
      id: string;
      email: string | null;
      roles: { role: string | null; location: string | null }[];
    }[];
  }[];
}

/** The fake store's draft of portal order `orderId`, as its state shows it. */
async function fakeDraftOf(orderId: number) {
  const state = await fakeStore<FakeState>('/__fake/state');
  return state.draftOrders.find((draft) => draft.tags.includes(`portal-order-${orderId}`));
}

/** The newest draft_orders/update the fake store sent for portal order `orderId`, as the store holds the draft. */
async function draftUpdateOf(orderId: number): Promise<DraftPayload | undefined> {
  const { deliveries } = await fakeStore<{ deliveries: FakeDelivery[] }>('/__fake/webhooks');
  return deliveries
    .filter((delivery) => delivery.topic === 'draft_orders/update')
    .map((delivery) => JSON.parse(delivery.body) as DraftPayload)
    .filter((draft) => draft.tags.split(', ').includes(`portal-order-${orderId}`))
    .at(-1);
}

test.describe('with the fake Shopify store', () => {
  test.use({ baseURL: SHOPIFY_PORTAL });

  test("a buyer's order for a location becomes a B2B draft for that company location, shipping there", async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const owner = newCustomer('ShopifyCompany');
    const buyer = newTeammate('ShopifyBuyer');
    const locationB = storefront(String(Date.now()));
    const admin = await personalPage(browser, baseURL);
    const ownerPage = await personalPage(browser, baseURL);
    const buyerPage = await personalPage(browser, baseURL);
    try {
      await registerApprovedOwner(admin, ownerPage, owner);
      await openTeamPage(ownerPage);
      await addLocation(ownerPage, locationB);
      const mailBefore = mailboxSize();
      await invite(ownerPage, buyer, 'Buyer', [locationB.name]);
      await acceptInvitation(
        buyerPage,
        await waitForInvitationLink(buyer, mailBefore),
        buyer,
        owner.business,
      );
      const order = await orderForLocation(buyerPage, locationB);

      // The draft is made by a job right after submission; approval sends its invoice, and the store then
      // announces the draft (draft_orders/update) as it holds it, shipping address included.
      await expect
        .poll(async () => (await fakeDraftOf(order.orderId)) !== undefined, { timeout: 20_000 })
        .toBe(true);
      // The store has B2B: the draft is for the company location B and the buyer's contact, which the
      // company's sync made with 'Ordering only' at that location.
      const state = await fakeStore<FakeState>('/__fake/state');
      const draft = await fakeDraftOf(order.orderId);
      const company = state.companies.find(
        (candidate) => candidate.id === draft?.purchasingCompany?.companyId,
      );
      expect(company?.name).toBe(owner.business);
      const location = company?.locations.find(
        (candidate) => candidate.id === draft?.purchasingCompany?.companyLocationId,
      );
      expect(location?.name).toBe(locationB.name);
      const contact = company?.contacts.find(
        (candidate) => candidate.id === draft?.purchasingCompany?.companyContactId,
      );
      expect(contact?.email).toBe(buyer.email.toLowerCase());
      expect(contact?.roles.map((role) => [role.role, role.location])).toEqual([
        ['Ordering only', locationB.name],
      ]);
      await approveOrderAndSeeIt(admin, buyerPage, owner, order.orderNumber);
      await expect
        .poll(async () => (await draftUpdateOf(order.orderId))?.shipping_address ?? null, { timeout: 20_000 })
        .toMatchObject({
          address1: locationB.street,
          city: locationB.city,
          province_code: locationB.state,
          zip: locationB.zip,
        });
    } finally {
      for (const page of [admin, ownerPage, buyerPage]) await page.context().close();
    }
  });
});
