import type { Locator, Page } from '@playwright/test';
import { expect } from './a11y';
import { readMailbox } from './mailbox';
import { MAILBOX, waitForLink } from './sign-in';

/**
 * The team of a company (issue 32, docs/companies.md) as an owner builds it on the Team page: a second
 * location, invitations by role, and the invited person accepting with the e-mailed link.
 */

export interface Teammate {
  firstName: string;
  lastName: string;
  email: string;
}

/** Someone no other test knows, to be invited into a company. */
export function newTeammate(label: string): Teammate {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName: label,
    lastName: `Teammate${stamp}`,
    email: `${label.toLowerCase()}-${stamp}@example.com`,
  };
}

export const teammateName = (person: Teammate) => `${person.firstName} ${person.lastName}`;

export interface NewLocation {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

/** The location every registration starts with (docs/companies.md#locations). */
export const MAIN_LOCATION = 'Main location';

/** Opens the Team page the way an owner does: My Account → Team. */
export async function openTeamPage(page: Page) {
  await page.goto('/account');
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
}

const card = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

/** Adds `location` in the Locations card's 'Add location' dialog; the card then lists it. */
export async function addLocation(page: Page, location: NewLocation) {
  const locations = card(page, 'Locations');
  await locations.getByRole('button', { name: 'Add location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add location' });
  await dialog.getByLabel('Location name').fill(location.name);
  await dialog.getByLabel('Street address', { exact: true }).fill(location.street);
  await dialog.getByLabel('City', { exact: true }).fill(location.city);
  await dialog.getByLabel('State', { exact: true }).fill(location.state);
  await dialog.getByLabel('ZIP code', { exact: true }).fill(location.zip);
  await dialog.getByRole('button', { name: 'Save location' }).click();
  await expect(dialog).toHaveCount(0);
  const row = locations.getByRole('listitem').filter({ hasText: location.name });
  await expect(
    row.getByText(`${location.street}, ${location.city}, ${location.state} ${location.zip}`),
  ).toBeVisible();
}

/**
 * Invites `person` from 'Invite someone' with `role`; for a buyer, `ordersFor` names the only locations
 * ticked under 'Orders for'. The invitation then waits under 'Pending invitations'.
 */
export async function invite(
  page: Page,
  person: Teammate,
  role: 'Buyer' | 'Viewer' | 'Owner',
  ordersFor?: string[],
) {
  const form = card(page, 'Invite someone');
  await form.getByLabel('E-mail').fill(person.email);
  await form.getByLabel('Role', { exact: true }).selectOption({ label: role });
  if (ordersFor) {
    const choices = form.getByRole('group', { name: 'Orders for' });
    // The default location comes ticked: untick everything, then tick the chosen ones.
    await expect(choices.getByRole('checkbox', { name: MAIN_LOCATION })).toBeChecked();
    for (const box of await choices.getByRole('checkbox').all()) await box.uncheck();
    for (const name of ordersFor) await choices.getByRole('checkbox', { name, exact: true }).check();
    await expect(choices.getByRole('checkbox', { checked: true })).toHaveCount(ordersFor.length);
  }
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByLabel('E-mail')).toHaveValue('');
  const pending = card(page, 'Pending invitations').getByRole('listitem').filter({ hasText: person.email });
  await expect(pending).toContainText(role);
}

/** The mailbox's size now: waitForInvitationLink looks only at what arrives after. */
export const mailboxSize = () => readMailbox(MAILBOX).length;

/** The invitation link e-mailed to `person` since the mailbox had `after` messages, as a path. */
export async function waitForInvitationLink(person: Teammate, after: number): Promise<string> {
  const { pathname, search } = new URL(await waitForLink(person.email, '/invitation', after));
  return pathname + search;
}

/**
 * Opens the invitation link, checks it invites to `companyName`, types the person's name and presses
 * Accept: they land on the shop, signed in.
 */
export async function acceptInvitation(page: Page, link: string, person: Teammate, companyName: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: `Join ${companyName}` })).toBeVisible();
  // The token leaves the address bar at once (lib/url-token.ts).
  expect(page.url()).not.toContain('token=');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('button', { name: new RegExp(`Account menu for ${teammateName(person)}`) }),
  ).toBeVisible();
}

/**
 * The buyer orders `cases` cases of the 4 oz bottle; /confirm shows `location` (one location: its name, no
 * select) and its address. Returns the order number and id of the success page.
 */
export async function orderForLocation(page: Page, location: NewLocation, cases = 1) {
  await page.goto('/');
  await page.getByLabel('Cases of 4 oz Bottle').fill(String(cases));
  await page.getByRole('button', { name: 'Review Your Order' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  const shipping = page.getByRole('region', { name: 'Shipping Address' });
  await expect(shipping.getByText(location.name, { exact: true })).toBeVisible();
  await expect(shipping.getByRole('combobox', { name: 'Ships to location' })).toHaveCount(0);
  await expect(shipping.getByText(location.street, { exact: true })).toBeVisible();
  await expect(shipping.getByText(`${location.city}, ${location.state} ${location.zip}`)).toBeVisible();
  await page.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await expect(page.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
  const url = new URL(page.url());
  return {
    orderNumber: url.searchParams.get('orderNumber')!,
    orderId: Number(url.searchParams.get('orderId')),
  };
}
